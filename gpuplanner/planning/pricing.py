"""The price an option is planned with, and how old the prices behind a plan are.

Ages count from the request's ``today`` (never a year in the code). A price over 24 months
old is used only when a card has nothing newer; the rules then mark it "price unknown, check".
"""

from __future__ import annotations

import datetime as dt

from gpuplanner.catalog.records import Price
from gpuplanner.planning import cost
from gpuplanner.planning.market import Market
from gpuplanner.planning.options import Option, PriceAge, PriceFact
from gpuplanner.planning.request import PlanRequest
from gpuplanner.planning.rules.job import STALE_DAYS, VERY_OLD_DAYS


def age_days(date: str, today: str | None) -> int | None:
    if not today:
        return None
    try:
        return (dt.date.fromisoformat(today) - dt.date.fromisoformat(date[:10])).days
    except ValueError:
        return None


def price_fact(prices: list[Price], request: PlanRequest, market: Market) -> PriceFact | None:
    """The price to plan with: prices over 24 months old only when a card has nothing newer;
    only what is sold in the buyer's region (unless they asked to see everything)."""
    if request.today:  # a price dated after "today" did not exist yet
        prices = [p for p in prices if p.date[:10] <= request.today]
    recent = [
        p
        for p in prices
        if p.region == "shop" or (age_days(p.date, request.today) or 0) <= VERY_OLD_DAYS
    ]
    chosen = cost.choose_price(recent, market, request.used_ok, request.shop_only)
    if chosen is None:
        chosen = cost.choose_price(prices, market, request.used_ok, request.shop_only)
    if chosen is None:
        return None
    return PriceFact(
        amount=chosen.amount,
        currency=chosen.currency,
        condition=chosen.condition,
        region=chosen.region,
        source=chosen.source,
        date=chosen.date,
        age_days=age_days(chosen.date, request.today),
        converted_from=chosen.converted_from,
        shop=chosen.shop,
        sku=chosen.sku,
        stock=chosen.stock,
        location=chosen.location,
        fx_rate=chosen.fx.rate if chosen.fx else None,
        fx_date=chosen.fx.rate_date if chosen.fx else None,
        tax_pct=chosen.fx.tax_pct if chosen.fx else 0.0,
    )


def price_age(options: list[Option]) -> PriceAge | None:
    """The ages of the prices of the offered purchases, each card once."""
    seen: dict[str, PriceFact] = {}
    for option in options:
        if option.offered and option.action != "keep" and option.price_each is not None:
            seen.setdefault(option.gpu_id, option.price_each)
    dated = [p for p in seen.values() if p.age_days is not None]
    if not dated:
        return None
    days = sorted(p.age_days or 0 for p in dated)
    return PriceAge(
        count=len(dated),
        median_days=days[len(days) // 2],
        oldest_date=min(p.date for p in dated),
        newest_date=max(p.date for p in dated),
        stale=sum(d > STALE_DAYS for d in days),
        unknown=sum(d > VERY_OLD_DAYS for d in days),
    )
