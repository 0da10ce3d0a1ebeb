"""A price's kind ranks, never its age (issue 48, item 1; DESIGN.md section 14): options priced
by a market figure (a dated listing or report, a shop's list, the buyer's typed price) rank
before those priced only by a launch MSRP or an estimate, which stand in their own group with
their ✎; where nothing market-priced holds the job, those rank as ever and the headline says
every price is to be confirmed; a typed price moves its card into the ranked group at once.
"""

from __future__ import annotations

import json

import pytest

from gpuplanner.catalog.userdb import user_price
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.vocab import FALLBACK_CONDITIONS
from gpuplanner.planning.prices.book import price_book
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.plan_view import headline, option_rows

TODAY = "2026-12-01"


def _groups_hold(options) -> None:
    """The offered purchases: each in the group its price's kind says, the market's first."""
    bought = [o for o in options if o.offered and o.action != "keep"]
    for option in bought:
        kind = option.price_each.condition if option.price_each else None
        want = "to-confirm" if kind in FALLBACK_CONDITIONS else "market"
        assert option.price_group == want, (option.gpu, kind, option.price_group)
    groups = [o.price_group for o in bought]
    if "market" in groups:
        last_market = len(groups) - 1 - groups[::-1].index("market")
        assert "to-confirm" not in groups[:last_market], groups


def _the_first_listed_says_what_a_launch_price_beats(options) -> None:
    """The first card priced by the market says so when a card to confirm ranks above it by
    the goal (a small firm's RTX 4060 Ti 16 GB, listed, read "ranked by speed" above an RTX
    4090 D twice as fast at its launch price), and only then."""
    bought = [o for o in options if o.offered and o.action != "keep"]
    market = [o for o in bought if o.price_group == "market"]
    confirm = [o for o in bought if o.price_group == "to-confirm"]
    if not market:
        return
    beaten = bool(confirm) and max(o.score for o in confirm) > market[0].score
    said = market[0].rank_reason.id.endswith("-market-first")
    assert said == beaten, (market[0].gpu, market[0].rank_reason.id)
    if said:
        best = max(confirm, key=lambda o: o.score)
        assert market[0].rank_reason.params["gpu"] == best.gpu


@pytest.mark.parametrize("scenario", list(Scenario))
@pytest.mark.parametrize(("currency", "region"), [("USD", "US"), ("CNY", "CN")])
def test_every_scenario_and_market_ranks_market_prices_first(
    data, model, scenario, currency, region
):
    request = PlanRequest(
        scenario=scenario,
        currency=currency,
        region=region,
        today=TODAY,
        alternatives=False,
    )
    plan = recommend(request, data, model)
    _groups_hold(plan.options)
    _the_first_listed_says_what_a_launch_price_beats(plan.options)
    bought = [o for o in plan.options if o.offered and o.action != "keep"]
    assert plan.prices_to_confirm == (
        bool(bought) and all(o.price_group == "to-confirm" for o in bought)
    )


# The buyer's cases of the "Done when": US student $450 with a 280 mm case, SME $2,000,
# LLM $8,000; China SME ¥15,000 and LLM ¥30,000.
DONE_WHEN = [
    ("student", "USD", "450", ("--gpu-clearance-mm", "280")),
    ("sme", "USD", "2000", ()),
    ("llm", "USD", "8000", ()),
    ("sme", "CNY", "15000", ()),
    ("llm", "CNY", "30000", ()),
]


@pytest.mark.parametrize(("scenario", "currency", "budget", "extra"), DONE_WHEN)
def test_the_buyers_cases_never_rank_a_launch_price_over_a_listing(
    tmp_path, scenario, currency, budget, extra
):
    from conftest import run_cli

    args = ("recommend", "--scenario", scenario, "--currency", currency, "--budget", budget)
    result = run_cli(tmp_path, *args, *extra, "--json", "--language", "en")
    assert result.returncode == 0, result.stderr
    plan = json.loads(result.stdout)
    bought = [o for o in plan["options"] if o["offered"] and o["action"] != "keep"]
    assert bought
    groups = [o["price_group"] for o in bought]
    for option in bought:
        kind = option["price"]["condition"]
        assert option["price_group"] == (
            "to-confirm" if kind in FALLBACK_CONDITIONS else "market"
        ), option["gpu"]
    seen_confirm = False
    for group in groups:
        seen_confirm = seen_confirm or group == "to-confirm"
        assert not (seen_confirm and group == "market"), groups
    assert plan["prices_to_confirm"] == all(g == "to-confirm" for g in groups)
    for option in plan["options"]:
        if not option["offered"] or option["action"] == "keep":
            assert option["price_group"] is None
    text = run_cli(tmp_path, *args, *extra, "--language", "en", "--top", "30")
    assert text.returncode == 0, text.stderr
    if "to-confirm" in groups:  # the group is marked, each row with its ✎
        assert text.stdout.count("✎") >= groups.count("to-confirm")
    if "to-confirm" in groups and "market" in groups:
        assert "Price to confirm: type the price you see" in text.stdout
    if plan["prices_to_confirm"]:
        assert "Confirm every price by typing the one you see." in text.stdout


