"""A plan: options, each an action on this machine, with its findings, needs, price and speed."""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.vocab import (
    Currency,
    Engine,
    LlmMode,
    Precision,
    PriceGroup,
    TfRouteName,
    Workload,
)
from gpuplanner.planning.findings import Finding, Need
from gpuplanner.planning.job import memory
from gpuplanner.planning.machine.power import PowerBudget
from gpuplanner.planning.prices.cost import CloudHour
from gpuplanner.planning.prices.quote import Quote
from gpuplanner.planning.speed.calibration import ProbeEffect
from gpuplanner.planning.speed.scaling import Scaling


@dataclass(frozen=True)
class Installed:
    gpu: GpuSpec
    count: int
    # False: a card the catalog does not know, stood in for by what the scan read of it
    # (candidates.stand_in): kept and judged, never bought more of, never a speed reference.
    known: bool = True


@dataclass(frozen=True)
class Candidate:
    action: str  # keep: what is installed; add: cards beside it; replace: cards instead of it
    gpu: GpuSpec
    count: int  # cards doing the job once the action is done
    bought: int  # cards to buy


@dataclass(frozen=True, kw_only=True)
class JobFigures:
    """One job of a mix on one option (planning/plan/mix.py): whether the option runs it, and how
    fast and how long a run takes where it does."""

    name: str  # the Keras preset, or the LLM preset's id
    share: float  # of the machine's time, a fraction (the mix's shares sum to 1)
    fits: bool  # the job's memory fits the option's cards
    blocks: tuple[str, ...]  # the ids of what keeps this job off the option (its memory)
    vram_needed_gb: float
    throughput: float | None  # in ``unit``, all the option's cards together
    unit: str
    relative: float | None  # against the plan's reference card, for this job
    hours: float | None  # one run of a Keras preset's job (None: an LLM's)
    run_cost: float | None  # its electricity, in the plan's currency
    runs_per_month: float | None = None  # as the user counted the job; None: by its share


@dataclass(frozen=True, kw_only=True)
class MixJob:
    """One job of the plan's mix as it was planned: its share and its inputs filled in."""

    name: str
    workload: Workload
    share: float  # a fraction; the mix's sum to 1
    vram_gb: float  # on one card, replicated
    batch: int
    seq: int | None
    precision: Precision
    mode: LlmMode | None = None
    largest: bool = False  # the job whose memory decides the plan's
    runs_per_month: float | None = None  # as the user counted the job; None: by its share


@dataclass(frozen=True, kw_only=True)
class Option:
    action: str
    gpu_id: str
    gpu: str
    count: int
    bought: int
    offered: bool  # no finding blocks it
    price: float | None  # total: the cards bought plus what the option needs
    cards_price: float | None
    price_each: Quote | None  # per card, in the plan's currency
    needs: tuple[Need, ...]
    currency: Currency
    vram_needed_gb: float
    vram_per_card_gb: float  # the board's size, as its spec states it
    # What a job gets of it: the driver's share (a data-centre GDDR board's ECC keeps 1/16),
    # less the driver's own and fragmentation (rules.job.usable_gb).
    usable_per_card_gb: float
    predicted_relative: float | None  # against one reference card
    speedup: float | None  # against what is installed (None when nothing is)
    predicted_throughput: float | None
    predicted_unit: str
    predicted_error_pct: float
    scaling: Scaling | None
    value: float | None  # speed-up (or relative speed) per 1,000 of the currency
    power: PowerBudget
    findings: tuple[Finding, ...]
    score: float
    rank_reason: Finding | None = None
    # The machine's input pipeline or host copies held its speed below what the cards do.
    input_capped: bool = False
    # An offered purchase's group by the kind of its price (ranking.price_group); None for the
    # installed cards and the options not offered.
    price_group: PriceGroup | None = None
    ecc: bool = False  # the card has ECC memory
    # Where the price/speed chart puts it, decided with the plan (planning/plan/frontier.py): on the
    # best-value line, and offered though short of memory (a trap the line never steps on).
    on_front: bool = False
    memory_trap: bool = False
    # A mix of jobs (planning/plan/mix.py): each job's figures on this option; its speed and score
    # are the time-weighted mix of theirs. Empty for one job.
    jobs: tuple[JobFigures, ...] = ()
    # A mix counted in runs a month: the month's runs on this option, in hours of its cards'
    # time and in electricity (the plan's currency); None for a mix of shares of the time.
    month_hours: float | None = None
    month_cost: float | None = None

    @property
    def power_sustained_w(self) -> float:
        return round(self.power.sustained_w, 1)

    def but(self, **changes: object) -> Option:
        """This option with ``changes``: ``dataclasses.replace`` without its keyword rebuild of
        every field, for the loops that touch every option of a plan (a mix's join, the
        ranking: 8 ms of a 45 ms mix plan went there). Option has no ``__post_init__`` to
        rerun; a name that is no field is refused as replace refuses it."""
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"Option has no field {sorted(unknown)}")
        made = object.__new__(Option)
        made.__dict__.update(self.__dict__)
        made.__dict__.update(changes)
        return made


