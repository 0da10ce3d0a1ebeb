"""How much GPU memory a workload needs, with the breakdown and the formula behind each part.

Formulas (docs/PLANNING.md): weights, gradients and optimizer state from the parameter count
and bytes per value; transformer activations per layer s*b*h*(34 + 5*a*s/h) bytes in half
precision (Korthikanti et al., 2022), 2*s*b*h per layer with gradient checkpointing; KV cache
2*L*kv_heads*head_dim*s*b*bytes; framework overhead a fixed CUDA context plus 10% for the
allocator's fragmentation.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core.vocab import Engine, LlmMode, Precision
from gpuplanner.planning.job import engines
from gpuplanner.planning.job.workloads import KerasWorkload, LlmModel

GB = 1024**3
CUDA_CONTEXT_GB = 0.8  # CUDA context, cuDNN/cuBLAS workspaces, TensorFlow's own
FRAGMENTATION = 0.10  # TensorFlow's BFC allocator never packs perfectly
# Of the memory a card's driver gives jobs: the rest is the driver's own and fragmentation's.
# Every fit in the plans, the rent table and `vram` is judged against this one share.
USABLE_FRACTION = 0.92
OPTIMIZER_BYTES = {"adam": 8, "adamw": 8, "sgd-momentum": 4, "sgd": 0}
# Keras/TensorFlow transformer training, calibrated on TensorFlow's own published maximum batches
# (google-research/bert README, Titan X 12 GB, TF 1.11, Adam; docs/PLANNING.md "Memory
# calibration"): per layer and sample s*h*(LINEAR + QUADRATIC*a*s/h) bytes in FP32 (halved in
# mixed precision). Without fused attention TensorFlow keeps every intermediate: dropout masks,
# the GELU's parts, layer norms, the attention scores and their softmax.
KERAS_ACT_LINEAR = 160.0
KERAS_ACT_QUADRATIC = 6.5
FUSED_ACT_LINEAR = 34.0  # Korthikanti et al. (2022): a layer's 16-bit activations, fused attention
# Per parameter, beyond weights, gradients and optimizer state: the clipped gradients and the
# optimizer's update temporaries TensorFlow holds at once (same fit).
KERAS_STEP_TEMP_BYTES = 8


def keras_trained_bytes(optimizer: str = "adam", transformer: bool = True) -> float:
    """Bytes per trained parameter under Keras mixed precision (``mixed_float16`` keeps FP32
    variables): FP32 weights 4 + FP32 gradients 4 + optimizer state + the update temporaries
    TensorFlow holds for a transformer + the FP16 cast 2; 26 with Adam. One accounting for a
    Keras preset, an LLM's full fine-tune and its LoRA adapters."""
    temporaries = KERAS_STEP_TEMP_BYTES if transformer else 0
    return 4 + 4 + OPTIMIZER_BYTES[optimizer] + temporaries + 2


PYTORCH_TRAINED_BYTES = 16  # BF16 weights and gradients + FP32 master and Adam m, v: QLoRA's
QLORA_BYTES_PER_PARAM = 0.516  # NF4 (4 bit) plus double-quantised constants (~0.127 bit/param)
INT8_BYTES_PER_PARAM = 1.0  # Keras int8: one byte a weight, a float scale per output channel
FROZEN_BYTES = {"lora": 2.0, "lora-int8": INT8_BYTES_PER_PARAM, "qlora": QLORA_BYTES_PER_PARAM}
FROZEN_FORMULA = {"lora": "frozen-fp16", "lora-int8": "frozen-int8", "qlora": "frozen-nf4"}


