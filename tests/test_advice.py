"""Advice a buyer can trust (issue 13): start from this machine, safety first, the TensorFlow
route, several cards, a way forward. Each test is one "done when" line, over the whole catalog
or every recorded machine rather than one hand-picked example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import recording, recordings, run_cli
from helpers import recorded

from gpuplanner.app.inventory import machine_facts
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job import routes
from gpuplanner.planning.machine import physical, power
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend

REPO_ROOT = Path(__file__).resolve().parents[1]
TODAY = "2026-11-30"

# NVIDIA's "Required Power Connectors" for the 12V-2x6 adapter in the box (product pages).
VENDOR_ADAPTER_8PIN = {
    "geforce-rtx-3090-ti": 3,
    "geforce-rtx-4090": 3,
    "geforce-rtx-4090-d": 3,
    "geforce-rtx-4080": 3,
    "geforce-rtx-4080-super": 3,
    "geforce-rtx-4070-ti": 2,
    "geforce-rtx-4070-ti-super": 2,
    "geforce-rtx-4070-super": 2,
    "geforce-rtx-4070": 2,
    "geforce-rtx-4060-ti-16-gb": 1,
    "geforce-rtx-4060-ti-8-gb": 1,
    "geforce-rtx-5090": 4,
    "geforce-rtx-5090-d": 4,
    "geforce-rtx-5090-d-v2": 4,
    "geforce-rtx-5080": 3,
    "geforce-rtx-5070-ti": 3,
    "geforce-rtx-5070": 2,
}


def _ids(option) -> set[str]:
    return {f.id for f in option.findings}


# -- 1. start from this machine ----------------------------------------------------------------


@pytest.mark.parametrize("scenario", list(Scenario))
def test_nothing_slower_and_no_larger_ranks_above_keeping_the_installed_cards(
    data, model, scenario
):
    checked = kept = 0
    for name, facts, plan in recorded.plans(data, model, scenario):
        keep = next((o for o in plan.options if o.action == "keep"), None)
        assert {o.action for o in plan.options} <= {"keep", "bridge", "add", "replace"}, name
        if facts.current_gpu_id:
            assert keep is not None, name
        if keep is None or not keep.offered:
            continue
        checked += 1
        # The installed cards hold the job: the top answer is "no purchase needed".
        assert plan.options[0] is keep and plan.no_purchase_needed, name
        kept += 1
        installed_gb = keep.vram_per_card_gb * keep.count
        for option in plan.options[1:]:
            if not option.offered:
                continue
            slower = option.speedup is not None and option.speedup <= 1.0
            larger = option.vram_per_card_gb * option.count > installed_gb
            if slower and not larger:
                assert "slower-than-installed" in _ids(option), (name, option.gpu)
        faster = [
            o for o in plan.options[1:] if o.offered and "slower-than-installed" not in _ids(o)
        ]
        slower = [o for o in plan.options[1:] if o.offered and "slower-than-installed" in _ids(o)]
        if faster and slower:
            assert plan.options.index(faster[-1]) < plan.options.index(slower[0]), name
    assert checked >= 10 and kept == checked


def test_recommend_json_says_keep_for_a_recorded_machine_that_holds_the_job(tmp_path):
    report = recording("nvidia-smi-q-x/nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml")
    snapshot = tmp_path / "machine.json"
    saved = run_cli(
        tmp_path, "scan", "--from", str(report), "--psu-watts", "550", "--save", str(snapshot)
    )
    assert saved.returncode == 0, saved.stderr
    assert json.loads(snapshot.read_text())["power_supply"]["rated_w"] == 550  # kept with it
    result = run_cli(
        tmp_path, "recommend", "--scenario", "student", "--snapshot", str(snapshot), "--json"
    )
    assert result.returncode == 0, result.stderr
    plan = json.loads(result.stdout)
    first = plan["options"][0]
    assert first["action"] == "keep" and first["count"] == 2 and first["offered"]
    # Two 250 W cards on 550 W: kept safely with the supply they lack, priced in; so not "no
    # purchase needed" (issue 49, 4).
    assert not plan["no_purchase_needed"]
    assert any(n["what"] == "psu" and n["price"] > 0 for n in first["needs"])
    # Driver 410 is far below what today's TensorFlow needs: a free update, named.
    assert {"what": "driver", "price": 0.0, "version": "525.60.13"} in first["needs"]
    assert {o["action"] for o in plan["options"][1:]} <= {"bridge", "add", "replace"}


# -- 2. safety first -------------------------------------------------------------------------


def _all_cards_with_550w(data, model, **extra):
    request = PlanRequest(
        scenario=Scenario.SME,
        currency="CNY",
        budget=10_000_000,
        max_gpus=1,
        used_ok=True,
        psu=power.PsuSpec(rated_w=550),
        tf_route="keras-other",  # every vendor's cards are judged, not stopped by the route
        today=TODAY,
        alternatives=False,
        **extra,
    )
    return recommend(request, data, model)


def test_no_card_that_trips_a_550_w_supply_is_offered_without_a_new_supply(data, model):
    plan = _all_cards_with_550w(data, model)
    judged = 0
    for option in plan.options:
        draw = option.power
        if draw.sustained_ok and draw.transient_ok:
            continue
        judged += 1
        if not option.offered:
            continue
        psu = [n for n in option.needs if n.what == "psu"]
        assert psu, option.gpu
        need = psu[0]
        assert need.watts >= draw.sustained_w / 0.8 and need.price > 0
        assert option.price == pytest.approx(
            option.cards_price + sum(n.price for n in option.needs)
        )
    assert judged > 50


def test_keeping_the_supply_blocks_every_card_that_trips_it(data, model):
    plan = _all_cards_with_550w(data, model, keep_psu=True)
    for option in plan.options:
        if not (option.power.sustained_ok and option.power.transient_ok):
            assert (not option.offered and not option.needs) or option.needs[0].what == "driver"


def test_every_12v2x6_card_has_its_adapter_count_on_record_or_a_check_line(data, model, gpus):
    boards = {b.gpu_id: b for b in data.boards}
    plan = recommend(
        PlanRequest(
            scenario=Scenario.LLM,
            currency="CNY",
            budget=10_000_000,
            max_gpus=1,
            psu=power.PsuSpec(rated_w=2000, atx_version="3", has_12v2x6=False, pcie_8pin_cables=8),
            tf_route="keras-other",
            accept_rocm=True,
            today=TODAY,
            alternatives=False,
        ),
        data,
        model,
    )
    by_gpu = {o.gpu_id: o for o in plan.options if o.count == 1}
    high = [g for g in gpus.values() if g.power_12v2x6]
    assert len(high) >= 30
    for gpu in high:
        board = boards.get(gpu.id)
        if gpu.id in VENDOR_ADAPTER_8PIN:
            assert board is not None and board.adapter_8pin == VENDOR_ADAPTER_8PIN[gpu.id], gpu.id
            assert "adapter=nvidia-geforce-specs" in board.sources
            load = power.GpuLoad(
                board_power_w=gpu.board_power_w, count=1, power_8pin=0, power_12v2x6=1
            )
            assert (
                power.cables(load, board.adapter_8pin, 0).eight_pin == VENDOR_ADAPTER_8PIN[gpu.id]
            )
        elif gpu.id in by_gpu and by_gpu[gpu.id].action != "keep":
            # No vendor count on record: never a guess, a visible check line instead.
            assert board is None or board.adapter_8pin is None
            assert "adapter-check" in _ids(by_gpu[gpu.id]), gpu.id


def test_two_cards_on_one_12v2x6_cable_need_the_second_through_its_adapter(data, model):
    # ResNet-50 (the student's job), where a second card adds speed and so is offered.
    plan = recommend(
        PlanRequest(
            scenario=Scenario.STUDENT,
            currency="CNY",
            budget=1_000_000,
            max_gpus=2,
            psu=power.PsuSpec(rated_w=1600, atx_version="3", has_12v2x6=True, pcie_8pin_cables=2),
            # Two 3.5-slot cards with a slot of air between them need an E-ATX tower.
            case=physical.CaseSpec(None, None, "e-atx"),
            today=TODAY,
            alternatives=False,
        ),
        data,
        model,
    )
    pair = next(o for o in plan.options if o.gpu_id == "geforce-rtx-4090-d" and o.count == 2)
    cables = next(f for f in pair.findings if f.id == "psu-cables")
    assert cables.params["needed"] == 3 and cables.params["have"] == 2
    assert any(n.what == "psu" for n in pair.needs) or not pair.offered


def test_fit_is_judged_against_the_range_of_boards(data, model):
    """Refused only when no board fits; else offered with the board length to pick (issue 49, 5)."""
    from gpuplanner.planning.machine.physical import CaseSpec

    def rtx4090(clearance_mm: int):
        plan = recommend(
            PlanRequest(
                scenario=Scenario.SME,
                currency="CNY",
                budget=100_000,
                max_gpus=1,
                case=CaseSpec(gpu_clearance_mm=clearance_mm, free_slots=4),
                today=TODAY,
                alternatives=False,
            ),
            data,
            model,
        )
        return next(o for o in plan.options if o.gpu_id == "geforce-rtx-4090")

    # The reference board is 304 mm, and the boards people buy reach 358 mm: pick a short one.
    fits = rtx4090(320)
    pick = next(f for f in fits.findings if f.id == "fit-pick-board")
    assert pick.params == {"clearance": 320, "shortest": 304, "longest": 358}
    assert "fit-too-long" not in {f.id for f in fits.findings}
    # A 300 mm case takes no 4090 board at all.
    none = rtx4090(300)
    too_long = next(f for f in none.findings if f.id == "fit-too-long")
    assert too_long.params == {"length": 358, "clearance": 300, "reference": 304}
    assert not none.offered


def test_an_unknown_supply_or_case_gives_a_check_line_with_the_number(data, model):
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY", today=TODAY), data, model
    )
    best = plan.options[0]
    checks = {f.id: f.params for f in best.findings}
    # Which check line depends on the card's plugs (8-pin, 12V-2x6, EPS, none): the best
    # card moves with the prices (test_price_independence.py), the numbers must not be lost.
    (supply,) = [params for key, params in checks.items() if key.startswith("psu-unknown-check")]
    assert supply["recommended_w"] > supply["sustained_w"] > 0  # headroom over the draw
    card = next(g for g in data.gpus if g.id == best.gpu_id)
    # The case check names at least the reference board's length (the longest common board
    # where boards.csv knows it).
    assert checks["check-case"]["length_mm"] >= (card.length_mm or 1) > 0


# -- 3. the TensorFlow route ------------------------------------------------------------------


def _big(route: str, **extra):
    return PlanRequest(
        scenario=Scenario.SME,
        currency="CNY",
        budget=500_000,
        max_gpus=1,
        tf_route=route,
        today=TODAY,
        alternatives=False,
        **extra,
    )


def test_official_route_never_offers_a_card_it_cannot_run(data, model, gpus):
    plan = recommend(_big("official"), data, model)
    offered = [o for o in plan.options if o.offered]
    assert offered
    for option in offered:
        assert routes.support(gpus[option.gpu_id], "official", data.tf_routes).runs
        assert gpus[option.gpu_id].vendor == "NVIDIA"


def test_ngc_route_offers_blackwell(data, model, gpus):
    plan = recommend(_big("ngc"), data, model)
    blackwell = [
        o for o in plan.options if o.offered and "Blackwell" in gpus[o.gpu_id].architecture
    ]
    assert blackwell
    official = recommend(_big("official"), data, model)
    rtx5090 = next(o for o in official.options if o.gpu_id == "geforce-rtx-5090")
    assert not rtx5090.offered and "route-unsupported" in _ids(rtx5090)


def test_amd_and_intel_only_with_rocm_accepted_or_a_route_that_runs_them(data, model, gpus):
    def vendors(plan):
        return {gpus[o.gpu_id].vendor for o in plan.options if o.offered}

    assert vendors(recommend(_big("official"), data, model)) == {"NVIDIA"}
    assert vendors(recommend(_big("ngc"), data, model)) == {"NVIDIA"}
    with_rocm = recommend(_big("official", accept_rocm=True), data, model)
    assert "AMD" in vendors(with_rocm) and "Intel" not in vendors(with_rocm)
    other = recommend(_big("keras-other"), data, model)
    assert {"AMD", "Intel"} <= vendors(other)
    for option in with_rocm.options:
        if option.offered and gpus[option.gpu_id].vendor != "NVIDIA":
            assert "speed-not-measured" in _ids(option)
            assert option.predicted_error_pct > 15


def test_an_old_driver_is_named_with_its_fix(data, model):
    facts = MachineFacts(
        current_gpu_id="quadro-p400",
        installed_count=1,
        has_gpu=True,
        driver_version="418.43",
    )
    plan = recommend(
        PlanRequest(
            scenario=Scenario.STUDENT,
            currency="CNY",
            machine=facts,
            today=TODAY,
            alternatives=False,
        ),
        data,
        model,
    )
    found = next(f for o in plan.options for f in o.findings if f.id == "driver-update")
    assert found.params["have"] == "418.43" and found.params["need"] == "525.60.13"


def test_a_card_whose_last_driver_series_is_580_is_not_told_or_newer(data, model):
    """A V100 on driver 460 was told "NVIDIA driver 525.60.13 or newer": the 590 series and
    later no longer run Maxwell, Pascal or Volta cards (NVIDIA's deprecation schedule)."""
    from gpuplanner.report.plan_text import finding_text, need_text

    plan = _student_on(data, model, "tesla-v100-pcie-16-gb", "460.32.03")
    keep = next(o for o in plan.options if o.action == "keep")
    said = next(f for f in keep.findings if f.id.startswith("driver-update"))
    assert said.id == "driver-update-last" and said.params["branch"] == 580
    (need,) = [n for n in keep.needs if n.what == "driver"]
    assert need.last_branch == 580
    assert "R580 branch" in need_text(need, "CNY", "en") and "R580 分支" in need_text(
        need, "CNY", "zh_CN"
    )
    assert "later branches do not" in finding_text(said, "en")
    # A Windows owner is told R580's own numbers, so that 581.xx is not taken for a newer one.
    assert "580.xx–581.xx" in finding_text(said, "en")
    # A card NVIDIA still supports keeps "or newer".
    bought = next(
        o
        for o in plan.options
        if o.action != "keep" and any(f.id.startswith("driver-update") for f in o.findings)
    )
    assert any(f.id == "driver-update" for f in bought.findings)


@pytest.mark.parametrize(
    "windows", [{"os_system": "Windows"}, {"windows_or_wsl": True}], ids=["native", "wddm"]
)
def test_a_windows_driver_is_told_the_floor_in_windows_numbers(data, model, windows):
    """WSL2 runs on the Windows host's driver, whose numbers are its own: a Windows 516.59 was
    told to reach 525.60.13, a Linux driver; CUDA 12's Windows floor is 527.41."""
    plan = _student_on(data, model, "geforce-rtx-2080", "516.59", **windows)
    found = next(f for o in plan.options for f in o.findings if f.id == "driver-update")
    assert found.params["need"] == "527.41"


def _student_on(data, model, gpu_id: str, driver: str, **machine):
    """The student's plan for one installed card on a driver, without the ways forward."""
    facts = MachineFacts(
        current_gpu_id=gpu_id, installed_count=1, has_gpu=True, driver_version=driver, **machine
    )
    request = PlanRequest(
        scenario=Scenario.STUDENT, currency="CNY", machine=facts, today=TODAY, alternatives=False
    )
    return recommend(request, data, model)


def test_cli_takes_the_route_and_rocm(tmp_path):
    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "sme",
        "--budget",
        "200000",
        "--tf-route",
        "ngc",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    plan = json.loads(result.stdout)
    assert plan["tf_route"] == "ngc"
    assert any(o["offered"] and "5090" in o["gpu"] for o in plan["options"])


# -- 4. more cards for speed -----------------------------------------------------------------


def test_small_firm_gets_a_two_card_option_with_its_scaling_stated(tmp_path):
    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "sme",
        "--budget",
        "25000",
        "--currency",
        "CNY",
        "--max-gpus",
        "2",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    plan = json.loads(result.stdout)
    pairs = [o for o in plan["options"] if o["offered"] and o["count"] == 2]
    assert pairs
    for pair in pairs:
        scaling = pair["predicted"]["scaling"]
        assert 0 < scaling["efficiency"] <= 1 and scaling["link"]
        assert any(f["id"] == "scaling" for f in pair["findings"])
        assert pair["total"] <= 25000


def _dominated_counts(plan) -> list[str]:
    """Offered options with more of a card that are not 10% faster than fewer of it."""
    found = []
    for option in plan.options:
        if not option.offered or option.count == 1 or option.predicted_relative is None:
            continue
        for fewer in plan.options:
            if (
                fewer.offered
                and fewer.gpu_id == option.gpu_id
                and fewer.action == option.action
                and fewer.count < option.count
                and fewer.predicted_relative is not None
                and option.predicted_relative < fewer.predicted_relative * 1.10
            ):
                found.append(f"{option.gpu} x{option.count}")
    return found


def test_a_second_card_that_adds_no_speed_is_not_offered(data, model):
    """An RTX 3060 owner planning BERT-large: two RTX 4060 Ti 16 GB trade gradients through host
    memory over x8 links and run at one card's speed. That pair, at twice the money, was listed."""
    facts = MachineFacts(current_gpu_id="geforce-rtx-3060-12-gb", installed_count=1, has_gpu=True)
    plan = recommend(
        PlanRequest(
            scenario=Scenario.SME, currency="CNY", machine=facts, today=TODAY, alternatives=False
        ),
        data,
        model,
    )
    assert _dominated_counts(plan) == []
    singles = [o for o in plan.options if o.offered and o.gpu_id == "geforce-rtx-4060-ti-16-gb"]
    assert [o.count for o in singles] == [1]


@pytest.mark.parametrize("scenario", list(Scenario))
def test_no_recorded_machine_is_offered_more_cards_that_add_no_speed(data, model, scenario):
    for name, _facts, plan in recorded.plans(data, model, scenario):
        assert _dominated_counts(plan) == [], name


# -- 5. a way forward ------------------------------------------------------------------------


def test_a_request_nothing_fits_lists_method_budget_and_rent_changes(tmp_path):
    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "llm",
        "--model",
        "llama-2-70b",
        "--mode",
        "lora",
        "--budget",
        "100000",
        "--tf-route",
        "keras-other",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    plan = json.loads(result.stdout)
    assert not any(o["offered"] for o in plan["options"])
    changes = {a["change"]: a for a in plan["alternatives"]}
    # No "more budget" here: the cards that would hold it for more money (RTX PRO 6000, RTX
    # 6000 Ada) are over the export rule's thresholds and not sold new in China.
    assert {"method", "rent"} <= set(changes)
    # Keras's cheaper method; QLoRA's NF4 base is PyTorch's and is not proposed.
    assert changes["method"]["to"] == "lora-int8" and changes["method"]["price"] <= 100000
    assert "budget" not in changes or changes["budget"]["extra"] > 0
    assert changes["rent"]["hours"] > 0 and changes["rent"]["price"] > 0
    for alternative in plan["alternatives"]:
        assert alternative["text"]["en"] and alternative["text"]["zh_CN"]


# -- fleet: nothing a machine cannot take ----------------------------------------------------


def test_the_fleet_plan_proposes_nothing_a_recorded_machine_cannot_take(data):
    from gpuplanner.app.fleet import load_fleet, plan_fleet

    machines, _errors = load_fleet(
        [p for p in recordings() if p.parent.name == "nvidia-smi-q-x"], data
    )
    plan = plan_fleet(machines, data, Scenario.STUDENT, "CNY", 20000, None, None, "mixed")
    by_name = {m.name: m for m in machines}
    checked = set()
    for choice in plan.choices:
        machine = by_name[choice.machine]
        facts = machine_facts(machine.snapshot, None, data)
        option = choice.option
        if facts.laptop:
            assert option is None and choice.reason == "laptop", choice.machine
            checked.add("laptop")
            continue
        if option is None:
            continue
        ids = _ids(option)
        if machine.snapshot.power_supply.rated_w is None:
            # An unknown supply is a check line, or (a slot-powered PC) a supply priced in.
            asked = any(i.startswith("psu-unknown-check") or i == "psu-ask-cables" for i in ids)
            assert asked, choice.machine
            checked.add("unknown-supply")
        current = next((g for g in data.gpus if g.id == facts.current_gpu_id), None)
        if current is None:
            continue
        connectors = (
            current.power_8pin + current.power_6pin + current.power_12v2x6 + current.power_eps8
        )
        if not connectors and current.board_power_w <= 75:
            # The slot-powered card says nothing of the supply: a card with power cables comes
            # with a supply that has them, priced in; one the slot powers, with the bracket check.
            card = next(g for g in data.gpus if g.id == option.gpu_id)
            cabled = bool(card.power_8pin or card.power_6pin or card.power_12v2x6)
            if cabled:
                assert "psu-ask-cables" in ids and any(n.what == "psu" for n in option.needs)
            else:
                assert "check-low-profile" in ids
            assert option.count == 1
            checked.add("slot-powered")
        if facts.slot_width and facts.slot_width <= 4:
            assert "slot-x4" in ids or (option.vram_per_card_gb and option.gpu_id)
            checked.add("x4")
    assert {"laptop", "unknown-supply", "slot-powered"} <= checked


def test_a_smaller_batch_that_lets_the_installed_card_run_the_job_is_a_way_forward(data, model):
    """The batch way forward starts from the batch the job runs at (ResNet-50: 64), not only
    from one the user typed, and says when the card already owned can then run it."""
    laptop = MachineFacts(
        current_gpu_id="geforce-gtx-1050", installed_count=1, has_gpu=True, laptop=True
    )
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY", machine=laptop, today=TODAY),
        data,
        model,
    )
    assert not plan.fitting()
    batch = next(a for a in plan.alternatives if a.change == "batch")
    assert batch.keep and batch.gpu == "GeForce GTX 1050" and batch.price == 0
    assert 1 <= int(batch.to) < 64 and batch.vram_gb <= 2 * 0.92


