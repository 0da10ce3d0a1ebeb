"""What a plan advises a machine first, wherever it is asked (the single plan, the lab fleet):
a free change the keep option names (MIG off, a power limit lifted), else the first ranked
purchase that is faster than what is installed, else nothing and why not."""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.planning.options import Option, Plan

# Free changes, in the order they are advised: the keep option's finding -> the change.
FREE_CHANGES = (
    ("mig-slice", "mig-off"),
    ("mig-slices-unread", "mig-off"),
    ("power-capped", "power-capped"),
)
MIN_GAIN = 0.01  # of the option's throughput: less is no upgrade


@dataclass(frozen=True)
class Pick:
    option: Option | None  # the purchase, or None
    change: str = ""  # a free change to make first (mig-off, power-capped), or ""


def keep_of(plan: Plan) -> Option | None:
    return next((o for o in plan.options if o.action == "keep"), None)


def faster(plan: Plan, option: Option) -> float | None:
    """The throughput ``option`` adds to what is installed, when it adds enough to count."""
    if option.action == "keep" or option.predicted_throughput is None:
        return None
    keep = keep_of(plan)
    base = (keep.predicted_throughput or 0.0) if keep is not None else 0.0
    gain = option.predicted_throughput - base
    return gain if gain > MIN_GAIN * option.predicted_throughput else None


def first(plan: Plan) -> Pick:
    keep = keep_of(plan)
    found = {f.id for f in keep.findings} if keep is not None else set()
    for finding_id, change in FREE_CHANGES:
        if finding_id in found:
            return Pick(None, change)
    for option in plan.options:
        if option.offered and faster(plan, option) is not None:
            return Pick(option)
    return Pick(None)
