"""A job's memory breakdown in words, in the user's language (window, command line, report).

``planning/job/memory.py`` gives each part an id, a formula id and numbers; the English templates
below are the ``.ts`` file's source strings, and their Chinese comes from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gpuplanner.core.languages import ENGLISH
from gpuplanner.core.words import fill, translatable
from gpuplanner.report.plan_text import Translator, translate

if TYPE_CHECKING:
    from gpuplanner.app.records import MemoryEstimate, Note, Part

CONTEXT = "Memory"

PART_NAMES = {
    "weights": translatable("Memory", "weights"),
    "gradients": translatable("Memory", "gradients"),
    "optimizer": translatable("Memory", "optimizer state"),
    "update temporaries": translatable("Memory", "update temporaries"),
    "fp16 weight copies": translatable("Memory", "FP16 weight copies"),
    "activations": translatable("Memory", "activations"),
    "recomputed layer": translatable("Memory", "recomputed layer"),
    "overhead": translatable("Memory", "overhead"),
    "kv cache": translatable("Memory", "KV cache"),
    "base weights": translatable("Memory", "frozen base weights"),
    "adapters": translatable("Memory", "LoRA adapters"),
    "logits": translatable("Memory", "logits"),
}

FORMULAS = {
    "overhead": translatable(
        "Memory", "{context_gb} GB CUDA context + {fragmentation_pct}% allocator fragmentation"
    ),
    "fp32-variables": translatable("Memory", "parameters × 4 B (FP32 variables)"),
    "bytes-per-parameter": translatable("Memory", "parameters × {bytes} B"),
    "optimizer-state": translatable("Memory", "parameters × {bytes} B ({optimizer})"),
    "fp16-casts": translatable("Memory", "parameters × 2 B (casts for FP16 compute)"),
    "cnn-activations": translatable(
        "Memory", "{mb} MB per sample at 224×224 in FP32 × (size/224)² × batch {batch}"
    ),
    "transformer-activations": translatable(
        "Memory",
        "s·h·(160 + 6.5·a·s/h) B per layer in FP32 (Keras, calibrated; half in mixed precision) × {layers} layers × batch {batch}",
    ),
    "inference-weights": translatable("Memory", "parameters × {bytes} B ({bits}-bit weights)"),
    "inference-weights-format": translatable(
        "Memory", "parameters × {bytes} B ({bits}-bit weights as {format})"
    ),
    "kv-cache": translatable(
        "Memory",
        "2 × {layers} layers × {kv_heads} KV heads × {head_dim} × sequence {seq} × batch {batch} × 2 B",
    ),
    "inference-buffers": translatable(
        "Memory", "4 × batch × sequence × hidden × 2 B (working buffers)"
    ),
    "engine-graph-buffers": translatable(
        "Memory",
        "{chunk} tokens × (vocabulary + heads × sequence) × 4 B ({engine}'s compute buffer)",
    ),
    "engine-flash-buffers": translatable(
        "Memory", "{chunk} tokens × vocabulary × 4 B ({engine}'s logits; fused attention)"
    ),
    "half-compute-copy": translatable("Memory", "parameters × 2 B (FP16/BF16 compute copy)"),
    "mixed-adam-state": translatable(
        "Memory", "parameters × 12 B (FP32 master weights + Adam m and v)"
    ),
    "frozen-fp16": translatable("Memory", "parameters × 2 B (frozen, FP16)"),
    "step-temporaries": translatable(
        "Memory", "parameters × {bytes} B (clipped gradients and optimizer update temporaries)"
    ),
    "frozen-int8": translatable(
        "Memory", "parameters × 1 B (frozen, int8 with a scale per channel: Keras quantize)"
    ),
    "frozen-nf4": translatable(
        "Memory", "parameters × ~0.52 B (frozen, 4-bit NF4 + quantisation constants)"
    ),
    "lora-adapters": translatable(
        "Memory",
        "{millions}M LoRA parameters (rank {rank} on q, k, v, o) × {bytes} B (weights, gradients, optimizer state, update temporaries)",
    ),
    "llm-activations-checkpointed": translatable(
        "Memory",
        "2·s·b·h B per layer (checkpointed layer inputs) × {layers} layers, sequence {seq}, batch {batch}",
    ),
    "llm-recomputed-layer-fused": translatable(
        "Memory",
        "one layer's whole activations while it is recomputed: s·b·h·34 B (PyTorch's fused attention keeps no scores), sequence {seq}, batch {batch}",
    ),
    "llm-recomputed-layer-keras": translatable(
        "Memory",
        "one layer's whole activations while it is recomputed: s·b·h·(160 + 6.5·a·s/h) B in FP32, halved in mixed precision, {heads} heads, sequence {seq}, batch {batch} (TensorFlow keeps attention's scores)",
    ),
    "llm-activations": translatable(
        "Memory",
        "s·b·h·(34 + 5·a·s/h) B per layer × {layers} layers, sequence {seq}, batch {batch}",
    ),
    "logits": translatable("Memory", "batch × sequence × vocabulary {vocab} × 4 B"),
}

NOTES = {
    "moe": translatable(
        "Memory",
        "mixture of experts: all {total_b}B parameters in memory, {active_b}B work on each token",
    ),
    "gqa": translatable(
        "Memory", "grouped-query attention: {kv_heads} KV heads for {heads} query heads"
    ),
    "trained-share": translatable("Memory", "{pct}% of the parameters are trained"),
    "no-checkpointing": translatable(
        "Memory",
        "without gradient checkpointing; turning it on saves most of the activation memory",
    ),
}


# An optimizer travels as its Keras id; the formula shows its name.
OPTIMIZER_NAMES = {
    "adam": translatable("Memory", "Adam"),
    "adamw": translatable("Memory", "AdamW"),
    "sgd-momentum": translatable("Memory", "SGD with momentum"),
    "sgd": translatable("Memory", "plain SGD"),
}


def _tr(language: str, tr: Translator | None) -> Translator:
    return tr or (lambda text: translate(text, language, CONTEXT))


def _shown(value: object) -> str:
    """A figure in a sentence: "0.5", "32,000"; words as they are."""
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, int) and value >= 10_000:
        return f"{value:,}"
    return str(value)


def _fill(template: str, params: Iterable[tuple[str, object]]) -> str:
    return fill(template, **{key: _shown(value) for key, value in params})


def part_name(part: Part, language: str = ENGLISH, tr: Translator | None = None) -> str:
    template = PART_NAMES.get(part.name)
    return _tr(language, tr)(template) if template else part.name


def part_formula(part: Part, language: str = ENGLISH, tr: Translator | None = None) -> str:
    template = FORMULAS.get(part.formula)
    if not template:
        return part.formula
    words = _tr(language, tr)
    params = [
        (
            key,
            words(OPTIMIZER_NAMES[value])
            if key == "optimizer" and value in OPTIMIZER_NAMES
            else value,
        )
        for key, value in part.params
    ]
    return _fill(words(template), params)


def note_text(note: Note, language: str = ENGLISH, tr: Translator | None = None) -> str:
    template = NOTES.get(note.id)
    return _fill(_tr(language, tr)(template), note.params) if template else note.id


def rows(
    estimate: MemoryEstimate, language: str = ENGLISH, tr: Translator | None = None
) -> list[tuple[str, float, str]]:
    """(name, GB, formula) per part, in words."""
    return [
        (part_name(p, language, tr), p.gb, part_formula(p, language, tr)) for p in estimate.parts
    ]
