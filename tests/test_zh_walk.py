"""Every page of the window, the reports and the CLI in Chinese: no English left behind.

A run of Latin letters in Chinese text must be a product name, a unit, a format or a model
name: the allow-list below, plus every name the catalog and the LLM presets hold. Anything
else is an English word a Chinese student would trip over (issue 16: "场景: student",
"任务: resnet50 (mixed)", "加载 TensorFlow: importing TensorFlow").
"""

from __future__ import annotations

import html
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabWidget,
    QTextBrowser,
    QWidget,
)
from test_ui_wizard import wizard  # noqa: F401 (the fixture)

from gpuplanner.catalog.store import Catalog
from gpuplanner.planning.scenarios import Scenario
from gpuplanner.planning.workloads import LLMS
from gpuplanner.ui.translator import LanguageSwitcher

# Names that stay Latin in Chinese text: units, formats, standards, software, companies.
_ALLOWED_WORDS = """
    GB MB KB TB GiB MiB W kW kWh V A mm h s ms GHz MHz BTU TFLOPS TOPS GT GB/s images tokens
    CNY USD RMB PCIe Gen x x16 x8 x4 x1 ATX PLUS SFX SXM SXM2 SXM4 SXM5 NVLink ECC GDDR HBM
    CPU GPU GPUs PSU RAM VRAM NVIDIA AMD Intel Apple Microsoft Google
    TensorFlow Keras JAX PyTorch CUDA cuDNN ROCm NGC Docker WSL WSL2 Linux Windows macOS pip
    nvidia smi nvidia-smi NVML Xid lsmod Secure Boot dev video
    FP FP32 FP16 BF16 TF32 FP8 INT8 INT4 NF4 Q4 GPTQ AWQ GGUF LoRA QLoRA Adam AdamW
    ResNet BERT DistilBERT EfficientDet CNN SSD Transformer LLM MNLI ImageNet k MoE KV base large
    English Python OAM PCIe E EPS VHPWR pin BF INT TF N
    M B b q k v o logits NF
    Mini ITX Micro E-ATX QR PDF HTML JSON CSV XLSX SKU ID OK
    Ti SUPER D Ada RTX GTX GeForce Quadro Tesla Radeon Instinct Arc Pro Max Q Blackwell
    Ampere Hopper Lovelace Turing Volta Pascal
    gpuplanner Noto Sans CJK SC
    tf distribute MirroredStrategy keras distribution ModelParallel DataParallel device quantize
    KerasHub llama cpp vLLM ExLlamaV2 Hugging Face transformers
"""
ALLOWED = set(_ALLOWED_WORDS.split())


@pytest.fixture(scope="module")
def allowed() -> set[str]:
    return allowed_words()


def allowed_words() -> set[str]:
    """The allow-list plus every name in the catalog, its sources and the LLM presets."""
    words = {w.lower() for w in ALLOWED}
    with Catalog.open() as catalog:
        data = catalog.load_all()
        sources = [s.id for s in catalog.sources()]
    names = [g.name for g in data.gpus] + [a for g in data.gpus for a in g.aliases]
    names += [g.vendor for g in data.gpus] + [c.name for c in data.cpus]
    names += [m.name for m in LLMS.values()] + list(LLMS) + sources
    names += [p.source for p in data.prices]
    for name in names:
        words |= {w.lower() for w in re.findall(r"[A-Za-z]+", name)}
    return words


def latin_runs(text: str, allowed: set[str]) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in allowed]


def _plain(text: str) -> str:
    text = re.sub(r"\(&[A-Za-z0-9]\)", "", text)  # a Chinese label's keyboard mnemonic
    text = re.sub(r"data:image/[a-z+]+;base64,[A-Za-z0-9+/=]+", "", text)
    text = re.sub(r"<style.*?</style>", " ", text, flags=re.S)
    text = re.sub(r"pip install [^\s，。）)]+", "", text)  # a command to type stays as typed
    text = re.sub(r"<[^>]+>", " ", text)
    return html.unescape(text).replace("&", "")


