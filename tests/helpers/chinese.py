"""What a Chinese reader sees: the visible texts of a window, and the runs of Latin letters
in them that are not names (units, formats, software, the catalog's and the presets' names)."""

from __future__ import annotations

import html
import re

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

from gpuplanner.app.choices import LLMS
from gpuplanner.catalog.store import Catalog

# Names that stay Latin in Chinese text: units, formats, standards, software, companies.
_ALLOWED_WORDS = """
    GB MB KB TB GiB MiB W kW kWh V A mm h s ms GHz MHz BTU TFLOPS FLOPs GFLOP TOPS GT GB/s images tokens
    CNY USD RMB PCIe Gen x x16 x8 x4 x1 ATX PLUS SFX SXM SXM2 SXM4 SXM5 NVLink ECC GDDR HBM
    CPU GPU GPUs PSU RAM VRAM NVIDIA AMD Intel Apple Microsoft Google
    TensorFlow Keras JAX PyTorch CUDA cuDNN ROCm NGC Docker WSL WSL2 Linux Windows macOS pip SavedModel
    nvidia smi nvidia-smi NVML Xid lsmod Secure Boot dev video MIG
    FP FP32 FP16 BF16 TF32 FP8 INT8 INT4 NF4 Q4 GPTQ AWQ GGUF LoRA QLoRA Adam AdamW
    ResNet BERT DistilBERT EfficientDet CNN SSD Transformer LLM MNLI ImageNet k MoE KV base large
    MobileNetV EfficientNet YOLOv KerasCV ViT COCO Large Small L S
    English Python OAM PCIe E EPS VHPWR pin BF INT TF N
    M B b q k v o logits NF
    Mini ITX Micro E-ATX QR PDF HTML JSON CSV XLSX SKU ID OK
    Ti SUPER D Ada RTX GTX GeForce Quadro Tesla Radeon Instinct Arc Pro Max Q Blackwell
    Ampere Hopper Lovelace Turing Volta Pascal
    gpuplanner Noto Sans CJK SC
    tf distribute MirroredStrategy keras distribution ModelParallel DataParallel device quantize
    KerasHub llama cpp vLLM ExLlamaV2 Hugging Face transformers HIP SYCL Vulkan XPU
    split mode layer pipeline parallel size map auto
    pl MultiWorkerMirroredStrategy CommunicationOptions bytes per pack CONFIG Horovod NCCL
"""
ALLOWED = set(_ALLOWED_WORDS.split())


def _chinese_lookup() -> dict[tuple[str, str], str]:
    from gpuplanner.core import paths
    from gpuplanner.i18n.tsfile import read_ts

    return read_ts(paths.resource_path("i18n", "gpuplanner_zh_CN.ts")).lookup()


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
    # A source's name as the Chinese text gives it (proper names stay Latin: "PC Gamer").
    names += [text for (context, _source), text in _chinese_lookup().items() if context == "Source"]
    for name in names:
        words |= {w.lower() for w in re.findall(r"[A-Za-z]+", name)}
    return words


def latin_runs(text: str, allowed: set[str]) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in allowed]


def without_commands(text: str) -> str:
    """A command or a container's tag to type stays as typed, in any language."""
    text = re.sub(r"pip install [^\s，。）)]+", "", text)
    return re.sub(r"nvcr\.io/[^\s，。）)]+", "", text)


def plain(text: str) -> str:
    text = re.sub(r"\(&[A-Za-z0-9]\)", "", text)  # a Chinese label's keyboard mnemonic
    text = re.sub(r"data:image/[a-z+]+;base64,[A-Za-z0-9+/=]+", "", text)
    text = re.sub(r"<style.*?</style>", " ", text, flags=re.S)
    text = without_commands(text)
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
    return [plain(t) for t in out if t]


def offenders(texts: list[str], allowed: set[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for text in map(without_commands, texts):
        for word in latin_runs(text, allowed):
            at = re.search(rf"(?<![A-Za-z]){word}(?![A-Za-z])", text)
            start = at.start() if at else 0
            found.setdefault(word, text[max(0, start - 50) : start + 50])
    return found
