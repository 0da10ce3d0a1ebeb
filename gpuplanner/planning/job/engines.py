"""The LLM inference engines a prediction can be made for, and which weight formats each runs.

An engine decides how fast a card decodes as much as the card does: llama.cpp, ExLlama and
vLLM read the weights close to the memory's speed, while a framework decoding one token at a
time without fused kernels (Hugging Face transformers) waits on kernel launches, so there an
A100 is no faster than an RTX 3090. The speed model fits each engine on its own measurements
(tools/fit_llm_inference.py); this module holds the facts the planner checks a job against.
"""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class WeightFormat:
    """The weight file an engine loads at a precision: its name and the bits a parameter takes
    with the format's scales (and, where the format keeps them whole, its 16-bit embeddings)."""

    name: str
    bits_per_weight: float

    @property
    def bytes_per_param(self) -> float:
        return self.bits_per_weight / 8


# Each engine's common file at each precision (what a user downloads or makes for it):
# - llama.cpp: GGUF. Q4_K_M is the usual 4-bit choice, 4.8 bits a weight (its k-quants mix
#   Q4_K and Q6_K blocks: Llama 2 70B's Q4_K_M file is 41.42 GB for 68.98 B parameters); Q8_0
#   is 8 bits plus an FP16 scale per 32 weights, 8.5 bits (llama.cpp's quantize table).
# - vLLM and ExLlama: AWQ / GPTQ 4-bit with a scale and zero per 128 weights, the embeddings
#   and output layer left at 16 bits: 0.57 bytes a parameter on a 7B model (LLaMA 2 7B GPTQ,
#   3.9 GB; resources/measurements/README.md); 8-bit: one byte and a scale per channel.
# - transformers: bitsandbytes NF4 with its quantisation constants (about 4.2 bits), LLM.int8().
# - KerasHub: 16-bit weights, or Keras's int8 quantize (a scale per channel).
WEIGHT_FORMATS: dict[tuple[Engine, int], WeightFormat] = {
    (KERAS, 16): WeightFormat("FP16/BF16", 16.0),
    (KERAS, 8): WeightFormat("int8 (Keras quantize)", 8.0),
    (LLAMA_CPP, 16): WeightFormat("GGUF F16", 16.0),
    (LLAMA_CPP, 8): WeightFormat("GGUF Q8_0", 8.5),
    (LLAMA_CPP, 4): WeightFormat("GGUF Q4_K_M", 4.8),
    (VLLM, 16): WeightFormat("FP16/BF16", 16.0),
    (VLLM, 8): WeightFormat("INT8 W8A16", 8.0),
    (VLLM, 4): WeightFormat("AWQ/GPTQ 4-bit", 4.56),
    (EXLLAMA, 8): WeightFormat("EXL2 8.0 bpw", 8.0),
    (EXLLAMA, 4): WeightFormat("GPTQ/EXL2 4-bit", 4.56),
    (TRANSFORMERS, 16): WeightFormat("FP16/BF16", 16.0),
    (TRANSFORMERS, 8): WeightFormat("bitsandbytes LLM.int8()", 8.0),
    (TRANSFORMERS, 4): WeightFormat("bitsandbytes NF4", 4.2),
}


def weight_format(engine: Engine, bits: int) -> WeightFormat:
    """The format ``engine`` loads ``bits``-bit weights in; where it loads none at ``bits``
    (an estimate asked without an engine: memory's default is Keras), the format of the
    engine that runs them by default (llama.cpp's Q4_K_M for 4 bits)."""
    found = WEIGHT_FORMATS.get((engine, bits))
    if found is None:
        require(default_engine(bits), bits)
        return WEIGHT_FORMATS[(default_engine(bits), bits)]
    return found


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
