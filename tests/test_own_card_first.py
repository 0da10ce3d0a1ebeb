"""A desktop whose card cannot hold the job as asked hears first what lets that card run it for
nothing: the recorded RTX 4000 SFF Ada (20 GB, 18.4 usable) was sold an RTX 4090 D, a 3.5-slot
card and an 850 W supply for a small PC, for an 8 B LoRA of 19.3 GB that LoRA on an int8 base
(11.1 GB) runs on the card it has."""

from __future__ import annotations

from conftest import recording
from helpers.recorded import TODAY

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.snapshot import load_paths
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.plan_view import headline

SFF = "nvidia-smi-q-x/nvidia-smi-q-x_rtx4000-sff-ada_drv595_70w.xml"


def _plan(data, model, scenario):
    (_name, snapshot), *_ = load_paths([recording(SFF)]).snapshots
    facts = machine_facts(enrich(snapshot, data), None, data)
    request = PlanRequest(scenario=scenario, currency="CNY", machine=facts, today=TODAY)
    return recommend(request, data, model)


def test_the_cards_own_way_comes_before_any_purchase(data, model):
    plan = _plan(data, model, Scenario.LLM)
    assert not plan.no_purchase_needed and plan.keep_refused.id == "vram-short"
    first = plan.alternatives[0]
    assert (first.change, first.to, first.keep) == ("method", "lora-int8", True)
    for language, words in (("en", "no purchase needed"), ("zh_CN", "无需购买")):
        view = headline(plan, language)
        assert view.no_purchase is not None and words in view.no_purchase
        # Said once, on the card's own line.
        assert not any("int8" in line for line in view.alternatives)


def test_a_card_that_holds_the_job_hears_no_change(data, model):
    plan = _plan(data, model, Scenario.STUDENT)
    assert plan.no_purchase_needed
    assert not any(a.keep for a in plan.alternatives)


def test_a_route_change_is_not_offered_for_what_the_lighter_method_alone_does(data, model):
    """At a budget nothing fits, the ways forward listed the NGC container with LoRA on an
    int8 base after LoRA on an int8 base alone: one change more for the same card."""
    (_name, snapshot), *_ = load_paths([recording(SFF)]).snapshots
    facts = machine_facts(enrich(snapshot, data), None, data)
    request = PlanRequest(
        scenario=Scenario.LLM, currency="CNY", budget=8_000, machine=facts, today=TODAY
    )
    plan = recommend(request, data, model)
    lighter = {a.to for a in plan.alternatives if a.change == "method" and a.keep}
    assert lighter
    assert not any(a.change == "route" and a.method in lighter for a in plan.alternatives)
