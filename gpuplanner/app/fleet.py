"""A lab's machines from saved scans and nvidia-smi reports, and an upgrade plan for each or all.

Free of Qt: ``gpuplanner fleet`` and the fleet window share it. The per-machine plans come from
the same engine as the wizard (``planning.recommend``); the whole-lab plan picks at most one
upgrade per machine so that the lab's added speed is largest within one budget.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from gpuplanner.app.inventory import enrich
from gpuplanner.app.plan_request import for_machine, plan_request
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog.records import CatalogData, Price
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.terminal import shown_path
from gpuplanner.core.vocab import Currency, FleetMode, Precision, Workload
from gpuplanner.hardware.records import SystemSnapshot
from gpuplanner.hardware.snapshot import SnapshotError, load_paths
from gpuplanner.planning.job.resolve import resolve
from gpuplanner.planning.machine.kind import MachineKind, machine_kind
from gpuplanner.planning.options import Option, Plan
from gpuplanner.planning.plan import pick as advice
from gpuplanner.planning.plan.frontier import pareto_front
from gpuplanner.planning.prices.book import price_book
from gpuplanner.planning.recommend import recommend
from gpuplanner.planning.request import PlanError, PlanRequest
from gpuplanner.planning.speed.training import SpeedModel

MachinePlans = Sequence[tuple["FleetMachine", Plan]]

# The whole-lab budget is split into this many steps for the exact (dynamic programming)
# choice; costs are rounded up, so the plan never goes over the budget.
BUDGET_STEPS = 2000


UNKNOWN = MachineKind("unknown")


@dataclass(frozen=True)
class FleetMachine:
    name: str
    file: str  # its path as shown: undecodable bytes escaped, no control character
    snapshot: SystemSnapshot
    kind: MachineKind = UNKNOWN

    def gpu_summary(self) -> str:
        names: dict[str, int] = {}
        for gpu in self.snapshot.gpus:
            names[gpu.name] = names.get(gpu.name, 0) + 1
        return ", ".join(f"{n} × {name}" if n > 1 else name for name, n in names.items()) or "-"

    def vram_gb(self) -> float | None:
        sizes = [g.memory_total_mib for g in self.snapshot.gpus if g.memory_total_mib]
        return round(sum(sizes) / 1024, 1) if sizes else None

    def psu(self) -> str | None:
        supply = self.snapshot.power_supply
        if supply.rated_w:
            return f"{supply.rated_w} W" + (f" {supply.rating}" if supply.rating else "")
        readings = [r.output_power_w for r in supply.readings if r.output_power_w]
        return f"{max(readings):.0f} W load" if readings else None

    def problems(self) -> int:
        return sum(1 for f in self.snapshot.findings if f.severity in ("warns", "blocks"))


def load_fleet(
    paths: list[Path], catalog: CatalogData | None = None
) -> tuple[list[FleetMachine], list[SnapshotError]]:
    """Every readable file of the folders (or files); a name seen twice gets its file's name."""
    result = load_paths(paths)
    machines: list[FleetMachine] = []
    seen: set[str] = set()
    for file, snapshot in result.snapshots:
        if catalog is not None:
            snapshot = enrich(snapshot, catalog)
        name = snapshot.machine or shown_path(Path(file).stem)
        if name in seen:
            name = f"{name} ({shown_path(Path(file).name)})"
        seen.add(name)
        cards = {g.id: g for g in catalog.gpus} if catalog is not None else None
        shown = shown_path(file)  # only shown: inert wherever it is
        machines.append(FleetMachine(name, shown, snapshot, machine_kind(snapshot, cards)))
    return machines, list(result.errors)


@dataclass(frozen=True)
class Choice:
    machine: str
    option: Option | None  # None: leave this machine as it is
    gain: float  # added training throughput (the plan's unit: images/s, sequences/s, tokens/s)
    reason: str = (
        ""  # why no upgrade: outbid, nothing-fits, nothing-faster (see report.fleet_export)
    )
    speedup: float | None = None  # over the machine's current card, when the catalog knows it


@dataclass(frozen=True, kw_only=True)
class FleetPlan:
    mode: FleetMode  # "each": the best upgrade of each machine within its budget; "lab": within one
    currency: Currency
    budget: float
    workload: Workload
    choices: tuple[Choice, ...]
    unit: str = ""

    @property
    def total_cost(self) -> float:
        return sum(c.option.price for c in self.choices if c.option is not None and c.option.price)

    @property
    def total_gain(self) -> float:
        return sum(c.gain for c in self.choices)


def plan_machines(
    machines: Iterable[FleetMachine],
    template: PlanRequest,
    catalog: CatalogData,
    model: SpeedModel,
    shop_prices: tuple[Price, ...] = (),
) -> list[tuple[FleetMachine, Plan]]:
    """One engine plan per machine: ``template`` with that machine's facts, as the single
    machine's plan has them (its ways forward, which change no option, are left out)."""
    plans = []
    book = price_book(catalog.prices, shop_prices)  # one for every machine
    for machine in machines:
        request = replace(
            for_machine(template, machine.snapshot, None, catalog), alternatives=False
        )
        plans.append((machine, recommend(request, catalog, model, book)))
    return plans


