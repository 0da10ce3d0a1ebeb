"""Prices a buyer can act on: age is a fact not a rank, a launch MSRP is never a shelf price,
used cards carry no VAT, export rules by their thresholds, and the price the user types."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from gpuplanner.app import user_prices
from gpuplanner.catalog import export_rules, price_stats, pricepack
from gpuplanner.catalog.records import Price
from gpuplanner.catalog.userdb import UserDb, user_price
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.prices import cost
from gpuplanner.planning.prices.book import price_book
from gpuplanner.planning.prices.market import market_for
from gpuplanner.planning.prices.quote import offers
from gpuplanner.planning.recommend import PlanRequest, recommend

TODAY = "2026-12-01"


def _offered(plan):
    return [o for o in plan.options if o.offered and o.action != "keep"]


# -- age is a fact, not a rank -------------------------------------------------------------


def test_the_age_of_prices_never_reorders_the_options(data, model):
    """The same prices seen five years later: every price older, the order the same."""
    request = PlanRequest(
        scenario=Scenario.SME, currency="CNY", budget=15_000, today=TODAY, alternatives=False
    )
    now = recommend(request, data, model)
    later = recommend(
        PlanRequest(
            scenario=Scenario.SME,
            currency="CNY",
            budget=15_000,
            today="2031-12-01",
            alternatives=False,
        ),
        data,
        model,
    )
    assert [(o.gpu_id, o.count) for o in _offered(now)] == [
        (o.gpu_id, o.count) for o in _offered(later)
    ]
    aged = _offered(later)[0].price_each
    assert aged.age_days > 5 * 365 and aged.high > aged.amount * 1.4  # the range widened


def test_the_speed_scenario_picks_within_ten_percent_of_the_fastest(data, model):
    for today in (TODAY, "2029-06-01"):
        request = PlanRequest(
            scenario=Scenario.SME, currency="CNY", budget=15_000, today=today, alternatives=False
        )
        offered = _offered(recommend(request, data, model))
        # Among the cards priced like the top one: a launch price to confirm ranks after every
        # market price, whatever its age (issue 48), never because of it.
        peers = [o for o in offered if o.price_group == offered[0].price_group]
        fastest = max(o.predicted_relative or 0 for o in peers)
        assert (offered[0].predicted_relative or 0) >= 0.9 * fastest, today


def test_an_old_price_is_marked_with_the_range_it_may_be_today(data, model):
    request = PlanRequest(
        scenario=Scenario.SME, currency="CNY", budget=15_000, today=TODAY, alternatives=False
    )
    old = [
        o
        for o in _offered(recommend(request, data, model))
        if o.price_each.age_days is not None and o.price_each.age_days > 365
    ]
    assert old
    for option in old:
        marks = [f for f in option.findings if f.id in ("price-stale", "price-very-old")]
        assert len(marks) == 1 and marks[0].severity == "info"
        assert marks[0].params["low"] < option.price_each.amount < marks[0].params["high"]


# -- a launch MSRP is a kind of price -------------------------------------------------------


def test_a_launch_msrp_is_used_only_where_no_street_price_exists(data):
    by_card: dict[str, list[Price]] = {}
    for p in data.prices:
        by_card.setdefault(p.gpu_id, []).append(p)
    assert any(p.condition == "msrp" for p in data.prices)
    for currency in ("USD", "CNY"):
        market = market_for(currency, data, show_unavailable=True)
        for gpu_id, prices in by_card.items():
            chosen = cost.choose(offers(prices, market), market, used_ok=True)
            street = [p for p in prices if p.condition in ("new", "used", "refurbished")]
            if street:
                assert chosen is not None and chosen.price.condition != "msrp", (gpu_id, currency)


def test_an_msrp_pick_says_it_is_a_launch_price(data, model):
    request = PlanRequest(
        scenario=Scenario.SME, currency="CNY", budget=15_000, today=TODAY, alternatives=False
    )
    for option in _offered(recommend(request, data, model)):
        says = any(f.id == "price-msrp" for f in option.findings)
        assert says == (option.price_each.condition == "msrp"), option.gpu


# -- used cards carry no VAT ----------------------------------------------------------------


def test_used_prices_moved_into_cny_carry_no_vat(data):
    market = market_for("CNY", data, show_unavailable=True)
    rate = market.rate.rate
    used = [p for p in data.prices if p.condition == "used" and p.currency == "USD"]
    assert len(used) > 30
    for price in used:
        moved = market.convert(price)
        assert moved.tax_pct == 0 and moved.amount == pytest.approx(price.amount * rate, abs=0.01)
    new = next(p for p in data.prices if p.condition == "new" and p.currency == "USD")
    assert market.convert(new).tax_pct == 13  # a shop's new card does carry it


def test_every_used_price_a_cny_plan_shows_is_without_vat(data, model):
    request = PlanRequest(
        scenario=Scenario.SME, currency="CNY", budget=30_000, used_ok=True, today=TODAY
    )
    for option in recommend(request, data, model).options:
        each = option.price_each
        if each is not None and each.condition == "used":
            assert each.tax_pct == 0, option.gpu


# -- export rules by their thresholds -------------------------------------------------------


def test_every_card_over_the_thresholds_is_not_offered_new_in_china(data, gpus):
    market = market_for("CNY", data)
    rebuilt = {r.gpu_id for r in data.risks if r.risk == "modified-board"}
    held = [g for g in data.gpus if export_rules.verdict(g).controlled and g.id not in rebuilt]
    for gpu in held:
        barred = market.not_sold(gpu.id, "new")
        assert barred is not None and barred.reason == "export-control", gpu.id
    for gpu in data.gpus:
        if not export_rules.verdict(gpu).controlled and gpu.vendor == "NVIDIA":
            row = market.not_sold(gpu.id, "new")
            assert row is None or row.reason != "export-control", gpu.id
    ids = {g.id for g in held}
    assert {"rtx-6000-ada-generation", "rtx-pro-6000-blackwell", "geforce-rtx-4090"} <= ids
    # The China editions were cut to just under the same lines.
    for edition in (
        "geforce-rtx-4090-d",
        "geforce-rtx-5090-d",
        "geforce-rtx-5090-d-v2",
        "h20",
        "l20",
    ):
        assert edition not in ids
    assert export_rules.tpp(gpus["geforce-rtx-4090"]) == pytest.approx(5285, abs=1)
    assert export_rules.tpp(gpus["geforce-rtx-4090-d"]) < export_rules.TPP_A


def test_the_rule_is_the_thresholds_not_a_list():
    """A made-up card is judged like any other: over 4,800 is held; a data-centre chip under
    it is held by its density."""
    base = dict(
        id="x",
        name="X",
        aliases=(),
        vendor="NVIDIA",
        segment="consumer",
        architecture="Y",
        chip="Z",
        die_mm2=600.0,
        release_date="2026-01-01",
        memory_gb=24,
        memory_type=None,
        memory_bus_bits=None,
        memory_bandwidth_gbs=1000,
        fp32_tflops=80,
        tf32_tflops=None,
        fp16_tflops=None,
        bf16_tflops=None,
        fp8_tflops=None,
        int8_tops=None,
    )
    from gpuplanner.catalog.records import GpuSpec

    fields = {f: None for f in GpuSpec.__dataclass_fields__}
    fields.update(base)

    def card(**kw):
        return GpuSpec(**{**fields, **kw})

    assert export_rules.verdict(card(int8_tops=601)).paragraph == "3A090.a.1"
    assert not export_rules.verdict(card(int8_tops=599)).controlled
    dense = card(segment="datacenter", int8_tops=400, die_mm2=500)  # TPP 3,200, PD 6.4
    assert export_rules.verdict(dense).paragraph == "3A090.a.2"
    assert not export_rules.verdict(card(segment="consumer", int8_tops=400, die_mm2=500)).controlled


def test_a_cny_plan_does_not_offer_the_rtx_6000_ada_unless_asked(data, model):
    request = PlanRequest(
        scenario=Scenario.SME, currency="CNY", budget=100_000, today=TODAY, alternatives=False
    )
    plan = recommend(request, data, model)
    for option in plan.options:
        if option.gpu_id in ("rtx-6000-ada-generation", "rtx-pro-6000-blackwell"):
            assert not option.offered
            assert any(f.id == "not-sold-here" for f in option.findings)
    shown = recommend(
        PlanRequest(
            scenario=Scenario.SME,
            currency="CNY",
            budget=100_000,
            today=TODAY,
            alternatives=False,
            show_unavailable=True,
        ),
        data,
        model,
    )
    ada = [o for o in shown.options if o.gpu_id == "rtx-6000-ada-generation" and o.offered]
    assert ada and any(f.id == "not-sold-here" and f.severity == "warns" for f in ada[0].findings)


# -- the price you see ----------------------------------------------------------------------


def test_typed_entries_parse_and_refuse_what_is_not_a_price():
    assert user_prices.parse_entry("RTX 3060 12 GB=1599") == user_prices.TypedPrice(
        "RTX 3060 12 GB", 1599.0, "new"
    )
    assert user_prices.parse_entry("RTX 3090=5,200:used").condition == "used"
    for bad in ("RTX 3060", "=100", "RTX 3060=abc", "RTX 3060=-5", "RTX 3060=nan", "X=10:old"):
        with pytest.raises(user_prices.PriceEntryError):
            user_prices.parse_entry(bad)
    assert user_prices.parse_cell("1599 used") == (1599.0, "used")
    assert user_prices.parse_cell("二手 2,100") == (2100.0, "used")
    assert user_prices.parse_cell("abc") is None


def test_a_typed_price_wins_and_says_so(data, model):
    request = PlanRequest(
        scenario=Scenario.STUDENT, currency="CNY", budget=3_000, today=TODAY, alternatives=False
    )
    typed = user_price("geforce-rtx-3060-12-gb", 1599, "CNY", "new", TODAY)
    plan = recommend(request, data, model, price_book(data.prices, (typed,)))
    option = next(o for o in plan.options if o.gpu_id == "geforce-rtx-3060-12-gb" and o.count == 1)
    assert option.price_each.amount == 1599 and option.price_each.source == "user"
    assert option.price_each.date == TODAY
    assert any(f.id == "price-user" for f in option.findings)


def test_the_command_line_price_is_in_the_json(tmp_path):
    from conftest import run_cli

    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "student",
        "--budget",
        "3000",
        "--currency",
        "CNY",
        "--price",
        "RTX 3060 12 GB=1599",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    options = json.loads(result.stdout)["options"]
    card = next(o for o in options if o["gpu_id"] == "geforce-rtx-3060-12-gb" and o["count"] == 1)
    assert card["price"]["amount"] == 1599 and card["price"]["source"] == "user"
    assert card["price"]["date"] == dt.date.today().isoformat()
    bad = run_cli(tmp_path, "recommend", "--scenario", "student", "--price", "RTX 3060")
    assert bad.returncode != 0 and "NAME=AMOUNT" in bad.stderr and "Traceback" not in bad.stderr


def test_the_user_database_keeps_one_price_per_card_currency_and_condition():
    with UserDb() as user:
        user.set_user_price(user_price("geforce-rtx-3090", 5000, "CNY", "used", "2026-11-01"))
        user.set_user_price(user_price("geforce-rtx-3090", 4800, "CNY", "used", TODAY))
        user.set_user_price(user_price("geforce-rtx-3090", 700, "USD", "used", TODAY))
        kept = user.user_prices("geforce-rtx-3090")
        assert [(p.amount, p.currency, p.date) for p in kept] == [
            (4800, "CNY", TODAY),
            (700, "USD", TODAY),
        ]
        assert user.remove_user_price("geforce-rtx-3090", "CNY") == 1
        assert [p.currency for p in user.user_prices()] == ["USD"]


def test_db_prices_lists_the_users_prices(tmp_path):
    from conftest import child_env, run_cli

    env = child_env(tmp_path)
    code = (
        "from gpuplanner.app import user_prices;"
        f"user_prices.remember('geforce-rtx-3090', 4800, 'CNY', 'used', '{TODAY}')"
    )
    import subprocess
    import sys

    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=tmp_path)
    listed = run_cli(tmp_path, "db", "prices", "RTX 3090", "--json", env=env)
    rows = json.loads(listed.stdout)["prices"]
    assert any(r["source"] == "user" and r["amount"] == 4800 for r in rows)
    run_cli(tmp_path, "db", "prices", "RTX 3090", "--forget", env=env)
    again = json.loads(run_cli(tmp_path, "db", "prices", "RTX 3090", "--json", env=env).stdout)
    assert not any(r["source"] == "user" for r in again["prices"])


# -- the source's range, and the data's age measured ----------------------------------------


def test_a_pack_row_may_carry_the_range_its_source_saw():
    head = "# gpuplanner price pack: 1\n# name: t\n# published: 2026-11-30\n"
    header = "gpu,amount,currency,condition,region,source,date,note,low,high\n"
    ok = pricepack.parse_pack(
        head + header + "x,1900,USD,new,US,s,2026-05-01,,1800,2000\n", "t.csv", lambda g: g
    )
    assert not ok.rejected and (ok.prices[0].low, ok.prices[0].high) == (1800, 2000)
    for cells in ("1800,", "2000,1800", "1950,2000", "a,b"):
        bad = pricepack.parse_pack(
            head + header + f"x,1900,USD,new,US,s,2026-05-01,,{cells}\n", "t.csv", lambda g: g
        )
        assert bad.rejected, cells
    plain = pricepack.parse_pack(
        head + "gpu,amount,currency,condition,region,source,date,note\n"
        "x,1900,USD,new,US,s,2026-05-01,\n",
        "t.csv",
        lambda g: g,
    )
    assert not plain.rejected and plain.prices[0].low is None


def test_price_ages_count_each_cards_newest_price():
    prices = [
        Price(
            gpu_id="a",
            amount=1,
            currency="USD",
            condition="new",
            region="US",
            source="s",
            date="2026-11-01",
        ),
        Price(
            gpu_id="a",
            amount=1,
            currency="USD",
            condition="new",
            region="US",
            source="s",
            date="2020-01-01",
        ),
        Price(
            gpu_id="b",
            amount=1,
            currency="USD",
            condition="new",
            region="US",
            source="s",
            date="2025-06-01",
        ),
        Price(
            gpu_id="c",
            amount=1,
            currency="CNY",
            condition="used",
            region="CN",
            source="s",
            date="2026-10-01",
        ),
    ]
    ages = price_stats.price_ages(prices, TODAY)
    assert ages["US"]["new"]["cards"] == 2
    assert ages["US"]["new"]["median_days"] == (30 + 548) / 2
    assert ages["US"]["new"]["over_12_months"] == 0.5
    assert ages["CN"]["used"]["over_6_months"] == 0


def test_db_info_reports_the_age_of_prices(tmp_path):
    from conftest import run_cli

    info = json.loads(run_cli(tmp_path, "db", "info", "--json").stdout)
    ages = info["price_age"]
    assert ages["today"] == dt.date.today().isoformat()
    assert {"median_days", "over_6_months", "over_12_months"} <= set(ages["US"]["new"])
    assert "CN" in ages
