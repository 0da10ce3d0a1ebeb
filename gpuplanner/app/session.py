"""What the user has told the wizard so far, the plan request it makes, and the plan. Free of Qt.

The wizard's pages edit one ``Session``; it announces every change of a field (``events``, one
psygnal signal per field) and decides itself which changes need a new plan: it plans once per
change, or once per ``changes()`` block that sets several fields together, and says so with
``planned`` (or ``refused``). ``to_request`` turns it into the planning engine's
``PlanRequest`` with what the scan and the probe know about this machine: the one place the
request is built. The lab fleet's ``FleetSession`` works the same way, its plan made by the
window off the GUI thread.
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from psygnal import EmissionInfo, Signal, SignalGroupDescriptor

from gpuplanner.core.errors import UserError
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.markets import region_of
from gpuplanner.core.money import Money
from gpuplanner.core.scenarios import PRESETS, Scenario, ScenarioPreset
from gpuplanner.core.vocab import AtxEntry, CaseForm, Currency, PsuRating

if TYPE_CHECKING:  # the planning engine loads when a plan is first asked for, not at start-up
    from gpuplanner.app.fleet import FleetMachine, FleetPlan
    from gpuplanner.catalog.records import CatalogData, Price
    from gpuplanner.hardware.records import SystemSnapshot
    from gpuplanner.planning.job.resolve import ResolvedJob
    from gpuplanner.planning.recommend import PlanRequest
    from gpuplanner.probe.results import ProbeResult


class _Announcing(ABC):
    """Plans again when a field named in ``PLAN_FIELDS`` changes: once per change, or once at
    the end of a ``changes()`` block however many fields it set. psygnal emits nothing for a
    field set to the value it holds (a catalog or machine list compares by identity: a new
    load is a new plan, and comparing every record would cost more than planning)."""

    PLAN_FIELDS: ClassVar[frozenset[str]] = frozenset()
    events: ClassVar[SignalGroupDescriptor] = SignalGroupDescriptor(
        equality_operators={"catalog": operator.is_, "machines": operator.is_}
    )

    def _listen(self) -> None:
        self._open = 0  # nested changes() blocks
        self._stale = False  # a field the plan reads changed since the last plan
        self.events.all.connect(self._changed)

    def _changed(self, info: EmissionInfo) -> None:
        if info.signal.name in self.PLAN_FIELDS:
            self._stale = True
            self._settle()

    @contextmanager
    def changes(self) -> Iterator[None]:
        """Set several fields as one change (adopting a machine, switching currency): one
        plan at the end, none when nothing the plan reads changed."""
        self._open += 1
        try:
            yield
        finally:
            self._open -= 1
            self._settle()

    def _settle(self) -> None:
        if self._open or not self._stale:
            return
        self._stale = False
        self.replan()

    @abstractmethod
    def replan(self) -> None:
        """Made by the model itself, never by a page or a window (tests/test_session_model.py)."""


@dataclass(kw_only=True)
class Session(_Announcing):
    # What a change of these fields means for the plan: each is read by ``to_request`` or by
    # the plan itself (a field added for the plan goes here too, e.g. a list of jobs).
    PLAN_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {
            "scenario",
            "currency",
            "market",
            "snapshot",
            "probe",
            "local_machine",
            "psu_watts",
            "psu_rating",
            "psu_atx",
            "psu_8pin",
            "psu_12v2x6",
            "case_form",
            "gpu_clearance_mm",
            "free_slots",
            "job",
            "today",
            "catalog",
            "shop_prices",
        }
    )
    planned: ClassVar[Signal] = Signal(object, object)  # PlanRequest, the Plan made for it
    refused: ClassVar[Signal] = Signal(object)  # the UserError that refused the plan

    scenario: Scenario | None = None
    currency: Currency = "CNY"  # how money is shown; never where the user buys
    # Where the user buys (CN, US): fixed by the first currency, or chosen; a currency switch
    # never moves it, so the cards on offer, a shop's stock and the order stay the same.
    market: str | None = None
    language: str = "en"
    snapshot: SystemSnapshot | None = None
    probe: ProbeResult | None = None
    # The machine planned for is the one the app runs on (scanned), so the probe, which
    # measures this computer, calibrates its plan; False for a recorded report's machine.
    local_machine: bool = True
    # The machine as the user told it (what no scan reads).
    psu_watts: int | None = None
    psu_rating: PsuRating | None = None
    psu_atx: AtxEntry = ""  # unknown is planned as 2.x (the weaker spike rating)
    psu_8pin: int | None = None
    psu_12v2x6: bool = False
    case_form: CaseForm | None = None
    gpu_clearance_mm: int | None = None
    free_slots: int | None = None
    # The job and the user's choices, checked when made (core/job_inputs.py); the pages
    # change them with ``update``. What is unset is the scenario's: ``resolved_job``.
    job: JobInputs = field(default_factory=JobInputs)
    cny_per_usd: float | None = None  # the catalog's newest rate, for switching the budget
    today: str | None = None  # ISO date prices age from; None: the system's date
    # The budget as the user typed it, in the currency they typed it in: a currency switch
    # converts from this, so switching back gives exactly what was typed.
    budget_typed: Money | None = None
    # What the plan is made with: the catalog once loaded (with the imported packs and the
    # user's kept prices) and the shop's list; a new load (a price typed, a pack imported)
    # plans again. Until the catalog is here there is nothing to plan with.
    catalog: CatalogData | None = field(default=None, repr=False)
    shop_prices: tuple[Price, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        if self.market is None:  # the currency the session starts in says where
            self.market = self.region()
        self._listen()

    def replan(self) -> None:
        from gpuplanner.app.planner import plan

        if self.catalog is None:
            return
        try:
            request = to_request(self, self.catalog)
            made = plan(request, self.catalog, self.shop_prices)
        except UserError as exc:  # a plan refused, or a value no machine has (a restored session)
            self.refused.emit(exc)
            return
        self.planned.emit(request, made)

    def choose_scenario(self, scenario: Scenario) -> None:
        """A new scenario starts from its own budget, job (or mix of jobs) and number of
        cards."""
        if scenario is self.scenario:
            return
        with self.changes():
            self.scenario = scenario
            self.set_budget(None)
            self.update(workload=None, max_gpus=None, jobs=())

    def planning_probe(self) -> ProbeResult | None:
        """The probe that speaks for the machine planned for: none for a recorded machine."""
        return self.probe if self.local_machine else None

    def update(self, **changes: Any) -> None:
        """Change job inputs (``InputError`` when one is a value no job has; nothing changes)."""
        self.job = replace(self.job, **changes)

    def preset(self) -> ScenarioPreset:
        return PRESETS[self.scenario or Scenario.STUDENT]

    def effective_budget(self) -> float:
        """The budget planned with: the one typed, else the scenario's typical one."""
        return resolved_job(self).budget

    def set_budget(self, amount: float | None) -> None:
        """The user typed a budget in the current currency."""
        with self.changes():
            self.update(budget=amount)
            self.budget_typed = Money(amount, self.currency) if amount is not None else None

    def region(self) -> str:
        """The market planned for: the one chosen, else the currency's country."""
        return region_of(self.currency, self.market)

    def set_currency(self, currency: Currency) -> None:
        """Switch currency; a typed budget is converted once, and restored exactly on the way back."""
        if currency == self.currency:
            return
        with self.changes():
            self._convert_to(currency)

    def _convert_to(self, currency: Currency) -> None:
        if self.budget_typed is None and self.cny_per_usd:
            # The scenario's typical budget is money too: the same sum, shown in the new
            # currency (its typical budget there would be another sum, and other cards).
            self.budget_typed = Money(self.effective_budget(), self.currency)
        self.currency = currency
        if self.budget_typed is None:
            self.update(budget=None)  # no rate on record: the scenario's typical budget there
            return
        if self.budget_typed.currency == currency:
            self.update(budget=self.budget_typed.amount)
            return
        # No rate on record: the scenario's typical budget instead.
        converted = self.budget_typed.converted(currency, self.cny_per_usd)
        self.update(budget=float(round(converted.amount)) if converted is not None else None)

    def effective_workload(self) -> str:
        """The workload planned: the one chosen, else the scenario's."""
        return resolved_job(self).workload


