"""Currency is how money is shown, not where the user buys (issue 27, 4): a switch leaves the
cards on offer, a shop's stock and the order as they were; only the figures are converted."""

from __future__ import annotations

import pytest
from conftest import example_shop_list

from gpuplanner.app.session import Session, to_request
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.prices.book import price_book
from gpuplanner.planning.prices.market import newest_rate
from gpuplanner.planning.recommend import recommend


def _plan(session, data, model, shop=()):
    return recommend(to_request(session, data), data, model, price_book(data.prices, shop))


def _shape(plan):
    return [(o.action, o.gpu_id, o.count, o.offered) for o in plan.options]


def _shop_prices(data, folder):
    from gpuplanner.app.price_packs import shop_prices

    # Dated a week before the plan's day, whatever day this tree was cloned.
    listing = example_shop_list(folder, "2026-11-24")
    prices, _report = shop_prices(listing, "Example", data.gpus, "CNY")
    return tuple(prices)


@pytest.mark.parametrize("scenario", list(Scenario))
@pytest.mark.parametrize("start", ["CNY", "USD"])
def test_a_currency_switch_keeps_the_options_and_their_order(data, model, scenario, start):
    rate = newest_rate(data.fx_rates).rate
    session = Session(scenario=scenario, currency=start, cny_per_usd=rate, today="2026-12-01")
    before = _plan(session, data, model)
    other = "USD" if start == "CNY" else "CNY"
    session.set_currency(other)
    after = _plan(session, data, model)
    assert _shape(after) == _shape(before)
    factor = rate if other == "CNY" else 1 / rate
    for old, new in zip(before.options, after.options, strict=True):
        assert new.currency == other
        if old.price is not None:
            assert new.price == pytest.approx(old.price * factor, rel=0.02), old.gpu_id
    session.set_currency(start)
    assert _shape(_plan(session, data, model)) == _shape(before)


@pytest.mark.parametrize("scenario", list(Scenario))
def test_a_shops_stock_stays_on_offer_in_another_currency(data, model, scenario, tmp_path):
    """Once: a kiosk switched to USD lost the shop's CNY stock ("0 fit your needs")."""
    shop = _shop_prices(data, tmp_path)
    assert shop
    rate = newest_rate(data.fx_rates).rate
    session = Session(
        scenario=scenario,
        currency="CNY",
        cny_per_usd=rate,
        job=JobInputs(shop_only=True),
        today="2026-12-01",
    )
    before = _plan(session, data, model, shop)
    offered = [o for o in before.options if o.offered and o.bought]
    assert offered, "the example shop offers nothing for this scenario"
    session.set_currency("USD")
    after = _plan(session, data, model, shop)
    assert _shape(after) == _shape(before)
    for old, new in zip(before.options, after.options, strict=True):
        if old.price_each is not None and old.price_each.origin == "shop":
            assert new.price_each.origin == "shop"
            assert new.price_each.stock == old.price_each.stock
            assert new.price_each.sku == old.price_each.sku
            # The shop's shelf price, the same money: no VAT added or taken off.
            assert new.price_each.amount == pytest.approx(old.price_each.amount / rate, rel=0.01)


def test_the_market_is_where_the_session_started():
    session = Session(currency="USD")
    assert session.region() == "US"
    session.set_currency("CNY")
    assert session.region() == "US" and session.currency == "CNY"
    assert Session(currency="CNY", market="US").region() == "US"
