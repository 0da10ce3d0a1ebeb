"""What planning is asked: the user's job, budget and choices, and what is known of the machine."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.markets import HOME
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.vocab import Currency
from gpuplanner.planning.errors import PlanError
from gpuplanner.planning.machine import physical, power
from gpuplanner.planning.machine.facts import MachineFacts

__all__ = ["JobInputs", "PlanError", "PlanRequest"]


@dataclass(frozen=True, kw_only=True)
class PlanRequest(JobInputs):
    """The user's job and choices (``JobInputs``, checked there), with the scenario, how money
    is shown, the machine's supply, case and wall socket, and what is known of the machine."""

    scenario: Scenario
    currency: Currency = "CNY"
    psu: power.PsuSpec | None = None
    case: physical.CaseSpec | None = None
    socket: str = HOME.socket
    today: str | None = None  # ISO date the price ages are counted from; None: not judged
    alternatives: bool = True  # look for ways forward when nothing fits

    @classmethod
    def for_job(cls, job: JobInputs, scenario: Scenario, **rest: Any) -> PlanRequest:
        """The request for ``job``: its inputs as they are, the rest (currency, machine) given."""
        inputs = {f.name: getattr(job, f.name) for f in fields(JobInputs)}
        return cls(scenario=scenario, **inputs, **rest)

    machine: MachineFacts = field(default_factory=MachineFacts)
