"""One resolved job (issue 40, item 1): the scenario's defaults are filled in by one function,
planning/job/resolve.py:resolve, so a bare request and the wizard's session plan the same job."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import REPO_ROOT

from gpuplanner.app.session import Session, resolved_job, to_request
from gpuplanner.core.scenarios import PRESETS, Scenario
from gpuplanner.planning.job.resolve import resolve
from gpuplanner.planning.recommend import PlanRequest, recommend

TODAY = "2026-11-30"

CASES = [
    (Scenario.STUDENT, "CNY", {}),
    (Scenario.SME, "USD", {"budget": 3_000.0}),
    (Scenario.LLM, "USD", {}),
    # A model of the user's own and no method: the scenario's method belongs to its own model.
    (Scenario.LLM, "USD", {"workload": "llm", "llm_model": "llama-2-13b"}),
    # A model and no workload: still an LLM job, ways forward included (a rented, sharded pair).
    (Scenario.LLM, "USD", {"llm_model": "llama-3-70b", "llm_mode": "lora", "budget": 14_000.0}),
]


@pytest.mark.parametrize(("scenario", "currency", "given"), CASES)
def test_a_bare_request_and_the_session_make_the_same_plan(scenario, currency, given, data, model):
    session = Session(scenario=scenario, currency=currency, today=TODAY)
    session.update(**given)
    from_session = to_request(session, data)
    bare = PlanRequest(
        scenario=scenario,
        currency=currency,
        today=TODAY,
        socket=from_session.socket,
        region=from_session.region,
        machine=from_session.machine,
        **given,
    )
    assert from_session == bare  # the session fills in nothing of its own
    planned, told = recommend(bare, data, model), recommend(from_session, data, model)
    assert [(o.action, o.gpu_id, o.count) for o in planned.options] == [
        (o.action, o.gpu_id, o.count) for o in told.options
    ]
    assert planned == told  # the same options, in the same order, with the same numbers
    job = resolved_job(session)
    assert (job.budget, job.workload, job.max_gpus, job.method) == (
        planned.budget,
        planned.workload,
        resolve(bare).max_gpus,
        resolve(bare).method,
    )


def test_the_scenario_fills_only_what_the_request_left_unset():
    preset = PRESETS[Scenario.SME]
    job = resolve(PlanRequest(scenario=Scenario.SME, currency="USD"))
    assert (job.budget, job.workload, job.max_gpus, job.method) == (
        preset.budget("USD").high,
        preset.workload,
        preset.max_gpus,
        None,
    )
    given = resolve(
        PlanRequest(scenario=Scenario.SME, currency="USD", budget=900.0, workload="ssd", max_gpus=4)
    )
    assert (given.budget, given.workload, given.max_gpus) == (900.0, "ssd", 4)
    llm = resolve(PlanRequest(scenario=Scenario.LLM, currency="CNY"))
    assert llm.request.llm_model == PRESETS[Scenario.LLM].llm_model
    assert llm.method == PRESETS[Scenario.LLM].llm_mode
    own = resolve(PlanRequest(scenario=Scenario.LLM, currency="CNY", llm_params_b=30.0))
    assert own.request.llm_model is None and own.method == "qlora"  # a size is a model too


@pytest.mark.parametrize(("scenario", "currency", "given"), CASES)
def test_resolving_a_resolved_job_changes_nothing(scenario, currency, given):
    job = resolve(PlanRequest(scenario=scenario, currency=currency, **given))
    assert resolve(job.request) == job
    assert job.replaced(batch=64).request == replace(job.request, batch=64)


def test_the_session_asks_the_planner_for_its_defaults():
    session = Session(scenario=Scenario.LLM, currency="USD")
    assert session.effective_budget() == PRESETS[Scenario.LLM].budget("USD").high
    assert session.effective_workload() == "llm"
    session.update(workload="bert-base", budget=2_000.0)
    assert (session.effective_workload(), session.effective_budget()) == ("bert-base", 2_000.0)


def test_contributing_names_the_function_that_fills_the_defaults():
    text = (REPO_ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "`planning/job/resolve.py:resolve`" in text
