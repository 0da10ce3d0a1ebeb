"""How far a dated price has probably moved since its date, from the measured movement of prices
of its kind (catalog price_trends.csv: monthly market reports and a shop's daily series).

GPU prices did not drift evenly either way through the memory shortage, which pushed new RTX 50 cards
up month after month, and used cards followed. So the "today it may be" range of an old price is
centred on where prices of its kind went, not on the old figure: a trend's change is spread over
its days (compounded), only the days between the price's date and today count, and consecutive
trends multiply. Launch prices and estimates are not market prices: no trend moves them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fnmatch import fnmatchcase

from gpuplanner.catalog.records import PriceTrend
from gpuplanner.core.vocab import PriceCondition

MOVED_CONDITIONS = {"new": "new", "refurbished": "new", "used": "used"}


@dataclass(frozen=True, kw_only=True)
class PriceMove:
    kind: str  # the trend's kind in words ("new RTX 50 cards"), translated where shown
    change: float  # the fraction prices of the kind moved over the measured days (0.3: +30%)
    from_date: str  # the measured stretch that falls after the price's date
    to_date: str
    covered_days: int  # of the price's age, the days a trend measured
    cards_measured: int  # how many cards the trends were measured on (the fewest of them)


def _day(text: str) -> dt.date:
    return dt.date.fromisoformat(text[:10])


@dataclass(frozen=True, kw_only=True)
class Dated:
    """What a trend needs of a price: which card, where, what kind, when."""

    gpu_id: str
    region: str
    condition: PriceCondition
    date: str


def applies(trend: PriceTrend, price: Dated) -> bool:
    condition = MOVED_CONDITIONS.get(price.condition)
    return (
        condition == trend.condition
        and trend.region in ("*", price.region)
        and any(fnmatchcase(price.gpu_id, pattern) for pattern in trend.cards)
    )


def movement(price: Dated, trends: tuple[PriceTrend, ...], today: str | None) -> PriceMove | None:
    """How prices of ``price``'s kind moved between its date and ``today``; None when no trend
    covers any of those days."""
    if not today or price.condition not in MOVED_CONDITIONS:
        return None
    start, end = _day(price.date), _day(today)
    factor, covered = 1.0, 0
    first: dt.date | None = None
    last: dt.date | None = None
    kinds: list[str] = []
    measured: list[int] = []
    for trend in sorted((t for t in trends if applies(t, price)), key=lambda t: t.from_date):
        t_from, t_to = _day(trend.from_date), _day(trend.to_date)
        lo, hi = max(start, t_from), min(end, t_to)
        days = (hi - lo).days
        if days <= 0:
            continue
        span = (t_to - t_from).days
        factor *= (1 + trend.change_pct / 100) ** (days / span)
        covered += days
        first = lo if first is None else min(first, lo)
        last = hi if last is None else max(last, hi)
        measured.append(trend.cards_measured)
        if trend.kind not in kinds:
            kinds.append(trend.kind)
    if first is None or last is None:
        return None
    return PriceMove(
        kind=kinds[0],
        change=factor - 1,
        from_date=first.isoformat(),
        to_date=last.isoformat(),
        covered_days=covered,
        cards_measured=min(measured),
    )
