"""Card lengths as boards come (issue 49, 5): a card is refused for its length only when none of
its boards fits the case; otherwise it is offered with the board length to pick."""

from __future__ import annotations

from helpers.recorded import TODAY

from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.machine.physical import CaseSpec
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.plan_text import finding_text


def test_a_us_student_with_a_280_mm_case_is_offered_the_3060_with_the_board_to_pick(data, model):
    request = PlanRequest(
        scenario=Scenario.STUDENT,
        currency="USD",
        region="US",
        budget=450,
        case=CaseSpec(gpu_clearance_mm=280),
        today=TODAY,
        alternatives=False,
    )
    plan = recommend(request, data, model)
    rtx3060 = next(o for o in plan.options if o.gpu_id == "geforce-rtx-3060-12-gb" and o.count == 1)
    assert rtx3060.offered, [f.id for f in rtx3060.findings if f.severity == "blocks"]
    pick = next(f for f in rtx3060.findings if f.id == "fit-pick-board")
    assert pick.params["clearance"] == 280
    assert pick.params["shortest"] <= 280 < pick.params["longest"]
    assert "at most 280 mm" in finding_text(pick, "en")
    assert "280" in finding_text(pick, "zh_CN") and finding_text(pick, "zh_CN") != finding_text(
        pick, "en"
    )
