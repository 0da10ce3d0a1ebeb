"""A change to the request, planned again: what it gives (a card that then fits, or the installed
cards kept), read the same way for every way forward (planning/plan/alternatives.py)."""

from __future__ import annotations

from collections.abc import Callable

from gpuplanner.planning.options import Alternative, Option, Plan, Rental
from gpuplanner.planning.request import PlanRequest


def best_purchase(plan: Plan) -> Option | None:
    return next((o for o in plan.options if o.offered and o.action != "keep"), None)


# Plans the request once more (without looking for ways forward): recommend() passes itself in,
# so this module never imports the planner that imports it.
Replan = Callable[[PlanRequest], Plan | None]


def effect(change: str, to: str | float | int, plan: Plan | None) -> Alternative | None:
    if plan is None:
        return None
    if plan.no_purchase_needed:
        keep = plan.options[0]
        return Alternative(
            change=change,
            to=to,
            vram_gb=plan.vram.total_gb,
            gpu=keep.gpu,
            count=keep.count,
            price=0.0,
            keep=True,
        )
    best = best_purchase(plan)
    if best is None:
        return None
    speed = best.speedup if best.speedup is not None else best.predicted_relative
    return Alternative(
        change=change,
        to=to,
        vram_gb=plan.vram.total_gb,
        gpu=best.gpu,
        count=best.count,
        price=best.price,
        speed=speed,
    )


def sharded(option: Option | None) -> bool:
    return bool(option and option.scaling and option.scaling.strategy == "sharded")


def rented(change: str, to: str, plan: Plan, rental: Rental) -> Alternative:
    """Renting ``rental`` for one run of the plan's job: its cards, the run's hours and cost."""
    return Alternative(
        change=change,
        to=to,
        vram_gb=plan.vram.total_gb,
        gpu=rental.gpu,
        count=rental.count,
        price=rental.job_cost,
        hours=rental.hours,
        per_hour=rental.per_hour,
        hour=rental.hour,
    )
