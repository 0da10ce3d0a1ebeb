"""How much GPU memory a job needs and how many cards of a size hold it: for ``gpuplanner
vram``, ``predict`` and the wizard's job page, from the same estimates the plan ranks with.

A Keras job runs replicated on every TensorFlow route (``MirroredStrategy``: each card holds
the whole job), so one card holds it or none does; an LLM's weights and optimizer state can be
sharded, on Keras 3 with JAX (the keras-other route) only."""

from __future__ import annotations

from collections.abc import Iterable

from gpuplanner.catalog import llm_presets
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.planning.job import memory
from gpuplanner.planning.job.memory import CardFit, MemoryEstimate
from gpuplanner.planning.job.resolve import (
    JobShape,
    job_memory,
    memory_of,
    mix_of,
    planned_jobs,
    resolve,
    shape_of,
    stand_in_llm,
)
from gpuplanner.planning.job.workloads import LlmModel, find_llm
from gpuplanner.planning.request import PlanError, PlanRequest

__all__ = ["CardFit", "JobShape", "MemoryEstimate", "cards_needed", "fit_on", "job_estimate"]

# A size above this is a parameter count written out (7e9), not billions (7).
WRITTEN_OUT = 1e4


def job_estimate(
    inputs: JobInputs, *, checkpointing: bool = True
) -> tuple[JobShape, MemoryEstimate]:
    """What the job of ``inputs`` runs at, every default filled in by the one resolver
    (planning/job/resolve.py:shape_of), and its memory: a Keras preset's, or an LLM preset's by name
    (``PlanError`` when unknown) or a stand-in of ``llm_params_b`` billions."""
    shape = shape_of(inputs)
    llm = _llm(inputs.llm_model, inputs.llm_params_b) if shape.method is not None else None
    return shape, memory_of(shape, llm, checkpointing=checkpointing)


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


def largest_job(request: PlanRequest) -> tuple[str | None, MemoryEstimate]:
    """(name, memory) of the request's job, the scenario's defaults filled in as the plan
    fills them, or of its mix's largest job, which decides the memory every card needs
    (planning/plan/mix.py; the wizard's job page); the name is None for a single job."""
    llms = llm_presets.bundled()
    jobs = planned_jobs(request)
    if not jobs:
        return None, job_memory(resolve(request), llms)[0]
    needs = [
        (mixed.name, job_memory(resolve(part), llms)[0])
        for mixed, (part, _) in zip(jobs, mix_of(request), strict=True)
    ]
    return max(needs, key=lambda need: need[1].total_gb)


def cards_needed(
    estimate: MemoryEstimate, sizes: Iterable[int], sharded: bool
) -> dict[int, int | None]:
    """Cards of each size (GB) that hold the job: one or None replicated, any number sharded."""
    return {gb: memory.cards_needed(estimate, gb, sharded=sharded) for gb in sizes}


def no_share_fits(estimate: MemoryEstimate, card_gb: int) -> bool:
    """No number of cards of ``card_gb`` holds the job (planning/job/memory.py)."""
    return memory.no_share_fits(estimate, card_gb)


def fit_on(estimate: MemoryEstimate, card_gb: float) -> CardFit:
    """Whether one card of ``card_gb`` holds the job, and how many hold it sharded."""
    return memory.fit_on(estimate, card_gb)
