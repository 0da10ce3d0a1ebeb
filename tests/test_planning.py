"""The planning rules, each pinned by a worked example a reviewer can follow by hand."""

from __future__ import annotations

import pytest
from catalog_helpers import CSV_DIR

from gpuplanner.catalog.build import build_database
from gpuplanner.catalog.records import Price
from gpuplanner.catalog.store import Catalog
from gpuplanner.planning import cost, memory, physical, power
from gpuplanner.planning.recommend import MachineFacts, PlanError, PlanRequest, recommend, scaling
from gpuplanner.planning.scenarios import Scenario
from gpuplanner.planning.speed import calibration, features, llm_tokens_per_s, predict
from gpuplanner.planning.workloads import KERAS, LLMS
from gpuplanner.speed_model_file import load_speed_model


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    path = tmp_path_factory.mktemp("plan") / "catalog.sqlite"
    build_database(CSV_DIR, path)
    with Catalog(path) as catalog:
        return catalog.load_all()


@pytest.fixture(scope="module")
def gpus(data):
    return {g.id: g for g in data.gpus}


@pytest.fixture(scope="module")
def model():
    return load_speed_model()


# -- memory -----------------------------------------------------------------------------------


def test_llama2_7b_qlora_fits_12_gb():
    # 6.74e9 params x 0.516 B = 3.24 GB base; 16.8M adapters x 16 B = 0.25 GB; activations
    # 2*512*1*4096*32 B = 0.125 GB; logits 512*32000*4 B = 0.06 GB; overhead 0.8 + 10%.
    estimate = memory.llm(LLMS["llama-2-7b"], "qlora", seq=512)
    assert estimate.total_gb == pytest.approx(4.84, abs=0.05)
    assert memory.cards_needed(estimate, 12) == 1


def test_llama2_7b_full_fine_tuning_needs_16_bytes_a_parameter():
    estimate = memory.llm(LLMS["llama-2-7b"], "full", seq=512)
    parts = {p.name: p.gb for p in estimate.parts}
    assert parts["weights"] + parts["gradients"] + parts["optimizer"] == pytest.approx(
        6.74e9 * 16 / 2**30, rel=1e-3
    )
    assert memory.cards_needed(estimate, 24) > 1


def test_70b_full_fine_tuning_needs_many_80_gb_cards():
    estimate = memory.llm(LLMS["llama-2-70b"], "full", seq=2048)
    assert estimate.total_gb > 1000
    assert memory.cards_needed(estimate, 80) >= 16


def test_inference_kv_cache_uses_grouped_query_attention():
    # Llama 3 8B: 2 x 32 layers x 8 KV heads x 128 x 8192 tokens x 2 B = 1.0 GiB
    estimate = memory.llm(LLMS["llama-3-8b"], "inference", seq=8192)
    kv = next(p for p in estimate.parts if p.name == "kv cache")
    assert kv.gb == pytest.approx(1.0, abs=0.01)
    assert "grouped-query attention" in estimate.notes[0]


def test_keras_resnet50_mixed_needs_less_than_fp32():
    fp32 = memory.keras_training(KERAS["resnet50"], 64, "fp32")
    mixed = memory.keras_training(KERAS["resnet50"], 64, "mixed")
    # activations: 100 MB x 64 = 6.25 GB in FP32, half in mixed precision
    assert next(p.gb for p in fp32.parts if p.name == "activations") == pytest.approx(6.25)
    assert mixed.total_gb < fp32.total_gb


# -- speed ------------------------------------------------------------------------------------


def test_features_use_tf32_and_fp32_accumulate_rates(gpus):
    assert features(gpus["geforce-rtx-4090"], "mixed") == (165.2, 1008)
    assert features(gpus["geforce-rtx-3090"], "fp32")[0] == 35.6  # TF32 on Ampere
    assert features(gpus["geforce-gtx-1080-ti"], "mixed")[0] == 11.34  # no tensor cores: FP32


def test_prediction_orders_cards_sensibly(gpus, model):
    cards = [
        gpus[i]
        for i in (
            "geforce-rtx-3060-12-gb",
            "geforce-rtx-3090",
            "geforce-rtx-4090",
            "a100-pcie-80-gb",
        )
    ]
    results = predict("resnet50", "mixed", cards, model, gpus)
    relative = [r.relative for r in results]
    assert relative[0] == 1.0 and relative == sorted(relative)
    anchor = predict("resnet50", "mixed", [gpus["a100-pcie-40-gb"]], model, gpus)[0]
    assert anchor.throughput == pytest.approx(2075.1)  # the anchor reproduces its measurement