@dataclass(frozen=True)
class EngineMemory:
    """What an inference engine holds beside the weights and the KV cache (docs/PLANNING.md,
    "Memory by engine"): its CUDA context and workspaces, its allocator's slack, and its
    working buffers: per token of a batch ("working", 4 x batch x seq x hidden x 2 B, a
    framework's eager intermediates) or a compute graph reserved once for ``chunk`` tokens at
    a time ("graph": chunk x (vocabulary + heads x seq) x 4 B, logits and attention scores;
    an engine with fused attention keeps no scores)."""

    context_gb: float
    fragmentation: float
    buffers: str  # working or graph
    chunk: int = 0
    flash: bool = False  # fused attention: no sequence x sequence scores in the buffer


ENGINE_MEMORY = {
    # TensorFlow/KerasHub: the CUDA context with cuDNN and cuBLAS, the BFC allocator's slack.
    "keras": EngineMemory(CUDA_CONTEXT_GB, FRAGMENTATION, "working"),
    # PyTorch: a lighter context (no cuDNN autotune workspaces at load), its caching allocator.
    "transformers": EngineMemory(0.5, FRAGMENTATION, "working"),
    # llama.cpp: fixed buffers allocated once (no allocator slack), the compute graph reserved
    # for n_ubatch = 512 tokens; its load log prints the model, KV and compute buffer sizes.
    "llama.cpp": EngineMemory(0.3, 0.0, "graph", 512),
    # ExLlamaV2: fixed cache and scratch, the prompt taken in 2,048-token chunks.
    "exllama": EngineMemory(0.3, 0.0, "graph", 2048, flash=True),
    # vLLM: CUDA graphs beside the context; it takes gpu_memory_utilization = 0.9 of the card,
    # 2% less than the USABLE_FRACTION this plan counts as usable.
    "vllm": EngineMemory(0.8, USABLE_FRACTION / 0.90 - 1, "graph", 2048, flash=True),
}


KERAS_KIND = ENGINE_MEMORY["keras"]
# A CNN's tensors are few, large and the same shape every step: TensorFlow's allocator packs
# them better than a transformer's many intermediates. Calibrated on NVIDIA's published
# TensorFlow ResNet-50 recipes for a 16 GB V100 (batch 128 FP32, 256 mixed: DeepLearningExamples
# TensorFlow/Classification/ConvNets/resnet50v1.5), which fit up to 7.6%; 5% leaves them
# 0.3-0.4 GB to spare (tests/test_recipes_fit.py holds the table of published fits).
CNN_FRAGMENTATION = 0.05
KERAS_CNN = EngineMemory(CUDA_CONTEXT_GB, CNN_FRAGMENTATION, "working")


@dataclass(frozen=True)
class Part:
    """One part of a job's memory: ``name`` and ``formula`` are ids with ``params``; the words
    (both languages) are in report/memory_text.py."""

    name: str
    gb: float
    formula: str
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Note:
    id: str
    params: tuple[tuple[str, object], ...] = ()


def _p(**params: object) -> tuple[tuple[str, object], ...]:
    return tuple(params.items())


@dataclass(frozen=True, kw_only=True)
class MemoryEstimate:
    parts: tuple[Part, ...]
    total_gb: float  # per card, data parallel (every card holds the whole model)
    shardable_gb: float  # weights, gradients and optimizer state: what sharding divides
    unshardable_gb: float  # activations and buffers each card needs for its own batch
    notes: tuple[Note, ...] = ()
    context_gb: float = CUDA_CONTEXT_GB  # the framework's or engine's own
    fragmentation: float = FRAGMENTATION

    def per_card_sharded(self, cards: int) -> float:
        """Per-card need when the shardable state is split over ``cards`` (ZeRO-3 / FSDP style)."""
        subtotal = self.unshardable_gb + self.shardable_gb / max(cards, 1)
        return round(self.context_gb + (1 + self.fragmentation) * subtotal, 2)


