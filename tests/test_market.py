"""The buyer's market (issue 15): what is sold where, dated exchange rates with tax, used and
modified cards with their risks, and the late-2026 catalog."""

from __future__ import annotations

import pytest
from catalog_helpers import built_catalog

from gpuplanner.app.choices import LLMS
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job import memory
from gpuplanner.planning.prices.market import market_for
from gpuplanner.planning.recommend import PlanRequest, recommend

TODAY = "2026-11-30"


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return built_catalog(tmp_path_factory.mktemp("market"))


@pytest.fixture(scope="module")
def model():
    return load_speed_model()


def _barred(data, region: str, condition: str) -> set[str]:
    market = market_for("CNY" if region == "CN" else "USD", data, region)
    return {g.id for g in data.gpus if market.not_sold(g.id, condition) is not None}


def _offered(plan) -> set[str]:
    return {o.gpu_id for o in plan.options if o.offered and o.action != "keep"}


SCENARIOS = [
    (Scenario.STUDENT, {}),
    (Scenario.SME, {}),
    (Scenario.SME, {"budget": 200_000}),
    (Scenario.LLM, {}),
    # Ranked as LoRA on an int8 base (no TensorFlow route runs QLoRA): 79 GB, sharded on the
    # route that shards, where a 48 GB China-only card would tempt.
    (Scenario.LLM, {"llm_model": "llama-3-70b", "llm_mode": "qlora", "tf_route": "keras-other"}),
]


@pytest.mark.parametrize(("scenario", "extra"), SCENARIOS)
@pytest.mark.parametrize("used_ok", [False, True])
def test_a_us_buyer_is_never_offered_a_china_only_card(data, model, scenario, extra, used_ok):
    china_only = {a.gpu_id for a in data.availability if a.region == "US" and not a.used}
    assert {"geforce-rtx-4090-d", "geforce-rtx-5090-d", "geforce-rtx-4090-48-gb"} <= china_only
    request = PlanRequest(
        scenario=scenario, currency="USD", today=TODAY, used_ok=used_ok, alternatives=False, **extra
    )
    plan = recommend(request, data, model)
    assert _offered(plan) and not _offered(plan) & china_only


@pytest.mark.parametrize(("scenario", "extra"), SCENARIOS)
def test_a_china_buyer_is_never_offered_a_card_not_sold_there(data, model, scenario, extra):
    request = PlanRequest(
        scenario=scenario, currency="CNY", today=TODAY, alternatives=False, **extra
    )
    plan = recommend(request, data, model)
    barred_new = _barred(data, "CN", "new")
    assert {"geforce-rtx-4090", "geforce-rtx-5090", "h100-sxm5-80-gb"} <= barred_new
    for option in plan.options:
        if option.offered and option.action != "keep":
            assert option.gpu_id not in barred_new or option.price_each.condition == "used"
    blocked = {o.gpu_id for o in plan.options for f in o.findings if f.id == "not-sold-here"}
    assert blocked & barred_new


def test_choosing_to_see_every_card_shows_them_with_a_warning(data, model):
    request = PlanRequest(
        scenario=Scenario.SME,
        currency="USD",
        today=TODAY,
        show_unavailable=True,
        alternatives=False,
    )
    plan = recommend(request, data, model)
    shown = next(o for o in plan.options if o.gpu_id == "geforce-rtx-4090-d" and o.count == 1)
    found = {f.id: f for f in shown.findings}
    assert shown.offered and found["not-sold-here"].severity == "warns"
    assert found["not-sold-here"].params["reason"] == "china-market"


def test_a_discontinued_card_is_offered_used_only(data, model):
    new_only = recommend(
        PlanRequest(scenario=Scenario.SME, currency="USD", today=TODAY, alternatives=False),
        data,
        model,
    )
    option = next(o for o in new_only.options if o.gpu_id == "geforce-rtx-3090" and o.count == 1)
    assert not option.offered
    assert {f.id for f in option.findings} >= {"not-sold-here"}
    used = recommend(
        PlanRequest(
            scenario=Scenario.SME, currency="USD", today=TODAY, used_ok=True, alternatives=False
        ),
        data,
        model,
    )
    option = next(o for o in used.options if o.gpu_id == "geforce-rtx-3090" and o.count == 1)
    assert option.price_each.condition == "used" and option.price_each.date >= "2026-01-01"


def test_a_usd_only_price_reaches_cny_at_the_dated_rate_with_vat(data, model):
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY", today=TODAY, alternatives=False),
        data,
        model,
    )
    option = next(
        o for o in plan.options if o.gpu_id == "geforce-rtx-4060-ti-16-gb" and o.count == 1
    )
    price = option.price_each
    rate = max((r for r in data.fx_rates if r.base == "USD"), key=lambda r: r.date)
    usd = max(
        (p for p in data.prices if p.gpu_id == price_gpu(option) and p.currency == "USD"),
        key=lambda p: p.date,
    )
    assert price.converted_from == "USD" and price.fx_rate == rate.rate
    assert price.amount == pytest.approx(usd.amount * rate.rate * 1.13, abs=0.01)
    converted = next(f for f in option.findings if f.id == "price-converted")
    assert converted.params["tax_pct"] == 13 and converted.params["rate_date"] == rate.date


