"""The planning rules, each pinned by a worked example a reviewer can follow by hand."""

from __future__ import annotations

import pytest
from catalog_helpers import built_catalog
from helpers.job_shape import preset_run

from gpuplanner.app.choices import LLMS
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog.records import FxRate, Price, RegionTax
from gpuplanner.core.errors import InputError
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job import memory
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.machine import power
from gpuplanner.planning.prices import cost
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.prices.quote import offers
from gpuplanner.planning.recommend import MachineFacts, PlanError, PlanRequest, recommend
from gpuplanner.planning.speed import scaling
from gpuplanner.planning.speed.training import (
    SpeedQuery,
    calibration,
    features,
    predict,
)

RESNET_MIXED = {"workload": "resnet50", "precision": "mixed"}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return built_catalog(tmp_path_factory.mktemp("plan"))


@pytest.fixture(scope="module")
def gpus(data):
    return {g.id: g for g in data.gpus}


@pytest.fixture(scope="module")
def model():
    return load_speed_model()


# -- memory -----------------------------------------------------------------------------------


def test_llama2_7b_qlora_fits_12_gb():
    # 6.74e9 params x 0.516 B = 3.24 GB base; 16.8M adapters x 16 B = 0.25 GB; activations
    # 2*512*1*4096*32 B = 0.125 GB; the layer being recomputed 512*4096*34 B = 0.07 GB
    # (PyTorch's fused attention); logits 512*32000*4 B = 0.06 GB; overhead 0.8 + 10%.
    estimate = memory.llm(
        LLMS["llama-2-7b"], "qlora", seq=512, batch=1, inference_bits=16, engine="keras"
    )
    assert estimate.total_gb == pytest.approx(4.92, abs=0.05)
    assert memory.cards_needed(estimate, 12) == 1


def test_llama2_7b_full_fine_tuning_on_keras_needs_26_bytes_a_parameter():
    # Keras's own accounting, as for its presets: FP32 variables 4 + gradients 4 + Adam 8 +
    # update temporaries 8 + FP16 casts 2 (the PyTorch figure, 16, is not Keras's).
    estimate = memory.llm(
        LLMS["llama-2-7b"], "full", seq=512, batch=1, inference_bits=16, engine="keras"
    )
    state = ("weights", "gradients", "optimizer", "update temporaries", "fp16 weight copies")
    parts = {p.name: p.gb for p in estimate.parts}
    assert sum(parts[n] for n in state) == pytest.approx(6.74e9 * 26 / 2**30, rel=1e-3)
    assert memory.cards_needed(estimate, 24) > 1


def test_70b_full_fine_tuning_needs_many_80_gb_cards():
    estimate = memory.llm(
        LLMS["llama-2-70b"], "full", seq=2048, batch=1, inference_bits=16, engine="keras"
    )
    assert estimate.total_gb > 1000
    assert memory.cards_needed(estimate, 80) >= 16


def test_inference_kv_cache_uses_grouped_query_attention():
    # Llama 3 8B: 2 x 32 layers x 8 KV heads x 128 x 8192 tokens x 2 B = 1.0 GiB
    estimate = memory.llm(
        LLMS["llama-3-8b"], "inference", seq=8192, batch=1, inference_bits=16, engine="keras"
    )
    kv = next(p for p in estimate.parts if p.name == "kv cache")
    assert kv.gb == pytest.approx(1.0, abs=0.01)
    assert estimate.notes[0].id == "gqa" and dict(estimate.notes[0].params)["kv_heads"] == 8


def test_keras_resnet50_mixed_needs_less_than_fp32():
    fp32 = memory.keras_training(KERAS["resnet50"], 64, "fp32", seq=None)
    mixed = memory.keras_training(KERAS["resnet50"], 64, "mixed", seq=None)
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
    query = SpeedQuery(gpus=cards, speed_model=model, by_id=gpus)
    results = predict(query, **RESNET_MIXED, **preset_run("resnet50"))
    relative = [r.relative for r in results]
    assert relative[0] == 1.0 and relative == sorted(relative)
    # The anchor reproduces its measurement at the batch it was measured at.
    query = SpeedQuery(gpus=[gpus["a100-pcie-40-gb"]], speed_model=model, by_id=gpus)
    anchor = predict(query, **RESNET_MIXED, **preset_run("resnet50", batch=448))[0]
    assert anchor.throughput == pytest.approx(2075.1)


