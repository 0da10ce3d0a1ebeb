"""Prices, electricity, cost per training run, and buying against renting.

Currency conversion is a fixed reference rate (no network, no live rates), used only when
a card has no price in the asked currency; the option says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import Price

USD_TO_CNY = 7.1
DEFAULT_TARIFF = {"CNY": 0.6, "USD": 0.16}  # per kWh: a Chinese household, a US average
UNVERIFIED_SOURCES_SUFFIX = "-recalled"


@dataclass(frozen=True)
class ChosenPrice:
    amount: float  # in the asked currency
    currency: str
    condition: str
    source: str
    date: str
    converted_from: str | None = None
    region: str = ""
    shop: str | None = None
    sku: str | None = None
    stock: int | None = None
    location: str | None = None

    @property
    def unverified(self) -> bool:
        return self.source.endswith(UNVERIFIED_SOURCES_SUFFIX) or self.source == "dc-price-recalled"


def convert(amount: float, source: str, target: str) -> float:
    if source == target:
        return amount
    return amount * USD_TO_CNY if (source, target) == ("USD", "CNY") else amount / USD_TO_CNY


def choose_price(
    prices: list[Price], currency: str, used_ok: bool = False, shop_only: bool = False
) -> ChosenPrice | None:
    """Shop price in stock first, then the newest new-card price, then used (if allowed), then converted."""

    def pick(candidates: list[Price]) -> Price | None:
        return max(candidates, key=lambda p: (p.date, -p.amount)) if candidates else None

    shop = [
        p
        for p in prices
        if p.region == "shop"
        and p.currency == currency
        and (p.stock is None or p.stock > 0)
        and (used_ok or p.condition == "new")
    ]
    if shop:
        best = min(shop, key=lambda p: p.amount)
        return ChosenPrice(
            best.amount,
            currency,
            best.condition,
            best.source,
            best.date,
            None,
            "shop",
            best.shop,
            best.sku,
            best.stock,
            best.location,
        )
    if shop_only:
        return None
    conditions = ("new", "used", "refurbished") if used_ok else ("new", "refurbished")
    for same_currency in (True, False):
        pool = [
            p
            for p in prices
            if p.region != "shop"
            and p.condition in conditions
            and (p.currency == currency) == same_currency
        ]
        if not pool:
            continue
        new = pick([p for p in pool if p.condition == "new"])
        used = pick([p for p in pool if p.condition != "new"])
        chosen = (
            new
            if (
                new
                and (
                    not used
                    or convert(new.amount, new.currency, currency)
                    <= convert(used.amount, used.currency, currency)
                )
            )
            else (used or new)
        )
        if chosen is None:
            continue
        return ChosenPrice(
            round(convert(chosen.amount, chosen.currency, currency), 2),
            currency,
            chosen.condition,
            chosen.source,
            chosen.date,
            None if same_currency else chosen.currency,
            chosen.region,
        )
    return None


def cloud_hour(prices: list[Price], currency: str) -> float | None:
    hourly = [
        convert(p.amount, p.currency, currency) for p in prices if p.condition == "cloud-hour"
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
