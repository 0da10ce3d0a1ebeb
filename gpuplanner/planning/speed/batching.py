"""How the job's batch and sequence length move a card's training speed away from its saturated
rate.

Every Keras preset's speed is anchored on one measured run (resources/models/speed_model.json),
at that run's batch and sequence. A job run at another shape is moved from it by two facts
(docs/PREDICTION.md, "Batch and sequence"):

- **Work per sample.** A transformer's training FLOPs per token grow with the sequence as
  1 + s / (6 h) (Narayanan et al., 2021: 72 B s L h^2 (1 + s / 6h + ...)); a sequence of s
  tokens is s of them. A CNN's work per image is fixed by its input.
- **The fixed part of a step is a time.** A step costs a fixed time t0 (kernel launches, the
  optimizer's update, the host's bookkeeping) plus the batch's work at the card's saturated
  rate R: time per sample = 1 / R + t0 / batch, so throughput(b) = R b / (b + t0 R). The batch
  that hides the fixed part (t0 R) grows with the card's own saturated rate, not with its peak
  TFLOPS. t0 is fitted on measured batch sweeps of TensorFlow training (``STEP_FIXED_S``), per
  layer for transformers (a layer's kernels are launched once a step, whatever the sequence).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core.vocab import KerasWorkloadName, Precision
from gpuplanner.planning.job.workloads import KerasWorkload


@dataclass(frozen=True)
class AnchorShape:
    """The batch per card (mixed, FP32) and sequence the anchor was measured at."""

    mixed_batch: int
    fp32_batch: int
    seq: int = 0  # transformers: tokens per sample


# The shapes of the anchors' measured runs (their sources are in speed_model.json).
ANCHOR_SHAPES: dict[KerasWorkloadName, AnchorShape] = {
    # Lambda tf_cnn_benchmarks, A100 40GB PCIe: resnet50-448 (FP16) and resnet50-224 (FP32).
    "resnet50": AnchorShape(448, 224),
    # NVIDIA DeepLearningExamples TensorFlow SSD, A100 40GB: batch 32.
    "ssd": AnchorShape(32, 32),
    # NVIDIA DeepLearningExamples TensorFlow BERT-large pretraining phase 1, A100 40GB: batch 64
    # per GPU at sequence 128 (TF32 and mixed); BERT-base is scaled from the same run.
    "bert-large": AnchorShape(64, 64, 128),
    "bert-base": AnchorShape(64, 64, 128),
    # NVIDIA DeepLearningExamples TensorFlow Transformer-XL base, A100 40GB: batch 64 of
    # tgt_len 192 tokens.
    "transformer": AnchorShape(64, 64, 192),
    # NVIDIA DeepLearningExamples TensorFlow2 EfficientNet v1, one A100 80GB: the benchmark
    # scripts' batch per GPU (B0: 1,024 mixed, 512 TF32; B4: 160 and 80 at 380 x 380).
    "efficientnet-b0": AnchorShape(1024, 512),
    "efficientnet-b4": AnchorShape(160, 80),
    # NVIDIA DeepLearningExamples TensorFlow2 EfficientDet-D0, one A100 80GB: the table's
    # BS=200 (mixed) and BS=104 (TF32), read as per GPU.
    "efficientdet-d0": AnchorShape(200, 104),
}

# A preset no run measured borrows the anchor of the nearest measured model of its kind
# (docs/PREDICTION.md, "Presets without a measured run"): that anchor's saturated rate, scaled
# by the ratio of the two models' training FLOPs per sample (planning/speed/training.py). Depthwise
# convolutions use a GPU far worse than ResNet-50's dense ones (in NVIDIA's own TensorFlow
# tables EfficientNet-B0 trains 1.45x ResNet-50's images/s on an A100, 3,454 against 2,375 in
# mixed precision, for a tenth of its FLOPs), so the mobile CNNs borrow
# EfficientNet-B0's measured run, not ResNet-50's; YOLOv8's dense convolutions borrow
# ResNet-50's; the encoders borrow BERT-base's.
BORROWED_ANCHOR: dict[KerasWorkloadName, KerasWorkloadName] = {
    "mobilenet-v2": "efficientnet-b0",
    "mobilenet-v3-large": "efficientnet-b0",
    "mobilenet-v3-small": "efficientnet-b0",
    "efficientdet-d4": "efficientdet-d0",
    "yolov8-s": "resnet50",
    "vit-b16": "bert-base",
    "vit-l16": "bert-base",
    "distilbert": "bert-base",
}

# The fixed time of one training step, in seconds: per step for a CNN, per layer for a
# transformer. Fitted by tools/fit_step_time.py (a straight line 1/T = 1/R + t0/b through each
# single-GPU sweep of one model on one card in NVIDIA DeepLearningExamples' TensorFlow tables:
# UNet and VNet for the CNN, Transformer-XL base and BERT-large for the transformer), the
# median of the fitted sweeps of each kind and precision; the held-out sweeps and the error on
# them are in docs/PREDICTION.md (tests/test_roofline.py refits them). The same model on a V100 and on an A100 keeps about
# the same t0 (UNet: 9.9 and 7.1 ms mixed), while its saturated rate doubles: the fixed part is
# a time, and a faster card needs a bigger batch to hide it.
STEP_FIXED_S: dict[tuple[str, Precision], float] = {
    ("cnn", "mixed"): 0.00989,
    ("cnn", "fp32"): 0.01012,
    ("transformer", "mixed"): 0.00208,
    ("transformer", "fp32"): 0.00225,
}


def anchor_batch(workload: KerasWorkloadName, precision: Precision) -> int:
    shape = ANCHOR_SHAPES[workload]
    return shape.mixed_batch if precision == "mixed" else shape.fp32_batch


def seq_work(hidden: int, seq: int) -> float:
    """A transformer's training work per token at ``seq``, up to a constant: 1 + s / 6h."""
    return 1.0 + seq / (6.0 * hidden)


