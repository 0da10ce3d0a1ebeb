"""Prices the user brings in and takes out: price packs (docs/PRICES.md) prepared, compared
with what is on record and committed all or nothing; a shop's price list (CSV or XLSX) read
and stored; either written back to a file. The wizard's import dialog, ``gpuplanner db`` and
the kiosk's shop list all go through here, so a pack is judged the same way everywhere."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuplanner.app.catalog_data import open_catalog
from gpuplanner.catalog import bundled, packimport, pricepack
from gpuplanner.catalog.build import BuildReport
from gpuplanner.catalog.names import named_cards
from gpuplanner.catalog.packimport import PreparedImport
from gpuplanner.catalog.price_plausible import ranges_of
from gpuplanner.catalog.price_stats import COMMON_PICKS, newest_dates, price_ages
from gpuplanner.catalog.pricefile import PriceListError, read_limited
from gpuplanner.catalog.pricelist import PriceListReport, read_price_list, write_price_list
from gpuplanner.catalog.records import GpuSpec, Price
from gpuplanner.catalog.userdb import UserDb
from gpuplanner.core import atomic
from gpuplanner.core.errors import UserError
from gpuplanner.core.terminal import user_text
from gpuplanner.core.vocab import Currency

__all__ = [
    "BuildReport",
    "NoSuchPrices",
    "Prepared",
    "catalog_info",
    "commit",
    "export_pack",
    "export_shop_list",
    "import_shop_list",
    "is_pack",
    "prepare",
    "read_shop_list",
    "rebuild_catalog",
    "shop_prices",
]


class NoSuchPrices(UserError):
    """An export of a pack or shop that was never imported; the message lists those that were."""


@dataclass(frozen=True)
class Prepared:
    """A pack read and compared, nothing written; ``names`` are the catalog's card names by id
    (the dialog and the command line show changes by name)."""

    pack: PreparedImport
    names: dict[str, str]


def is_pack(path: Path) -> bool:
    """Whether the file is a price pack (its first line says so) rather than a shop's list."""
    return pricepack.is_pack(read_limited(path)[:512])


def prepare(path: Path, user: UserDb, today: str | None = None) -> Prepared:
    """A price pack read and compared with the bundled and imported prices; nothing is written."""
    with open_catalog() as catalog:  # the bundled prices a pack's changes are told against
        gpus, prices, fx = catalog.gpus(), catalog.prices(), catalog.fx_rates()
    day = today or dt.date.today().isoformat()
    released = {g.id: g.release_date for g in gpus}
    pack = packimport.prepare(path, named_cards(gpus), prices, user, day, fx, released)
    return Prepared(pack, {g.id: g.name for g in gpus})


def commit(pack: PreparedImport, user: UserDb) -> int:
    """Store a checked pack in place of any of the same name, in one transaction."""
    return packimport.commit(pack, user)


def read_shop_list(
    path: Path, currency: Currency, on_progress: Callable[[int, int], None] | None = None
) -> PriceListReport:
    """A shop's list read and matched to the catalog's cards (prices without a currency in
    ``currency``); nothing is stored. ``on_progress`` hears (rows done, rows) as it reads."""
    with open_catalog() as catalog:
        gpus = catalog.gpus()
        ranges = ranges_of(catalog.prices(), catalog.fx_rates())
    return read_price_list(path, named_cards(gpus), currency, ranges, on_progress)


def shop_prices(
    path: Path, shop: str, gpus: Iterable[GpuSpec], currency: Currency
) -> tuple[list[Price], PriceListReport]:
    """A shop's list as the plan's prices (region 'shop', dated the file's day), and the
    reader's report: the kiosk's shelf.

    Rows the reader rejected or could not match to one card are left out (the report says
    which); a list where nothing at all is usable raises ``PriceListError`` so a kiosk does not
    start with an empty shelf."""
    report = read_price_list(path, named_cards(gpus), default_currency=currency)
    stamp = dt.date.fromtimestamp(path.stat().st_mtime).isoformat()
    prices = [row.as_price(shop, stamp) for row in report.accepted if row.gpu_id is not None]
    if not prices:
        raise PriceListError(path.name, "no row of the price list matches a card in the catalog")
    return prices, report