def _candidates(plan: Plan) -> list[tuple[Option, float]]:
    """The machine's price/speed Pareto front of purchases, each with the throughput it adds."""
    out = []
    for option in pareto_front(plan.options):
        gain = advice.faster(plan, option)
        if gain is not None:
            out.append((option, gain))
    return out


def _choice(machine: FleetMachine, option: Option, gain: float) -> Choice:
    return Choice(machine.name, option, gain, "", option.speedup)


def plan_each(
    plans: MachinePlans, currency: Currency, budget: float, workload: Workload
) -> FleetPlan:
    """For each machine what its own plan advises first (planning.pick): a free change (MIG
    off, a power limit lifted), else its first ranked purchase faster than what it has."""
    choices = []
    for machine, plan in plans:
        picked = advice.first(plan)
        if picked.option is not None:
            gain = advice.faster(plan, picked.option) or 0.0
            choices.append(_choice(machine, picked.option, gain))
        else:
            choices.append(Choice(machine.name, None, 0.0, picked.change or _why_none(plan)))
    return FleetPlan(
        mode="each",
        currency=currency,
        budget=budget,
        workload=workload,
        choices=tuple(choices),
        unit=_unit(plans),
    )


def plan_lab(
    plans: MachinePlans, currency: Currency, budget: float, workload: Workload
) -> FleetPlan:
    """At most one upgrade per machine, total price within ``budget``, the most added throughput.

    A multiple-choice knapsack solved exactly on a grid of BUDGET_STEPS; each machine's
    candidates are its price/speed Pareto front, so the table stays small for a big lab.
    """
    if budget <= 0:
        raise PlanError("the lab's budget must be above zero")
    unit = budget / BUDGET_STEPS

    def cost(option: Option) -> int:
        return math.ceil((option.price or 0.0) / unit - 1e-9)

    # A machine with a free change to make first (MIG off) is planned after it, not bought for.
    candidates = [
        [] if advice.first(plan).change else _candidates(plan) for _machine, plan in plans
    ]
    best = [0.0] * (BUDGET_STEPS + 1)  # best gain with at most b steps spent, machines so far
    picks: list[list[int]] = []  # per machine, per budget: the candidate taken (-1 none)
    for options in candidates:
        new = best[:]
        pick = [-1] * (BUDGET_STEPS + 1)
        for index, (option, gain) in enumerate(options):
            steps = cost(option)
            for b in range(steps, BUDGET_STEPS + 1):
                value = best[b - steps] + gain
                if value > new[b] + 1e-12:
                    new[b] = value
                    pick[b] = index
        best = new
        picks.append(pick)
    # Walk back from the full budget.
    chosen: list[Choice | None] = [None] * len(plans)
    b = BUDGET_STEPS
    for m in range(len(plans) - 1, -1, -1):
        machine, plan = plans[m]
        index = picks[m][b]
        if index >= 0:
            option, gain = candidates[m][index]
            chosen[m] = _choice(machine, option, gain)
            b -= cost(option)
        else:
            reason = "outbid" if candidates[m] else (advice.first(plan).change or _why_none(plan))
            chosen[m] = Choice(machine.name, None, 0.0, reason)
    done = tuple(c for c in chosen if c is not None)  # every machine got its choice above
    return FleetPlan(
        mode="lab",
        currency=currency,
        budget=budget,
        workload=workload,
        choices=done,
        unit=_unit(plans),
    )


def _unit(plans: MachinePlans) -> str:
    return next((o.predicted_unit for _m, p in plans for o in p.options if o.predicted_unit), "")


def _why_none(plan: Plan) -> str:
    """Why a machine gets no upgrade: laptop, cloud-vm, check-supply, nothing-fits, nothing-faster."""
    found = {f.id for o in plan.options for f in o.findings}
    if "machine-laptop" in found:
        return "laptop"
    if "machine-cloud-vm" in found:
        return "cloud-vm"
    purchases = [o for o in plan.options if o.action != "keep"]
    if "psu-ask-cables" in found and not any(o.offered for o in purchases):
        return "check-supply"
    return "nothing-faster" if any(o.offered for o in purchases) else "nothing-fits"


def plan_fleet(
    machines: Iterable[FleetMachine],
    catalog: CatalogData,
    scenario: Scenario,
    currency: Currency,
    budget: float | None,
    lab_budget: float | None,
    workload: Workload | None,
    precision: Precision | None,
    shop_prices: tuple[Price, ...] = (),
) -> FleetPlan:
    """The same engine as the wizard: ``lab_budget`` for the whole lab, else ``budget`` per
    machine; what was not given (None) as the resolver fills it in."""
    job_inputs = JobInputs(budget=lab_budget or budget, workload=workload)
    if precision is not None:
        job_inputs = replace(job_inputs, precision=precision)
    template = plan_request(scenario, currency, job=job_inputs)
    resolved = resolve(template)  # the scenario's budget and workload where none was given
    per_machine, job = resolved.budget, resolved.workload
    plans = plan_machines(machines, template, catalog, load_speed_model(), shop_prices)
    if lab_budget:
        return plan_lab(plans, currency, lab_budget, job)
    return plan_each(plans, currency, per_machine, job)