def test_probe_calibration_is_bounded():
    assert calibration(0.75 * 100, 100) == pytest.approx(1.0)
    assert calibration(5, 100) == 0.5
    assert calibration(None, 100) is None


def test_llm_tokens_per_second(gpus):
    # 0.35 x 165.2e12 / (6 x 7e9) = 1,377 tokens/s for full fine-tuning on a 4090
    assert llm_tokens_per_s(gpus["geforce-rtx-4090"], 7.0, "full") == pytest.approx(
        1376.7, rel=1e-3
    )


# -- power ------------------------------------------------------------------------------------


def test_rtx_3090_in_a_550_w_atx2_system_gets_power_warnings(gpus):
    gpu = gpus["geforce-rtx-3090"]
    load = power.GpuLoad(
        gpu.board_power_w,
        1,
        gpu.power_8pin,
        gpu.power_12v2x6,
        gpu.power_6pin,
        gpu.recommended_psu_w,
    )
    plan = power.budget(load, power.PsuSpec(550, "2"), cpu_peak_w=125)
    # sustained 125 + 350 + 60 = 535 W = 97% of 550 W; spikes 125 + 630 + 60 = 815 W > 550 x 1.2
    assert plan.sustained_w == 535 and plan.verdict == "tight"
    ids = [i[0] for i in plan.issues]
    assert {"power-tight", "power-transient", "power-below-vendor"} <= set(ids)


def test_atx3_psu_with_12v2x6_absorbs_spikes(gpus):
    gpu = gpus["geforce-rtx-4090"]
    load = power.GpuLoad(gpu.board_power_w, 1, gpu.power_8pin, gpu.power_12v2x6)
    plan = power.budget(load, power.PsuSpec(1000, "3", True), cpu_peak_w=125)
    # 635 W sustained < 800 W; spikes 125 + 810 + 60 = 995 W < 1000 x 1.8
    assert plan.verdict == "ok" and plan.headroom_w == 165


def test_connectors_and_adapter(gpus):
    gpu = gpus["geforce-rtx-4090"]
    load = power.GpuLoad(gpu.board_power_w, 1, 0, 1)
    plan = power.budget(load, power.PsuSpec(1000, "2", False, pcie_8pin_cables=2), cpu_peak_w=125)
    ids = {i[0]: i[2] for i in plan.issues}
    assert ids["power-12v2x6-adapter"]["cables"] == "3" and ids["power-connectors"] == {
        "needed": "3",
        "have": "2",
    }


def test_wall_socket_limit():
    load = power.GpuLoad(450, 4)
    us = power.budget(load, power.PsuSpec(2400, "3", True), cpu_peak_w=250, socket="US-15A")
    # 250 + 1800 + 60 = 2110 W / 0.85 = 2482 W from the wall > 120 V x 15 A x 80% = 1440 W
    assert ("power-socket", "error") in [(i[0], i[1]) for i in us.issues]


# -- fit and cooling ---------------------------------------------------------------------------


def test_card_too_long_and_stacked_open_air(gpus):
    issues = physical.fit_issues(
        gpus["geforce-rtx-4090"], 2, physical.CaseSpec(gpu_clearance_mm=300, free_slots=5)
    )
    ids = [i[0] for i in issues]
    assert "fit-too-long" in ids and "fit-slots" in ids and "cooling-open-air-stack" in ids
    heat = next(i for i in issues if i[0] == "heat-output")[2]
    assert heat == {"watts": "900", "btu": "3071"}


def test_modules_need_a_server(gpus):
    assert physical.fit_issues(gpus["h100-sxm5-80-gb"], 1, None)[1][0] == "fit-module-needs-server"


# -- cost -------------------------------------------------------------------------------------


def test_price_choice_prefers_shop_stock_then_new_then_converted():
    prices = [
        Price("x", 1000, "USD", "new", "US", "s", "2024-01-01"),
        Price("x", 6000, "CNY", "used", "CN", "s", "2024-02-01"),
        Price("x", 7500, "CNY", "new", "shop", "shop:a", "2024-03-01", shop="a", stock=0),
        Price("x", 7800, "CNY", "new", "shop", "shop:b", "2024-03-01", shop="b", stock=2),
    ]
    assert cost.choose_price(prices, "CNY").shop == "b"
    assert cost.choose_price(prices[:2], "CNY").amount == 7100  # the new USD price, converted
    assert cost.choose_price(prices[:2], "CNY", used_ok=True).amount == 6000


