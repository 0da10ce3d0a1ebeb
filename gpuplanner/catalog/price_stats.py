"""How old the catalog's prices are, measured: per region and kind of price, the median age of
each card's newest price and the share older than six and twelve months.

Each card counts once per region and condition (its newest price, the one a plan would use), so
a card with many old rows does not age the figure and one with a fresh row is fresh.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from gpuplanner.catalog.records import Price

KINDS = ("new", "used", "msrp", "estimate", "cloud-hour")
# The cards plans pick most (the student's, the small firm's and the LLM team's usual answers):
# each release needs a fresh new and used price for every one of them.
COMMON_PICKS = (
    "geforce-rtx-5090",
    "geforce-rtx-5080",
    "geforce-rtx-5070-ti",
    "geforce-rtx-5070",
    "geforce-rtx-5060-ti-16-gb",
    "geforce-rtx-5060-ti-8-gb",
    "geforce-rtx-5060",
    "geforce-rtx-4060-ti-16-gb",
    "geforce-rtx-4070-super",
    "geforce-rtx-4070-ti-super",
    "geforce-rtx-4080-super",
    "geforce-rtx-4090",
    "geforce-rtx-3090",
    "geforce-rtx-3060-12-gb",
    "rtx-a4000",
    "rtx-a5000",
    "rtx-a6000",
    "rtx-4000-ada-generation",
    "rtx-6000-ada-generation",
    "rtx-pro-6000-blackwell",
)
SIX_MONTHS, TWELVE_MONTHS = 182, 365


def price_ages(prices: Iterable[Price], today: str) -> dict[str, dict[str, dict]]:
    """{region: {condition: {cards, median_days, over_6_months, over_12_months}}}; the shares
    are fractions of the cards counted."""
    day = dt.date.fromisoformat(today)
    newest: dict[tuple[str, str, str], str] = {}
    for p in prices:
        if p.condition not in KINDS or p.date[:10] > today:
            continue
        key = (p.where, p.condition, p.gpu_id)
        if p.date[:10] > newest.get(key, ""):
            newest[key] = p.date[:10]
    ages: dict[tuple[str, str], list[int]] = {}
    for (region, condition, _gpu), date in newest.items():
        ages.setdefault((region, condition), []).append((day - dt.date.fromisoformat(date)).days)
    out: dict[str, dict[str, dict]] = {}
    for (region, condition), days in sorted(ages.items()):
        days.sort()
        out.setdefault(region, {})[condition] = {
            "cards": len(days),
            "median_days": _median(days),
            "over_6_months": round(sum(d > SIX_MONTHS for d in days) / len(days), 3),
            "over_12_months": round(sum(d > TWELVE_MONTHS for d in days) / len(days), 3),
        }
    return out


def _median(days: list[int]) -> float:
    middle = len(days) // 2
    return float(days[middle]) if len(days) % 2 else (days[middle - 1] + days[middle]) / 2


MARKET_KINDS = ("new", "used", "refurbished", "cloud-hour")


def newest_dates(prices: Iterable[Price], cards: Iterable[str], today: str) -> dict[str, dict]:
    """{card: {region: {condition: date}}}: the date of each card's newest market price (a
    listing, a report, a cloud rate; not a launch price or an estimate) per market and kind."""
    cards = list(cards)
    wanted = set(cards)
    out: dict[str, dict[str, dict[str, str]]] = {card: {} for card in cards}
    for p in prices:
        if p.gpu_id not in wanted or p.condition not in MARKET_KINDS or p.date[:10] > today:
            continue
        kinds = out[p.gpu_id].setdefault(p.where, {})
        if p.date[:10] > kinds.get(p.condition, ""):
            kinds[p.condition] = p.date[:10]
    return out
