"""``gpuplanner model-info``: a Keras model of the user's own, read in the probe's child Python
(probe/model_file.py), and the job it makes: memory and speed as a preset's (issue 53, part 3).
Facts only: the command and the window say them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpuplanner.planning.job.workloads import COUNTED_TO_HELD, OwnModel
from gpuplanner.probe.model_file import ModelInfo, Refusal, read_model

if TYPE_CHECKING:
    from gpuplanner.app.session import Session

__all__ = [
    "ModelInfo",
    "OwnJob",
    "Refusal",
    "facts",
    "optimizer_of",
    "own_model",
    "read",
    "read_job",
    "take_as_job",
]

FP32_BYTES = 4


def read(path: Path, python: str | None = None) -> ModelInfo | Refusal:
    return read_model(path, python)


def own_model(info: ModelInfo, name: str = "") -> OwnModel:
    """The model as the planner takes it: its counted activations held as a preset's are
    (``COUNTED_TO_HELD``), its training FLOPs forward and backward, its own optimizer's state;
    ``name``: the file's, as the user knows it."""
    return OwnModel(
        params=float(info.params),
        train_flops=info.forward_flops + info.backward_flops,
        activation_mb_fp32=info.activation_values * FP32_BYTES / 2**20 * COUNTED_TO_HELD,
        attention_layers=info.attention_layers,
        depthwise=info.depthwise,
        optimizer=optimizer_of(info),
        name=name,
    )


@dataclass(frozen=True)
class OwnJob:
    """A model file read for the plan: the job it makes and its figures (``facts``)."""

    model: OwnModel
    facts: dict[str, Any]


def read_job(path: Path, python: str | None = None) -> OwnJob | Refusal:
    """``path`` read in the probe's child Python (seconds to minutes: off the GUI thread), as
    the job the plan takes, or the refusal that says why it cannot be read."""
    info = read(path, python)
    if isinstance(info, Refusal):
        return info
    return OwnJob(own_model(info, path.name), facts(info))


def take_as_job(session: Session, model: OwnModel) -> None:
    """The model becomes the session's job, as ``recommend --keras-model FILE`` plans it: one
    change, one plan. The batch, precision and the rest stay as the user set them."""
    session.update(workload="own", own_model=model)


def optimizer_of(info: ModelInfo) -> str:
    """The memory model's optimizer for the state the file's optimizer keeps per trained
    parameter: two values (Adam, AdamW), one (momentum), none; Adam when the file has none."""
    if info.optimizer is None or not info.trainable:
        return "adam"
    per_param = info.optimizer_values / info.trainable
    if per_param >= 1.5:
        return "adam"
    return "sgd-momentum" if per_param >= 0.5 else "sgd"


def facts(info: ModelInfo) -> dict[str, Any]:
    """What was read, per sample, in plain figures."""
    model = own_model(info)
    return {
        "parameters": info.params,
        "trainable": info.trainable,
        "non_trainable": info.non_trainable,
        "forward_flops": round(info.forward_flops),
        "backward_flops": round(info.backward_flops),
        "activation_mb_fp32": float(f"{model.activation_mb_fp32:.4g}"),
        "activation_mb_measured": (
            round(info.measured_activation_bytes / 2**20, 2)
            if info.measured_activation_bytes is not None
            else None
        ),
        "optimizer": info.optimizer,
        "optimizer_state_mb": float(f"{info.optimizer_values * FP32_BYTES / 2**20:.4g}"),
        "input_shapes": [list(shape) for shape in info.input_shapes],
        "attention_layers": info.attention_layers,
        "depthwise": info.depthwise,
        "keras": info.keras,
    }
