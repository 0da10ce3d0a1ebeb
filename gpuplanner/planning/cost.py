"""Prices, electricity, cost per training run, and buying against renting.

Prices in another currency are converted by the buyer's ``Market`` (a dated exchange rate
and each region's tax; see market.py) only when a card has no price in the asked currency;
the option says so, with the rate and its date.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import Price
from gpuplanner.core import markets
from gpuplanner.core.vocab import FALLBACK_CONDITIONS, USER_REGION, Currency
from gpuplanner.planning.market import Converted, Market


def default_tariff(market: Market) -> float:
    """The market's usual electricity price (core/markets.py), in the currency money is shown in."""
    usual = markets.market(market.region)
    moved = market.money(usual.tariff_per_kwh, usual.currency)
    return moved if moved is not None else usual.tariff_per_kwh


NEW_KINDS = ("new", *FALLBACK_CONDITIONS)  # prices of a new card


@dataclass(frozen=True)
class ChosenPrice:
    amount: float  # in the asked currency
    currency: Currency
    condition: str
    source: str
    date: str
    converted_from: str | None = None
    region: str = ""
    shop: str | None = None
    sku: str | None = None
    stock: int | None = None
    location: str | None = None
    fx: Converted | None = None  # how a price in another currency was moved into this one
    low: float | None = None  # the range the source saw, in the asked currency
    high: float | None = None
    source_name: str | None = None  # the source as shown (Price.source_name)


def choose_price(
    prices: list[Price], market: Market, used_ok: bool = False, shop_only: bool = False
) -> ChosenPrice | None:
    """The user's own price first, then a shop price in stock, then the newest street price
    (new, or used if allowed), then a price from another market converted; a launch MSRP or an
    estimate only when no street price exists anywhere. Only what is sold in the buyer's region."""
    own = [p for p in prices if p.region == USER_REGION and market.convert(p) is not None]
    if own:
        best = max(own, key=lambda p: (p.date, -p.amount))
        return _chosen(best, market)
    shop = [
        p
        for p in prices
        if p.region == "shop"
        and (p.stock is None or p.stock > 0)
        and (used_ok or p.condition == "new")
        and market.convert(p) is not None
    ]
    if shop:
        return _chosen(min(shop, key=lambda p: _amount(market, p)), market)
    if shop_only:
        return None
    sold = market.sold_prices([p for p in prices if p.region not in ("shop", USER_REGION)])
    street = ("new", "used", "refurbished") if used_ok else ("new", "refurbished")
    for conditions in (street, FALLBACK_CONDITIONS):
        chosen = _market_price(sold, market, conditions)
        if chosen is not None:
            return chosen
    return None


def _market_price(
    sold: list[Price], market: Market, conditions: tuple[str, ...]
) -> ChosenPrice | None:
    """The newest price of these conditions, from the buyer's market first, else converted."""

    def pick(candidates: list[Price]) -> Price | None:
        return max(candidates, key=lambda p: (p.date, -p.amount)) if candidates else None

    # The buyer's own market first (in whatever currency it is shown), then another's.
    for local in (True, False):
        pool = [
            p
            for p in sold
            if p.condition in conditions
            and market.local(p) == local
            and market.convert(p) is not None
        ]
        if not pool:
            continue
        new = pick([p for p in pool if p.condition in NEW_KINDS])
        used = pick([p for p in pool if p.condition not in NEW_KINDS])
        chosen = (
            new if new and (not used or _amount(market, new) <= _amount(market, used)) else used
        )
        if chosen is None:
            continue
        return _chosen(chosen, market)
    return None


def _chosen(price: Price, market: Market) -> ChosenPrice:
    """``price`` in the buyer's currency (``choose_price`` kept only those that convert)."""
    moved = market.convert(price)
    assert moved is not None
    factor = moved.amount / price.amount
    shown_as_is = price.currency == market.currency
    return ChosenPrice(
        moved.amount,
        market.currency,
        price.condition,
        price.source,
        price.date,
        None if shown_as_is else price.currency,
        price.region,
        price.shop,
        price.sku,
        price.stock,
        price.location,
        fx=None if shown_as_is else moved,
        low=round(price.low * factor, 2) if price.low is not None else None,
        high=round(price.high * factor, 2) if price.high is not None else None,
        source_name=price.source_name,
    )


def cloud_hour(prices: list[Price], market: Market) -> float | None:
    hourly = [
        moved.amount
        for p in prices
        if p.condition == "cloud-hour" and (moved := market.convert(p)) is not None
    ]
    return round(min(hourly), 3) if hourly else None


def electricity_cost(watts: float, hours: float, tariff: float) -> float:
    return watts / 1000 * hours * tariff


def breakeven_hours(
    price: float, cloud_per_hour: float | None, watts: float, tariff: float
) -> float | None:
    if cloud_per_hour is None:
        return None
    saving = cloud_per_hour - electricity_cost(watts, 1, tariff)
    return round(price / saving) if saving > 0 else None


def _amount(market: Market, price: Price) -> float:
    """A price in the buyer's terms for comparing; one that cannot be converted compares last."""
    converted = market.convert(price)
    return converted.amount if converted is not None else float("inf")
