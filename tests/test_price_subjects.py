"""Every price is about its card (issue 48, item 4): over every row of the bundled prices, the
source speaks of that card — its modified or stock board, its memory size, its variant — so no
price from an article about the 48 GB modified 4090 D is planned as the 24 GB card's.

What a source is about is read from its own words in sources.csv (title, label, notes: the
figures it gives, card by card) and the row's note. A source whose title names a modified
board (a memory size beyond the stock card's) prices only modified boards; a modified board's
price names its memory; where the catalog holds one model in several memory sizes or variants
(RTX 3060 8/12 GB, 4060 Ti 8/16 GB, 4090 and 4090 D, A100 40/80 GB), a source that names the
model names the size and variant it prices.
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict

from catalog_helpers import CSV_DIR


def _rows(name: str) -> list[dict[str, str]]:
    text = (CSV_DIR / name).read_text(encoding="utf-8")
    body = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#"))
    return list(csv.DictReader(io.StringIO(body)))


GPUS = {row["id"]: row for row in _rows("gpus.csv")}
SOURCES = {row["id"]: row for row in _rows("sources.csv")}
PRICES = _rows("prices.csv")


def _squeeze(text: str) -> str:
    """Lower case, spaces and hyphens out, "GB" as "g": 'RTX 4090 D 48 GB' -> 'rtx4090d48g'."""
    text = re.sub(r"(\d)\s*gb?\b", r"\1g", text.lower())
    return re.sub(r"[\s\-_]", "", text)


def _model(gpu: dict[str, str]) -> tuple[str, str, int, bool]:
    """A card's model without its memory ('4090d'), its family ('4090'), memory, modified."""
    name = gpu["name"]
    modified = "(modified)" in name
    base = re.sub(r"\(modified\)|\b\d+\s*GB\b", "", name)
    base = re.sub(r"\b(GeForce|NVIDIA|Radeon|Quadro|Tesla|Intel|AMD|Generation)\b", "", base)
    model = _squeeze(base)
    family = re.match(r"[a-z]*\d+", re.sub(r"^(rtx|gtx|rx)", "", model))
    return model, family.group(0) if family else model, int(float(gpu["memory_gb"])), modified


MODELS = {gpu_id: _model(gpu) for gpu_id, gpu in GPUS.items()}


def _names(text: str, model: str) -> bool:
    """The squeezed ``text`` names ``model`` itself, not a longer one ('4090' in '4090d' is not
    the 4090; '3060' in '3060ti' is not the 3060)."""
    core = re.sub(r"^(rtx|gtx|rx)", "", model)
    return re.search(re.escape(core) + r"(?![a-z]|\d)", text) is not None or (
        re.search(re.escape(core) + r"(?=\d+g)", text) is not None
    )


def _about(source: dict[str, str]) -> str:
    return _squeeze(f"{source['title']} {source['label']}")


def _words(source: dict[str, str], row: dict[str, str]) -> str:
    return f"{source['title']} {source['label']} {source['notes']} {row['note']}".lower()


def _says(source: dict[str, str], row: dict[str, str]) -> str:
    return _squeeze(_words(source, row))


def _names_memory(text: str, memory: int) -> bool:
    """'12 GB', '12GB', '12G', '80 GB' as its own number in the words."""
    return re.search(rf"(?<![\d.]){memory}\s*gb?\b", text) is not None


def _modified_subjects() -> dict[str, set[str]]:
    """Sources whose title names a modified board: its family and memory in one breath."""
    out: dict[str, set[str]] = defaultdict(set)
    for gpu_id, (_model_name, family, memory, modified) in MODELS.items():
        if not modified:
            continue
        for source_id, source in SOURCES.items():
            about = _about(source)
            if f"{memory}g" in about and family in about:
                out[source_id].add(gpu_id)
    return out


def test_a_source_about_a_modified_board_prices_only_modified_boards():
    subjects = _modified_subjects()
    assert "woter-4090-48g" in subjects  # the 48 GB 4090 / 4090 D article
    wrong = [
        (row["gpu_id"], row["source"], row["amount"], row["currency"])
        for row in PRICES
        if row["source"] in subjects and not MODELS[row["gpu_id"]][3]
    ]
    assert not wrong, f"a modified board's article priced a stock card: {wrong}"


def test_a_modified_boards_price_names_its_memory():
    wrong = []
    for row in PRICES:
        _model_name, family, memory, modified = MODELS[row["gpu_id"]]
        if not modified:
            continue
        said = _says(SOURCES[row["source"]], row)
        if f"{memory}g" not in said or family not in said:
            wrong.append((row["gpu_id"], row["source"]))
    assert not wrong, f"a modified board priced by a source that does not name it: {wrong}"


def _siblings() -> dict[str, list[str]]:
    """Cards of one family the catalog sells apart (memory sizes, D, Ti, SUPER, V2 ...)."""
    families: dict[str, list[str]] = defaultdict(list)
    for gpu_id, (_model_name, family, _memory, modified) in MODELS.items():
        if not modified:
            families[family].append(gpu_id)
    return {family: ids for family, ids in families.items() if len(ids) > 1}


def test_a_source_that_names_the_model_names_the_size_it_prices():
    """Where a source's own words name the card's model and the catalog has it in several
    memory sizes, the size priced is named too (a list or feed that names no card, priced row
    by row, is read from the row's note)."""
    wrong = []
    by_family = _siblings()
    for row in PRICES:
        model, family, memory, modified = MODELS[row["gpu_id"]]
        if modified or family not in by_family:
            continue
        sizes = {MODELS[g][2] for g in by_family[family] if MODELS[g][0] == model}
        if len(sizes) < 2:
            continue
        source = SOURCES[row["source"]]
        if _names(_says(source, row), model) and not _names_memory(_words(source, row), memory):
            wrong.append((row["gpu_id"], row["source"]))
    assert not wrong, f"a price whose source names the model but not the size: {wrong}"


def test_the_check_catches_an_article_about_another_card():
    """The checks can fail: the 4090 D's row as it stood (issue 48) is caught."""
    subjects = _modified_subjects()
    stood = {"gpu_id": "geforce-rtx-4090-d", "source": "woter-4090-48g"}
    assert stood["source"] in subjects and not MODELS[stood["gpu_id"]][3]
    assert _names(_squeeze("RTX 4090 D 24 GB"), MODELS["geforce-rtx-4090-d"][0])
    assert not _names(_squeeze("RTX 4090 D"), MODELS["geforce-rtx-4090"][0])
    assert not _names(_squeeze("RTX 3060 Ti"), MODELS["geforce-rtx-3060-12-gb"][0])