def visible_texts(root: QWidget) -> list[str]:
    """What a user can read on ``root`` now: labels, buttons, boxes, lists, tables, tips."""
    out: list[str] = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisibleTo(root):
            continue
        if widget.toolTip():
            out.append(widget.toolTip())
        if isinstance(widget, QLabel):
            out.append(widget.text())
        elif isinstance(widget, QTextBrowser):
            out.append(widget.toPlainText())
        elif isinstance(widget, QAbstractButton):
            out.append(widget.text())
        elif isinstance(widget, QGroupBox):
            out.append(widget.title())
        elif isinstance(widget, QComboBox):
            out += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QTabWidget):
            out += [widget.tabText(i) for i in range(widget.count())]
        elif isinstance(widget, QAbstractSpinBox):
            out += [widget.specialValueText(), widget.text()]
        elif isinstance(widget, QLineEdit) and not isinstance(widget.parent(), QAbstractSpinBox):
            out.append(widget.placeholderText())
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            out += [
                str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                for c in range(model.columnCount())
            ]
            for row in range(min(model.rowCount(), 40)):
                for column in range(model.columnCount()):
                    value = model.data(model.index(row, column))
                    out.append("" if value is None else str(value))
                    tip = model.data(model.index(row, column), Qt.ItemDataRole.ToolTipRole)
                    out.append("" if tip is None else str(tip))
    return [_plain(t) for t in out if t]


def _offenders(texts: list[str], allowed: set[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for text in texts:
        for word in latin_runs(text, allowed):
            at = re.search(rf"(?<![A-Za-z]){word}(?![A-Za-z])", text)
            start = at.start() if at else 0
            found.setdefault(word, text[max(0, start - 50) : start + 50])
    return found


@pytest.mark.parametrize("scenario", [Scenario.STUDENT, Scenario.LLM])
def test_every_page_reads_in_chinese(wizard, qtbot, qapp, allowed, scenario):  # noqa: F811
    window, controller = wizard(language="zh_CN")
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        controller.session.language = "zh_CN"
        window.scenario_page.set_scenario(scenario)
        found: dict[str, str] = {}
        for page in range(6):
            window.go(page)
            if page == 1:
                qtbot.waitUntil(lambda: controller.session.snapshot is not None, timeout=20000)
                # The computer's own name is the user's data, not a word to translate.
                snapshot = controller.session.snapshot
                names = re.findall(
                    r"[A-Za-z]+", f"{snapshot.machine} {snapshot.os.release if snapshot.os else ''}"
                )
                allowed = allowed | {n.lower() for n in names}
            if page == 2:
                window.probe_page._start()
                qtbot.waitUntil(lambda: controller.session.probe is not None, timeout=20000)
            if page >= 4:
                qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
            qapp.processEvents()
            found |= {
                f"page {page}: {k}": v
                for k, v in _offenders(visible_texts(window), allowed).items()
            }
            if page == 4:  # every tab of the results page
                tabs = window.results_page.tabs
                for tab in range(tabs.count()):
                    tabs.setCurrentIndex(tab)
                    qapp.processEvents()
                    found |= {
                        f"page 4 tab {tab}: {k}": v
                        for k, v in _offenders(visible_texts(window), allowed).items()
                    }
            if page == 5:
                found |= {
                    f"report: {k}": v
                    for k, v in _offenders([_plain(window.report_page.html())], allowed).items()
                }
        assert not found, "\n".join(f"{k!r}: {v!r}" for k, v in sorted(found.items()))
    finally:
        switcher.switch("en")


@pytest.mark.parametrize("scenario", ["student", "sme", "llm"])
def test_the_reports_read_in_chinese(scenario, allowed):
    import base64

    from test_report_golden import report

    with Catalog.open() as catalog:
        data = catalog.load_all()
    page = report(scenario, "zh_CN", data)
    # The scanned computer's name is the user's data.
    allowed = allowed | {w.lower() for w in re.findall(r"[A-Za-z]+", _snapshot_name())}
    svgs = [
        base64.b64decode(m).decode("utf-8")
        for m in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", page)
    ]
    texts = [_plain(page)] + [" ".join(re.findall(r">([^<>]+)</text>", svg)) for svg in svgs]
    assert not _offenders(texts, allowed)


@pytest.mark.parametrize(
    "args",
    [
        ["recommend", "--scenario", "student"],
        ["recommend", "--scenario", "llm", "--model", "llama-3-70b", "--mode", "inference"],
        ["vram", "--model", "llama-3-8b", "--mode", "qlora"],
    ],
)
def test_the_command_line_reads_in_chinese(args, allowed, tmp_path):
    from conftest import run_cli

    result = run_cli(tmp_path, *args, "--language", "zh_CN")
    assert result.returncode == 0, result.stderr
    assert not _offenders(result.stdout.splitlines(), allowed)


def _snapshot_name() -> str:
    import json

    from test_report_golden import SNAPSHOT

    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))["machine"]
