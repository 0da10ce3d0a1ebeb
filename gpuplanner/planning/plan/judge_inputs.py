"""What judging looks at: the plan's context (the job, the machine, the catalog's facts and the
predictions, worked out once per request and never changed), the baseline the installed cards
set, and the facts worked out for one candidate."""

from __future__ import annotations

from dataclasses import dataclass, field

from gpuplanner.catalog.records import (
    Board,
    CatalogData,
    GpuSpec,
    MarketRisk,
    PsuPrice,
    TfRoute,
)
from gpuplanner.core.scenarios import ScenarioPreset
from gpuplanner.core.vocab import LlmMode, Workload
from gpuplanner.planning.job import memory
from gpuplanner.planning.job.resolve import ResolvedJob
from gpuplanner.planning.job.workloads import LlmModel
from gpuplanner.planning.machine.power import GpuLoad, PowerBudget
from gpuplanner.planning.machine.power_cap import PowerCap
from gpuplanner.planning.options import Candidate, Installed, Option
from gpuplanner.planning.prices.cost import CloudHour
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.prices.quote import Quote
from gpuplanner.planning.request import PlanRequest
from gpuplanner.planning.speed import calibration
from gpuplanner.planning.speed import training as speed
from gpuplanner.planning.speed.scaling import Scaling


@dataclass(frozen=True, kw_only=True)
class Context:
    """One request's facts, shared by every candidate's judgement (planning/plan/context.py)."""

    job: ResolvedJob
    catalog: CatalogData
    speed_model: speed.SpeedModel
    estimate: memory.MemoryEstimate
    llm: LlmModel | None  # the LLM job's model
    method: LlmMode | None  # the LLM's method as ranked (a Keras one for QLoRA)
    method_asked: LlmMode | None = None  # a method no route runs (QLoRA), kept to be shown
    asked_method_gb: float | None = None  # ... and its own memory
    seq: int | None
    batch: int
    by_id: dict[str, GpuSpec]
    installed: Installed | None
    reference: GpuSpec  # speeds are relative to one of these
    candidates: tuple[Candidate, ...]  # what is judged, in the order the plan lists them
    price_each: dict[str, Quote | None]  # the one each bought card is planned at
    cloud_hours: dict[str, CloudHour | None]  # each card's newest hour in the cloud
    boards: dict[str, Board]
    psus: tuple[PsuPrice, ...]
    routes: tuple[TfRoute, ...]
    market: Market
    risks: dict[str, tuple[MarketRisk, ...]] = field(default_factory=dict)
    inference: bool = False
    power_cap: PowerCap | None = None  # the installed cards' cap, when below the default
    tariff: float
    bandwidth_factor: float | None
    # What the machine can feed an image job (calibration.input_cap), and the probe's figure
    # that sets it.
    input_cap: float | None
    cap_figure: calibration.Figure | None
    predictions: dict[str, speed.Prediction]

    @property
    def request(self) -> PlanRequest:
        return self.job.request

    @property
    def preset(self) -> ScenarioPreset:
        return self.job.preset

    @property
    def workload(self) -> Workload:
        return self.job.workload

    @property
    def budget(self) -> float:
        return self.job.budget


@dataclass(frozen=True)
class Baseline:
    """What the installed cards do for the job, which every purchase is judged against."""

    relative: float | None  # their speed against one reference card
    offered: bool  # they can run the job

    @classmethod
    def of(cls, keep: Option | None) -> Baseline | None:
        return None if keep is None else cls(keep.predicted_relative, keep.offered)


@dataclass(frozen=True, kw_only=True)
class Assessment:
    """One candidate's numbers, worked out once and read by every rule."""

    needed_gb: float  # per card
    price: Quote | None  # per card
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
