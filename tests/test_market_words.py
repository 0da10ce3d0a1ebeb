"""Where a price is shown, the market and the source are named in words (issue 37, 2 and 5):
no internal source id reaches the user, and in the China market every top pick priced without a
recent Chinese listing says so, while the headline names the market and asks for the price seen.
"""

from __future__ import annotations

import pytest

from gpuplanner.app.plan_request import plan_request
from gpuplanner.catalog.records import Price
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.prices.book import price_book
from gpuplanner.planning.prices.market import Converted
from gpuplanner.planning.prices.quote import Offer, Quote
from gpuplanner.planning.recommend import recommend
from gpuplanner.report import plan_text
from gpuplanner.report.plan_view import headline

TODAY = "2026-12-01"
# What an option says when its price is not a recent listing from the buyer's own market.
SAYS_NOT_LOCAL = {
    "price-other-market",
    "price-estimate",
    "price-msrp",
    "price-stale",
    "price-very-old",
}


def _plan(data, model, scenario, budget, currency, region):
    job = JobInputs(budget=budget, region=region)
    request = plan_request(scenario, currency, job=job, catalog=data, today=TODAY)
    return recommend(request, data, model)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_price_row_shows_an_internal_source_id(data, language):
    from gpuplanner.catalog.store import Catalog

    with Catalog.open() as catalog:
        ids = {s.id for s in catalog.sources()}
    for price in data.prices:
        fact = _quote(price, age_days=None)
        shown = plan_text.source_text(fact, language)
        assert shown and shown not in ids, (price.gpu_id, price.source, shown)


CHINA_GRID = [
    (Scenario.STUDENT, 3_000),
    (Scenario.SME, 15_000),
    (Scenario.LLM, 60_000),
]


@pytest.mark.parametrize(("scenario", "budget"), CHINA_GRID)
def test_china_market_top_picks_say_where_their_price_comes_from(data, model, scenario, budget):
    plan = _plan(data, model, scenario, budget, "CNY", "CN")
    assert plan.market is not None and plan.market.region == "CN"
    bought = [o for o in plan.fitting() if o.action != "keep" and o.price_each is not None][:3]
    assert bought, "nothing to buy in the China market"
    unlisted = 0
    for option in bought:
        if option.price_each.listed_in("CN"):
            continue
        unlisted += 1
        ids = {f.id for f in option.findings}
        assert ids & SAYS_NOT_LOCAL, (option.gpu_id, option.price_each, ids)
    assert plan.market.unlisted == unlisted
    for language, china in (("en", "China"), ("zh_CN", "中国")):
        head = headline(plan, language)
        assert head.market is not None and china in head.market
        if unlisted:
            assert head.ask_price is not None and china in head.ask_price
        else:
            assert head.ask_price is None


def _quote(price, age_days):
    """``price`` as an option's quote, in its own money."""
    return Quote(
        offer=Offer(price=price, converted=Converted(price.amount)),
        currency=price.currency,
        age_days=age_days,
        low=price.amount,
        high=price.amount,
    )


def _chinese(condition="used", date="2026-10-01", age_days=61):
    price = Price(
        gpu_id="x",
        amount=5000.0,
        currency="CNY",
        condition=condition,
        region="CN",
        source="x",
        date=date,
    )
    return _quote(price, age_days)


def test_a_recent_chinese_listing_needs_no_words_of_warning():
    fresh = _chinese()
    assert fresh.listed_in("CN")
    assert not fresh.listed_in("US")
    assert not _chinese("new", "2025-06-01", 548).listed_in("CN")
    for kind in ("estimate", "msrp"):
        assert not _chinese(kind).listed_in("CN")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_report_lists_where_each_price_comes_from(data, model, language):
    plan = _plan(data, model, Scenario.SME, 15_000, "CNY", "CN")
    lines = plan_text.provenance_lines(plan, language)
    assert lines
    kinds = {
        o.price_each.provenance_in("CN")
        for o in plan.fitting()
        if o.action != "keep" and o.price_each is not None
    }
    assert len(lines) == len(kinds)  # one line per kind of source, each card once
    for option in plan.fitting():
        if option.action != "keep" and option.price_each is not None:
            assert sum(f"{option.gpu} (" in line for line in lines) == 1, option.gpu


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_price_cell_invites_the_price_seen_exactly_where_none_is_listed(data, model, language):
    from gpuplanner.report.plan_view import option_rows

    plan = _plan(data, model, Scenario.SME, 15_000, "CNY", "CN")
    rows = option_rows(plan, language)
    invited = 0
    for row, option in zip(rows, plan.options, strict=True):
        each = option.price_each
        expect = option.bought > 0 and each is not None and not each.listed_in("CN")
        assert (row.price_invite is not None) == expect, option.gpu_id
        invited += expect
        if expect:
            assert ("China" if language == "en" else "中国") in row.price_invite
    assert invited


