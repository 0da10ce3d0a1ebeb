"""How much GPU memory a job needs and how many cards of a size hold it: for ``gpuplanner
vram``, ``predict`` and the wizard's job page, from the same estimates the plan ranks with.

A Keras job runs replicated on every TensorFlow route (``MirroredStrategy``: each card holds
the whole job), so one card holds it or none does; an LLM's weights and optimizer state can be
sharded, on Keras 3 with JAX (the keras-other route) only."""

from __future__ import annotations

from collections.abc import Iterable

from gpuplanner.catalog import llm_presets
from gpuplanner.core.vocab import Engine, KerasWorkloadName, LlmMode, Precision
from gpuplanner.planning.job import engines, memory
from gpuplanner.planning.job.memory import CardFit, MemoryEstimate
from gpuplanner.planning.job.resolve import (
    FINE_TUNING_SEQ,
    INFERENCE_SEQ,
    job_memory,
    resolve,
    stand_in_llm,
)
from gpuplanner.planning.job.workloads import KERAS, LlmModel, find_llm
from gpuplanner.planning.request import PlanError, PlanRequest

__all__ = ["CardFit", "MemoryEstimate", "cards_needed", "fit_on", "keras_job", "llm_job"]

# A size above this is a parameter count written out (7e9), not billions (7).
WRITTEN_OUT = 1e4


def keras_job(
    workload: KerasWorkloadName, batch: int | None, precision: Precision, seq: int | None = None
) -> MemoryEstimate:
    """A Keras preset's training memory at ``batch`` (its default batch when None)."""
    preset = KERAS[workload]
    return memory.keras_training(preset, batch or preset.default_batch, precision, seq=seq)


def default_batch(workload: KerasWorkloadName) -> int:
    return KERAS[workload].default_batch


def llm_model_name(model: str | None, params: float | None) -> str:
    """A preset's name, or a stand-in's for a size in billions (7 or 7e9)."""
    return _llm(model, params).name


def _llm(model: str | None, params: float | None) -> LlmModel:
    if model:
        presets = llm_presets.bundled()
        found = find_llm(model, presets)
        if found is None:
            known = ", ".join(sorted(m.id for m in presets))
            raise PlanError(f"unknown model {model!r}; known: {known}")
        return found
    assert params is not None  # the command line asks for one of the two
    return stand_in_llm(params / 1e9 if params > WRITTEN_OUT else params)


def llm_job(
    model: str | None,
    params: float | None,
    mode: LlmMode,
    *,
    seq: int | None = None,
    batch: int = 1,
    checkpointing: bool = True,
    bits: int = 16,
    engine: Engine | None = None,
) -> MemoryEstimate:
    """An LLM's memory for inference or a fine-tuning method: a preset by name (``PlanError``
    when unknown) or a stand-in of ``params`` billions; the context the mode usually has."""
    return memory.llm(
        _llm(model, params),
        mode,
        seq=seq or (INFERENCE_SEQ if mode == "inference" else FINE_TUNING_SEQ),
        batch=batch,
        checkpointing=checkpointing,
        inference_bits=bits,
        # Inference memory is the engine's (its default for the weights when None).
        engine=(engine or engines.default_engine(bits)) if mode == "inference" else engines.KERAS,
    )


def request_job(request: PlanRequest) -> MemoryEstimate:
    """The memory of the job a plan request describes, the scenario's defaults filled in as
    the plan fills them (the wizard's job page)."""
    return job_memory(resolve(request), llm_presets.bundled())[0]


def cards_needed(
    estimate: MemoryEstimate, sizes: Iterable[int], sharded: bool
) -> dict[int, int | None]:
    """Cards of each size (GB) that hold the job: one or None replicated, any number sharded."""
    return {gb: memory.cards_needed(estimate, gb, sharded=sharded) for gb in sizes}


def fit_on(estimate: MemoryEstimate, card_gb: float) -> CardFit:
    """Whether one card of ``card_gb`` holds the job, and how many hold it sharded."""
    return memory.fit_on(estimate, card_gb)
