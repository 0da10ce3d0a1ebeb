"""Every price a plan may use, by card: the market's (the bundled catalog and the imported
packs), the shop's list and the user's own, each saying whose it is (``Price.origin``).

The app builds it once for a plan (app/planner.py) and the planner reads prices only from it,
so a shop's list and the user's typed prices arrive the way the catalog's do.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from gpuplanner.catalog.records import Price


@dataclass(frozen=True)
class PriceBook:
    by_card: Mapping[str, tuple[Price, ...]]


def price_book(*groups: Iterable[Price]) -> PriceBook:
    """The prices of ``groups`` (the catalog's, the shop's, the user's) by card, in order."""
    by_card: dict[str, list[Price]] = {}
    for group in groups:
        for price in group:
            by_card.setdefault(price.gpu_id, []).append(price)
    return PriceBook({gpu_id: tuple(prices) for gpu_id, prices in by_card.items()})
