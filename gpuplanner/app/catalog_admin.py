"""What the front ends ask of the catalog and the user's database beyond a plan: a card by
name, its prices, price packs and shop lists in and out, the probe's history.

Each call opens what it needs and closes it again, so a front end holds records (a card, a
price, a prepared pack), never an open database (README, Develop: the front ends see ``app/``
only). ``on_notice`` hears that a damaged user database was set aside on opening (the command
line's warning line)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuplanner.app import price_packs, probing
from gpuplanner.app.catalog_data import open_catalog, open_user_data
from gpuplanner.catalog.packimport import PreparedImport
from gpuplanner.catalog.pricelist import PriceListReport
from gpuplanner.catalog.records import GpuSpec, Price
from gpuplanner.catalog.userdb import IgnoredValue
from gpuplanner.core.vocab import Currency, PriceCondition
from gpuplanner.probe.results import ProbeResult

Notice = Callable[[str], None] | None


@dataclass(frozen=True)
class CardPrices:
    """One card's known prices: the user's and the shops' first, then the bundled ones;
    ``forgotten`` the user's prices removed on the way (None when none were asked to go)."""

    gpu: GpuSpec
    prices: list[Price]
    forgotten: int | None = None
    ignored: tuple[IgnoredValue, ...] = ()  # the card's stored rows not of their kind, left out


def find_cards(text: str, limit: int) -> list[GpuSpec]:
    """The cards whose name, alias or part of a name matches ``text``."""
    with open_catalog() as catalog:
        return catalog.search(text, limit)


def card(name: str) -> GpuSpec:
    """The one card ``name`` means (``AmbiguousGpu`` or ``UnknownGpu`` when not one)."""
    with open_catalog() as catalog:
        return catalog.resolve(name)


def cards(names: Sequence[str]) -> list[GpuSpec]:
    """The cards the names mean, in their order."""
    with open_catalog() as catalog:
        return [catalog.resolve(name) for name in names]


def card_prices(
    name: str,
    currency: Currency | None = None,
    condition: PriceCondition | None = None,
    *,
    forget: bool = False,
    on_notice: Notice = None,
) -> CardPrices:
    """The prices of the card ``name`` means in ``currency`` and ``condition`` (any when None);
    with ``forget`` the user's own prices of it (in ``currency``) are removed first."""
    with open_catalog() as catalog:
        gpu = catalog.resolve(name)
        bundled = catalog.prices(gpu.id, currency, condition)
    forgotten = None
    with open_user_data(on_notice) as user:
        if forget:
            forgotten = user.remove_user_price(gpu.id, currency)
        theirs = [
            p
            for p in (*user.user_prices(gpu.id), *user.shop_prices(gpu.id))
            if currency in (None, p.currency) and condition in (None, p.condition)
        ]
        ignored = tuple(user.ignored)
    return CardPrices(gpu, theirs + bundled, forgotten, ignored)


def import_shop_list(
    path: Path,
    shop: str,
    currency: Currency,
    *,
    allow_empty: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
    on_notice: Notice = None,
) -> tuple[PriceListReport, int | None]:
    """A shop's list stored in place of its last one when every line is usable: the report
    and the prices stored (None when nothing was)."""
    with open_user_data(on_notice) as user:
        return price_packs.import_shop_list(
            path, shop, currency, user, allow_empty=allow_empty, on_progress=on_progress
        )


def prepare_pack(
    path: Path, today: str | None = None, on_notice: Notice = None
) -> price_packs.Prepared:
    """A price pack read and compared with what is on record; nothing is written."""
    with open_user_data(on_notice) as user:
        return price_packs.prepare(path, user, today)


def commit_pack(pack: PreparedImport, on_notice: Notice = None) -> int:
    """A checked pack stored in place of any of the same name, in one transaction."""
    with open_user_data(on_notice) as user:
        return price_packs.commit(pack, user)


def import_pack(path: Path, *, preview: bool, on_notice: Notice = None) -> price_packs.Prepared:
    """A price pack read and compared, and stored when it has no problem and this is no
    ``preview``; one opening of the user's database for both."""
    with open_user_data(on_notice) as user:
        prepared = price_packs.prepare(path, user)
        if prepared.pack.ok and not preview:
            price_packs.commit(prepared.pack, user)
    return prepared


def imported_packs(on_notice: Notice = None) -> list[dict[str, Any]]:
    """The imported price packs: name, published, prices, dates, when and from which file."""
    with open_user_data(on_notice) as user:
        return user.packs()


def remove_pack(name: str, on_notice: Notice = None) -> bool:
    """Remove the imported pack ``name``; False when there is none of that name."""
    with open_user_data(on_notice) as user:
        return user.remove_pack(name)


def export_pack(path: Path, name: str, on_notice: Notice = None) -> int:
    """A price pack ('bundled', 'all' or an imported one) written to ``path``: the prices."""
    with open_user_data(on_notice) as user:
        return price_packs.export_pack(path, name, user)


def export_shop_list(path: Path, shop: str, on_notice: Notice = None) -> int:
    """A shop's stored list written to ``path``: the rows written."""
    with open_user_data(on_notice) as user:
        return price_packs.export_shop_list(path, shop, user)


def keep_probe(
    result: ProbeResult, path: Path | None, history: bool, on_notice: Notice = None
) -> probing.Kept:
    """A probe's result stored in ``path`` and in the user's history (``probing.keep``)."""
    return probing.keep(result, path, history, lambda: open_user_data(on_notice))