def _finish(
    parts: list[Part],
    shardable: float,
    notes: tuple[Note, ...] = (),
    held: EngineMemory = ENGINE_MEMORY["keras"],
) -> MemoryEstimate:
    subtotal = sum(p.gb for p in parts)
    context, fragmentation = held.context_gb, held.fragmentation
    parts.append(
        Part(
            "overhead",
            context + fragmentation * subtotal,
            "overhead",
            _p(context_gb=context, fragmentation_pct=round(fragmentation * 100, 1)),
        )
    )
    total = sum(p.gb for p in parts)
    return MemoryEstimate(
        parts=tuple(Part(p.name, round(p.gb, 3), p.formula, p.params) for p in parts),
        total_gb=round(total, 2),
        shardable_gb=round(shardable, 3),
        unshardable_gb=round(subtotal - shardable, 3),
        notes=notes,
        context_gb=context,
        fragmentation=fragmentation,
    )


def keras_training(
    workload: KerasWorkload,
    batch: int,
    precision: Precision,
    optimizer: str = "adam",
    params: float | None = None,
    image_size: int | None = None,
    *,
    seq: int | None,
) -> MemoryEstimate:
    """A Keras model trained with ``optimizer`` at ``batch`` and ``seq`` (a transformer's tokens
    per sample, as planning/job/resolve.py:shape_of resolves it; None for a CNN); mixed precision keeps
    FP32 variables."""
    p = params or workload.params
    opt = OPTIMIZER_BYTES[optimizer]
    parts = [
        Part("weights", p * 4 / GB, "fp32-variables"),
        Part("gradients", p * 4 / GB, "bytes-per-parameter", _p(bytes=4)),
        Part("optimizer", p * opt / GB, "optimizer-state", _p(bytes=opt, optimizer=optimizer)),
    ]
    if workload.kind != "cnn":
        parts.append(
            Part(
                "update temporaries",
                p * KERAS_STEP_TEMP_BYTES / GB,
                "step-temporaries",
                _p(bytes=KERAS_STEP_TEMP_BYTES),
            )
        )
    if precision == "mixed":
        parts.append(Part("fp16 weight copies", p * 2 / GB, "fp16-casts"))
    act_bytes = 2 if precision == "mixed" else 4
    if workload.kind == "cnn":
        scale = ((image_size or 224) / 224) ** 2
        per_sample = workload.activation_mb_fp32 * 2**20 * scale * act_bytes / 4
        parts.append(
            Part(
                "activations",
                per_sample * batch / GB,
                "cnn-activations",
                _p(mb=workload.activation_mb_fp32, batch=batch),
            )
        )
    else:
        if seq is None:
            raise ValueError("a transformer's memory needs its sequence length")
        s = seq
        per_layer = (
            s
            * workload.hidden
            * (KERAS_ACT_LINEAR + KERAS_ACT_QUADRATIC * workload.heads * s / workload.hidden)
            * (act_bytes / 4)
        )
        parts.append(
            Part(
                "activations",
                per_layer * workload.layers * batch / GB,
                "transformer-activations",
                _p(layers=workload.layers, batch=batch),
            )
        )
    shardable = sum(
        x.gb for x in parts if x.name in ("weights", "gradients", "optimizer", "update temporaries")
    )
    return _finish(parts, shardable, held=KERAS_CNN if workload.kind == "cnn" else KERAS_KIND)


