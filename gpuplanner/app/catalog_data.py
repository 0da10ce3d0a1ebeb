"""The one place the app opens the catalog: the bundled cards and prices, with the price packs
and shop lists the user imported, for the wizard, the command line, the kiosk and the fleet;
and the bundled catalog itself for a name lookup, the exchange rate or the data commands."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.catalog.errors import CatalogError
from gpuplanner.catalog.records import CatalogData, Price
from gpuplanner.catalog.store import Catalog
from gpuplanner.catalog.userdb import UserDb, UserDbFull, UserDbReadOnly

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Loaded:
    data: CatalogData  # the bundled catalog, its prices joined by the imported packs
    shop_prices: tuple[Price, ...] = ()  # the imported shop lists
    # What the user must be told: a damaged user database set aside on opening, or one that
    # could not be read (then the plan uses the bundled prices only).
    notice: str | None = None
    recovered_from: Path | None = None


def open_user_data(on_notice: Callable[[str], None] | None = None) -> UserDb:
    """The user's database (a context manager); a damaged one set aside on opening is told to
    ``on_notice`` (the command line's warning line)."""
    db = UserDb()
    notice = db.recovery_notice()
    if notice and on_notice is not None:
        on_notice(notice)
    return db


def open_catalog() -> Catalog:
    """The bundled catalog, open (a context manager): for lookups that need no plan's data."""
    return Catalog.open()


def load_catalog(user_data: bool = True, strict: bool = False) -> Loaded:
    """The catalog; with ``user_data`` the user's packs and shop lists too. A user database
    that cannot be opened raises ``CatalogError`` when ``strict`` (the command line says so and
    stops), else leaves the bundled prices and a log line (the window plans on). The bundled
    catalog that cannot be opened always raises."""
    with open_catalog() as catalog:
        data = catalog.load_all()
    if not user_data:
        return Loaded(data)
    try:
        with UserDb() as user:
            return Loaded(
                user.with_packs(data),
                tuple(user.shop_prices()),
                user.recovery_notice(),
                user.recovered_from,
            )
    except (UserDbReadOnly, UserDbFull) as exc:
        # A read-only profile (a locked-down lab PC) or a full disk: nothing of the user's can be lost by
        # planning on; the user is told their saved prices are not in this plan.
        log.info("the user's prices are unavailable: %s", exc)
        return Loaded(data, notice=f"{exc} This plan uses the bundled prices only.")
    except CatalogError as exc:
        if strict:
            raise
        log.warning("the user's prices are unavailable: %s", exc)
        return Loaded(data)


def cny_per_usd(data: CatalogData) -> float | None:
    """The newest USD/CNY rate of the loaded catalog (None when it holds none)."""
    from gpuplanner.planning.market import newest_rate  # not before the first paint

    rate = newest_rate(data.fx_rates)
    return rate.rate if rate else None


def bundled_cny_per_usd() -> float | None:
    """The bundled catalog's newest USD/CNY rate, read alone (the full catalog may still be
    loading in the background when the user switches currency)."""
    from gpuplanner.planning.market import newest_rate

    with open_catalog() as catalog:
        rate = newest_rate(catalog.fx_rates())
    return rate.rate if rate else None