def adopt_machine(session: Session, snapshot: SystemSnapshot) -> None:
    """A loaded scan or report is the machine: the supply and case saved with it replace what
    the session held from before (an 850 W scan is planned at 850 W, not the last 650 W)."""
    with session.changes():
        _adopt(session, snapshot)


def _adopt(session: Session, snapshot: SystemSnapshot) -> None:
    supply = snapshot.power_supply
    if supply is not None and supply.rated_w:
        session.psu_watts = supply.rated_w
        session.psu_rating = supply.rating
        session.psu_atx = supply.atx_version or ""
        session.psu_8pin = supply.pcie_8pin_cables
        session.psu_12v2x6 = bool(supply.has_12v2x6)
    case = snapshot.case
    if case is not None and (case.form_factor or case.gpu_clearance_mm or case.free_slots):
        session.case_form = case.form_factor
        session.gpu_clearance_mm = case.gpu_clearance_mm
        session.free_slots = case.free_slots
    session.snapshot = snapshot


def asks_nvlink_bridge(session: Session, catalog: CatalogData | None) -> bool:
    """Whether to ask if the installed pair has its NVLink bridge: two cards of a kind that
    takes one (nvidia-smi -q never shows it; planning/machine/links.py)."""
    if session.snapshot is None or catalog is None:
        return False
    ids = [g.catalog_id for g in session.snapshot.gpus if g.catalog_id]
    if len(ids) != 2 or ids[0] != ids[1]:
        return False
    gpu = next((g for g in catalog.gpus if g.id == ids[0]), None)
    return gpu is not None and gpu.interconnect == "nvlink-bridge"