def test_probe_calibration_is_bounded():
    assert calibration(0.75 * 100, 100) == pytest.approx(1.0)
    assert calibration(5, 100) == 0.5
    assert calibration(None, 100) is None


# -- power ------------------------------------------------------------------------------------


def _load(gpu, count=1):
    return power.GpuLoad(
        board_power_w=gpu.board_power_w,
        count=count,
        power_8pin=gpu.power_8pin,
        power_12v2x6=gpu.power_12v2x6,
        power_6pin=gpu.power_6pin,
        recommended_psu_w=gpu.recommended_psu_w,
    )


def test_rtx_3090_in_a_550_w_atx2_system_is_over_both_limits(gpus):
    plan = power.budget(
        _load(gpus["geforce-rtx-3090"]), power.PsuSpec(rated_w=550, atx_version="2"), cpu_peak_w=125
    )
    # sustained 125 + 350 + 60 = 535 W = 97% of 550 W; spikes 125 + 630 + 60 = 815 W > 550 x 1.2
    assert plan.sustained_w == 535 and plan.transient_w == 815 and plan.verdict == "tight"
    assert not plan.sustained_ok and not plan.transient_ok
    # The supply that carries it: 535 / 0.8 = 669 -> 700 W, the vendor says 750 W.
    assert power.supply_needed_w(plan, gpus["geforce-rtx-3090"].recommended_psu_w) == 750


def test_atx3_psu_with_12v2x6_absorbs_spikes(gpus):
    load = _load(gpus["geforce-rtx-4090"])
    plan = power.budget(
        load, power.PsuSpec(rated_w=1000, atx_version="3", has_12v2x6=True), cpu_peak_w=125
    )
    # 635 W sustained < 800 W; spikes 125 + 810 + 60 = 995 W < 1000 x 1.8
    assert plan.verdict == "ok" and plan.headroom_w == 165


def test_cables_count_the_vendor_adapter_not_a_formula(gpus):
    load = _load(gpus["geforce-rtx-4080"])
    assert power.cables(load, 3, native_12v2x6=0) == power.Cables(3, 0, 0)
    assert power.cables(load, 3, native_12v2x6=1) == power.Cables(0, 1, 0)
    two = _load(gpus["geforce-rtx-4090-d"], 2)
    # One 12V-2x6 cable for two cards: the second goes through its adapter.
    assert power.cables(two, 3, native_12v2x6=1) == power.Cables(3, 1, 0)
    assert power.cables(two, None, native_12v2x6=1).unknown_adapters == 1
    assert power.minimum_8pin(320) == 2  # a lower bound only: NVIDIA's 4080 adapter takes 3


def test_wall_socket_limit():
    us = power.budget(
        power.GpuLoad(board_power_w=450, count=4),
        power.PsuSpec(rated_w=2400, atx_version="3", has_12v2x6=True),
        cpu_peak_w=250,
        socket="US-15A",
    )
    # 250 + 1800 + 60 = 2110 W / 0.85 = 2482 W from the wall > 120 V x 15 A x 80% = 1440 W
    assert us.wall_w > us.socket_limit_w == 1440


# -- cost -------------------------------------------------------------------------------------


def test_price_choice_prefers_shop_stock_then_new_then_converted():
    prices = [
        Price(
            gpu_id="x",
            amount=1000,
            currency="USD",
            condition="new",
            region="US",
            source="s",
            date="2024-01-01",
        ),
        Price(
            gpu_id="x",
            amount=6000,
            currency="CNY",
            condition="used",
            region="CN",
            source="s",
            date="2024-02-01",
        ),
        Price(
            gpu_id="x",
            amount=7500,
            currency="CNY",
            condition="new",
            region=None,
            source="shop:a",
            date="2024-03-01",
            origin="shop",
            shop="a",
            stock=0,
        ),
        Price(
            gpu_id="x",
            amount=7800,
            currency="CNY",
            condition="new",
            region=None,
            source="shop:b",
            date="2024-03-01",
            origin="shop",
            shop="b",
            stock=2,
        ),
    ]
    rate = FxRate("USD", "CNY", 7.1, "2024-01-01", "test")
    vat = RegionTax(
        region="CN", currency="CNY", tax_pct=13, prices_include_tax=True, sources="test"
    )
    china = Market(region="CN", currency="CNY", rate=rate, taxes={"CN": vat})
    assert cost.choose(offers(prices, china), china).price.shop == "b"
    # The new USD price, converted at the dated rate, gains China's 13% VAT: 1000 x 7.1 x 1.13.
    chosen = cost.choose(offers(prices[:2], china), china)
    assert chosen.amount == 8023 and chosen.converted.rate == 7.1
    assert chosen.converted.tax_pct == 13
    assert cost.choose(offers(prices[:2], china), china, used_ok=True).amount == 6000
    # No rate on record: no conversion is guessed.
    bare = Market(region="CN", currency="CNY")
    assert cost.choose(offers(prices[:1], bare), bare) is None


