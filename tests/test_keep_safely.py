"""Keep means keep safely (issue 49, 4): where the machine as it stands breaks a power rule,
keeping it is not "no purchase needed"; the supply it lacks is priced into keep and into the
bridge, and the headline says what to buy."""

from __future__ import annotations

from helpers.recorded import TODAY

from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.machine import power
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend
from gpuplanner.report.plan_view import headline

PAIR = MachineFacts(
    current_gpu_id="geforce-rtx-3090",
    installed_count=2,
    has_gpu=True,
    kind="desktop",
    installed_links=((8, 4), (8, 4)),
    slot_gen=4,
    slot_width=8,
)


def _plan(data, model, psu_w: float, **asked):
    request = PlanRequest(
        scenario=Scenario.SME,
        currency="USD",
        machine=PAIR,
        today=TODAY,
        psu=power.PsuSpec(rated_w=psu_w),
        alternatives=False,
        **asked,
    )
    return recommend(request, data, model)


def test_two_3090s_on_850_w_keep_with_the_supply_they_lack(data, model):
    plan = _plan(data, model, 850)
    keep = plan.options[0]
    assert keep.action == "keep" and keep.offered
    assert {"psu-sustained", "psu-transient"} <= {f.id for f in keep.findings}
    supply = next(n for n in keep.needs if n.what == "psu")
    assert supply.watts >= 1000 and supply.price > 0
    assert keep.price == supply.price
    assert not plan.no_purchase_needed
    said = headline(plan, "en")
    assert "No purchase needed" not in (said.no_purchase or "")
    assert f"{supply.watts} W supply" in said.no_purchase
    assert headline(plan, "zh_CN").no_purchase != said.no_purchase
    # The bridge for the pair carries the same supply, and is said as a bridge, not two cards.
    bridge = next(o for o in plan.options if o.action == "bridge")
    assert {n.what for n in bridge.needs} == {"psu", "nvlink-bridge"}
    assert bridge.price == supply.price + next(
        n.price for n in bridge.needs if n.what == "nvlink-bridge"
    )
    # Where the bridge is the faster option keep names (here the RTX 4090, 1.40x against the
    # bridge's 1.39x, comes first by speed), it is said as a bridge, not as two cards.
    from gpuplanner.planning.plan import ranking
    from gpuplanner.report import plan_text

    (_, until) = ranking.keep_findings(keep, [bridge])
    line = plan_text.finding_text(until, "en")
    assert until.id == "keep-until-bridge" and "NVLink bridge" in line
    assert "×2" not in line and "pair" in line


def test_a_supply_that_holds_them_is_still_no_purchase(data, model):
    plan = _plan(data, model, 1600)
    assert plan.no_purchase_needed
    assert headline(plan, "en").no_purchase.startswith("No purchase needed")


def test_a_supply_the_user_keeps_is_warned_not_priced(data, model):
    plan = _plan(data, model, 850, keep_psu=True)
    keep = plan.options[0]
    assert not keep.needs and keep.price == 0
    assert {f.severity for f in keep.findings if f.id.startswith("psu-")} == {"warns"}


def test_cards_that_cannot_hold_the_job_are_said_to_be_short_before_any_purchase(data, model):
    """Two 11 GB cards and an 8B LoRA (about 19 GB on one card): the plan says why the
    installed cards cannot stay, in both languages, not only what to buy."""
    pair = MachineFacts(
        current_gpu_id="geforce-rtx-2080-ti", installed_count=2, has_gpu=True, kind="desktop"
    )
    request = PlanRequest(
        scenario=Scenario.LLM, currency="CNY", machine=pair, today=TODAY, alternatives=False
    )
    plan = recommend(request, data, model)
    assert plan.keep_refused is not None and plan.keep_refused.id == "vram-short"
    english = headline(plan, "en").no_purchase
    assert english.startswith("Your GeForce RTX 2080 Ti ×2 cannot stay for this job")
    assert "11 GB" in english
    assert "无法继续" in headline(plan, "zh_CN").no_purchase
    # Cards that hold the job are never said to be refused.
    assert _plan(data, model, 1200).keep_refused is None


def test_cards_barred_only_by_the_users_choice_of_new_cards_are_listed_last(data, model):
    """A student's refused rows: a modified 48 GB board, which only ``--used-ok`` would offer,
    is no nearer a fit than a card the budget refuses; it comes after every other refusal."""
    pair = MachineFacts(
        current_gpu_id="geforce-rtx-2080-ti", installed_count=2, has_gpu=True, kind="desktop"
    )
    request = PlanRequest(
        scenario=Scenario.STUDENT, currency="CNY", machine=pair, today=TODAY, alternatives=False
    )
    refused = [o for o in recommend(request, data, model).options if not o.offered]
    chosen = [any(f.id == "modified-needs-used-ok" for f in o.findings) for o in refused]
    assert any(chosen) and not all(chosen)
    assert chosen == sorted(chosen)  # every False (barred by the machine, job or money) first