def to_request(session: Session, catalog: CatalogData | None) -> PlanRequest:
    """The plan request of what the user told the wizard, on this machine: the inputs as they
    are (the planner fills in the scenario's defaults, planning/job/resolve.py:resolve)."""
    from gpuplanner.app.plan_request import plan_request
    from gpuplanner.planning.machine.physical import entered_case
    from gpuplanner.planning.machine.power import entered_supply

    psu = entered_supply(
        session.psu_watts,
        session.psu_atx,
        session.psu_12v2x6,
        session.psu_8pin,
        session.psu_rating,
    )
    case = entered_case(session.gpu_clearance_mm, session.free_slots, session.case_form)
    return plan_request(
        session.scenario or Scenario.STUDENT,
        session.currency,
        snapshot=session.snapshot,
        probe=session.planning_probe(),
        catalog=catalog,
        psu=psu,
        case=case,
        today=session.today,
        job=replace(session.job, region=session.region()),
    )


def resolved_job(session: Session) -> ResolvedJob:
    """The session's job with the scenario's defaults filled in, by the function the planner
    fills them with (planning/job/resolve.py:resolve); the machine aside, which planning adds from the
    scan (``to_request``)."""
    from gpuplanner.planning.job.resolve import resolve
    from gpuplanner.planning.request import PlanRequest

    job = replace(session.job, region=session.region())
    scenario = session.scenario or Scenario.STUDENT
    return resolve(PlanRequest.for_job(job, scenario, currency=session.currency))


@dataclass(frozen=True, kw_only=True)
class FleetRequest:
    """One lab plan's inputs, built from the fleet session in one place; frozen, as the
    window plans it on a worker thread."""

    machines: tuple[FleetMachine, ...]
    catalog: CatalogData
    scenario: Scenario
    currency: Currency
    budget: float
    whole_lab: bool  # one budget for the lab, else ``budget`` for each machine

    def plan(self) -> FleetPlan:
        from gpuplanner.app.fleet import plan_fleet

        lab = self.budget if self.whole_lab else None
        each = None if self.whole_lab else self.budget
        return plan_fleet(
            self.machines, self.catalog, self.scenario, self.currency, each, lab, None, "mixed"
        )


@dataclass(kw_only=True)
class FleetSession(_Announcing):
    """The lab fleet window's state: a change of any field asks for the lab's plan again
    (``asked``), which the window makes off the GUI thread (a lab of fifty takes a second)."""

    PLAN_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {"machines", "catalog", "scenario", "currency", "budget", "whole_lab"}
    )
    asked: ClassVar[Signal] = Signal(object)  # the FleetRequest to plan

    machines: tuple[FleetMachine, ...] = ()
    catalog: CatalogData | None = None
    scenario: Scenario = Scenario.SME  # labs plan like a small firm
    currency: Currency = "CNY"
    budget: float = 0.0
    whole_lab: bool = True

    def __post_init__(self) -> None:
        self._listen()

    def replan(self) -> None:
        if not self.machines or self.catalog is None:
            return
        self.asked.emit(
            FleetRequest(
                machines=self.machines,
                catalog=self.catalog,
                scenario=self.scenario,
                currency=self.currency,
                budget=self.budget,
                whole_lab=self.whole_lab,
            )
        )
