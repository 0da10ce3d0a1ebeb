"""Whether an amount can be a price of one card: judged against that card's own known prices.

A global floor lets 56 CNY through for an RTX 6000 Ada (a shop's "56,999" cut at its thousands
separator) and a typed 5e-324 through for anything above zero; the planner then divided by it
(issue 42). A card's own range is its market prices on record (new and used, the catalog's and
the packs'), widened by ``SPAN`` either way for a good deal, a worn card or a new market; a card
without prices in that currency keeps the global range of one card's price (pricefile.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from gpuplanner.catalog.pricefile import MAX_AMOUNT, MIN_AMOUNT
from gpuplanner.catalog.records import FxRate, Price
from gpuplanner.core.vocab import Currency

SPAN = 5.0  # a fifth of the lowest known price to five times the highest
CARD_CONDITIONS = ("new", "used", "refurbished")  # not a cloud hour

Ranges = dict[tuple[str, Currency], tuple[float, float]]


def card_ranges(prices: Iterable[Price], cny_per_usd: float | None = None) -> Ranges:
    """Each (card, currency)'s known span of market prices, a price in the other currency
    converted at ``cny_per_usd`` when given; the user's and shops' own prices are what is
    judged, never the judge."""
    seen: Ranges = {}

    def note(key: tuple[str, Currency], amount: float) -> None:
        low, high = seen.get(key, (amount, amount))
        seen[key] = (min(low, amount), max(high, amount))

    for p in prices:
        if p.own or p.condition not in CARD_CONDITIONS:
            continue
        note((p.gpu_id, p.currency), p.amount)
        if cny_per_usd:
            if p.currency == "USD":
                note((p.gpu_id, "CNY"), p.amount * cny_per_usd)
            elif p.currency == "CNY":
                note((p.gpu_id, "USD"), p.amount / cny_per_usd)
    return seen


def plausible_range(gpu_id: str, currency: Currency, ranges: Ranges) -> tuple[float, float]:
    """The amounts taken as one card's price in ``currency``."""
    floor, ceiling = MIN_AMOUNT.get(currency, 0.0), MAX_AMOUNT.get(currency, float("inf"))
    known = ranges.get((gpu_id, currency))
    if known is None:
        return floor, ceiling
    return max(floor, known[0] / SPAN), min(ceiling, known[1] * SPAN)


def is_plausible(gpu_id: str, amount: float, currency: Currency, ranges: Ranges) -> bool:
    low, high = plausible_range(gpu_id, currency, ranges)
    return low <= amount <= high


def ranges_of(prices: Iterable[Price], fx_rates: Iterable[FxRate]) -> Ranges:
    """``card_ranges`` with the newest USD/CNY rate on record."""
    usd_cny = [r for r in fx_rates if (r.base, r.quote) == ("USD", "CNY") and r.rate > 0]
    newest = max(usd_cny, key=lambda r: r.date) if usd_cny else None
    return card_ranges(prices, newest.rate if newest else None)


def amount_text(amount: float) -> str:
    """An amount as short as it reads back exactly (5e-324, 1599, 13999.5) for a message."""
    text = repr(float(amount))
    text = text[:-2] if text.endswith(".0") else text
    return text if len(text) <= 24 else f"{amount:.6g}"
