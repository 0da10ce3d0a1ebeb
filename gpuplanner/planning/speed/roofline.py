"""The physical ceiling of a training step: no card runs a job faster than its FLOPs at the
card's dense peak, or its bytes at the card's memory bandwidth, each at a utilisation no higher
than the best any card reached on that class of job in the measured tables.

The fitted blend of compute and bandwidth (planning/speed/training.py) predicts a card's speed from the
anchor's measured one; it lives under this ceiling (docs/PREDICTION.md, "The ceiling"). The
ceiling caught an H20 (148 dense FP16 TFLOPS, 4,000 GB/s) predicted above an A100 (312 TFLOPS)
on LLM fine-tuning: the blend moved its speed by its bandwidth; the ceiling holds it to what
its compute can do.

FLOPs per unit of a job (training: forward and backward, 3x the forward):
- ResNet-50 at 224 x 224: 4.1 G multiply-adds forward (torchvision's model table; the ResNet
  paper, He et al., gives 3.8 G): 24.6 GFLOP to train on one picture.
- SSD300 on a ResNet-50 backbone (the DeepLearningExamples model the anchor measured): the
  backbone to conv4 at 300 x 300 (about 70% of ResNet-50's work at 1.79x its pixels) and the
  heads, about 6 G multiply-adds forward, 36 GFLOP a trained image: an estimate, stated so.
- A transformer: 6 x parameters per token and 12 x layers x width x sequence for attention
  (Narayanan et al., 2021; Kaplan et al., 2020), per token, a sequence being s tokens.
- LLM fine-tuning: the method's FLOPs per parameter per token (``LLM_FLOPS_PER_TOKEN``: 6 full,
  4 LoRA, 5 on a quantised base) x the working parameters, and the same attention term (its
  backward runs through the activations whatever the method trains).

Bytes per unit: only what a step must move at least (the weights read forward and backward and
the gradients written, at the job's precision; a CNN's activations written forward and read
backward), so the bandwidth ceiling is a floor on time that no card beats.
"""

from __future__ import annotations

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.core.vocab import LlmMethod, Precision

# The best measured share of the dense peak per class and precision (mixed: the FP16 tensor
# rate with FP32 accumulate; FP32: TF32 where the card has it), of the saturated rate behind
# each measurement (its throughput freed of the step's fixed time at the batch it ran,
# planning/speed/batching.py), rounded up to 0.01. In the classes that read the sustained tensor
# rate (BERT and the transformers in mixed precision, LLM fine-tuning) it is a share of the
# peak moved by the measured card's sustained share (planning/speed/training.py: sustained_share), so
# a GeForce card's boost past its spec is counted once: a card's ceiling is this share of its
# own peak times its own sustained share, and never above its dense peak.
# tests/test_roofline.py recomputes them from the measured tables:
#   cnn, transformer: Lambda's PyTorch suite (resources/measurements/train_lambda_pytorch.csv),
#     the best card of ResNet-50 and SSD (cnn) and BERT-base and BERT-large SQuAD at sequence
#     384 (transformer): an RTX 3090 in mixed precision (68% of its spec, 48.7% of its
#     sustained rate), a V100 in FP32; for the CNN in mixed
#     precision, Lambda's TensorFlow suite's RTX 3090 (ResNet-50, 1,019.6 images/s at batch
#     96, 39.4% of 71.2 TFLOPS once freed of its fixed time) is higher and sets it;
#   llm: MosaicML's LLM pretraining (train_llm_foundry.csv), the best row: MPT-7B at 2,048
#     tokens on A100 80 GB cards, 62.3% of the BF16 peak, 59.7% of their sustained rate (the
#     A100 SXM4s' median matrix multiply, tools/fit_speed_model.py: twins).
UTILISATION_CEILING: dict[tuple[str, Precision], float] = {
    ("cnn", "mixed"): 0.40,
    ("cnn", "fp32"): 0.60,
    ("transformer", "mixed"): 0.49,
    ("transformer", "fp32"): 0.76,
    ("llm", "mixed"): 0.60,
    ("llm", "fp32"): 0.76,
}

