"""The budget's edge, said (issue 48, item 2): where nothing within the budget meets the
scenario's memory floor and the best card that does costs at most 10% more, the headline names
it and the difference, and it is offered as "over budget by ..." rather than a card under the
floor winning; further over, nothing is stretched."""

from __future__ import annotations

import json

from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.plan import ranking
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.plan_view import headline

TODAY = "2026-12-01"


def _student_cn(data, model, budget):
    request = PlanRequest(
        scenario=Scenario.STUDENT,
        currency="CNY",
        region="CN",
        budget=budget,
        today=TODAY,
        alternatives=False,
    )
    return recommend(request, data, model)


def test_a_student_at_2500_yuan_is_told_the_12_gb_card_for_a_little_more(data, model):
    plan = _student_cn(data, model, 2_500)
    top = next(o for o in plan.options if o.offered and o.action != "keep")
    assert top.vram_per_card_gb >= 12
    over = next(f for f in top.findings if f.id == "over-budget-by")
    assert over.severity == "warns"
    assert over.params["extra"] == round(top.price - 2_500) and 0 < over.params["extra"] <= 250
    assert not any(f.id == "over-budget" for f in top.findings)
    said = plan.budget_stretch
    assert said is not None and said.params["gpu"] == top.gpu
    assert said.params["extra"] == over.params["extra"]
    # The cards under the floor no longer win: they are not offered beside it.
    assert all(o.vram_per_card_gb >= 12 for o in plan.options if o.offered)
    for language, words in (("en", "more"), ("zh_CN", "多花")):
        line = headline(plan, language).stretch
        assert line is not None and top.gpu in line and words in line
        assert "¥" + str(int(over.params["extra"])) in line


def test_more_than_ten_percent_over_is_not_stretched(data, model):
    near = _student_cn(data, model, 2_500)
    top = next(o for o in near.options if o.offered and o.action != "keep")
    budget = round(top.price / (1 + ranking.STRETCH)) - 10  # the card is now over 10% more
    far = _student_cn(data, model, budget)
    assert far.budget_stretch is None
    assert not any(any(f.id == "over-budget-by" for f in o.findings) for o in far.options)
    assert headline(far, "en").stretch is None


def test_a_budget_that_holds_the_floor_is_not_stretched(data, model):
    plan = _student_cn(data, model, 4_000)
    assert plan.budget_stretch is None
    top = next(o for o in plan.options if o.offered and o.action != "keep")
    assert top.price <= 4_000


def test_installed_cards_that_run_the_job_are_not_told_to_stretch(data, model):
    """Eight H100s hold a student's ResNet-50: no purchase is needed, so no card "for a little
    more" either (a buyer review found "For ¥62 more: RTX A2000 12 GB" beside "No purchase
    needed")."""
    from dataclasses import replace

    from gpuplanner.planning.machine.facts import MachineFacts

    facts = MachineFacts(
        current_gpu_id="h100-sxm5-80-gb", installed_count=8, has_gpu=True, kind="server"
    )
    empty = _student_cn(data, model, 2_500)
    assert empty.budget_stretch is not None  # the same request on an empty machine stretches
    request = PlanRequest(
        scenario=Scenario.STUDENT,
        currency="CNY",
        region="CN",
        budget=2_500,
        today=TODAY,
        alternatives=False,
        machine=facts,
    )
    plan = recommend(request, data, model)
    assert plan.no_purchase_needed
    assert plan.budget_stretch is None
    assert not any(any(f.id == "over-budget-by" for f in o.findings) for o in plan.options)
    assert replace(plan, budget_stretch=None) == plan


def test_the_json_says_the_budget_edge(tmp_path):
    from conftest import run_cli

    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "student",
        "--currency",
        "CNY",
        "--budget",
        "2500",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    plan = json.loads(result.stdout)
    assert plan["budget_stretch"]["id"] == "budget-stretch"
    top = next(o for o in plan["options"] if o["offered"])
    assert top["vram_per_card_gb"] >= 12
    assert top["total"] > 2_500
    assert any(f["id"] == "over-budget-by" for f in top["findings"])
