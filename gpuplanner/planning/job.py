"""What the job is: the request checked, its sequence and batch, and the memory it needs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gpuplanner.core.scenarios import PRESETS
from gpuplanner.planning import engines, memory
from gpuplanner.planning.request import PlanError, PlanRequest
from gpuplanner.planning.workloads import KERAS, LlmModel, find_llm

LLM_MODES = ("full", "lora", "lora-int8", "qlora")
INFERENCE_SEQ = 4096  # a chat context
FINE_TUNING_SEQ = 2048


def seq_of(request: PlanRequest, mode: str | None) -> int | None:
    """The sequence length the job runs at: the request's, else the mode's usual one."""
    if request.seq:
        return request.seq
    if mode is None:
        return None  # a Keras preset's own shape
    return INFERENCE_SEQ if mode == "inference" else FINE_TUNING_SEQ


def batch_of(request: PlanRequest, workload: str) -> int:
    """The batch the job runs at: the request's, else the preset's default (1 for LLMs)."""
    if request.batch:
        return request.batch
    return KERAS[workload].default_batch if workload in KERAS else 1


def stand_in_llm(params_b: float) -> LlmModel:
    """A model given only by its size: a Llama-shaped stand-in scaled from Llama 2 7B."""
    scale = (params_b / 7.0) ** 0.5
    return LlmModel(
        id="custom",
        name=f"{params_b:g}B model",
        params_b=params_b,
        layers=int(32 * scale),
        hidden=int(4096 * scale) // 128 * 128,
        heads=32,
        kv_heads=8,
        ffn=int(11008 * scale),
        vocab=32000,
    )


def engine_of(request: PlanRequest) -> str:
    """The LLM inference engine of the request: the one asked, else the default for its weights."""
    return request.engine or engines.default_engine(request.bits)


def job_memory(
    request: PlanRequest, workload: str, llms: Sequence[LlmModel]
) -> tuple[memory.MemoryEstimate, LlmModel | None, str | None]:
    """(memory estimate, LLM model or None, LLM mode or None) for the request's job; ``llms``:
    the catalog's LLM presets."""
    if workload == "llm":
        model = find_llm(request.llm_model or "", llms)
        if model is None and request.llm_params_b is not None:
            model = stand_in_llm(request.llm_params_b)
        if model is None:
            raise PlanError(
                f"unknown model {request.llm_model!r}; known: {', '.join(sorted(m.id for m in llms))}"
            )
        mode = request.llm_mode or "qlora"
        engine = engine_of(request)
        if mode == "inference" or engine not in engines.RUNS_BITS:
            engines.require(engine, request.bits)
        estimate = memory.llm(
            model,
            mode,
            seq=seq_of(request, mode) or FINE_TUNING_SEQ,  # an LLM mode always has one
            batch=batch_of(request, workload),
            inference_bits=request.bits,
            engine=engine if mode == "inference" else engines.KERAS,
        )
        return estimate, model, mode
    preset = KERAS[workload]
    return (
        memory.keras_training(
            preset, batch_of(request, workload), request.precision, seq=request.seq
        ),
        None,
        None,
    )


def validated(request: PlanRequest) -> tuple[PlanRequest, str, float, int]:
    preset = PRESETS[request.scenario]
    if request.currency not in ("CNY", "USD"):
        raise PlanError(f"unknown currency {request.currency!r}: use CNY or USD")
    # The inputs were checked when the request was made (core/job_inputs.py).
    budget = request.budget if request.budget is not None else preset.budget(request.currency).high
    if request.psu is not None and request.psu.rated_w <= 0:
        raise PlanError("the power supply's wattage must be above zero")
    workload = request.workload or preset.workload
    if workload == "llm" and request.llm_model is None and request.llm_params_b is None:
        request = replace(
            request, llm_model=preset.llm_model, llm_mode=request.llm_mode or preset.llm_mode
        )
    max_gpus = preset.max_gpus if request.max_gpus is None else request.max_gpus
    return request, workload, budget, max_gpus