def test_a_cloud_hour_is_the_newest_and_says_where_it_was_listed():
    """An RTX 4090's hour was the cheapest ever on record ($0.29 of 2026-03, beside $0.34 of
    2026-10), shown to a buyer in China as a bare ¥2.04 with no date or market."""
    from gpuplanner.report.plan_text import hour_part

    def hour(amount, currency, region, date):
        return Price(
            gpu_id="x",
            amount=amount,
            currency=currency,
            condition="cloud-hour",
            region=region,
            source="test",
            date=date,
        )

    rate = FxRate("USD", "CNY", 7.0, "2026-01-01", "test")
    china = Market(region="CN", currency="CNY", rate=rate)
    us = [hour(0.29, "USD", "US", "2026-03-01"), hour(0.34, "USD", "US", "2026-10-04")]
    found = cost.cloud_hour(us, china)
    assert found is not None and found.date == "2026-10-04" and found.converted
    assert (found.listed, found.listed_currency, found.amount) == (0.34, "USD", 2.38)
    # The buyer's own market first, however old another's is.
    local = cost.cloud_hour([*us, hour(1.98, "CNY", "CN", "2025-06-01")], china)
    assert local is not None and not local.converted and local.amount == 1.98
    # Records within two months of the newest are today's market: the cheapest of them (a
    # tracker saved last is one list, not the market); older ones are not.
    recent = cost.cloud_hour([*us, hour(0.31, "USD", "US", "2026-08-20")], china)
    assert recent is not None and (recent.listed, recent.date) == (0.31, "2026-08-20")
    # Four cards' hour, as listed, is four of the one card's.
    assert "$1.36 an hour" in hour_part(found, "en", 4)
    from gpuplanner.report.plan_text import hour_part

    assert (
        hour_part(found, lambda text: text) == ", converted from $0.34 an hour in the US, 2026-10"
    )


def test_breakeven():
    # $1,600 card, $0.50/h cloud, 450 W at $0.16/kWh = $0.072/h: 1600 / 0.428 = 3,738 h
    assert cost.breakeven_hours(1600, 0.5, 450, 0.16) == 3738


def test_scaling_follows_the_link_and_never_exceeds_linear(gpus):
    # ResNet-50: 25.6M FP32 gradients, one step of batch 64 at ~1,000 images/s; on the H100s
    # batch 256 at ~2,500 images/s.
    grads, step = 25.6e6 * 4, 64 / 1000
    h100 = scaling.data_parallel(gpus["h100-sxm5-80-gb"], 8, grads, 256 / 2500, workstation=True)
    rtx4090 = scaling.data_parallel(gpus["geforce-rtx-4090"], 4, grads, step)
    rtx6000 = scaling.data_parallel(
        gpus["rtx-6000-ada-generation"], 4, grads, step, workstation=True
    )
    assert h100.link == "nvlink" and h100.efficiency > 0.75
    # GeForce 40 has no peer-to-peer: staged through host memory shared by all four cards.
    assert rtx4090.link == "pcie-host" and not rtx4090.peer_to_peer
    assert rtx4090.lanes == (8, 8, 4, 4) and rtx4090.efficiency < rtx6000.efficiency
    for count in (2, 4, 8):
        for gpu in gpus.values():
            assert scaling.data_parallel(gpu, count, grads, step).efficiency <= 1.0


# -- the recommendation ------------------------------------------------------------------------


def _ids(option):
    return {f.id for f in option.findings}


