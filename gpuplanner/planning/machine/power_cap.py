"""A card run under a lower power limit than its board allows: how much speed that costs.

Below the maker's default limit the card runs slower than the catalog's figures (which are at the
board's rated power); a default below the board's maximum (an H100 NVL ships at 310 W of 400 W)
leaves speed unused too, and the finding says how much and how to lift it.

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

from gpuplanner.planning.machine.facts import MachineFacts

POWER_CAP_EXPONENT = 0.23
CAPPED_BELOW = 0.95  # of the default limit: closer than this is a rounding of the maker's


@dataclass(frozen=True)
class PowerCap:
    cap_w: float
    default_w: float
    speed_share: float  # of the speed the plan predicts for the card (at its rated power)
    max_w: float | None = None  # the board's highest settable limit, when reported
    max_share: float = 1.0  # of the card's speed at that limit

    @property
    def below_default(self) -> bool:
        return self.cap_w < self.default_w * CAPPED_BELOW


def _share(cap: float, reference: float) -> float:
    share: float = min(1.0, cap / reference) ** POWER_CAP_EXPONENT
    return round(share, 3)


def power_cap(machine: MachineFacts, rated_w: float | None = None) -> PowerCap | None:
    """The installed cards' cap and what it costs, when they run below their default limit or
    their board's maximum. ``rated_w``: the card's rated board power, which the predicted speed
    is at (never above what the board can be set to)."""
    cap, default, top = machine.power_cap_w, machine.power_default_w, machine.power_max_w
    if not cap or not default:
        return None
    highest = max(default, top or 0.0)
    if cap >= highest * CAPPED_BELOW:
        return None
    rated = max(default, min(rated_w or default, highest))
    return PowerCap(cap, default, _share(cap, rated), top, _share(cap, highest))
