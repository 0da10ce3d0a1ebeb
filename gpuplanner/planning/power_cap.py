"""A card run under a lower power limit than its maker's default: how much speed that costs.

Training speed rises steeply with the first watts and flattens towards the default: measured on
RTX 3090s, 80% of the default limit kept over 95% of TensorFlow's throughput (Puget Systems,
pugetsystems.com/labs/hpc article 1974, "Quad RTX3090 ... MaxQ TensorFlow Performance",
written 2020-11-13), and a ViT trained
in FP32 and TF32 kept 80-95% between 48% and 79% of the board's top limit (blog.qwertyforce.dev,
"Optimal power limit for deep learning tasks on RTX 3090"). As share ** exponent those seven
points give exponents 0.13-0.41, median 0.23: a 3090 held at 200 W of 350 W trains at about
88% of its speed. (gpu-burn, a pure FP32 stress, loses far more: it is not a training job and
was left out.)
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.planning.request import MachineFacts

POWER_CAP_EXPONENT = 0.23
CAPPED_BELOW = 0.95  # of the default limit: closer than this is a rounding of the maker's


@dataclass(frozen=True)
class PowerCap:
    cap_w: float
    default_w: float
    speed_share: float  # of the card's speed at its default limit


def power_cap(machine: MachineFacts) -> PowerCap | None:
    """The installed cards' cap and what it costs, when they run below their default limit."""
    cap, default = machine.power_cap_w, machine.power_default_w
    if not cap or not default or cap >= default * CAPPED_BELOW:
        return None
    return PowerCap(cap, default, round((cap / default) ** POWER_CAP_EXPONENT, 3))