def test_student_gets_a_12_gb_card_not_an_8_gb_trap(data, model):
    plan = recommend(PlanRequest(scenario=Scenario.STUDENT, currency="CNY"), data, model)
    best = plan.options[0]
    assert best.offered and best.vram_per_card_gb >= 12 and best.price <= plan.budget
    eight = next(o for o in plan.options if o.gpu_id == "geforce-rtx-3060-ti")
    assert "vram-small-trap" in _ids(eight)


def test_options_that_do_not_fit_stay_visible_with_reasons(data, model):
    plan = recommend(PlanRequest(scenario=Scenario.STUDENT, currency="CNY"), data, model)
    h100 = next(o for o in plan.options if o.gpu_id == "h100-sxm5-80-gb")
    assert not h100.offered and "fit-module-needs-server" in _ids(h100)
    assert plan.options.index(h100) > len(plan.fitting()) - 1
    assert h100.rank_reason.id == "rank-blocked"


def test_findings_carry_id_severity_and_numbers_not_sentences(data, model):
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY", budget=1000), data, model
    )
    found = next(f for o in plan.options for f in o.findings if f.id == "over-budget")
    assert found.severity == "blocks" and found.params["budget"] == 1000
    assert all(" " not in str(k) for o in plan.options for f in o.findings for k in f.params)


def test_llm_70b_full_fine_tuning_suggests_renting_per_job(data, model):
    # MirroredStrategy needs the whole job on every card: no card holds a terabyte, so the
    # official wheels have no rental for it either; Keras 3 on JAX shards it.
    official = recommend(
        PlanRequest(
            scenario=Scenario.LLM,
            currency="USD",
            workload="llm",
            llm_model="llama-2-70b",
            llm_mode="full",
        ),
        data,
        model,
    )
    assert official.fitting() == () and not official.rent
    plan = recommend(
        PlanRequest(
            scenario=Scenario.LLM,
            currency="USD",
            workload="llm",
            llm_model="llama-2-70b",
            llm_mode="full",
            tf_route="keras-other",
        ),
        data,
        model,
    )
    assert plan.fitting() == () and plan.rent
    by_id = {g.id: g for g in data.gpus}
    first = plan.rent[0]
    # Full fine-tuning of 70B needs about a terabyte: many cards, whichever is cheapest per job.
    assert first.count >= 2 and first.job_cost is not None
    assert first.count * by_id[first.gpu_id].memory_gb >= 700
    costs = [r.job_cost for r in plan.rent if r.job_cost is not None]
    assert costs == sorted(costs)  # cheapest per job first, not per hour


def test_blackwell_is_blocked_on_official_wheels_with_the_route_that_runs_it(data, model):
    plan = recommend(PlanRequest(scenario=Scenario.SME, currency="CNY", budget=100000), data, model)
    rtx5090 = next(o for o in plan.options if o.gpu_id == "geforce-rtx-5090")
    found = next(f for f in rtx5090.findings if f.id == "route-unsupported")
    assert not rtx5090.offered and "ngc" in found.params["other"]


def test_machine_facts_drive_bottleneck_warnings(data, model):
    facts = MachineFacts(
        current_gpu_id="geforce-rtx-3060-12-gb",
        installed_count=1,
        has_gpu=True,
        slot_gen=3,
        pipeline_images_s=300.0,
        ram_gb=16,
    )
    plan = recommend(
        PlanRequest(scenario=Scenario.SME, currency="CNY", workload="resnet50", machine=facts),
        data,
        model,
    )
    rtx4090 = next(o for o in plan.options if o.gpu_id == "geforce-rtx-4090" and o.count == 1)
    assert {"pcie-slot-slower", "cpu-input-bound", "ram-below-vram"} <= _ids(rtx4090)
    # The CPU feeds 300 images/s: neither the 3060 nor a 4090 trains faster than that, so the
    # 4090 is no faster here, and the plan says which figure decided it.
    assert plan.reference_gpu == "GeForce RTX 3060 12 GB" and rtx4090.speedup == 1.0
    assert rtx4090.predicted_throughput == 300
    assert rtx4090.action == "replace" and plan.options[0].action == "keep"
    (cap,) = plan.probe_effects
    assert (cap.figure, cap.measured, cap.cap) == ("pipeline", 300.0, 300)


def _resnet_plan(data, model, **probe):
    facts = MachineFacts(
        current_gpu_id="geforce-rtx-3060-12-gb", installed_count=1, has_gpu=True, **probe
    )
    return recommend(
        PlanRequest(scenario=Scenario.SME, currency="CNY", workload="resnet50", machine=facts),
        data,
        model,
    )