def llm(
    model: LlmModel,
    mode: LlmMode,
    *,
    seq: int,
    batch: int,
    checkpointing: bool = True,
    inference_bits: int,
    lora_rank: int = 16,
    engine: Engine,
) -> MemoryEstimate:
    """LLM inference (weights + KV cache, and what ``engine`` holds beside them) or fine-tuning
    (full, LoRA, QLoRA) in mixed precision on Keras."""
    p = model.params_b * 1e9
    parts: list[Part] = []
    notes: list[Note] = []
    kv = 2 * model.layers * model.kv_heads * model.head_dim * seq * batch * 2
    if mode == "inference":
        # The engine's own file at these bits: llama.cpp's 4-bit is Q4_K_M, 4.8 bits a weight.
        weights_format = engines.weight_format(engine, inference_bits)
        weight_bytes = round(weights_format.bytes_per_param, 3)
        parts.append(
            Part(
                "weights",
                p * weight_bytes / GB,
                "inference-weights-format",
                _p(bytes=weight_bytes, bits=inference_bits, format=weights_format.name),
            )
        )
        parts.append(
            Part(
                "kv cache",
                kv / GB,
                "kv-cache",
                _p(
                    layers=model.layers,
                    kv_heads=model.kv_heads,
                    head_dim=model.head_dim,
                    seq=seq,
                    batch=batch,
                ),
            )
        )
        held = ENGINE_MEMORY[engine]
        if held.buffers == "graph":
            chunk = min(held.chunk, seq * batch)
            parts.append(
                Part(
                    "activations",
                    chunk * (model.vocab + (0 if held.flash else model.heads * seq)) * 4 / GB,
                    "engine-flash-buffers" if held.flash else "engine-graph-buffers",
                    _p(chunk=chunk, engine=engine),
                )
            )
        else:
            parts.append(
                Part(
                    "activations",
                    4 * batch * seq * model.hidden * 2 / GB,
                    "inference-buffers",
                )
            )
        shardable = parts[0].gb + parts[1].gb
        if model.moe:
            notes.append(Note("moe", _p(total_b=model.params_b, active_b=model.active_params_b)))
        if model.kv_heads < model.heads:
            notes.append(Note("gqa", _p(kv_heads=model.kv_heads, heads=model.heads)))
        return _finish(parts, shardable, tuple(notes), held)
    per_layer: float
    if checkpointing:
        per_layer = 2 * seq * batch * model.hidden
        act_formula = "llm-activations-checkpointed"
    else:
        per_layer = seq * batch * model.hidden * (34 + 5 * model.heads * seq / model.hidden)
        act_formula = "llm-activations"
    activations = per_layer * model.layers / GB
    logits = batch * seq * model.vocab * 4 / GB  # FP32 logits for the loss
    if mode == "full":
        # Keras's own accounting, as for its presets (keras_training): FP32 variables under
        # mixed_float16, FP32 gradients, Adam's m and v, the update temporaries, the FP16 casts.
        opt = OPTIMIZER_BYTES["adam"]
        parts += [
            Part("weights", p * 4 / GB, "fp32-variables"),
            Part("gradients", p * 4 / GB, "bytes-per-parameter", _p(bytes=4)),
            Part("optimizer", p * opt / GB, "optimizer-state", _p(bytes=opt, optimizer="adam")),
            Part(
                "update temporaries",
                p * KERAS_STEP_TEMP_BYTES / GB,
                "step-temporaries",
                _p(bytes=KERAS_STEP_TEMP_BYTES),
            ),
            Part("fp16 weight copies", p * 2 / GB, "fp16-casts"),
        ]
        shardable = sum(x.gb for x in parts)
    else:
        trainable = lora_parameters(model, lora_rank)
        base = p * FROZEN_BYTES[mode]
        # Keras trains its adapters as any variable; QLoRA's (PyTorch) is PyTorch's figure.
        per = PYTORCH_TRAINED_BYTES if mode == "qlora" else keras_trained_bytes()
        parts += [
            Part("base weights", base / GB, FROZEN_FORMULA[mode]),
            Part(
                "adapters",
                trainable * per / GB,
                "lora-adapters",
                _p(millions=round(trainable / 1e6, 1), rank=lora_rank, bytes=per),
            ),
        ]
        shardable = parts[0].gb
        notes.append(Note("trained-share", _p(pct=round(trainable / p * 100, 2))))
    parts.append(
        Part("activations", activations, act_formula, _p(layers=model.layers, seq=seq, batch=batch))
    )
    if checkpointing:
        parts.append(_recomputed_layer(model, mode, seq, batch))
    parts.append(Part("logits", logits, "logits", _p(vocab=model.vocab)))
    if not checkpointing:
        notes.append(Note("no-checkpointing"))
    return _finish(parts, shardable, tuple(notes))


