"""LLM inference speed: what one decode step reads and computes on a card, and how fast an
engine's fitted figures run it (tools/fit_llm_inference.py, docs/PREDICTION.md "LLM
inference"). Decode is bandwidth-bound at small batches (every weight of the engine's file and
the KV cache read once a token, plus a fixed cost per layer), compute-bound at large ones;
prefill is compute-bound. The training predictions are planning/speed/training.py's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gpuplanner.catalog.records import GpuSpec, LlmModel
from gpuplanner.core.vocab import Engine
from gpuplanner.planning.job import engines
from gpuplanner.planning.speed.bandwidth import usable_bandwidth_gbs


@dataclass(frozen=True, kw_only=True)
class InferenceParams:
    """One engine's LLM inference, fitted on measured decode speeds (tools/fit_llm_inference.py).

    Decode: each generated token reads every weight and the KV cache once, so one step takes
    (weights + KV cache) / (efficiency x bandwidth) + a fixed cost per layer (kernel launches,
    synchronisation, dequantising), or the compute of batch x 2 x parameters FLOPs when that is
    longer. Prefill is compute-bound: efficiency x FP16 tensor rate / (2 x parameters) tokens/s.
    On HBM a layer's small kernels (norms, rotary embedding, the KV cache's append, a one-token
    attention) each wait on a memory with a longer latency than GDDR's: a fixed time more per
    layer, whatever the bandwidth (llama.cpp's table: A100 and H100 PCIe spend about 4.5-5.5 ms a
    token on 7B beyond reading it, GDDR cards 2-3.5 ms; about 0.07 ms more a layer).
    """

    bandwidth_efficiency: dict[int, float]  # by weight bits (16, 8, 4)
    overhead_ms_per_layer: dict[int, float]  # by weight bits: launches, dequantisation
    prefill_efficiency: dict[int, float]  # of the FP16 tensor rate, by weight bits
    decode_error_pct: float
    prefill_error_pct: float
    hbm_factor: float = 1.0  # small-batch decode reaches less of HBM's peak than of GDDR's
    hbm_overhead_ms_per_layer: float = 0.0  # HBM's longer latency on a layer's small kernels
    engine: Engine = "llama.cpp"
    # The error of a decode prediction for each weight format the engine's own measurements
    # cover: across suites where two suites measured it, else within its one; llama.cpp's is
    # the largest of any card of its table held out of the fit (tools/fit_llm_inference.py).
    error_by_bits: Mapping[int, float] = field(default_factory=dict)
    across_suites: bool = False
    measured_bits: frozenset[int] = frozenset()

    def error_pct(self, bits: int) -> float:
        """A format without a validated error (never measured with this engine, or measured
        once) borrows the engine's worst, doubled: its speed elsewhere is a guess."""
        if bits in self.error_by_bits:
            return self.error_by_bits[bits]
        return 2 * max(self.error_by_bits.values(), default=self.decode_error_pct)

    def validated(self, bits: int) -> bool:
        return bits in self.error_by_bits

    def measured(self, bits: int) -> bool:
        return bits in self.measured_bits or self.validated(bits)


@dataclass(frozen=True)
class InferenceSpeed:
    decode_tokens_s: float  # generated tokens per second, all requests together
    prefill_tokens_s: float
    bound: str  # memory, compute or overhead (per-layer launches): what limits decode


# Engines whose FP16 matrix multiplies accumulate in FP16: llama.cpp's CUDA back end calls
# cuBLAS with FP16 compute for its F16 prefill, which a GeForce card runs at twice the rate it
# gives FP32 accumulation (its measured prefill says so: an RTX 4090 on Llama 3 8B at 151 TFLOPS,
# 91% of its FP32-accumulate peak, where an A100 reaches 22% of its own). TensorFlow (the keras
# engine) accumulates FP16 matrix multiplies in FP32 unless TF_FP16_MATMUL_USE_FP32_COMPUTE is
# turned off (tensorflow/core/util/matmul_autotune.cc), as PyTorch's cuBLAS calls (vLLM,
# transformers, ExLlama's prefill) do by default: those engines get the catalog's rate.
FP16_ACCUMULATE_ENGINES: frozenset[Engine] = frozenset({"llama.cpp"})


def inference_tflops(gpu: GpuSpec, engine: Engine) -> float:
    """The FP16 tensor rate ``engine`` gets: the catalog's (FP32 accumulation, what
    mixed-precision training uses), doubled on a GeForce card for an engine that accumulates in
    FP16 (its tensor cores run that at twice the rate)."""
    compute = float(gpu.fp16_tflops or gpu.fp32_tflops)
    geforce_half_rate = gpu.vendor == "NVIDIA" and gpu.segment == "consumer" and gpu.fp16_tflops
    if geforce_half_rate and engine in FP16_ACCUMULATE_ENGINES:
        return compute * 2
    return compute


