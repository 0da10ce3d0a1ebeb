"""How much GPU memory a workload needs, with the breakdown and the formula behind each part.

Formulas (docs/PLANNING.md): weights, gradients and optimizer state from the parameter count
and bytes per value; transformer activations per layer s*b*h*(34 + 5*a*s/h) bytes in half
precision (Korthikanti et al., 2022), 2*s*b*h per layer with gradient checkpointing; KV cache
2*L*kv_heads*head_dim*s*b*bytes; framework overhead a fixed CUDA context plus 10% for the
allocator's fragmentation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpuplanner.planning.workloads import KerasWorkload, LlmModel

GB = 1024**3
CUDA_CONTEXT_GB = 0.8  # CUDA context, cuDNN/cuBLAS workspaces, TensorFlow's own
FRAGMENTATION = 0.10  # TensorFlow's BFC allocator never packs perfectly
OPTIMIZER_BYTES = {"adam": 8, "adamw": 8, "sgd-momentum": 4, "sgd": 0}
WEIGHT_BYTES = {"fp32": 4.0, "fp16": 2.0, "bf16": 2.0, "int8": 1.0, "int4": 0.5}
QLORA_BYTES_PER_PARAM = 0.516  # NF4 (4 bit) plus double-quantised constants (~0.127 bit/param)


@dataclass(frozen=True)
class Part:
    name: str
    gb: float
    formula: str


@dataclass(frozen=True)
class MemoryEstimate:
    parts: tuple[Part, ...]
    total_gb: float  # per card, data parallel (every card holds the whole model)
    shardable_gb: float  # weights, gradients and optimizer state: what sharding divides
    unshardable_gb: float  # activations and buffers each card needs for its own batch
    notes: tuple[str, ...] = ()

    def per_card_sharded(self, cards: int) -> float:
        """Per-card need when the shardable state is split over ``cards`` (ZeRO-3 / FSDP style)."""
        subtotal = self.unshardable_gb + self.shardable_gb / max(cards, 1)
        return round(CUDA_CONTEXT_GB + (1 + FRAGMENTATION) * subtotal, 2)

    def sharded_total_gb(self, cards: int) -> float:
        return round(self.per_card_sharded(cards) * cards, 2)


def _finish(parts: list[Part], shardable: float, notes: tuple[str, ...] = ()) -> MemoryEstimate:
    subtotal = sum(p.gb for p in parts)
    parts.append(
        Part(
            "overhead",
            CUDA_CONTEXT_GB + FRAGMENTATION * subtotal,
            f"{CUDA_CONTEXT_GB} GB CUDA context + {FRAGMENTATION:.0%} allocator fragmentation",
        )
    )
    total = sum(p.gb for p in parts)
    return MemoryEstimate(
        tuple(Part(p.name, round(p.gb, 3), p.formula) for p in parts),
        round(total, 2),
        round(shardable, 3),
        round(subtotal - shardable, 3),
        notes,
    )


def keras_training(
    workload: KerasWorkload,
    batch: int,
    precision: str = "fp32",
    optimizer: str = "adam",
    params: float | None = None,
    image_size: int | None = None,
    seq: int | None = None,
) -> MemoryEstimate:
    """A Keras model trained with ``optimizer``; mixed precision keeps FP32 variables."""
    p = params or workload.params
    opt = OPTIMIZER_BYTES[optimizer]
    parts = [
        Part("weights", p * 4 / GB, "parameters x 4 B (FP32 variables)"),
        Part("gradients", p * 4 / GB, "parameters x 4 B"),
        Part("optimizer", p * opt / GB, f"parameters x {opt} B ({optimizer})"),
    ]
    if precision == "mixed":
        parts.append(
            Part("fp16 weight copies", p * 2 / GB, "parameters x 2 B (casts for FP16 compute)")
        )
    act_bytes = 2 if precision == "mixed" else 4
    if workload.kind == "cnn":
        scale = ((image_size or 224) / 224) ** 2
        per_sample = workload.activation_mb_fp32 * 2**20 * scale * act_bytes / 4
        parts.append(
            Part(
                "activations",
                per_sample * batch / GB,
                f"{workload.activation_mb_fp32:g} MB/sample at 224x224 in FP32 x (size/224)^2 x batch {batch}",
            )
        )
    else:
        s = seq or workload.seq
        per_layer = (
            s * workload.hidden * (34 + 5 * workload.heads * s / workload.hidden) * (act_bytes / 2)
        )
        parts.append(
            Part(
                "activations",
                per_layer * workload.layers * batch / GB,
                f"s*h*(34+5*a*s/h) B per layer (half precision) x {workload.layers} layers x batch {batch}",
            )
        )
    shardable = sum(x.gb for x in parts if x.name in ("weights", "gradients", "optimizer"))
    return _finish(parts, shardable)


def llm(
    model: LlmModel,
    mode: str,
    seq: int = 2048,
    batch: int = 1,
    checkpointing: bool = True,
    inference_bits: int = 16,
    lora_rank: int = 16,
) -> MemoryEstimate:
    """LLM inference (weights + KV cache) or fine-tuning (full, LoRA, QLoRA) in mixed precision."""
    p = model.params_b * 1e9
    parts: list[Part] = []
    notes: list[str] = []
    kv = 2 * model.layers * model.kv_heads * model.head_dim * seq * batch * 2
    if mode == "inference":
        weight_bytes = {16: 2.0, 8: 1.0, 4: 0.5 * 1.06}[inference_bits]
        parts.append(
            Part(
                "weights",
                p * weight_bytes / GB,
                f"parameters x {weight_bytes:g} B ({inference_bits}-bit)",
            )
        )
        parts.append(
            Part(
                "kv cache",
                kv / GB,
                f"2 x {model.layers} layers x {model.kv_heads} KV heads x {model.head_dim} x seq {seq} x batch {batch} x 2 B",
            )
        )
        parts.append(
            Part(
                "activations",
                4 * batch * seq * model.hidden * 2 / GB,
                "4 x batch x seq x hidden x 2 B (working buffers)",
            )
        )
        shardable = parts[0].gb + parts[1].gb
        if model.moe:
            notes.append(
                f"mixture of experts: all {model.params_b:g}B parameters in memory,"
                f" {model.active_params_b:g}B work on each token"
            )
        if model.kv_heads < model.heads:
            notes.append(
                f"grouped-query attention: {model.kv_heads} KV heads for {model.heads} query heads"
            )
        return _finish(parts, shardable, tuple(notes))
    if checkpointing:
        per_layer = 2 * seq * batch * model.hidden
        act_formula = f"2*s*b*h B per layer (checkpointed layer inputs) x {model.layers}"
    else:
        per_layer = seq * batch * model.hidden * (34 + 5 * model.heads * seq / model.hidden)
        act_formula = f"s*b*h*(34+5*a*s/h) B per layer x {model.layers}"
    activations = per_layer * model.layers / GB
    logits = batch * seq * model.vocab * 4 / GB  # FP32 logits for the loss
    if mode == "full":
        parts += [
            Part("weights", p * 2 / GB, "parameters x 2 B (FP16/BF16 compute copy)"),
            Part("gradients", p * 2 / GB, "parameters x 2 B"),
            Part(
                "optimizer", p * 12 / GB, "parameters x 12 B (FP32 master weights + Adam m and v)"
            ),
        ]
        shardable = parts[0].gb + parts[1].gb + parts[2].gb
    else:
        trainable = lora_parameters(model, lora_rank)
        base = p * (2 if mode == "lora" else QLORA_BYTES_PER_PARAM)
        parts += [
            Part(
                "base weights",
                base / GB,
                "parameters x 2 B (frozen, FP16)"
                if mode == "lora"
                else "parameters x ~0.52 B (frozen, 4-bit NF4 + quantisation constants)",
            ),
            Part(
                "adapters",
                trainable * 16 / GB,
                f"{trainable / 1e6:.1f}M LoRA parameters (rank {lora_rank} on q,k,v,o) x 16 B (weights, grads, Adam)",
            ),
        ]
        shardable = parts[0].gb
        notes.append(f"{trainable / p:.2%} of the parameters are trained")
    parts += [
        Part("activations", activations, act_formula + f", seq {seq}, batch {batch}"),
        Part("logits", logits, f"batch x seq x vocab {model.vocab} x 4 B"),
    ]
    if not checkpointing:
        notes.append(
            "without gradient checkpointing; turning it on saves most of the activation memory"
        )
    return _finish(parts, shardable, tuple(notes))


def lora_parameters(model: LlmModel, rank: int = 16) -> float:
    """Adapters of rank ``rank`` on q, k, v and o of every layer, A and B each hidden x rank."""
    return model.layers * 4 * 2 * rank * model.hidden


def cards_needed(
    estimate: MemoryEstimate, card_gb: float, usable_fraction: float = 0.92, max_cards: int = 64
) -> int | None:
    """Fewest cards that hold the job with sharded state; None when even ``max_cards`` do not."""
    usable = card_gb * usable_fraction
    if estimate.total_gb <= usable:
        return 1
    for cards in range(2, max_cards + 1):
        if estimate.per_card_sharded(cards) <= usable:
            return cards
    return None


def gb_to_int(gb: float) -> int:
    return math.ceil(gb)
