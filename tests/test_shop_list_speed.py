"""Shop lists at the speed of a spreadsheet (issue 42): the catalog's names are normalised once
per catalog, not once per row, and a long list shows its progress. No wall time is asserted:
the count of normalisations is."""

from __future__ import annotations

from conftest import run_cli

from gpuplanner.catalog import names
from gpuplanner.catalog.pricelist import read_price_list
from gpuplanner.catalog.store import Catalog

LISTINGS = [
    "七彩虹 iGame GeForce RTX 4070 SUPER Ultra W OC 12G",
    "华硕 TUF RTX 4090 24G",
    "RTX 3060 12GB",
    "微星 RTX 4060 Ti 8G",
    "Tesla P40 24GB",
    "RTX A6000 48GB",
]


def _shop_list(path, rows: int):
    path.write_text(
        "product,price,sku\n"
        + "".join(
            f"{LISTINGS[i % len(LISTINGS)]} v{i},{9000 + i % 50},S{i}\n" for i in range(rows)
        ),
        encoding="utf-8",
    )
    return path


def test_ten_thousand_rows_normalise_each_name_a_bounded_number_of_times(tmp_path, monkeypatch):
    with Catalog.open() as catalog:
        cards = names.named_cards(catalog.gpus())
    names._index_of.cache_clear()
    calls = [0]
    plain = names.normalise

    def counted(text: str) -> str:
        calls[0] += 1
        return plain(text)

    monkeypatch.setattr(names, "normalise", counted)
    progress: list[tuple[int, int]] = []
    rows = 10_000
    report = read_price_list(
        _shop_list(tmp_path / "big.csv", rows),
        cards,
        "CNY",
        on_progress=lambda *p: progress.append(p),
    )
    assert report.ok and len(report.accepted) == rows
    assert {r.gpu_id for r in report.accepted} >= {"geforce-rtx-4090", "tesla-p40"}
    # Once rows x cards (1.9 million); now each listing once and the catalog's names once.
    catalog_forms = sum(1 + len(c.aliases) + 1 for c in cards)
    assert calls[0] <= 2 * rows + catalog_forms, calls[0]
    assert progress[-1] == (rows, rows) and len(progress) == 10


def test_the_command_line_shows_a_long_lists_progress(tmp_path):
    path = _shop_list(tmp_path / "list.csv", 2_500)
    result = run_cli(tmp_path, "db", "import-prices", str(path), "--shop", "s")
    assert result.returncode == 0, result.stderr
    assert "1,000 of 2,500 rows read" in result.stderr
    assert "2,500 of 2,500 rows read" in result.stderr
    assert result.stdout.startswith("imported 2500 prices")