@dataclass(frozen=True, kw_only=True)
class Rental:
    gpu_id: str
    gpu: str
    count: int
    per_hour: float  # all cards together
    hours: float | None  # for one job
    job_cost: float | None
    currency: Currency
    throughput: float | None = None  # all its cards together, in the job's unit
    hour: CloudHour | None = None  # one card's hour and the record it comes from


@dataclass(frozen=True, kw_only=True)
class Alternative:
    """A change to the request that would make an option fit, and what it gives."""

    # mig-off, used, method, bits, seq, batch, model, route, egpu, budget, rent; and for a
    # machine that takes no card: desktop (a desktop PC with the card), instance (cheapest or
    # fastest)
    change: str
    to: str | float | int
    vram_gb: float | None = None
    gpu: str | None = None
    count: int | None = None
    price: float | None = None
    extra: float | None = None  # budget: how much more
    hours: float | None = None  # rent: one job
    per_hour: float | None = None
    hour: CloudHour | None = None  # rent, instance: one card's hour, dated, as listed
    keep: bool = False  # the installed cards hold the changed job: nothing to buy
    speed: float | None = None  # the changed job's speed on that option, against the reference
    method: str | None = None  # route: the cheaper method it needs as well; rent: keras-other
    batch: int | None = None  # model: the batch the smaller model fits at
    # The engine the changed job runs on when it leaves TensorFlow (llama.cpp for 4-bit
    # weights); a route that leaves it (Keras 3 on JAX or PyTorch) says so by its name.
    engine: Engine | None = None


@dataclass(frozen=True, kw_only=True)
class PriceAge:
    """How old the prices behind a plan's offered options are, counted from the request's today."""

    count: int  # cards priced
    median_days: int
    oldest_date: str
    newest_date: str
    stale: int  # over 12 months old
    unknown: int  # over 24 months old: "price unknown, check"


@dataclass(frozen=True, kw_only=True)
class PlanMarket:
    """The market a plan prices in, and how far its top picks rest on that market's own
    recent prices (planning/plan/plan_market.py)."""

    region: str  # where the buyer buys: CN, US
    currency: Currency  # the money that market's shelf prices are in
    shown_in: Currency  # the money the plan shows (a different one converts for display)
    fx_rate: float | None  # CNY per USD, when shown in another money
    fx_date: str | None
    top: int  # the top purchase options looked at
    unlisted: int  # of those, priced without a local listing at most ``months`` old
    months: int
    shop_only: bool = False  # a kiosk planning from its shop's list only


@dataclass(frozen=True, kw_only=True)
class Plan:
    scenario: Scenario
    currency: Currency
    budget: float
    workload: Workload
    precision: Precision
    vram: memory.MemoryEstimate
    reference_gpu: str
    options: tuple[Option, ...]
    # The installed MIG slice cannot stay for the job and MIG off lets the cards hold it: the
    # options' speed-ups are against this many whole installed cards with MIG off, not the
    # slice (planning/plan/free_change.py: against_whole). None: against the cards as they are.
    mig_off_baseline: int | None = None
    tf_route: TfRouteName = "official"
    model: str | None = None  # LLM
    mode: LlmMode | None = None  # the LLM's method as ranked
    bits: int | None = None
    engine: Engine | None = None  # the LLM inference engine the decode speeds are for
    engine_default: bool = False  # the engine was not asked for: the weights' default
    seq: int | None = None
    batch: int | None = None
    no_purchase_needed: bool = False
    keep_findings: tuple[Finding, ...] = ()  # what would change "no purchase needed"
    # The installed cards cannot stay for this job: the first reason that blocks them (their
    # memory, their route), said before any purchase. None: kept, or nothing installed.
    keep_refused: Finding | None = None
    rent: tuple[Rental, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    route_alternative: Option | None = None  # the best pick under another route
    job_label: str = ""
    price_age: PriceAge | None = None
    probe_effects: tuple[ProbeEffect, ...] = ()  # which probe figure moved the predictions
    market: PlanMarket | None = None  # the market the prices are for
    # A method asked for that no TensorFlow route runs (QLoRA): ``mode`` is the Keras method
    # ranked instead, and this the asked one with its memory under PyTorch, for information.
    method_asked: str | None = None
    method_asked_gb: float | None = None
    # Every offered purchase is priced only by a launch MSRP or an estimate: they rank among
    # themselves as ever, and every price is to be confirmed.
    prices_to_confirm: bool = False
    # The budget's edge: nothing within the budget meets the memory floor, and this card that
    # does, a little over it, is offered (ranking.stretch: "budget-stretch" and its numbers).
    budget_stretch: Finding | None = None
    model_context: int | None = None  # the LLM's native context, when on record
    jobs: tuple[MixJob, ...] = ()  # a mix of jobs (planning/plan/mix.py); empty for one job

    def fitting(self) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.offered)
