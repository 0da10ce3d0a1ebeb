"""What the probe page shows, worked out without Qt: each measure against the card's catalog peak."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpuplanner.core.words import fill, translatable

if TYPE_CHECKING:  # annotations only: the records load with the plan, not before
    from gpuplanner.app.records import Diagnosis, GpuSpec, ProbeResult

PEAKS = {
    ("matmul", "fp32"): "fp32_tflops",
    ("matmul", "tf32"): "tf32_tflops",
    ("matmul", "fp16"): "fp16_tflops",
    ("matmul", "bf16"): "bf16_tflops",
    ("bandwidth", "device_memory"): "memory_bandwidth_gbs",
}


# The words under each bar: the formats are names in every language; memory is a word.
LABELS = {
    ("matmul", "fp32"): "FP32",
    ("matmul", "tf32"): "TF32",
    ("matmul", "fp16"): "FP16",
    ("matmul", "bf16"): "BF16",
    ("bandwidth", "device_memory"): translatable("ProbePage", "GPU memory"),
}
# Without a GPU, TensorFlow's "device" memory is the computer's own RAM (issue 41: it was
# called GPU memory, 显存, on a machine without one).
HOST_LABELS = {("bandwidth", "device_memory"): translatable("ProbePage", "Host memory (RAM)")}

# How a run ended, in the window's words: the runner's message is English and for the logs.
ENDED = {
    "cancelled": translatable("ProbePage", "you cancelled it"),
    "timeout": translatable("ProbePage", "it took longer than its time limit"),
    "bad-python": translatable("ProbePage", "that Python could not start the probe"),
    "tensorflow-missing": translatable(
        "ProbePage", "TensorFlow is not installed in that Python (pip install tensorflow)"
    ),
    "protocol-error": translatable("ProbePage", "the probe worker is from another version"),
    "crashed": translatable("ProbePage", "the measuring process crashed"),
    "failed": translatable("ProbePage", "the probe failed"),
}


def ended_words(status: str, tr: Callable[[str], str]) -> str:
    return tr(ENDED.get(status, ENDED["failed"]))


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    unit: str
    peak: float | None

    @property
    def percent(self) -> float | None:
        return round(self.value / self.peak * 100, 1) if self.peak else None


def bars(result: ProbeResult, card: GpuSpec | None, on_gpu: bool) -> list[Bar]:
    found = []
    for step in result.steps:
        for metric in step.metrics:
            key = (step.step, metric.name)
            if key in PEAKS and metric.value is not None:
                peak = getattr(card, PEAKS[key]) if (card is not None and on_gpu) else None
                label = LABELS[key] if on_gpu else HOST_LABELS.get(key, LABELS[key])
                found.append(Bar(label, metric.value, metric.unit, peak))
    return found


def headline(result: ProbeResult, card: GpuSpec | None) -> dict:
    """The numbers the page says in words: best matmul share of peak and the CPU's image rate."""
    env = result.environment()
    on_gpu = bool(env.get("gpus"))
    shares = [b for b in bars(result, card, on_gpu) if b.percent is not None and b.unit == "TFLOPS"]
    best = max(shares, key=lambda b: b.percent or 0.0, default=None)
    pipeline = result.metric("input", "jpeg_decode_augment")
    fp32 = result.metric("matmul", "fp32")
    return {
        "on_gpu": on_gpu,
        "card": card.name if card else None,
        "best_label": best.label if best else None,
        "best_percent": best.percent if best else None,
        "images_s": round(pipeline.value) if pipeline and pipeline.value else None,
        "fp32_tflops": round(fp32.value, 3) if fp32 and fp32.value else None,
    }


# The worker's progress details (English, from the child process) in the window's words.
DETAILS = {
    "importing TensorFlow": translatable("ProbePage", "importing the library"),
    "starting": translatable("ProbePage", "starting"),
    "host to device": translatable("ProbePage", "memory to GPU"),
    "device to host": translatable("ProbePage", "GPU to memory"),
    "decode and augment JPEGs": translatable("ProbePage", "decoding and augmenting JPEG images"),
}
MODELS = {
    "cnn": translatable("ProbePage", "a small CNN"),
    "transformer": translatable("ProbePage", "a small Transformer"),
}
PRECISIONS = {
    "mixed": translatable("ProbePage", "mixed precision"),
    "fp32": "FP32",
}


def detail_words(text: str, tr: Callable[[str], str]) -> str:
    """A progress detail in words: known phrases translated, a training run as model and
    precision, sizes and versions ("fp16 8192x8192", "256 MB", "TensorFlow 2.21.0") as sent."""
    if text in DETAILS:
        return tr(DETAILS[text])
    model, _, precision = text.partition(" ")
    if model in MODELS and precision in PRECISIONS:
        pair = tr(translatable("ProbePage", "{model}, {precision}"))
        return fill(pair, model=tr(MODELS[model]), precision=tr(PRECISIONS[precision]))
    if text.endswith(" GPUs") and text.split()[0].isdigit():
        return fill(tr(translatable("ProbePage", "{n} GPUs")), n=text.split()[0])
    return text


def diagnosis_words(item: Diagnosis, tr: Callable[[str], str]) -> str:
    """A diagnosis in the window's language: its template translated and filled; a result saved
    by an older version (no template) keeps its English message."""
    if not item.template:
        return item.message
    try:
        return tr(item.template).format(*item.params)
    except (
        IndexError,
        KeyError,
        ValueError,
    ):  # a translation asking for more values than the message has
        return item.message