def _card(plan, gpu_id):
    return next(o for o in plan.options if o.gpu_id == gpu_id and o.count == 1)


def test_a_pipeline_between_two_cards_caps_only_the_faster_one(data, model):
    free = _resnet_plan(data, model)
    keep = _card(free, "geforce-rtx-3060-12-gb").predicted_throughput
    fast = _card(free, "geforce-rtx-4090").predicted_throughput
    capped = _resnet_plan(data, model, pipeline_images_s=(keep + fast) / 2)
    assert _card(capped, "geforce-rtx-3060-12-gb").predicted_throughput == keep
    rtx4090 = _card(capped, "geforce-rtx-4090")
    assert rtx4090.predicted_throughput == round((keep + fast) / 2, 1)
    assert rtx4090.speedup == pytest.approx((keep + fast) / 2 / keep, rel=0.01)
    assert free.probe_effects == ()


def test_a_slow_host_copy_caps_image_jobs_and_says_so(data, model):
    # An x1 riser: 0.3 GB/s carries about 500 float32 224x224 images a second.
    plan = _resnet_plan(data, model, copy_gbs=0.3)
    (cap,) = plan.probe_effects
    assert (cap.figure, cap.cap) == ("copy", round(0.3e9 / (224 * 224 * 3 * 4)))
    assert _card(plan, "geforce-rtx-4090").predicted_throughput == pytest.approx(cap.cap, abs=1)


def test_slow_memory_moves_the_memory_share_and_a_cache_inflated_reading_moves_nothing(data, model):
    free = _card(_resnet_plan(data, model), "geforce-rtx-3060-12-gb").predicted_throughput
    # The 3060's 360 GB/s at the typical 85% is 306 GB/s: 150 GB/s is a memory running slow.
    slow = _resnet_plan(data, model, bandwidth_gbs=150.0)
    (effect,) = slow.probe_effects
    assert effect.figure == "bandwidth" and effect.expected == 306
    slowed = _card(slow, "geforce-rtx-3060-12-gb").predicted_throughput
    assert slowed < free and effect.change_pct == pytest.approx(100 * (slowed / free - 1), abs=0.5)
    # Above the card's peak (a buffer held in L2) or near typical: no change, no effect.
    for reading in (500.0, 300.0):
        plan = _resnet_plan(data, model, bandwidth_gbs=reading)
        assert plan.probe_effects == ()
        assert _card(plan, "geforce-rtx-3060-12-gb").predicted_throughput == free


def test_a_slow_matrix_multiply_moves_only_the_compute_share(data, model):
    free = _card(_resnet_plan(data, model), "geforce-rtx-3060-12-gb").predicted_throughput
    plan = _resnet_plan(data, model, machine_factor=0.5, matmul_tflops=9.5)
    (effect,) = plan.probe_effects
    slowed = _card(plan, "geforce-rtx-3060-12-gb").predicted_throughput
    # Half the matmul rate costs far less than half the speed: ResNet-50 is mostly memory-bound.
    assert 0.5 * free < slowed < 0.95 * free
    assert effect.figure == "matmul" and effect.expected == 19.0


@pytest.mark.parametrize(
    ("request_kwargs", "words"),
    [
        ({"workload": "llm", "llm_model": "gpt-9"}, "unknown model"),
        ({"psu": power.PsuSpec(rated_w=-500)}, "wattage must be above zero"),
        ({"currency": "EUR"}, "unknown currency"),
    ],
)
def test_impossible_requests_get_a_clear_answer(data, model, request_kwargs, words):
    with pytest.raises(PlanError, match=words):
        recommend(
            PlanRequest(scenario=Scenario.STUDENT, **{"currency": "CNY", **request_kwargs}),
            data,
            model,
        )


@pytest.mark.parametrize(
    ("request_kwargs", "id"),
    [
        ({"budget": 0}, "budget-not-positive"),
        ({"budget": float("nan")}, "budget-not-positive"),
        ({"workload": "dance"}, "workload-unknown"),
        ({"max_gpus": 0}, "max-gpus-below-one"),
        ({"tf_route": "conda"}, "route-unknown"),
    ],
)
def test_impossible_job_inputs_are_refused_when_the_request_is_made(request_kwargs, id):
    with pytest.raises(InputError) as refused:
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY", **request_kwargs)
    assert refused.value.id == id


