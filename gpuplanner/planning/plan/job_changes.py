"""Ways forward that change the job: an LLM's cheaper method or lighter weights, another
TensorFlow route, a shorter sequence, a smaller batch, the family's smaller model; and, where
something fits already, a lighter job that fits for less (planning/plan/alternatives.py).
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.core.vocab import KerasWorkloadName, Workload
from gpuplanner.planning.job import engines
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.job.methods import KERAS_METHODS
from gpuplanner.planning.job.routes import ROUTES
from gpuplanner.planning.options import Alternative, Option, Plan
from gpuplanner.planning.plan.replanned import Replan, effect
from gpuplanner.planning.request import PlanRequest

# Keras's own methods, cheapest last; QLoRA's NF4 base is PyTorch's and is never proposed.
METHOD_ORDER = KERAS_METHODS
MIN_SEQ = 256
# The smaller model of the same family, for the same task.
SMALLER_MODEL: dict[Workload, KerasWorkloadName] = {"bert-large": "bert-base"}


def cheaper_route(
    plan: Plan, best: Option, request: PlanRequest, replan: Replan
) -> Alternative | None:
    """Something fits, but a lighter method or lighter weights hold the job for less money or
    more speed than the top pick (issue 49, 6): the plan names it, with its card."""
    found = lighter_job(plan, request, replan)
    if found is None or found.keep or found.price is None or best.price is None:
        return None
    ours = best.speedup if best.speedup is not None else best.predicted_relative
    # More speed is more than the two figures' rounding: the 2x RTX 2080 Ti machine's LoRA
    # was told to use an int8 base for "the RTX 4090 D, ¥12,999, 1.33x", its own first pick.
    faster = found.speed is not None and ours is not None and found.speed > ours * MORE_SPEED
    return found if found.price < best.price or faster else None


MORE_SPEED = 1.05


def lighter_job(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """An LLM's lighter weights (inference) or its next cheaper method (fine-tuning)."""
    if plan.workload != "llm":
        return None
    if plan.mode == "inference":
        for bits in (8, 4):
            if bits < request.bits:
                # The user's engine where it loads the smaller weights, else KerasHub where it
                # does (TensorFlow's own), else that format's default (llama.cpp for 4-bit),
                # which the line then names: it leaves TensorFlow.
                engine = request.engine
                if engine is not None and not engines.runs(engine, bits):
                    engine = None
                if engine is None:
                    engine = (
                        engines.KERAS
                        if engines.runs(engines.KERAS, bits)
                        else job.shape_of(replace(request, bits=bits, engine=None)).engine
                    )
                found = effect("bits", bits, replan(replace(request, bits=bits, engine=engine)))
                if found:
                    return found if engine == engines.KERAS else replace(found, engine=engine)
        return None
    if plan.mode in METHOD_ORDER:
        for mode in METHOD_ORDER[METHOD_ORDER.index(plan.mode) + 1 :]:
            found = effect("method", mode, replan(replace(request, llm_mode=mode)))
            if found:
                return found
    return None


def other_route(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """Another way of running TensorFlow: NGC's container runs Blackwell, Keras 3 on JAX
    shards what one card cannot hold. The first that gives an option, route alone, then with
    Keras's cheaper methods. An engine of its own (llama.cpp, vLLM) runs on no route."""
    if plan.mode == "inference" and plan.engine not in (None, engines.KERAS):
        return None
    for route in ROUTES:
        if route == request.tf_route:
            continue
        moved = replace(request, tf_route=route)
        found = effect("route", route, replan(moved))
        if found is None and plan.workload == "llm" and plan.mode in METHOD_ORDER:
            for mode in METHOD_ORDER[METHOD_ORDER.index(plan.mode) + 1 :]:
                found = effect("route", route, replan(replace(moved, llm_mode=mode)))
                if found is not None:
                    found = replace(found, method=mode)
                    break
        if found is not None:
            return found
    return None


def shorter_context(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    seq = job.shape_of(request).stated_seq
    while seq and seq // 2 >= MIN_SEQ:
        seq //= 2
        found = effect("seq", seq, replan(replace(request, seq=seq)))
        if found:
            return found
    return None


def smaller_batch(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """From the batch the job really runs at (a preset's default too), halving until one fits."""
    batch = job.shape_of(replace(request, workload=plan.workload)).batch
    while batch > 1:
        batch //= 2
        found = effect("batch", batch, replan(replace(request, batch=batch)))
        if found:
            return found
    return None


def smaller_model(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """The same task with the smaller model of its family, at the largest batch that fits:
    BERT-large's weights and Adam states alone outgrow a 6 GB laptop GPU at any batch."""
    if plan.workload not in SMALLER_MODEL:
        return None
    smaller = SMALLER_MODEL[plan.workload]
    batch = job.shape_of(replace(request, workload=smaller, batch=None)).batch
    while batch >= 1:
        found = effect("model", smaller, replan(replace(request, workload=smaller, batch=batch)))
        if found is not None:
            return replace(found, batch=batch)
        batch //= 2
    return None