CNN_TRAIN_GFLOP: dict[str, float] = {
    "resnet50": 24.6,
    "ssd": 36.0,
    # The seed's models: 6 x the forward multiply-adds their papers state (planning/job/workloads.py
    # names each, docs/PREDICTION.md "Presets without a measured run").
    "mobilenet-v2": 1.80,  # 300 M
    "mobilenet-v3-large": 1.314,  # 219 M
    "mobilenet-v3-small": 0.336,  # 56 M
    "efficientnet-b0": 2.34,  # 0.39 G
    "efficientnet-b4": 25.2,  # 4.2 G
    "efficientdet-d0": 15.0,  # 2.5 G
    "efficientdet-d4": 330.0,  # 55 G
    "yolov8-s": 85.8,  # 14.3 G (Ultralytics' 28.6 GFLOPs count 2 a multiply-add)
}
ATTENTION_FLOPS = 12.0  # x layers x width x sequence, per token, forward and backward
LLM_FLOPS_PER_TOKEN: dict[LlmMethod, float] = {
    "full": 6.0,
    "lora": 4.0,
    "lora-int8": 5.0,
    "qlora": 5.0,
}  # x parameters; a quantised base pays for dequantising
# Bytes a step moves per parameter at least: read forward and backward, the gradient written.
STEP_BYTES_PER_PARAM: dict[Precision, float] = {"mixed": 6.0, "fp32": 12.0}
ACTIVATION_PASSES = 2.0  # written forward, read backward


def peak_tflops(gpu: GpuSpec, precision: Precision, tensor_cores: bool) -> float:
    """The card's dense peak for the job: the FP16 tensor rate (FP32 accumulate) in mixed
    precision where it has tensor cores, TF32 or FP32 otherwise."""
    if precision == "mixed" and tensor_cores:
        return float(gpu.fp16_tflops or gpu.fp32_tflops)
    return float(gpu.tf32_tflops or gpu.fp32_tflops)


def transformer_flops_per_token(params: float, layers: int, width: int, seq: int) -> float:
    return 6.0 * params + ATTENTION_FLOPS * layers * width * seq


def llm_flops_per_token(
    params_b: float, method: LlmMethod, layers: int, width: int, seq: int
) -> float:
    return LLM_FLOPS_PER_TOKEN[method] * params_b * 1e9 + ATTENTION_FLOPS * layers * width * seq


# Gradient checkpointing, which every LLM fine-tuning plan assumes (planning/job/memory.py: the
# activations it holds), runs each layer's forward again in the backward pass: 2 x parameters
# more FLOPs a token and attention's forward again, a third of its 12 (llm-foundry's HFU counts
# 4 passes where its MFU counts 3: scripts/train/benchmarking/README.md at 061f2c7).
RECOMPUTE_FLOPS_PER_PARAM = 2.0
RECOMPUTE_ATTENTION_FLOPS = 4.0
# The best hardware utilisation any checkpointed run of that table reached, of the sustained
# rate: MPT-13B at 1,024 tokens on eight A100 80 GB cards, HFU 79.3% of the BF16 peak (its own
# column), 76.9% of their sustained rate, rounded up. The work a step really does is bounded by
# it: the LoRA an RTX 3090 was given ran 1,652 tokens/s of Llama 3 8B, 111% of its peak once
# the recompute is counted.
RECOMPUTE_UTILISATION_CEILING = 0.77


def llm_hardware_flops_per_token(
    params_b: float, method: LlmMethod, layers: int, width: int, seq: int
) -> float:
    """The FLOPs a checkpointed fine-tuning step really runs per token: the method's and
    attention's, and the forward pass recomputed."""
    return (
        llm_flops_per_token(params_b, method, layers, width, seq)
        + RECOMPUTE_FLOPS_PER_PARAM * params_b * 1e9
        + RECOMPUTE_ATTENTION_FLOPS * layers * width * seq
    )


def ceiling_rate(
    *,
    peak_tflops: float,
    bandwidth_gbs: float,
    utilisation: float,
    flops_per_unit: float,
    bytes_per_unit: float,
    sustained: float = 1.0,
) -> float:
    """The fastest rate (units/s) physics allows: the lower of compute at ``utilisation`` of
    the peak moved by the card's ``sustained`` share (never above the peak itself) and the
    bytes at the card's bandwidth."""
    compute = min(utilisation * sustained, 1.0) * peak_tflops * 1e12 / flops_per_unit
    if bytes_per_unit <= 0:
        return compute
    return min(compute, bandwidth_gbs * 1e9 / bytes_per_unit)