def test_a_400b_model_on_a_student_card_fits_nothing(data, model):
    plan = recommend(
        PlanRequest(
            scenario=Scenario.STUDENT,
            currency="CNY",
            workload="llm",
            llm_model="llama-3.1-405b",
            llm_mode="full",
        ),
        data,
        model,
    )
    assert plan.fitting() == ()
    assert all("vram-short" in _ids(o) for o in plan.options)


def test_mixed_precision_gives_no_speed_up_without_tensor_cores(gpus, model):
    """Pascal has no tensor cores: mixed precision predicts FP32's speed, not 1.19x (issue 14)."""
    pascal = [gpus["geforce-gtx-1080-ti"], gpus["tesla-p100-pcie-16-gb"]]
    query = SpeedQuery(gpus=pascal, speed_model=model, by_id=gpus)
    run = preset_run("resnet50")
    mixed = predict(query, workload="resnet50", precision="mixed", **run)
    fp32 = predict(query, workload="resnet50", precision="fp32", **run)
    for m, f in zip(mixed, fp32, strict=True):
        assert m.throughput == f.throughput
    turing = SpeedQuery(gpus=[gpus["geforce-rtx-2080-ti"]], speed_model=model, by_id=gpus)
    speed_up = (
        predict(turing, workload="resnet50", precision="mixed", **run)[0].throughput
        / predict(turing, workload="resnet50", precision="fp32", **run)[0].throughput
    )
    assert speed_up > 1.3  # tensor cores


def test_a_predicted_speed_is_shown_with_its_measured_error():
    """Issue 14: the uncertainty next to the speed, not in a document."""
    from types import SimpleNamespace

    from gpuplanner.report.plan_text import speed_cell

    assert (
        speed_cell(1.284, SimpleNamespace(action="add", predicted_error_pct=12.4)) == "1.28× ±12%"
    )
    assert speed_cell(1.0, SimpleNamespace(action="keep", predicted_error_pct=7.0)) == "1.00×"
    assert speed_cell(None, SimpleNamespace(action="add", predicted_error_pct=7.0)) == "N/A"


def test_lora_adapters_on_k_and_v_are_as_wide_as_the_key_value_heads():
    # Llama 3 8B: 32 layers x rank 16 x 2 x (2 x 4,096 + 4,096 + 1,024) = 13.6 M; Llama 2 7B,
    # whose 32 key/value heads are all its heads, 16.8 M.
    assert memory.lora_parameters(LLMS["llama-3-8b"]) == 32 * 16 * 2 * (2 * 4096 + 4096 + 1024)
    assert memory.lora_parameters(LLMS["llama-2-7b"]) == 32 * 4 * 2 * 16 * 4096


def test_a_long_lora_counts_the_layer_being_recomputed():
    """Llama 3 8B LoRA at 8,192 tokens: 24.2 GB with the saved layer inputs alone, which sold
    a 32 GB card. The layer whose backward pass runs holds all its activations, attention's
    scores and softmax whole on TensorFlow: 32 heads x 8,192^2 scores alone are 4.3 GB in
    FP16."""
    model = LLMS["llama-3-8b"]

    estimate = memory.llm(model, "lora", seq=8192, batch=1, inference_bits=16, engine="keras")
    (part,) = [p for p in estimate.parts if p.name == "recomputed layer"]
    on_tensorflow, total = part.gb, estimate.total_gb
    assert on_tensorflow > 32 * 8192**2 * 2 / 1e9  # at least the FP16 scores
    assert total > 32 * 0.92  # no 32 GB card holds it
    # QLoRA is PyTorch's, whose fused attention keeps no scores.
    fused = memory.llm(model, "qlora", seq=8192, batch=1, inference_bits=16, engine="keras")
    (part,) = [p for p in fused.parts if p.name == "recomputed layer"]
    assert part.gb < on_tensorflow / 3
    # At 512 tokens the scores are a small part: the layer is what its width makes it.
    short = memory.llm(model, "lora", seq=512, batch=1, inference_bits=16, engine="keras")
    (part,) = [p for p in short.parts if p.name == "recomputed layer"]
    assert 0.1 < part.gb < 0.3