def test_the_window_marks_an_invited_price_cell(qtbot, data, model):
    from PySide6.QtCore import Qt

    from gpuplanner.ui.table_model import OptionsModel

    plan = _plan(data, model, Scenario.SME, 15_000, "CNY", "CN")
    table = OptionsModel()
    table.set_plan(plan, "en")
    column = OptionsModel.COLUMNS.index("price")
    marked = [
        table.index(r, column).data(Qt.ItemDataRole.DisplayRole).startswith("✎")
        for r in range(table.rowCount())
    ]
    assert marked == [row.price_invite is not None for row in table.rows]
    table.prices_editable = False  # a kiosk: the shop's prices are not typed over
    assert not any(
        table.index(r, column).data(Qt.ItemDataRole.DisplayRole).startswith("✎")
        for r in range(table.rowCount())
    )


def test_a_kiosk_plan_names_the_shops_list_as_its_market(data, model, tmp_path):
    from conftest import example_shop_list

    from gpuplanner.app.price_packs import shop_prices

    listing = example_shop_list(tmp_path, "2026-11-24")
    shop, _report = shop_prices(listing, "Example", data.gpus, "CNY")
    assert shop
    job = JobInputs(region="CN", shop_only=True)
    request = plan_request(Scenario.STUDENT, "CNY", job=job, catalog=data, today=TODAY)
    plan = recommend(request, data, model, price_book(data.prices, shop))
    assert plan.market is not None and plan.market.shop_only and plan.market.unlisted == 0
    for language, words in (("en", "this shop's list"), ("zh_CN", "本店价目表")):
        head = headline(plan, language)
        assert head.market is not None and words in head.market
        assert head.ask_price is None


@pytest.mark.parametrize("printed", [False, True])
def test_one_unlisted_card_among_the_top_is_said_in_the_singular(printed):
    from gpuplanner.app.records import PlanMarket
    from gpuplanner.report.plan_text import ask_price_text

    def said(unlisted: int) -> str:
        market = PlanMarket(
            region="US",
            currency="USD",
            shown_in="USD",
            fx_rate=None,
            fx_date=None,
            top=3,
            unlisted=unlisted,
            months=12,
        )
        return ask_price_text(market, "en", printed=printed)

    assert said(1).startswith("1 of the top 3 cards has no price from")
    assert said(2).startswith("2 of the top 3 cards have no price from")
    assert "中有 1 款没有" in ask_price_text(
        PlanMarket(
            region="CN",
            currency="CNY",
            shown_in="CNY",
            fx_rate=None,
            fx_date=None,
            top=3,
            unlisted=1,
            months=12,
        ),
        "zh_CN",
        printed=printed,
    )


@pytest.mark.parametrize(
    ("currency", "region", "name"), [("CNY", "CN", "元"), ("USD", "US", "美元")]
)
def test_chinese_names_the_money_where_english_gives_its_code(data, model, currency, region, name):
    """A Chinese student reads "每 1000 元", not "每 1000 CNY"; English keeps the ISO code.
    Amounts keep their symbol in both, the electricity price too ("¥0.60/kWh")."""
    from gpuplanner.report.job_text import input_rows

    plan = _plan(data, model, Scenario.STUDENT, 3_000 if region == "CN" else 500, currency, region)
    request = plan_request(
        Scenario.STUDENT, currency, job=JobInputs(region=region), catalog=data, today=TODAY
    )
    for language in ("en", "zh_CN"):
        said = [plan_text.market_text(plan.market, language)]
        said += [
            plan_text.finding_text(f, language) for o in plan.fitting()[:6] for f in o.findings
        ]
        said += [value for _label, value in input_rows(request, language)]
        text = "\n".join(said)
        if language == "en":
            assert currency in said[0] and name not in text
        else:
            assert currency not in text, [line for line in said if currency in line]
            assert name in said[0]
        assert "/kWh" in text and f"{currency}/kWh" not in text


def test_the_value_column_says_which_money_it_is_per(data, model, capsys):
    """The Chinese table's "每千元" headed a column of speed per 1,000 US dollars."""
    from gpuplanner.commands.plan_print import print_plan

    plan = _plan(data, model, Scenario.SME, 2_000, "USD", "US")
    for language, words in (("en", "per 1k USD"), ("zh_CN", "每千美元")):
        print_plan(plan, language, top=3)
        header = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("#"))
        assert words in header and "每千元" not in header


@pytest.mark.parametrize(("tariff", "shown"), [(0.125, "$0.125/kWh"), (0.0549, "$0.0549/kWh")])
def test_a_typed_electricity_price_keeps_its_digits(data, tariff, shown):
    from gpuplanner.report.job_text import input_rows

    request = plan_request(
        Scenario.STUDENT,
        "USD",
        job=JobInputs(region="US", tariff=tariff),
        catalog=data,
        today=TODAY,
    )
    assert shown in [value for _label, value in input_rows(request, "en")]
