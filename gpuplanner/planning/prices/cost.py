"""Prices, electricity, cost per training run, and buying against renting.

Prices in another currency are converted by the buyer's ``Market`` (a dated exchange rate
and each region's tax; see market.py) only when a card has no price in the asked currency;
the option says so, with the rate and its date.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from gpuplanner.catalog.records import Price
from gpuplanner.core import markets
from gpuplanner.core.vocab import FALLBACK_CONDITIONS, Currency, PriceCondition, Region
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.prices.quote import Offer


def default_tariff(market: Market) -> float:
    """The market's usual electricity price (core/markets.py), in the currency money is shown in."""
    usual = markets.market(market.region)
    moved = market.money(usual.tariff_per_kwh, usual.currency)
    return moved if moved is not None else usual.tariff_per_kwh


NEW_KINDS: tuple[PriceCondition, ...] = ("new", *FALLBACK_CONDITIONS)  # prices of a new card


def choose(
    offered: list[Offer], market: Market, used_ok: bool = False, shop_only: bool = False
) -> Offer | None:
    """The user's own price first, then a shop price in stock, then the newest street price
    (new, or used if allowed), then a price from another market converted; a launch MSRP or an
    estimate only when no street price exists anywhere. Only what is sold in the buyer's region."""
    own = [o for o in offered if o.price.origin == "user"]
    if own:
        return max(own, key=lambda o: (o.price.date, -o.price.amount))
    shop = [
        o
        for o in offered
        if o.price.origin == "shop"
        and (o.price.stock is None or o.price.stock > 0)
        and (used_ok or o.price.condition == "new")
    ]
    if shop:
        return min(shop, key=lambda o: o.amount)
    if shop_only:
        return None
    sold = [o for o in offered if not o.price.own and market.sold(o.price)]
    street: tuple[PriceCondition, ...] = (
        ("new", "used", "refurbished") if used_ok else ("new", "refurbished")
    )
    for conditions in (street, FALLBACK_CONDITIONS):
        chosen = _market_price(sold, market, conditions)
        if chosen is not None:
            return chosen
    return None


def _market_price(
    sold: list[Offer], market: Market, conditions: tuple[PriceCondition, ...]
) -> Offer | None:
    """The newest price of these conditions, from the buyer's market first, else converted."""

    def pick(candidates: list[Offer]) -> Offer | None:
        return (
            max(candidates, key=lambda o: (o.price.date, -o.price.amount)) if candidates else None
        )

    # The buyer's own market first (in whatever currency it is shown), then another's.
    for local in (True, False):
        pool = [
            o for o in sold if o.price.condition in conditions and market.local(o.price) == local
        ]
        if not pool:
            continue
        new = pick([o for o in pool if o.price.condition in NEW_KINDS])
        used = pick([o for o in pool if o.price.condition not in NEW_KINDS])
        chosen = new if new and (not used or new.amount <= used.amount) else used
        if chosen is not None:
            return chosen
    return None


@dataclass(frozen=True, kw_only=True)
class CloudHour:
    """An hour of one card in the cloud, in the buyer's money, and the record it comes from:
    its date, and what it was listed at where another market's price was converted."""

    amount: float
    date: str
    listed: float
    listed_currency: Currency
    region: Region | None
    converted: bool  # another market's hour, its money moved (a US provider's for a buyer in China)


# A cloud hour's records within this many days of the newest are today's market: a tracker
# saved on one day is one provider's or one list's, not the market.
CLOUD_HOUR_WINDOW_DAYS = 62


def _days_before(date: str, days: int) -> str:
    """``days`` before an ISO date, as one; the date itself where it does not read as one."""
    try:
        return (dt.date.fromisoformat(date) - dt.timedelta(days=days)).isoformat()
    except ValueError:
        return date


def cloud_hour(prices: Iterable[Price], market: Market) -> CloudHour | None:
    """The cheapest of the card's recent hours in the cloud (within two months of its newest
    record), the buyer's own market's first, else another's converted. A marketplace's hour
    moves within months: the cheapest ever was taken (an RTX 4090's $0.29 of 2026-03 beside
    $0.34 of 2026-10), and shown with no date or market."""
    hours = [p for p in prices if p.condition == "cloud-hour"]
    for local in (True, False):
        pool = [
            (p, moved)
            for p in hours
            if market.local(p) == local and (moved := market.convert(p)) is not None
        ]
        if pool:
            since = _days_before(max(p.date for p, _ in pool), CLOUD_HOUR_WINDOW_DAYS)
            price, moved = min(
                ((p, m) for p, m in pool if p.date >= since), key=lambda pm: pm[1].amount
            )
            return CloudHour(
                amount=round(moved.amount, 3),
                date=price.date,
                listed=price.amount,
                listed_currency=price.currency,
                region=price.region,
                converted=not local,
            )
    return None


def electricity_cost(watts: float, hours: float, tariff: float) -> float:
    return watts / 1000 * hours * tariff


def breakeven_hours(
    price: float, cloud_per_hour: float | None, watts: float, tariff: float
) -> float | None:
    if cloud_per_hour is None:
        return None
    saving = cloud_per_hour - electricity_cost(watts, 1, tariff)
    return round(price / saving) if saving > 0 else None