def test_unmeasured_vendors_are_widened_once(data, model):
    """AMD and Intel predictions: the class's error plus one fixed widening, for every job
    (here the default engine's, KerasHub at 16 bits)."""
    engine = model.engine("keras")
    plan = recommend(
        PlanRequest(
            scenario=Scenario.LLM,
            currency="CNY",
            budget=1_000_000,
            workload="llm",
            llm_model="llama-3-8b",
            llm_mode="inference",
            tf_route="keras-other",
            max_gpus=1,
            alternatives=False,
        ),
        data,
        model,
    )
    amd = next(o for o in plan.options if o.gpu_id == "radeon-rx-7900-xtx")
    nvidia = next(o for o in plan.options if o.gpu_id == "geforce-rtx-4090")
    assert nvidia.predicted_error_pct == engine.error_pct(16)
    assert amd.predicted_error_pct == pytest.approx(engine.error_pct(16) + 25)


def test_an_upgrade_is_valued_by_the_speed_it_adds(data, model):
    """With cards installed, value per 1,000 is the speed an option adds; one that adds none
    has no value to show (a second RTX 4090 for BERT-large scales no better than one)."""
    facts = MachineFacts(current_gpu_id="geforce-rtx-4090", installed_count=1, has_gpu=True)
    plan = recommend(
        PlanRequest(
            scenario=Scenario.SME, currency="CNY", machine=facts, today=TODAY, alternatives=False
        ),
        data,
        model,
    )
    for option in plan.options:
        if option.action == "keep" or not option.offered:
            continue
        if option.speedup <= 1.0:
            assert option.value is None
        else:
            # The plan rounds value to four decimals.
            assert option.value == pytest.approx(
                (option.speedup - 1) / (option.price / 1000), rel=1e-3, abs=5e-5
            )
