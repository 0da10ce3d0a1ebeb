"""An old price's "today it may be" range follows how prices of its kind really moved (issue 37,
3): a measured trend moves the range's centre, in the trend's direction, for the days it covers."""

from __future__ import annotations

import pytest

from gpuplanner.catalog.records import Price, PriceTrend
from gpuplanner.planning.plan.pricing import today_range
from gpuplanner.planning.prices.market import Converted
from gpuplanner.planning.prices.moves import Dated, movement
from gpuplanner.planning.prices.quote import Offer

RTX50_NEW = PriceTrend(
    kind="new RTX 50 cards",
    cards=("geforce-rtx-50*",),
    region="US",
    condition="new",
    from_date="2026-01-01",
    to_date="2026-09-01",
    change_pct=40.0,
    cards_measured=5,
    sources="test",
)
USED_LATER = PriceTrend(
    kind="used RTX 30 and 40 cards",
    cards=("geforce-rtx-30*", "geforce-rtx-40*"),
    region="US",
    condition="used",
    from_date="2026-03-01",
    to_date="2026-09-01",
    change_pct=-10.0,
    cards_measured=4,
    sources="test",
)


def _offer(amount, condition, date, low=None, high=None):
    """A US dollar price, planned in dollars (nothing converted)."""
    price = Price(
        gpu_id="x",
        amount=amount,
        currency="USD",
        condition=condition,
        region="US",
        source="test",
        date=date,
        low=low,
        high=high,
    )
    return Offer(price=price, converted=Converted(amount))


def _dated(gpu="geforce-rtx-5090", condition="new", date="2026-01-01", region="US"):
    return Dated(gpu_id=gpu, region=region, condition=condition, date=date)


def test_a_price_older_than_the_trend_moves_by_all_of_it():
    moved = movement(_dated(date="2025-12-01"), (RTX50_NEW,), "2026-12-01")
    assert moved is not None
    assert moved.change == pytest.approx(0.40)
    assert (moved.from_date, moved.to_date) == ("2026-01-01", "2026-09-01")


def test_a_price_inside_the_trend_moves_by_the_part_after_its_date():
    half = movement(_dated(date="2026-05-02"), (RTX50_NEW,), "2026-12-01")
    assert half is not None
    assert 0.15 < half.change < 0.20  # about half the trend's days, compounded
    assert half.from_date == "2026-05-02"


@pytest.mark.parametrize(
    ("dated", "why"),
    [
        (_dated(gpu="geforce-rtx-4090"), "another kind of card"),
        (_dated(condition="used"), "another condition"),
        (_dated(region="CN"), "another market"),
        (_dated(condition="msrp"), "a launch price is not a market price"),
        (_dated(condition="estimate"), "nor is an estimate"),
        (_dated(date="2026-09-15"), "dated after the trend ends"),
    ],
)
def test_no_trend_moves_what_it_did_not_measure(dated, why):
    assert movement(dated, (RTX50_NEW,), "2026-12-01") is None, why


def test_falling_prices_move_the_range_down():
    moved = movement(
        _dated(gpu="geforce-rtx-3090", condition="used", date="2026-01-01"),
        (USED_LATER,),
        "2026-09-01",
    )
    assert moved is not None and moved.change == pytest.approx(-0.10)
    chosen = _offer(800.0, "used", "2026-01-01")
    low, high = today_range(chosen, 243, moved)
    assert high < 800 and low == pytest.approx(720, rel=0.05)


def test_the_range_is_centred_where_prices_went_not_on_the_old_figure():
    chosen = _offer(2699.0, "new", "2026-01-01", low=2699.0, high=3500.0)
    moved = movement(_dated(), (RTX50_NEW,), "2026-12-01")
    low, high = today_range(chosen, 334, moved)
    assert low == pytest.approx(2699 * 1.4, rel=0.01)  # every figure moved up with its kind
    assert high >= 3500 * 1.4 - 1
    flat_low, flat_high = today_range(chosen, 334, None)
    assert flat_low < 2699 < flat_high  # without a trend: the old symmetric widening
    assert low > flat_high * 0.9


def test_days_no_trend_measured_still_widen_the_range():
    chosen = _offer(1000.0, "new", "2024-01-01")
    moved = movement(_dated(date="2024-01-01"), (RTX50_NEW,), "2026-12-01")
    assert moved is not None
    low, high = today_range(chosen, 1065, moved)
    centre = 1000 * 1.4
    assert low < centre < high  # two years before the trend began are unmeasured
