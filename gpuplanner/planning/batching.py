"""How the job's batch and sequence length move a card's training speed away from the anchor's.

Every Keras preset's speed is anchored on one measured run (resources/models/speed_model.json),
at that run's batch and sequence. A job run at another shape is moved from it by two facts
(docs/PREDICTION.md, "Batch and sequence"):

- **Work per sample.** A transformer's training FLOPs per token grow with the sequence as
  1 + s / (6 h) (Narayanan et al., 2021: 72 B s L h^2 (1 + s / 6h + ...)); a sequence of s
  tokens is s of them. A CNN's work per image is fixed by its input.
- **Batch efficiency.** A step has a fixed part (kernel launches, the optimizer's update, the
  input's copy) that a small batch cannot hide: throughput(b) = peak x b / (b + k). The
  half-saturation batch k grows with the card's compute rate, k = KAPPA x TFLOPS / work per
  sample, KAPPA fitted on measured batch sweeps of TensorFlow training (the pairs under KAPPA
  below, from the team's benchmark tables: NVIDIA DeepLearningExamples and TensorFlow's 2017
  benchmarks page).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core.vocab import KerasWorkloadName, Precision
from gpuplanner.planning.workloads import KERAS, KerasWorkload


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
}

# Half-saturation work per TFLOPS of the card's rate at the job's precision: tokens for a
# transformer, 224x224 images for a CNN. Fitted as k = b1 b2 (1 - r) / (b2 r - b1) from pairs
# of measured single-GPU throughputs T(b1) / T(b2) = r of one model on one card:
#   transformer mixed: V100 BERT-large seq 128, 134.3 at batch 16 vs 168.6 at 64 (k = 5.9
#     sequences = 755 tokens / 125 TFLOPS = 6.0); A100 Transformer-XL base 26,130 at 16 vs
#     36,455 at 64 (k = 9.7 x 192 tokens / 312 TFLOPS = 6.0).
#   transformer fp32: V100 BERT-large 39.43 at 8 vs 46.78 at 32 (270 tokens / 15.7 = 17);
#     A100 Transformer-XL TF32 25,127 at 16 vs 34,244 at 64 (1,690 / 156 = 10.8); geometric
#     mean 13.6.
#   cnn fp32: TensorFlow 2017 benchmarks, ResNet-50 synthetic, P100 195 at 32 vs 219 at 64
#     (k = 9.0 images / 10.6 TFLOPS = 0.85), one K80 die 49.5 vs 51.9 (3.25 / 4.11 = 0.79).
#   cnn mixed: no measured ResNet sweep in mixed precision; the FP32 figure moved by the one
#     convolutional pair measured in both precisions (V100 VNet, DeepLearningExamples: k = 14.2
#     in FP16 against 7.3 in FP32 for 8x the rate): 0.82 x 1.95 / 7.96 = 0.20.
KAPPA = {
    ("transformer", "mixed"): 6.0,
    ("transformer", "fp32"): 13.6,
    ("cnn", "mixed"): 0.20,
    ("cnn", "fp32"): 0.82,
}


def anchor_batch(workload: KerasWorkloadName, precision: Precision) -> int:
    shape = ANCHOR_SHAPES[workload]
    return shape.mixed_batch if precision == "mixed" else shape.fp32_batch


def seq_work(preset: KerasWorkload, seq: int) -> float:
    """A transformer's training work per token at ``seq``, up to a constant: 1 + s / 6h."""
    return 1.0 + seq / (6.0 * preset.hidden)


def half_batch(preset: KerasWorkload, precision: Precision, tflops: float, seq: int) -> float:
    """The batch (in samples) at which the card runs at half its saturated speed."""
    per_tflops = KAPPA[(preset.kind if preset.kind == "cnn" else "transformer", precision)]
    k = per_tflops * tflops
    return k / seq if preset.kind != "cnn" else k


def efficiency(
    preset: KerasWorkload, precision: Precision, tflops: float, batch: int, seq: int
) -> float:
    """The share of its saturated speed a card of ``tflops`` reaches at ``batch``."""
    k = half_batch(preset, precision, tflops, seq)
    return batch / (batch + k)


def shape_factor(
    workload: KerasWorkloadName,
    precision: Precision,
    tflops: float,
    batch: int | None = None,
    seq: int | None = None,
) -> float:
    """How much faster (above 1) or slower a job at ``batch`` and ``seq`` runs than the anchor's
    shape, in the workload's own unit (samples/s, or tokens/s for the generic transformer)."""
    preset = KERAS[workload]
    shape = ANCHOR_SHAPES[workload]
    b = batch or preset.default_batch
    b0 = anchor_batch(workload, precision)
    if preset.kind == "cnn":
        return efficiency(preset, precision, tflops, b, 0) / efficiency(
            preset, precision, tflops, b0, 0
        )
    s = seq or preset.seq
    s0 = shape.seq
    work = seq_work(preset, s0) / seq_work(preset, s)  # per token
    if preset.unit != "tokens/s":
        work *= s0 / s  # a sample is a sequence of s tokens
    return (
        work
        * efficiency(preset, precision, tflops, b, s)
        / efficiency(preset, precision, tflops, b0, s0)
    )