def import_shop_list(
    path: Path,
    shop: str,
    currency: Currency,
    user: UserDb,
    allow_empty: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[PriceListReport, int | None]:
    """A shop's list read and, when every line is usable, stored for ``shop`` in place of its
    last list: the report, and the prices stored (None when nothing was)."""
    report = read_shop_list(path, currency, on_progress)
    if not report.ok:
        return report, None
    count = user.replace_shop_prices(
        shop, path.name, report.accepted, report.summary(), allow_empty=allow_empty
    )
    return report, count


def export_shop_list(path: Path, shop: str, user: UserDb) -> int:
    """A shop's stored list written to ``path`` (CSV or XLSX by its suffix): the rows written."""
    shops, shop = user.shops(), user_text(shop)  # as it was kept
    if shop not in shops:
        raise NoSuchPrices(
            f"no price list for shop {shop!r}" + (f"; shops: {', '.join(shops)}" if shops else "")
        )
    rows = user.shop_rows(shop)
    write_price_list(path, rows)
    return len(rows)


def export_pack(path: Path, name: str, user: UserDb, today: str | None = None) -> int:
    """A price pack written to ``path``: 'bundled', 'all' (bundled and imported) or one imported
    pack by name; the prices written."""
    with open_catalog() as catalog:
        names = {g.id: g.name for g in catalog.gpus()}
        prices = catalog.prices()
        fx = catalog.fx_rates()
    known = [p["name"] for p in user.packs()]
    if name == "all":
        prices += user.pack_prices()
        fx += user.pack_fx()
    elif name != "bundled":
        if name not in known:
            raise NoSuchPrices(
                f"no price pack {name!r}; packs: bundled, all, {', '.join(known) or '-'}"
            )
        prices, fx = user.pack_prices(name), user.pack_fx(name)
    manifest = pricepack.Manifest(
        version=pricepack.VERSION,
        name=name,
        published=today or dt.date.today().isoformat(),
        publisher="gpuplanner db export-prices",
        fx=tuple(fx),
    )
    ordered = sorted(prices, key=lambda p: (p.gpu_id, p.date))
    atomic.write_text(path, pricepack.render_pack(manifest, ordered, names))
    return len(prices)


def catalog_info(today: str | None = None) -> dict[str, Any]:
    """The bundled catalog's counts, currencies, dates and the age of its prices by market."""
    day = today or dt.date.today().isoformat()
    with open_catalog() as catalog:
        info = catalog.info()
        prices = catalog.prices()
        info["price_age"] = {"today": day, **price_ages(prices, day)}
        # The same for the cards plans pick most: what a release must keep fresh.
        common = [p for p in prices if p.gpu_id in COMMON_PICKS]
        info["price_age_common"] = {
            "today": day,
            "cards": list(COMMON_PICKS),
            **price_ages(common, day),
        }
        info["price_newest_common"] = newest_dates(common, COMMON_PICKS, day)
        trends = catalog.price_trends()
    # The measured direction of prices (price_trends.csv): each trend, and the span of the
    # series they measure.
    info["price_trends"] = [
        {
            "kind": t.kind,
            "cards": list(t.cards),
            "region": t.region,
            "condition": t.condition,
            "from_date": t.from_date,
            "to_date": t.to_date,
            "change_pct": t.change_pct,
            "cards_measured": t.cards_measured,
            "sources": t.sources.split(";"),
        }
        for t in trends
    ]
    info["price_trends_span"] = {
        "from_date": min((t.from_date for t in trends), default=None),
        "to_date": max((t.to_date for t in trends), default=None),
        "sources": sorted({s for t in trends for s in t.sources.split(";")}),
    }
    return info


def rebuild_catalog(output: Path | None = None, csv: Path | None = None) -> BuildReport:
    """The catalog database built again from its CSV files (``db build``)."""
    return bundled.rebuild(output, csv)