def step_fixed_s(kind: str, precision: Precision, layers: int = 0) -> float:
    """The fixed time of one step of a model of ``kind`` (per layer for a transformer)."""
    per = STEP_FIXED_S[("cnn" if kind == "cnn" else "transformer", precision)]
    return per if kind == "cnn" else per * max(layers, 1)


def preset_fixed_s(preset: KerasWorkload, precision: Precision) -> float:
    return step_fixed_s(preset.kind, precision, preset.layers)


def at_batch(saturated: float, units_per_step: float, fixed_s: float) -> float:
    """Throughput (units/s) at ``units_per_step`` units a step, of a card whose saturated rate
    is ``saturated``: the step's work at that rate plus the fixed time."""
    if saturated <= 0 or units_per_step <= 0:
        return 0.0
    return 1.0 / (1.0 / saturated + fixed_s / units_per_step)


def saturated_from(measured: float, units_per_step: float, fixed_s: float) -> float:
    """The saturated rate behind a throughput measured at ``units_per_step``: the inverse of
    ``at_batch``. A measurement faster than its own fixed time allows (a fixed time larger than
    the whole step) keeps at least a tenth of its step for the work."""
    per_unit = 1.0 / measured - fixed_s / units_per_step
    return 1.0 / max(per_unit, 0.1 / measured)


def work_factor(preset: KerasWorkload, seq: int, anchor_seq: int) -> float:
    """How much less (below 1) work a unit of the job takes than a unit at the anchor's
    sequence, in the preset's own unit (samples/s, or tokens/s for the generic transformer):
    the job's rate at saturation is the anchor's times this."""
    if preset.kind == "cnn" or not seq or not anchor_seq:
        return 1.0
    work = seq_work(preset.hidden, anchor_seq) / seq_work(preset.hidden, seq)  # per token
    if preset.unit != "tokens/s":
        work *= anchor_seq / seq  # a sample is a sequence of s tokens
    return work


def units_per_step(preset: KerasWorkload, batch: int, seq: int) -> float:
    """Units of the preset's throughput in one step of ``batch`` samples."""
    return float(batch * seq) if preset.unit == "tokens/s" else float(batch)