def _recomputed_layer(model: LlmModel, mode: LlmMode, seq: int, batch: int) -> Part:
    """The layer being recomputed holds all of its own activations while its backward pass
    runs. TensorFlow keeps attention's scores and softmax whole (no fused attention on its back
    end): the Keras figure calibrated on TensorFlow's own batches, halved in mixed precision.
    At 8,192 tokens on an 8 B model that is 9.0 GB, which the saved layer inputs alone (2 GB)
    left out: the LoRA plan sold a 32 GB card for a job that needs 34. Keras 3 on JAX keeps no
    scores where KerasHub takes its flash attention, but only on some cards (compute capability
    8.0 and up, not a T4): a plan for every card counts them. QLoRA is PyTorch's
    (method-pytorch-only), whose fused attention keeps none: Korthikanti et al.'s 34 s b h in
    16-bit, without their quadratic term."""
    tokens = seq * batch * model.hidden
    if mode == "qlora":
        return Part(
            "recomputed layer",
            tokens * FUSED_ACT_LINEAR / GB,
            "llm-recomputed-layer-fused",
            _p(seq=seq, batch=batch),
        )
    per = KERAS_ACT_LINEAR + KERAS_ACT_QUADRATIC * model.heads * seq / model.hidden
    return Part(
        "recomputed layer",
        tokens * per / 2 / GB,
        "llm-recomputed-layer-keras",
        _p(heads=model.heads, seq=seq, batch=batch),
    )


def lora_parameters(model: LlmModel, rank: int = 16) -> float:
    """Adapters of rank ``rank`` on q, k, v and o of every layer: each an A (its projection's
    input x rank) and a B (rank x its output). k and v project to the key/value heads only
    (grouped-query attention): Llama 3 8B's 8 of 32 heads give 13.6 M, not the 16.8 M of four
    hidden-square projections."""
    queries = model.heads * model.head_dim
    keys = model.kv_heads * model.head_dim
    per_layer = (model.hidden + queries) * 2 + (model.hidden + keys) * 2
    return model.layers * rank * per_layer


def cards_needed(
    estimate: MemoryEstimate,
    card_gb: float,
    usable_fraction: float = USABLE_FRACTION,
    max_cards: int = 64,
    sharded: bool = True,
) -> int | None:
    """Fewest cards that hold the job with sharded state; None when even ``max_cards`` do not.
    Without sharding (``MirroredStrategy``: every card holds the whole job) one card or none."""
    usable = card_gb * usable_fraction
    if estimate.total_gb <= usable:
        return 1
    if not sharded:
        return None
    for cards in range(2, max_cards + 1):
        if estimate.per_card_sharded(cards) <= usable:
            return cards
    return None


def no_share_fits(
    estimate: MemoryEstimate, card_gb: float, usable_fraction: float = USABLE_FRACTION
) -> bool:
    """Whether what every card needs whatever the count (activations, logits, the context)
    is more than a card of ``card_gb`` holds: no number of them runs the job."""
    return estimate.per_card_sharded(10**6) > card_gb * usable_fraction


@dataclass(frozen=True)
class CardFit:
    """Whether one card holds a job, and what would: the facts ``predict`` reports."""

    fits: bool
    needed_gb: float  # on one card
    card_gb: float
    usable_gb: float
    sharded_cards: int | None  # cards of this size with the state sharded (Keras 3 on JAX)


def fit_on(
    estimate: MemoryEstimate, card_gb: float, usable_fraction: float = USABLE_FRACTION
) -> CardFit:
    return CardFit(
        estimate.total_gb <= card_gb * usable_fraction,
        estimate.total_gb,
        card_gb,
        round(card_gb * usable_fraction, 2),
        cards_needed(estimate, card_gb, usable_fraction),
    )