def test_a_market_price_outranks_a_faster_launch_price_and_a_typed_price_joins_it(data, model):
    """SME $2,000 in the US: the RTX A4000 pair is faster, but its only price is its 2021 launch
    price; the buyer types what a shop asks, and it moves up among the ranked at once."""
    request = PlanRequest(
        scenario=Scenario.SME,
        currency="USD",
        region="US",
        budget=2_000,
        today=TODAY,
        alternatives=False,
    )
    plan = recommend(request, data, model)
    offered = [o for o in plan.options if o.offered and o.action != "keep"]
    first = offered[0]
    assert first.price_group == "market"
    a4000 = [o for o in offered if o.gpu_id == "rtx-a4000"]
    assert a4000 and all(o.price_group == "to-confirm" for o in a4000)
    assert max(o.score for o in a4000) > first.score  # faster per dollar, yet listed after
    assert next(o for o in a4000).rank_reason.id == "rank-to-confirm"
    rows = option_rows(plan, "en")
    assert any(r.rank_cell.startswith("✎") for r in rows)
    assert headline(plan, "en").confirm_group is not None
    assert headline(plan, "en").confirm_all is None

    typed = user_price("rtx-a4000", 900, "USD", "new", TODAY)
    again = recommend(request, data, model, price_book(data.prices, (typed,)))
    moved = [o for o in again.options if o.offered and o.gpu_id == "rtx-a4000"]
    assert moved and all(o.price_group == "market" for o in moved)
    ranked = [o for o in again.options if o.offered and o.price_group == "market"]
    assert ranked[0].gpu_id == "rtx-a4000"  # now by value, among the market's


def test_nothing_market_priced_ranks_as_ever_and_says_confirm_every_price(data, model):
    """Prices only by launch MSRP: the options rank by the goal, and the headline says so."""
    from dataclasses import replace

    msrp_only = replace(
        data, prices=tuple(p for p in data.prices if p.condition in FALLBACK_CONDITIONS)
    )
    request = PlanRequest(
        scenario=Scenario.SME,
        currency="USD",
        region="US",
        budget=2_000,
        today=TODAY,
        alternatives=False,
    )
    plan = recommend(request, msrp_only, model, price_book(msrp_only.prices))
    offered = [o for o in plan.options if o.offered and o.action != "keep"]
    assert offered and plan.prices_to_confirm
    assert all(o.price_group == "to-confirm" for o in offered)
    assert [o.score for o in offered] == sorted((o.score for o in offered), reverse=True)
    assert all(o.rank_reason.id != "rank-to-confirm" for o in offered)
    head = headline(plan, "zh_CN")
    assert head.confirm_all is not None and "MSRP" in head.confirm_all


def test_the_small_firms_listed_card_names_the_faster_one_to_confirm(data, model):
    plan = recommend(
        PlanRequest(scenario=Scenario.SME, currency="CNY", today=TODAY, alternatives=False),
        data,
        model,
    )
    first = next(o for o in plan.options if o.offered and o.action != "keep")
    reason = first.rank_reason
    assert reason.id == "rank-speed-market-first" and reason.params["other_speed"] > 2 * (
        first.speedup or first.predicted_relative or 0
    )
    from gpuplanner.report.plan_text import finding_text

    assert "type the price you see" in finding_text(reason, "en")
    assert "首发价" in finding_text(reason, "zh_CN")


def test_the_terminal_says_where_the_picks_price_comes_from(tmp_path):
    """The table has no room for a price's source: the pick's own lines say it, its figure,
    kind and date, or how another market's was converted (both languages)."""
    import re

    from conftest import run_cli

    cases = (
        ("llm", "USD", r"Price: \$[\d,]+, new, from .+ \(\d{4}-\d\d-\d\d\)\.$"),
        ("sme", "CNY", r"≈ Converted: \$[\d,]+ as listed in the US \(.+, \d{4}-\d\d-\d\d\)"),
    )
    for scenario, currency, pattern in cases:
        result = run_cli(tmp_path, "recommend", "--scenario", scenario, "--currency", currency)
        assert result.returncode == 0, result.stderr
        said = [line for line in result.stdout.splitlines() if line.startswith("  $ ")]
        assert len(said) == 1 and re.search(pattern, said[0]), said
    chinese = run_cli(
        tmp_path, "recommend", "--scenario", "llm", "--currency", "USD", "--language", "zh_CN"
    )
    assert any(line.startswith("  $ 价格：") for line in chinese.stdout.splitlines())
