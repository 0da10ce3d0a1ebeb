"""Which cards each LLM inference engine runs on, and through which GPU backend.

An engine other than KerasHub does not run on TensorFlow, so the TensorFlow route's rules (its
compute-capability floor, ROCm only through the official wheels, the NGC container) say
nothing about it: llama.cpp runs a Blackwell card, a Pascal Tesla or a Radeon on Windows where
no TensorFlow build does. Each engine's own requirements, as its documentation stated them
(read 2026-12-04):

- llama.cpp (its build guide, README "Supported backends"): CUDA for NVIDIA from compute
  capability 5.0, HIP for AMD cards ROCm lists, Vulkan for every other AMD and Intel card, SYCL
  for Intel; builds for Linux and Windows.
- vLLM (docs.vllm.ai, "GPU installation", v0.31): Linux only (on Windows through WSL2); NVIDIA
  from compute capability 7.5; AMD MI200/MI300/MI350 (CDNA 2-4), Radeon RX 7900 and RX 9000
  (gfx1100/1101, gfx1200/1201); Intel Arc and Data Center GPUs through XPU.
- ExLlamaV2 (its README and issues #40, turboderp/exllama #27): PyTorch's CUDA or ROCm (Linux);
  its kernels compute in FP16, which Pascal cards other than the GP100 run at 1/64 of FP32.
- Hugging Face transformers: PyTorch's CUDA wheels (compute capability 5.0 and newer in the
  CUDA 12.6 build), ROCm on Linux for the cards ROCm lists, Intel XPU.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.core.vocab import Engine
from gpuplanner.planning.job.engines import EXLLAMA, LLAMA_CPP, TRANSFORMERS, VLLM

# Why an engine cannot run a card (a finding's parameter; its sentence is the report's).
Refusal = Literal["cc-below", "vendor", "amd-chip"]

NVIDIA_FLOOR: Final[dict[Engine, float]] = {
    LLAMA_CPP: 5.0,
    VLLM: 7.5,
    EXLLAMA: 6.0,
    TRANSFORMERS: 5.0,
}
LINUX_ONLY: Final = frozenset({VLLM})
# vLLM builds ROCm kernels for these AMD chips only (gfx90a, gfx942, gfx950, gfx1100/1101,
# gfx1200/1201): the architectures whole, and RDNA 3's two large dies.
VLLM_AMD_ARCHITECTURES: Final = frozenset({"CDNA 2.0", "CDNA 3.0", "CDNA 4.0", "RDNA 4.0"})
VLLM_AMD_CHIPS: Final = frozenset({"Navi 31", "Navi 32"})
FP16_SLOW_CC: Final = frozenset({"6.1"})  # Pascal other than GP100: FP16 at 1/64 rate


@dataclass(frozen=True, kw_only=True)
class EngineSupport:
    engine: Engine
    runs: bool
    backend: str = ""  # CUDA, HIP (ROCm), Vulkan, SYCL, XPU
    refusal: Refusal | None = None
    floor: float | None = None  # the compute capability the engine needs, when below it
    linux_only: bool = False  # on Windows, through WSL2
    fp16_slow: bool = False  # ExLlama's FP16 kernels on a card with a crippled FP16 rate


def _cc(gpu: GpuSpec) -> float | None:
    try:
        return float(gpu.compute_capability) if gpu.compute_capability else None
    except ValueError:
        return None


def support(engine: Engine, gpu: GpuSpec, *, linux: bool) -> EngineSupport:
    """Whether ``engine`` runs ``gpu`` and through which backend; ``linux``: the machine runs
    Linux (ROCm's HIP is planned only there; elsewhere an AMD card is Vulkan's)."""
    linux_only = engine in LINUX_ONLY
    if gpu.vendor == "NVIDIA":
        cc = _cc(gpu)
        floor = NVIDIA_FLOOR[engine]
        if cc is None or cc < floor:
            return EngineSupport(engine=engine, runs=False, refusal="cc-below", floor=floor)
        slow = engine == EXLLAMA and gpu.compute_capability in FP16_SLOW_CC
        return EngineSupport(
            engine=engine, runs=True, backend="CUDA", linux_only=linux_only, fp16_slow=slow
        )
    rocm = gpu.tf_status == "rocm"
    if gpu.vendor == "AMD":
        if engine == LLAMA_CPP:
            backend = "HIP (ROCm)" if rocm and linux else "Vulkan"
            return EngineSupport(engine=engine, runs=True, backend=backend)
        if engine == VLLM:
            listed = gpu.architecture in VLLM_AMD_ARCHITECTURES or gpu.chip in VLLM_AMD_CHIPS
            if not listed:
                return EngineSupport(engine=engine, runs=False, refusal="amd-chip")
            return EngineSupport(engine=engine, runs=True, backend="ROCm", linux_only=True)
        if not rocm:
            return EngineSupport(engine=engine, runs=False, refusal="amd-chip")
        return EngineSupport(engine=engine, runs=True, backend="ROCm", linux_only=True)
    if gpu.vendor == "Intel":
        if engine == LLAMA_CPP:
            return EngineSupport(engine=engine, runs=True, backend="SYCL / Vulkan")
        if engine in (VLLM, TRANSFORMERS):
            return EngineSupport(engine=engine, runs=True, backend="XPU", linux_only=linux_only)
    return EngineSupport(engine=engine, runs=False, refusal="vendor")


def strategy_api(engine: Engine, count: int) -> str:
    """What the user writes to split a model's layers over ``count`` cards in ``engine``."""
    return {
        LLAMA_CPP: "--split-mode layer",
        VLLM: f"--pipeline-parallel-size {count}",
        EXLLAMA: "gpu_split",
        TRANSFORMERS: 'device_map="auto"',
    }.get(engine, "")
