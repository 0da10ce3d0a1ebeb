"""A card with MIG on plans its largest slice; where the slice is too small and the whole card
is not, the plan says to turn MIG off before it sells anything (the owner of an A100 80 GB with
20 GB slices was told to replace it with an RTX 4500 Ada, "19.3 GB needed; this card has
19.5 GB")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import recording
from helpers.recorded import TODAY

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.snapshot import load_paths
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.plan_text import finding_text
from gpuplanner.report.plan_view import headline

A100_MIG = "nvidia-smi-q-x/nvidia-smi-q-x_a100-sxm4-80gb_mig-enabled_partial-1-of-4-gpus.xml"


def _facts(data):
    result = load_paths([recording(A100_MIG)])
    (_name, snapshot), *_ = result.snapshots
    return machine_facts(enrich(snapshot, data), None, data)


# The recordings are of SXM modules, whose server buys no PCIe card (test_machine_rules:
# a server of modules is offered none). What a purchase is judged against beside MIG off is
# the same on a PCIe card with MIG (an A100 or H100 PCIe, an A30): the same slices on the
# PCIe twin.
PCIE_TWIN = {"a100-sxm4-80-gb": "a100-pcie-80-gb", "h100-sxm5-80-gb": "h100-pcie-80-gb"}


def _pcie(facts):
    return replace(facts, current_gpu_id=PCIE_TWIN[facts.current_gpu_id])


def _plan(data, model, scenario: Scenario, facts):
    request = PlanRequest(scenario=scenario, currency="CNY", machine=facts, today=TODAY)
    return recommend(request, data, model)


def test_the_slice_too_small_for_the_job_is_told_to_turn_mig_off_first(data, model):
    facts = _facts(data)
    assert facts.mig_slice_gb is not None and facts.mig_slice_gb < 25
    plan = _plan(data, model, Scenario.LLM, facts)
    assert not plan.no_purchase_needed  # the 8B LoRA job does not fit the slice
    first = plan.alternatives[0]
    assert (first.change, first.keep, first.price) == ("mig-off", True, 0.0)
    assert first.gpu is not None and "A100" in first.gpu
    for language, words in (("en", "no purchase needed"), ("zh_CN", "无需购买")):
        view = headline(plan, language)
        assert view.no_purchase is not None
        assert "nvidia-smi -mig 0" in view.no_purchase and words in view.no_purchase
        # Said once, with the installed card's line, not again among the ways forward.
        assert not any("-mig 0" in line for line in view.alternatives)


def test_the_whole_card_is_not_offered_where_it_would_not_hold_the_job_either(data, model):
    """A job the whole card cannot hold either gets no MIG advice: only what fits helps."""
    facts = _facts(data)
    tiny = replace(facts, mig_slice_gb=2.0, installed_memory_gb=4.0)
    plan = _plan(data, model, Scenario.LLM, tiny)
    assert plan.alternatives is not None
    assert all(a.change != "mig-off" for a in plan.alternatives)


def test_a_slice_that_holds_the_job_needs_no_mig_advice(data, model):
    plan = _plan(data, model, Scenario.STUDENT, _facts(data))
    assert plan.no_purchase_needed
    assert all(a.change != "mig-off" for a in plan.alternatives)


def test_too_little_memory_says_how_much_of_the_card_is_usable(data, model):
    plan = _plan(data, model, Scenario.LLM, _facts(data))
    refused = plan.keep_refused
    assert refused is not None and refused.id == "vram-short"
    usable = refused.params["usable_gb"]
    assert usable < refused.params["card_gb"] and refused.params["needed_gb"] > usable
    assert f"{usable} GB of it usable" in finding_text(refused, "en")


H100_1G = "nvidia-smi-L/nvidia-smi-L_8x-h100-80gb-hbm3_all-mig-1g.10gb.txt"


def test_no_purchase_slower_than_the_whole_cards_is_offered_beside_mig_off(data, model):
    """Eight H100s cut in 1g.10gb slices: the 8B LoRA job fits no slice, and every card on sale
    was ranked against one slice (an RTX 4500 Ada first, at 1.4x a slice and about a fortieth of
    the eight H100s MIG off gives). Against the whole machine, none of them is worth buying."""
    result = load_paths([recording(H100_1G)])
    (_name, snapshot), *_ = result.snapshots
    facts = _pcie(machine_facts(enrich(snapshot, data), None, data))
    plan = _plan(data, model, Scenario.LLM, facts)
    assert plan.alternatives[0].change == "mig-off" and plan.alternatives[0].keep
    purchases = [o for o in plan.options if o.action != "keep"]
    assert purchases and not any(o.offered for o in purchases)
    behind = [o for o in purchases if any(f.id == "slower-than-mig-off" for f in o.findings)]
    assert behind
    for option in behind:
        (said,) = [f for f in option.findings if f.id == "slower-than-mig-off"]
        # Each against the whole machine: no more than it, however many slices it is worth.
        assert said.params["speedup"] <= 1.0
        # And the table's speed is that same figure: against the eight whole cards.
        assert option.speedup == pytest.approx(said.params["speedup"], abs=0.01)
    assert plan.mig_off_baseline == 8
    text = finding_text(said, "en")
    assert "turn MIG off rather than buy" in text and "MIG" in finding_text(said, "zh_CN")


def test_a_purchase_faster_than_the_whole_card_stays_offered(data, model):
    """One A100 80 GB in 20 GB slices: MIG off gives that one card, and a faster purchase is
    still a purchase (judged against the whole card, not blocked for the slice's sake)."""
    plan = _plan(data, model, Scenario.LLM, _pcie(_facts(data)))
    offered = [o for o in plan.options if o.offered and o.action != "keep"]
    blocked = [o for o in plan.options if any(f.id == "slower-than-mig-off" for f in o.findings)]
    assert blocked
    assert all(
        o.speedup is not None and o.speedup > min(b.speedup or 0 for b in blocked) for o in offered
    )


def test_beside_mig_off_no_money_is_asked_for(data, model):
    """At a budget of 8,000 nothing on sale fits, and the ways forward were to raise it for an
    RTX A5000 or rent a 4090: what the eight whole H100s do for nothing once MIG is off."""
    result = load_paths([recording(H100_1G)])
    (_name, snapshot), *_ = result.snapshots
    facts = machine_facts(enrich(snapshot, data), None, data)
    request = PlanRequest(
        scenario=Scenario.LLM, currency="CNY", budget=8_000, machine=facts, today=TODAY
    )
    plan = recommend(request, data, model)
    assert plan.alternatives[0].change == "mig-off"
    assert not {a.change for a in plan.alternatives} & {"budget", "used", "rent"}


H100_3G = "nvidia-smi-L/nvidia-smi-L_h100-mig_drv590.txt"


def test_a_slice_that_holds_the_job_is_still_no_reason_to_buy_what_the_whole_card_beats(
    data, model
):
    """An H100's 3g.40gb slice holds the 8 B LoRA; four RTX 5880 Ada were offered 'for more
    speed, 2.66x as fast for ¥222,072': 1.14x the whole card, within the prediction's error,
    which turning MIG off gives for nothing."""
    result = load_paths([recording(H100_3G)])
    (_name, snapshot), *_ = result.snapshots
    facts = _pcie(machine_facts(enrich(snapshot, data), None, data))
    plan = _plan(data, model, Scenario.LLM, facts)
    assert plan.no_purchase_needed
    for option in plan.options:
        if option.offered and option.action != "keep":
            # Whatever stays offered beats the whole card by more than its error.
            assert (
                option.speedup or 0
            ) * facts.mig_slice_share > 1 + option.predicted_error_pct / 100
    blocked = [o for o in plan.options if any(f.id == "slower-than-mig-off" for f in o.findings)]
    assert any((o.speedup or 0) > 2 for o in blocked)  # twice a slice, and still not worth it
    # "For more speed" names only what beats the whole card by more than its error.
    for said in (f for f in plan.keep_findings if f.id == "keep-until-speed"):
        named = next(o for o in plan.options if o.gpu == said.params["gpu"] and o.offered)
        assert said.params["speedup"] * facts.mig_slice_share > 1 + named.predicted_error_pct / 100


def test_beside_mig_off_no_other_routes_pick_is_shown(data, model):
    result = load_paths([recording(H100_1G)])
    (_name, snapshot), *_ = result.snapshots
    facts = machine_facts(enrich(snapshot, data), None, data)
    plan = _plan(data, model, Scenario.SME, facts)
    assert plan.alternatives[0].change == "mig-off"
    assert plan.route_alternative is None


H100_MIG_Q = "nvidia-smi-q/nvidia-smi-q_h100-80gb-hbm3_mig-enabled_drv590.txt"
H100_MIG_CSV = "nvidia-smi-query-gpu-csv/nvidia-smi-query-gpu_h100-80gb-hbm3_mig-enabled_drv590_idle_all-fields.csv"


def test_mig_on_with_no_slice_read_says_the_plan_holds_with_mig_off(data, model):
    # A --query-gpu CSV reads MIG's mode and none of its slices: the plan was the whole card's
    # 80 GB ("Holds the job in 80 GB") and said nothing of MIG, where TensorFlow sees one slice.
    result = load_paths([recording(H100_MIG_CSV)])
    (_name, snapshot), *_ = result.snapshots
    facts = machine_facts(enrich(snapshot, data), None, data)
    assert facts.mig_slices_unread and facts.mig_slice_gb is None
    keep = _plan(data, model, Scenario.LLM, facts).options[0]
    said = next(f for f in keep.findings if f.id == "mig-slices-unread")
    assert said.severity == "warns"
    for language, words in (("en", "does not list its slices"), ("zh_CN", "切片")):
        text = finding_text(said, language)
        assert words in text and "nvidia-smi -mig 0" in text and "nvidia-smi -L" in text
    # With its slices read (the same card's nvidia-smi -q), the slice is planned and this is
    # not said; the lab fleet's first advice is the same free change.
    (_name, listed), *_ = load_paths([recording(H100_MIG_Q)]).snapshots
    read = machine_facts(enrich(listed, data), None, data)
    assert not read.mig_slices_unread and read.mig_slice_gb is not None
    keep = _plan(data, model, Scenario.STUDENT, read).options[0]
    assert "mig-slices-unread" not in {f.id for f in keep.findings}
    from gpuplanner.planning.plan.pick import first

    assert first(_plan(data, model, Scenario.LLM, facts)).change == "mig-off"


def test_beside_mig_off_speeds_are_against_the_whole_cards(data, model, monkeypatch):
    # The A100's 1g.20gb slice cannot hold the 8B LoRA job; MIG off holds it for nothing. The
    # table ranked four RTX 4500 Ada first at "11.64x" (against the slice) under "speeds
    # against your A100 SXM4 80 GB": 1.7x the card the owner gets by turning MIG off.
    from gpuplanner.planning.plan import free_change

    plan = _plan(data, model, Scenario.LLM, _pcie(_facts(data)))
    assert plan.mig_off_baseline == 1
    first = next(o for o in plan.options if o.offered)
    assert first.speedup is not None and 1.0 < first.speedup < 3.0
    # Against the slice (the rescaling left out), the same options, each faster by one factor:
    # the whole card's speed over the slice's. (Those not offered may list in another order:
    # a card no faster than the whole card comes after those that are.)
    monkeypatch.setattr(free_change, "against_whole", lambda options, whole: (options, None))
    sliced = _plan(data, model, Scenario.LLM, _pcie(_facts(data)))
    assert sliced.mig_off_baseline is None
    offered = [(o.gpu_id, o.count) for o in plan.options if o.offered]
    assert offered == [(o.gpu_id, o.count) for o in sliced.options if o.offered]
    assert sorted((o.gpu_id, o.count) for o in plan.options) == sorted(
        (o.gpu_id, o.count) for o in sliced.options
    )
    by_key = {(o.gpu_id, o.count): o for o in sliced.options}
    pairs = [
        (o.speedup, by_key[(o.gpu_id, o.count)].speedup)
        for o in plan.options
        if o.offered and o.speedup
    ]
    factors = {round(s / o, 1) for o, s in pairs}
    assert len(factors) == 1 and factors.pop() > 5  # the card is several slices
    for language, words in (
        ("en", "your A100 PCIe 80 GB with MIG off"),
        ("zh_CN", "关闭 MIG 后的"),
    ):
        assert words in headline(plan, language).summary
    # A slice that holds the job is what runs it today: speeds stay against it.
    monkeypatch.undo()
    assert _plan(data, model, Scenario.STUDENT, _facts(data)).mig_off_baseline is None


def test_a_job_kept_on_a_slice_pays_the_slices_share_of_the_draw(data, model):
    """The A100's 19.5 GB slice runs ResNet-50 at 14% of the card: its electricity was the
    whole server's draw for all 126 hours, as if the other slices ran nothing or ran free. In
    a server the card's draw is what is billed (its CPUs and fans are its maker's rating), and
    the slice pays its share of its own card's."""
    facts = _facts(data)
    assert facts.kind == "server"
    share = facts.mig_slice_share
    assert share is not None and 0 < share < 0.5
    keep = next(
        o for o in _plan(data, model, Scenario.STUDENT, facts).options if o.action == "keep"
    )
    run = next(f for f in keep.findings if f.id == "run-cost-server-slice")
    assert not {"run-cost", "run-cost-slice", "run-cost-server"} & {f.id for f in keep.findings}
    assert run.params["share_pct"] == round(share * 100)
    card_wall_w = keep.power.wall_w  # a server's draw is its cards'
    assert card_wall_w == keep.power.gpus_w
    assert keep.power.gpus_w == 500  # the one A100 at its limit, not the machine's CPU and board
    whole = _plan(data, model, Scenario.STUDENT, replace(facts, mig_slice_gb=None))
    whole_keep = next(o for o in whole.options if o.action == "keep")
    whole_run = next(f for f in whole_keep.findings if f.id == "run-cost-server")
    per_kwh = whole_run.params["cost"] / whole_run.params["hours"] / (card_wall_w / 1000)
    assert per_kwh == pytest.approx(0.6, rel=0.05)  # China's usual price (core/markets.py)
    per_hour = run.params["cost"] / run.params["hours"]
    assert per_hour == pytest.approx(share * card_wall_w / 1000 * per_kwh, rel=0.02)
    assert keep.power.maker_rated and run.params["watts"] == 500
    for language, words in (
        ("en", "share of its card's own 500 W"),
        ("zh_CN", "所在 GPU 自身 500 W"),
    ):
        assert words in finding_text(run, language)


def test_every_installed_card_heats_the_room_though_the_job_runs_in_one_slice(data, model):
    """Eight H100s in 1g.10gb slices keep the student's job in one slice of one card; the
    other slices run other jobs, and all eight cards heat the room: 700 W by the keep line."""
    result = load_paths([recording(H100_1G)])
    (_name, snapshot), *_ = result.snapshots
    facts = machine_facts(enrich(snapshot, data), None, data)
    assert facts.installed_count == 8 and facts.kind == "server"
    keep = next(
        o for o in _plan(data, model, Scenario.STUDENT, facts).options if o.action == "keep"
    )
    assert keep.count == 1  # TensorFlow sees one slice
    heat = next(f for f in keep.findings if f.id == "heat-output-server")
    assert heat.params["watts"] == 8 * 700 == keep.power.gpus_w  # the line, the bar, the column
    run = next(f for f in keep.findings if f.id == "run-cost-server-slice")
    # The job's bill is its slice's, of its one card.
    assert (run.params["share_pct"], run.params["watts"]) == (14, 700)
    share = facts.mig_slice_share
    assert run.params["cost"] == pytest.approx(
        share * 700 / 1000 * run.params["hours"] * 0.6, rel=0.02
    )


def test_a_report_that_describes_fewer_cards_says_so_on_the_keep_line(data, model):
    """The recorded A100 report says 4 GPUs are attached and describes 1: the keep line's heat
    (500 W) is the one card's, and the plan said nothing of the other three."""
    facts = _facts(data)
    assert facts.undescribed == (4, 1)
    keep = next(
        o for o in _plan(data, model, Scenario.STUDENT, facts).options if o.action == "keep"
    )
    said = next(f for f in keep.findings if f.id == "report-describes-fewer")
    assert said.params == {"attached": "4", "described": "1"} and keep.offered
    assert "describes 1" in finding_text(said, "en") and "4" in finding_text(said, "zh_CN")
