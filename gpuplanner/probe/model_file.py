"""A user's own saved Keras model, read in the probe's child Python (issue 53, part 3).

The file is checked here first, without TensorFlow and without unpacking it: a folder, a file
that is not a zip archive or is cut short, a zip bomb (what it says it unpacks to, against its
size) and a file too large are refused before any Python loads them. A SavedModel's folder
is read as a graph (worker.py: read_saved_model). Then the probe's worker
(worker.py, ``--model``) loads it in a child process with Keras's safe mode, under the probe
runner's time limit, its process group and its family (runner.py, family.py): nothing it starts
outlives the command. What the worker reports is read as untrusted input (protocol.py).

Refusals are ids (``REFUSALS``); report/model_text.py says each in a sentence.
"""

from __future__ import annotations

import math
import zipfile
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.probe.runner import ProbeRunner
from gpuplanner.probe.worker import MODEL_STEP
from gpuplanner.probe.worker import REFUSALS as WORKER_REFUSALS

# The largest file read: a model's FP32 weights and Adam's state (12 bytes a parameter) of
# about 160 M parameters. Larger models are planned with a preset or by their parameters.
MAX_FILE_BYTES = 2_000_000_000
# What a .keras archive may say it unpacks to, and by how much a large member may have been
# packed: weights hardly compress (a trained model's FP32 values are noise to zip), a bomb's
# zeros pack a thousandfold.
MAX_UNPACKED_BYTES = 4_000_000_000
MAX_PACKING_RATIO = 50.0
PACKED_RATIO_FROM = 10_000_000  # members smaller than this unpacked are not judged by ratio
MODEL_TIMEOUT_S = 300.0

FILE_REFUSALS = (
    "missing",
    "folder",
    "not-keras",
    "damaged",
    "too-large",
    "zip-bomb",
)
RUN_REFUSALS = ("failed",)  # the child did not finish: timeout, crash, no TensorFlow
REFUSALS = (*FILE_REFUSALS, *WORKER_REFUSALS, *RUN_REFUSALS)


@dataclass(frozen=True)
class Refusal:
    id: str  # one of REFUSALS
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True, kw_only=True)
class ModelInfo:
    """What the worker read from the model, per sample (batch 1)."""

    trainable: int
    non_trainable: int
    forward_flops: float
    backward_flops: float
    activation_values: int  # FP32 values of the layers' outputs a training step holds
    measured_activation_bytes: float | None  # on a GPU: a batch difference of the peak
    optimizer: str | None
    optimizer_values: int  # the optimizer's state, values
    input_shapes: tuple[tuple[int, ...], ...]
    attention_layers: int
    depthwise: bool
    keras: str

    @property
    def params(self) -> int:
        return self.trainable + self.non_trainable


def check_file(path: Path) -> Refusal | None:
    """Why ``path`` is refused before any Python loads it, or None."""
    name = (("file", path.name),)
    if not path.exists():
        return Refusal("missing", name)
    if path.is_dir():
        if not (path / "saved_model.pb").is_file():
            return Refusal("folder", name)
        size = sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
        if size >= MAX_FILE_BYTES:
            return Refusal("too-large", (*name, ("gb", round(size / 1e9, 1))))
        return None  # a SavedModel: a graph, loaded without running Python from it
    if not path.is_file():  # a device, a pipe: nothing a model is saved as
        return Refusal("not-keras", name)
    size = path.stat().st_size
    if size >= MAX_FILE_BYTES:
        return Refusal("too-large", (*name, ("gb", round(size / 1e9, 1))))
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except zipfile.BadZipFile:
        with path.open("rb") as handle:
            zipped = handle.read(4) == b"PK\x03\x04"
        return Refusal("damaged" if zipped else "not-keras", name)
    except OSError:
        return Refusal("damaged", name)
    if "config.json" not in {m.filename for m in members}:
        return Refusal("not-keras", name)
    unpacked = sum(m.file_size for m in members)
    packed = max(sum(m.compress_size for m in members), 1)
    bomb = unpacked > MAX_UNPACKED_BYTES or any(
        m.file_size >= PACKED_RATIO_FROM
        and m.file_size / max(m.compress_size, 1) > MAX_PACKING_RATIO
        for m in members
    )
    if bomb:
        return Refusal(
            "zip-bomb",
            (*name, ("gb", round(unpacked / 1e9, 1)), ("mb", round(packed / 1e6, 1))),
        )
    return None


def _count(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not math.isfinite(value) or value < 0 or value > 1e15:
        return None
    return int(value)


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) and 0 <= value < 1e21 else None


def _shapes(value: object) -> tuple[tuple[int, ...], ...] | None:
    if not isinstance(value, list) or not value or len(value) > 16:
        return None
    shapes = []
    for shape in value:
        if not isinstance(shape, list) or len(shape) > 8:
            return None
        dims = [_count(d) for d in shape]
        if any(d is None for d in dims):
            return None
        shapes.append(tuple(d for d in dims if d is not None))
    return tuple(shapes)


def model_info_of(params: dict) -> ModelInfo | None:
    """The worker's figures, read by their types: None where one is missing or not sane."""
    counts = {k: _count(params.get(k)) for k in ("trainable", "non_trainable")}
    counts |= {k: _count(params.get(k)) for k in ("activation_values", "optimizer_values")}
    counts["attention_layers"] = _count(params.get("attention_layers"))
    flops = {k: _number(params.get(k)) for k in ("forward_flops", "backward_flops")}
    shapes = _shapes(params.get("input_shapes"))
    if any(v is None for v in counts.values()) or any(v is None for v in flops.values()):
        return None
    if shapes is None or not flops["forward_flops"]:
        return None
    measured = _number(params.get("measured_activation_bytes"))
    optimizer = params.get("optimizer")
    return ModelInfo(
        trainable=counts["trainable"] or 0,
        non_trainable=counts["non_trainable"] or 0,
        forward_flops=flops["forward_flops"] or 0.0,
        backward_flops=flops["backward_flops"] or 0.0,
        activation_values=counts["activation_values"] or 0,
        measured_activation_bytes=measured,
        optimizer=str(optimizer)[:80] if isinstance(optimizer, str) else None,
        optimizer_values=counts["optimizer_values"] or 0,
        input_shapes=shapes,
        attention_layers=counts["attention_layers"] or 0,
        depthwise=params.get("depthwise") is True,
        keras=str(params.get("keras", ""))[:40],
    )


def read_model(
    path: Path, python: str | None = None, timeout_s: float = MODEL_TIMEOUT_S
) -> ModelInfo | Refusal:
    """The model at ``path`` as the worker reads it, or why it is refused."""
    refusal = check_file(path)
    if refusal is not None:
        return refusal
    runner = ProbeRunner(
        python=python,
        mode="tiny",
        steps=[MODEL_STEP],
        timeout_s=timeout_s,
        model=str(path.resolve()),
    )
    result = runner.run()
    step = next((s for s in result.steps if s.step == MODEL_STEP), None)
    if step is not None and step.status == "failed" and step.reason in WORKER_REFUSALS:
        # An error reads "step: kind: message": the message is Keras's own words.
        detail = next(iter(result.errors), "").split(": ", 2)[-1]
        return Refusal(step.reason, (("file", path.name), ("detail", detail[:300])))
    metric = next((m for m in step.metrics if m.name == "model"), None) if step else None
    info = model_info_of(metric.params) if metric is not None else None
    if info is None:
        message = result.message or next(iter(result.errors), "") or result.status
        return Refusal("failed", (("file", path.name), ("detail", message[:300])))
    return info
