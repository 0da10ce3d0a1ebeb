"""Ways forward a buyer would try (issue 39, part 5): used cards when new ones were asked,
renting for a job no offered card holds, and no smaller replacement for a marginal gain."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend


def test_llm_at_8000_cny_new_names_the_used_card_it_would_buy(data, model):
    request = PlanRequest(scenario=Scenario.LLM, currency="CNY", budget=8000)
    plan = recommend(request, data, model)
    assert not [o for o in plan.options if o.offered and o.action != "keep"]
    used = [a for a in plan.alternatives if a.change == "used"]
    assert len(used) == 1 and used[0].gpu
    # After the changes to the job that keep a new card, before more money or renting.
    changes = [a.change for a in plan.alternatives]
    assert changes.index("used") < changes.index("budget")
    allowed = recommend(replace(request, used_ok=True, alternatives=False), data, model)
    best = next(o for o in allowed.options if o.offered and o.action != "keep")
    assert best.gpu == used[0].gpu and best.price == used[0].price
    assert best.price_each is not None and best.price_each.condition == "used"


def test_no_used_way_forward_when_used_cards_are_allowed(data, model):
    plan = recommend(
        PlanRequest(scenario=Scenario.LLM, currency="CNY", budget=3000, used_ok=True), data, model
    )
    assert not [a for a in plan.alternatives if a.change == "used"]


@pytest.mark.parametrize(
    ("llm", "mode"), [("llama-3-70b", "lora"), ("llama-2-70b", "full"), ("qwen2.5-72b", "lora")]
)
def test_a_job_no_offered_card_holds_can_be_rented(data, model, llm, mode):
    request = PlanRequest(
        scenario=Scenario.LLM,
        currency="CNY",
        budget=60000,
        workload="llm",
        llm_model=llm,
        llm_mode=mode,
    )
    plan = recommend(request, data, model)
    assert not [o for o in plan.options if o.offered and o.action != "keep"]
    rent = [a for a in plan.alternatives if a.change == "rent"]
    assert rent and rent[0].price and rent[0].count >= 1


def test_an_owned_16_gb_card_is_not_replaced_by_a_smaller_one_for_little(data, model):
    machine = MachineFacts(
        current_gpu_id="rtx-2000-ada-generation", installed_count=1, has_gpu=True
    )
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY", machine=machine), data, model
    )
    keep = plan.options[0]
    assert keep.action == "keep" and keep.offered
    # Less memory per card than the installed one is not worth buying, at any gain (issue 49, 3).
    for option in plan.options:
        if option.offered and option.action == "replace":
            assert option.vram_per_card_gb >= 16, option.gpu
    refused = [o for o in plan.options if any(f.id == "smaller-than-installed" for f in o.findings)]
    assert all(o.vram_per_card_gb < 16 for o in refused)