@dataclass(frozen=True, kw_only=True)
class InferenceShape:
    """What one decode step moves and computes on one card, whatever the engine: fixed for a
    card, model, format, batch and context, so a fit that tries many engine figures reads it
    once (tools/fit_llm_inference.py)."""

    bits: int
    bytes_read: float  # the weights read per step, and the KV cache
    bandwidth_bps: float  # the card's peak
    hbm: bool
    peak_flops: float  # the FP16 tensor rate the engine gets (``inference_tflops``)
    flops_per_token: float  # 2 x the parameters that work per token
    batch: int
    layers: int


def inference_shape(
    gpu: GpuSpec,
    params_b: float,
    layers: int,
    kv_bytes_per_token: float,
    bits: int,
    batch: int,
    context: int,
    weights_gb: float,
    active_b: float | None = None,
    *,
    engine: Engine,
) -> InferenceShape:
    """``weights_gb``: what a step reads of the weights (a measured file's size, or the engine's
    format at the parameters read). A mixture of experts (``active_b`` of them work per token)
    computes 2 x active parameters per token. ``engine``: whose FP16 rate (its accumulation)."""
    params_b = active_b or params_b
    return InferenceShape(
        bits=bits,
        bytes_read=weights_gb * 1e9 + kv_bytes_per_token * context * batch,
        bandwidth_bps=usable_bandwidth_gbs(gpu) * 1e9,
        hbm=gpu.hbm,
        peak_flops=inference_tflops(gpu, engine) * 1e12,
        flops_per_token=2 * params_b * 1e9,
        batch=batch,
        layers=layers,
    )


def decode_times(shape: InferenceShape, params: InferenceParams) -> tuple[float, float, float]:
    """(memory, compute, per-layer overhead) seconds of one decode step with an engine's
    figures."""
    bits = shape.bits
    bandwidth = shape.bandwidth_bps * params.bandwidth_efficiency[bits]
    if shape.hbm:
        bandwidth *= params.hbm_factor
    peak = shape.peak_flops * params.prefill_efficiency[bits]
    per_layer_ms = params.overhead_ms_per_layer[bits]
    if shape.hbm:
        per_layer_ms += params.hbm_overhead_ms_per_layer
    return (
        shape.bytes_read / bandwidth,
        shape.flops_per_token * shape.batch / peak,
        shape.layers * per_layer_ms / 1000,
    )


def decode_tokens_s(shape: InferenceShape, params: InferenceParams) -> float:
    return _decode_rate(shape.batch, decode_times(shape, params))


def _decode_rate(batch: int, times: tuple[float, float, float]) -> float:
    memory_s, compute_s, overhead_s = times
    return round(batch / (max(memory_s, compute_s) + overhead_s), 2)


def inference_speed(shape: InferenceShape, params: InferenceParams) -> InferenceSpeed:
    """The decode and prefill speed of ``shape`` with an engine's figures."""
    times = decode_times(shape, params)
    memory_s, compute_s, overhead_s = times
    if overhead_s > max(memory_s, compute_s):
        bound = "overhead"  # kernel launches and dequantising: the card's memory waits
    else:
        bound = "memory" if memory_s >= compute_s else "compute"
    peak = shape.peak_flops * params.prefill_efficiency[shape.bits]
    return InferenceSpeed(
        decode_tokens_s=_decode_rate(shape.batch, times),
        prefill_tokens_s=round(peak / shape.flops_per_token, 1),
        bound=bound,
    )


def preset_inference(
    gpu: GpuSpec, llm: LlmModel, engine: InferenceParams, *, bits: int, batch: int, context: int
) -> InferenceSpeed:
    """One card's decode and prefill speed for an LLM preset on ``engine``'s fit. A step reads
    every weight of the file the engine loads; a mixture of experts only its active experts',
    more of them as a batch routes its tokens to different experts."""
    kv = kv_bytes_per_token(llm.layers, llm.kv_heads, llm.head_dim)
    read_b = min(llm.params_b, llm.active_b * batch) if llm.active_b else llm.params_b
    weights_gb = read_b * engines.weight_format(engine.engine, bits).bytes_per_param
    shape = inference_shape(
        gpu,
        llm.params_b,
        llm.layers,
        kv,
        bits,
        batch,
        context,
        weights_gb,
        llm.active_b,
        engine=engine.engine,
    )
    return inference_speed(shape, engine)


def kv_bytes_per_token(layers: int, kv_heads: int, head_dim: int) -> float:
    """KV cache per token of context in 16-bit: keys and values of every layer."""
    return 2.0 * layers * kv_heads * head_dim * 2
