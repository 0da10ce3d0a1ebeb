"""Judging fewer candidates changes nothing a plan shows: more cards of a kind whose single card
is barred for good (planning/recommend.py, ``_blocked_for_good``) are not judged, and the plan
made without judging them is the plan made judging every one."""

from __future__ import annotations

import pytest

from gpuplanner.core.job_inputs import MixedJob
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning import recommend as recommend_module
from gpuplanner.planning.machine.physical import CaseSpec
from gpuplanner.planning.recommend import PlanRequest, recommend

TODAY = "2026-11-30"

REQUESTS = {
    "student-us": PlanRequest(scenario=Scenario.STUDENT, currency="USD", today=TODAY),
    "student-cn": PlanRequest(scenario=Scenario.STUDENT, currency="CNY", today=TODAY),
    "sme-cn-bert": PlanRequest(
        scenario=Scenario.SME, currency="CNY", workload="bert-base", today=TODAY
    ),
    "sme-us-used": PlanRequest(scenario=Scenario.SME, currency="USD", used_ok=True, today=TODAY),
    "sme-cn-mix": PlanRequest(
        scenario=Scenario.SME,
        currency="CNY",
        jobs=(MixedJob(workload="bert-base", share=60), MixedJob(workload="resnet50", share=40)),
        today=TODAY,
    ),
    # An LLM whose memory two cards hold where one does not: the pairs of cards barred by
    # their market or their cooler are what the refused rows show.
    "llm-us": PlanRequest(
        scenario=Scenario.LLM, currency="USD", workload="llm", llm_model="qwen2.5-14b", today=TODAY
    ),
    "llm-cn-server": PlanRequest(
        scenario=Scenario.LLM,
        currency="CNY",
        workload="llm",
        llm_model="llama-3-70b",
        llm_mode="inference",
        case=CaseSpec(form_factor="server"),
        today=TODAY,
    ),
}


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_a_plan_is_the_same_without_the_candidates_it_skips(name, data, model, monkeypatch):
    request = REQUESTS[name]
    skipping = recommend(request, data, model)
    judged: list[int] = []
    real_judge = recommend_module.judge

    def counting(*args, **kwargs):
        judged.append(1)
        return real_judge(*args, **kwargs)

    monkeypatch.setattr(recommend_module, "judge", counting)
    monkeypatch.setattr(recommend_module, "_blocked_for_good", lambda option: False)
    everything = recommend(request, data, model)
    assert skipping == everything
    assert judged  # the patched judge is the one that ran
