"""The one place a plan request is built, for the wizard, the command line and the lab fleet.

The user's choices pass through; what the user did not give comes from the machine: the
supply and case the scan recorded, the wall socket of the market's country, today's date
for price ages, and the machine's facts from the scan and the probe.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from gpuplanner.app.inventory import case_of, machine_facts, supply_of
from gpuplanner.catalog.records import CatalogData
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.markets import market, region_of
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.vocab import Currency
from gpuplanner.hardware.records import SystemSnapshot
from gpuplanner.planning.machine.physical import CaseSpec, entered_case
from gpuplanner.planning.machine.power import PsuSpec, entered_supply
from gpuplanner.planning.request import PlanRequest
from gpuplanner.probe.results import ProbeResult

# The supply and case the user typed, as the request holds them (checked there: InputError).
__all__ = ["entered_case", "entered_supply", "for_machine", "plan_request"]


def plan_request(
    scenario: Scenario,
    currency: Currency,
    *,
    job: JobInputs | None = None,
    snapshot: SystemSnapshot | None = None,
    probe: ProbeResult | None = None,
    catalog: CatalogData | None = None,
    psu: PsuSpec | None = None,
    case: CaseSpec | None = None,
    socket: str | None = None,
    today: str | None = None,
) -> PlanRequest:
    """A ``PlanRequest`` for the user's ``job`` (checked when it was made) on this machine:
    ``psu``/``case`` as given, else as scanned; ``socket`` as given, else the market's;
    ``today`` as given, else the system's date."""
    job = job or JobInputs()
    request = PlanRequest.for_job(
        job,
        scenario,
        currency=currency,
        psu=psu,
        case=case,
        socket=socket or market(region_of(currency, job.region)).socket,
        today=today or dt.date.today().isoformat(),
    )
    return for_machine(request, snapshot, probe, catalog)


def for_machine(
    request: PlanRequest,
    snapshot: SystemSnapshot | None,
    probe: ProbeResult | None = None,
    catalog: CatalogData | None = None,
) -> PlanRequest:
    """``request`` for one machine: its facts, and its scanned supply and case where the user
    gave none (the lab fleet plans one request for every machine this way)."""
    return replace(
        request,
        psu=_same_supply(request.psu, supply_of(snapshot)),
        case=request.case or case_of(snapshot),
        machine=machine_facts(snapshot, probe, catalog),
    )


def _same_supply(typed: PsuSpec | None, scanned: PsuSpec | None) -> PsuSpec | None:
    """The supply the user typed, else the scanned one. Typed watts equal to the scanned
    supply's describe that supply, so its 80 PLUS rating stays where none was typed: without
    it an 850 W Titanium unit was billed at an unrated supply's efficiency."""
    if typed is None:
        return scanned
    if (
        scanned is not None
        and typed.rating is None
        and scanned.rating is not None
        and typed.rated_w == scanned.rated_w
    ):
        return replace(typed, rating=scanned.rating)
    return typed