def test_breakeven():
    # $1,600 card, $0.50/h cloud, 450 W at $0.16/kWh = $0.072/h: 1600 / 0.428 = 3,738 h
    assert cost.breakeven_hours(1600, 0.5, 450, 0.16) == 3738


def test_scaling_by_interconnect(gpus):
    assert (
        scaling(8, gpus["h100-sxm5-80-gb"]) == 0.92 and scaling(4, gpus["geforce-rtx-3090"]) == 0.80
    )
    assert scaling(4, gpus["geforce-rtx-4090"]) == 0.70


# -- the recommendation ------------------------------------------------------------------------


def test_student_gets_a_12_gb_card_not_an_8_gb_trap(data, model):
    plan = recommend(PlanRequest(Scenario.STUDENT, "CNY"), data, model)
    best = plan.options[0]
    assert best.fits and best.vram_per_card_gb >= 12 and best.price <= 3500
    eight = next(o for o in plan.options if o.gpu_id == "geforce-rtx-3060-ti")
    assert "vram-8gb-trap" in [w.id for w in eight.warnings]


def test_options_that_do_not_fit_stay_visible_with_reasons(data, model):
    plan = recommend(PlanRequest(Scenario.STUDENT, "CNY"), data, model)
    h100 = next(o for o in plan.options if o.gpu_id == "h100-sxm5-80-gb")
    assert not h100.fits and {"over-budget", "fit-module-needs-server"} <= {
        w.id for w in h100.warnings
    }
    assert plan.options.index(h100) > len(plan.fitting()) - 1


def test_warnings_carry_id_severity_and_both_languages(data, model):
    plan = recommend(PlanRequest(Scenario.STUDENT, "CNY", language="zh_CN"), data, model)
    warning = next(w for o in plan.options for w in o.warnings if w.id == "over-budget")
    assert (
        warning.severity == "error"
        and "超出预算" in warning.message
        and "over the" in warning.message_en
    )


def test_llm_70b_full_fine_tuning_suggests_renting(data, model):
    plan = recommend(
        PlanRequest(Scenario.LLM, "USD", workload="llm", llm_model="llama-2-70b", llm_mode="full"),
        data,
        model,
    )
    assert plan.fitting() == () and plan.rent
    assert plan.rent[0].count >= 16


def test_blackwell_cards_are_not_recommended_for_tensorflow(data, model):
    plan = recommend(PlanRequest(Scenario.SME, "CNY", budget=100000), data, model)
    rtx5090 = next(o for o in plan.options if o.gpu_id == "geforce-rtx-5090")
    assert not rtx5090.fits and "tf-blackwell" in [w.id for w in rtx5090.warnings]


def test_machine_facts_drive_bottleneck_warnings(data, model):
    facts = MachineFacts(
        current_gpu_id="geforce-rtx-3060-12-gb", slot_gen=3, pipeline_images_s=300.0, ram_gb=16
    )
    plan = recommend(
        PlanRequest(Scenario.SME, "CNY", workload="resnet50", machine=facts), data, model
    )
    rtx4090 = next(o for o in plan.options if o.gpu_id == "geforce-rtx-4090")
    ids = {w.id for w in rtx4090.warnings}
    assert {"pcie-slot-slower", "cpu-input-bound", "ram-below-vram"} <= ids
    assert plan.reference_gpu == "GeForce RTX 3060 12 GB" and rtx4090.predicted_relative > 2


@pytest.mark.parametrize(
    ("request_kwargs", "words"),
    [
        ({"budget": 0}, "budget must be above zero"),
        ({"workload": "llm", "llm_model": "gpt-9"}, "unknown model"),
        ({"workload": "dance"}, "unknown workload"),
        ({"psu": power.PsuSpec(-500)}, "wattage must be above zero"),
        ({"currency": "EUR"}, "unknown currency"),
        ({"max_gpus": 0}, "at least 1"),
    ],
)
def test_impossible_requests_get_a_clear_answer(data, model, request_kwargs, words):
    with pytest.raises(PlanError, match=words):
        recommend(
            PlanRequest(Scenario.STUDENT, **{"currency": "CNY", **request_kwargs}), data, model
        )


def test_a_400b_model_on_a_student_card_fits_nothing(data, model):
    plan = recommend(
        PlanRequest(
            Scenario.STUDENT, "CNY", workload="llm", llm_model="llama-3.1-405b", llm_mode="full"
        ),
        data,
        model,
    )
    assert plan.fitting() == ()
    assert all("vram-short" in [w.id for w in o.warnings] or not o.fits for o in plan.options)
