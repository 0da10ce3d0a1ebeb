"""What the job is: the request checked and resolved against its scenario (``resolve``, the one
place a scenario's defaults are filled in), its sequence and batch, and the memory it needs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gpuplanner.core.scenarios import PRESETS, ScenarioPreset
from gpuplanner.core.vocab import Engine, LlmMode, Workload
from gpuplanner.planning.job import engines, memory
from gpuplanner.planning.job.workloads import KERAS, LlmModel, find_llm
from gpuplanner.planning.request import PlanError, PlanRequest

INFERENCE_SEQ = 4096  # a chat context
FINE_TUNING_SEQ = 2048
# An LLM job of the user's own model with no method given (the scenario's own model comes with
# the scenario's method).
DEFAULT_METHOD: LlmMode = "qlora"


@dataclass(frozen=True, kw_only=True)
class ResolvedJob:
    """The job as planned: the request with its scenario's defaults in place of what it left
    unset (budget, workload, card count; the scenario's model and method for an LLM job given no
    model), made once by ``resolve`` and read by the planner, the session and every front end."""

    request: PlanRequest  # budget, workload and max_gpus never None; the LLM model as planned
    preset: ScenarioPreset
    workload: Workload
    budget: float
    max_gpus: int
    # The LLM's method: the one asked, else DEFAULT_METHOD; None for a Keras job. The request
    # keeps the method as asked (None when not), which the plan words differently.
    method: LlmMode | None

    def replaced(self, **changes: Any) -> ResolvedJob:
        """The same job with some inputs changed (a larger batch, the method ranked instead)."""
        return resolve(replace(self.request, **changes))


def resolve(request: PlanRequest) -> ResolvedJob:
    """``request`` checked and resolved against its scenario: the one function that fills in a
    scenario's defaults (``PlanError`` for what no plan can have). Resolving a resolved request
    changes nothing."""
    preset = PRESETS[request.scenario]
    if request.currency not in ("CNY", "USD"):
        raise PlanError(f"unknown currency {request.currency!r}: use CNY or USD")
    # The inputs were checked when the request was made (core/job_inputs.py).
    if request.psu is not None and request.psu.rated_w <= 0:
        raise PlanError("the power supply's wattage must be above zero")
    workload = request.workload or preset.workload  # both words (core/job_inputs.py checks)
    budget = request.budget if request.budget is not None else preset.budget(request.currency).high
    max_gpus = preset.max_gpus if request.max_gpus is None else request.max_gpus
    resolved = replace(request, workload=workload, budget=budget, max_gpus=max_gpus)
    method: LlmMode | None = None
    if workload == "llm":
        if request.llm_model is None and request.llm_params_b is None:
            resolved = replace(
                resolved,
                llm_model=preset.llm_model,
                llm_mode=request.llm_mode or preset.llm_mode,
            )
        method = resolved.llm_mode or DEFAULT_METHOD
    return ResolvedJob(
        request=resolved,
        preset=preset,
        workload=workload,
        budget=budget,
        max_gpus=max_gpus,
        method=method,
    )


def seq_of(request: PlanRequest, mode: LlmMode | None) -> int | None:
    """The sequence length the job runs at: the request's, else the mode's usual one."""
    if request.seq:
        return request.seq
    if mode is None:
        return None  # a Keras preset's own shape
    return INFERENCE_SEQ if mode == "inference" else FINE_TUNING_SEQ


def batch_of(request: PlanRequest, workload: Workload) -> int:
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


def engine_of(request: PlanRequest) -> Engine:
    """The LLM inference engine of the request: the one asked, else the default for its weights."""
    return request.engine or engines.default_engine(request.bits)


def job_memory(
    job: ResolvedJob, llms: Sequence[LlmModel]
) -> tuple[memory.MemoryEstimate, LlmModel | None, LlmMode | None]:
    """(memory estimate, LLM model or None, LLM method or None) for the job; ``llms``: the
    catalog's LLM presets."""
    request, workload = job.request, job.workload
    if job.method is not None:
        model = find_llm(request.llm_model or "", llms)
        if model is None and request.llm_params_b is not None:
            model = stand_in_llm(request.llm_params_b)
        if model is None:
            raise PlanError(
                f"unknown model {request.llm_model!r}; known: {', '.join(sorted(m.id for m in llms))}"
            )
        mode = job.method
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
