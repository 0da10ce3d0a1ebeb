"""What the rules look at: the request's context, and the facts worked out for one candidate."""

from __future__ import annotations

from dataclasses import dataclass, field

from gpuplanner.catalog.records import Board, MarketRisk, PsuPrice, TfRoute
from gpuplanner.core.scenarios import ScenarioPreset
from gpuplanner.planning import memory
from gpuplanner.planning.market import Market
from gpuplanner.planning.options import Installed, PriceFact
from gpuplanner.planning.power import GpuLoad, PowerBudget
from gpuplanner.planning.power_cap import PowerCap
from gpuplanner.planning.request import PlanRequest
from gpuplanner.planning.scaling import Scaling


@dataclass(frozen=True)
class Context:
    request: PlanRequest
    preset: ScenarioPreset
    workload: str
    estimate: memory.MemoryEstimate
    budget: float
    installed: Installed | None
    boards: dict[str, Board]
    psus: tuple[PsuPrice, ...]
    routes: tuple[TfRoute, ...]
    market: Market
    risks: dict[str, tuple[MarketRisk, ...]] = field(default_factory=dict)
    inference: bool = False
    power_cap: PowerCap | None = None  # the installed cards' cap, when below the default
    asked_method_gb: float | None = None  # a method no route runs (QLoRA): its own memory


@dataclass(frozen=True)
class Assessment:
    """One candidate's numbers, worked out once and read by every rule."""

    needed_gb: float  # per card
    price: PriceFact | None  # per card
    load: GpuLoad  # every card of this kind in the final machine
    power: PowerBudget  # with the user's supply (or none)
    length_mm: int | None  # judged against the case: the longest common board
    slots: float | None
    relative: float | None  # all cards together, against one reference card
    throughput: float | None
    scaling: Scaling | None
    speedup: float | None  # against what is installed
    error_pct: float
    # What the cards could do were the machine able to feed them: above ``throughput`` when
    # the probe's input pipeline or host copy rate caps an image job (calibration.input_cap).
    uncapped_throughput: float | None = None
    # Where several cards scale poorly at the job's batch: the per-card batch (within memory)
    # at which they reach a useful share, its share, and whether it fits at all.
    paying_batch: tuple[int, float, bool] | None = None
    # An NVLink bridge bought alone: how much faster the pair runs on it than over PCIe.
    bridge_gain: float | None = None
