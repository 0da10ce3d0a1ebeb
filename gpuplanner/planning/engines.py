"""The LLM inference engines a prediction can be made for, and which weight formats each runs.

An engine decides how fast a card decodes as much as the card does: llama.cpp, ExLlama and
vLLM read the weights close to the memory's speed, while a framework decoding one token at a
time without fused kernels (Hugging Face transformers) waits on kernel launches, so there an
A100 is no faster than an RTX 3090. The speed model fits each engine on its own measurements
(tools/fit_llm_inference.py); this module holds the facts the planner checks a job against.
"""

from __future__ import annotations

from typing import Final

from gpuplanner.core.vocab import Engine
from gpuplanner.planning.errors import PlanError

KERAS: Final = "keras"
LLAMA_CPP: Final = "llama.cpp"
VLLM: Final = "vllm"
EXLLAMA: Final = "exllama"
TRANSFORMERS: Final = "transformers"

# The weight formats each engine loads: KerasHub runs 16-bit weights and Keras 3's int8
# quantisation; ExLlama runs its quantised formats only (GPTQ, EXL2); llama.cpp (GGUF), vLLM
# (AWQ/GPTQ, INT8) and transformers (bitsandbytes) run all three.
RUNS_BITS: dict[Engine, frozenset[int]] = {
    KERAS: frozenset({16, 8}),
    LLAMA_CPP: frozenset({16, 8, 4}),
    VLLM: frozenset({16, 8, 4}),
    EXLLAMA: frozenset({8, 4}),
    TRANSFORMERS: frozenset({16, 8, 4}),
}
ENGINES: tuple[Engine, ...] = tuple(RUNS_BITS)


def default_engine(bits: int) -> Engine:
    """The engine most TensorFlow users would run: KerasHub's ``generate`` for 16-bit weights
    (the Keras model they trained or fine-tuned), llama.cpp for 8- and 4-bit weights, the
    quantised files (GGUF) that local chat tools load."""
    return KERAS if bits == 16 else LLAMA_CPP


def runs(engine: Engine, bits: int) -> bool:
    return bits in RUNS_BITS.get(engine, frozenset())


def engines_for(bits: int) -> tuple[Engine, ...]:
    """Every engine that loads weights of ``bits``, the default first."""
    first = default_engine(bits)
    return (first, *(e for e in ENGINES if e != first and runs(e, bits)))


def require(engine: Engine, bits: int) -> None:
    """PlanError unless ``engine`` is known (a value from outside may have skipped
    core/vocab.py's ``as_engine``) and loads ``bits``-bit weights."""
    if engine not in RUNS_BITS:
        raise PlanError(f"unknown engine {engine!r}: use {', '.join(ENGINES)}")
    if not runs(engine, bits):
        loads = " and ".join(f"{b}-bit" for b in sorted(RUNS_BITS[engine], reverse=True))
        raise PlanError(f"{engine} does not run {bits}-bit weights; it runs {loads}")
