"""The three reports the golden files and the language walk read: a student's RTX 3060
machine, a small firm and an LLM inference job, on a fixed day."""

from __future__ import annotations

import datetime as dt

from conftest import REPO_ROOT

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.snapshot import load_file
from gpuplanner.planning.machine.physical import CaseSpec
from gpuplanner.planning.machine.power import PsuSpec
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.context import report_context
from gpuplanner.report.html import plan_html

SNAPSHOT = REPO_ROOT / "tests" / "data" / "snapshots" / "rtx3060-telegraf.json"
TODAY = "2026-11-30"
NOW = dt.datetime(2026, 11, 30, 12, 0)


def plan_request_for(scenario: str, language: str, data):
    """(request, snapshot) of one of the three reports."""
    currency = "CNY" if language == "zh_CN" else "USD"
    if scenario == "student":
        snapshot = enrich(load_file(SNAPSHOT), data)
        request = PlanRequest(
            scenario=Scenario.STUDENT,
            currency=currency,
            psu=PsuSpec(rated_w=550, atx_version="3", pcie_8pin_cables=2, rating="gold"),
            case=CaseSpec(320, 3, "atx"),
            today=TODAY,
            machine=machine_facts(snapshot, None, data),
        )
        return request, snapshot
    if scenario == "sme":
        return PlanRequest(scenario=Scenario.SME, currency=currency, today=TODAY), None
    return (
        PlanRequest(
            scenario=Scenario.LLM,
            currency=currency,
            workload="llm",
            llm_model="llama-3-70b",
            llm_mode="inference",
            bits=4,
            max_gpus=2,
            today=TODAY,
        ),
        None,
    )


def report(scenario: str, language: str, data, printed: bool = False) -> str:
    """The report (``printed``: the one for paper and PDF)."""
    request, snapshot = plan_request_for(scenario, language, data)
    plan = recommend(request, data, load_speed_model())
    context = report_context(plan, language, data, request, snapshot, now=NOW)
    return plan_html(plan, language, context, printed)