def price_gpu(option) -> str:
    return option.gpu_id


def test_a_cny_only_price_sheds_vat_on_the_way_to_usd(data):
    from gpuplanner.catalog.records import Price

    market = market_for("USD", data)
    price = Price(
        gpu_id="x",
        amount=11300.0,
        currency="CNY",
        condition="new",
        region="CN",
        source="s",
        date="2026-01-01",
    )
    moved = market.convert(price)
    assert moved.tax_pct == -13
    assert moved.amount == pytest.approx(10000 / market.rate.rate, abs=0.01)


def test_modified_cards_wait_for_used_ok_and_carry_their_risks(data, model):
    strict = recommend(
        PlanRequest(
            scenario=Scenario.SME, currency="CNY", today=TODAY, budget=40_000, alternatives=False
        ),
        data,
        model,
    )
    option = next(
        o for o in strict.options if o.gpu_id == "geforce-rtx-4090-48-gb" and o.count == 1
    )
    assert not option.offered
    assert "modified-needs-used-ok" in {f.id for f in option.findings}
    relaxed = recommend(
        PlanRequest(
            scenario=Scenario.SME,
            currency="CNY",
            today=TODAY,
            budget=40_000,
            used_ok=True,
            alternatives=False,
        ),
        data,
        model,
    )
    option = next(
        o for o in relaxed.options if o.gpu_id == "geforce-rtx-4090-48-gb" and o.count == 1
    )
    risks = {f.params["risk"] for f in option.findings if f.id == "market-risk"}
    assert option.offered and risks >= {"modified-board", "no-warranty", "blower-noise"}


def test_corrected_catalog_numbers(data):
    by_id = {g.id: g for g in data.gpus}
    assert by_id["l40s"].board_power_w == 350
    assert by_id["tesla-v100-pcie-16-gb"].power_eps8 == 1
    assert by_id["tesla-v100-pcie-16-gb"].power_8pin == 0
    assert by_id["a100-sxm4-80-gb"].form_factor == "sxm"
    assert by_id["quadro-rtx-8000"].board_power_w == 295
    assert by_id["geforce-rtx-4090"].fp8_tflops == pytest.approx(330.3)
    full, cut = by_id["geforce-rtx-5090"], by_id["geforce-rtx-5090-d"]
    assert cut.fp16_tflops / full.fp16_tflops == pytest.approx(2375 / 3352, rel=0.01)
    assert cut.fp32_tflops == full.fp32_tflops
    v2 = by_id["geforce-rtx-5090-d-v2"]
    assert (v2.memory_gb, v2.memory_bus_bits) == (24, 384)


def test_mixture_of_experts_holds_every_expert_and_computes_with_the_active_ones(data):
    moe, dense = LLMS["qwen3-30b-a3b"], LLMS["qwen3-32b"]
    held = memory.llm(moe, "inference", seq=4096, batch=1, inference_bits=4, engine="keras")
    weights = next(p for p in held.parts if p.name == "weights")
    # All 30.5B, as the 4-bit file a user loads (llama.cpp's Q4_K_M, 4.8 bits a weight).
    assert weights.gb == pytest.approx(30.5e9 * 0.6 / memory.GB, rel=0.01)
    assert any(n.id == "moe" for n in held.notes)
    from gpuplanner.planning.speed.training import SpeedQuery, predict_llm_inference

    card = next(g for g in data.gpus if g.id == "geforce-rtx-3090")
    model = load_speed_model()
    query = SpeedQuery(gpus=[card], speed_model=model, by_id={card.id: card})
    shape = {"engine": model.inference, "bits": 4, "batch": 1, "context": 4096}
    fast = predict_llm_inference(query, llm=moe, **shape)[0].throughput
    slow = predict_llm_inference(query, llm=dense, **shape)[0].throughput
    assert fast > 3 * slow  # reads 3.3B of weights per token, not 32B
    assert LLMS["deepseek-v3"].params_b == 671 and LLMS["deepseek-v3"].active_params_b == 37


def test_late_2026_models_and_cards_are_there(data):
    for model_id in ("llama-3.3-70b", "qwen3-8b", "qwen3-235b-a22b", "gemma-3-27b", "gpt-oss-20b"):
        assert model_id in LLMS
    ids = {g.id for g in data.gpus}
    assert {"rtx-pro-6000-blackwell-max-q", "arc-pro-b50", "instinct-mi350x", "b300"} <= ids
