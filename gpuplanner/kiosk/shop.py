"""The kiosk's own price list: read with the catalog's price-list reader, held as shop prices."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from pathlib import Path

from gpuplanner.catalog.names import NamedCard
from gpuplanner.catalog.pricefile import PriceListError
from gpuplanner.catalog.pricelist import PriceListReport, read_price_list
from gpuplanner.catalog.records import Price


def load_shop_prices(
    path: Path, shop: str, cards: Iterable[NamedCard], currency: str
) -> tuple[list[Price], PriceListReport]:
    """The list's matched rows as ``Price`` records (region 'shop'), and the reader's report.

    Rows the reader rejected or could not match to one card are left out (the report says which);
    a list where nothing at all is usable raises ``PriceListError`` so the kiosk does not start
    with an empty shelf.
    """
    report = read_price_list(path, list(cards), default_currency=currency)
    stamp = date.fromtimestamp(path.stat().st_mtime).isoformat()
    prices = [row.as_price(shop, stamp) for row in report.accepted if row.gpu_id is not None]
    if not prices:
        raise PriceListError(path.name, "no row of the price list matches a card in the catalog")
    return prices, report
