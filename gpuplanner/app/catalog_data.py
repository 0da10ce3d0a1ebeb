"""The one place the app opens the catalog: the bundled cards and prices, with the price packs
and shop lists the user imported, for the wizard, the command line, the kiosk and the fleet;
and the bundled catalog itself for a name lookup, the exchange rate or the data commands."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from gpuplanner.catalog.errors import CatalogError
from gpuplanner.catalog.price_plausible import amount_text, is_plausible, ranges_of
from gpuplanner.catalog.records import CatalogData, Price
from gpuplanner.catalog.store import Catalog
from gpuplanner.catalog.userdb import IgnoredValue, UserDb, UserDbFull, UserDbReadOnly

log = logging.getLogger(__name__)


@dataclass(frozen=True, kw_only=True)
class Loaded:
    data: CatalogData  # the bundled catalog, its prices joined by the imported packs
    shop_prices: tuple[Price, ...] = ()  # the imported shop lists
    # What the user must be told: a damaged user database set aside on opening, or one that
    # could not be read (then the plan uses the bundled prices only).
    notice: str | None = None
    recovered_from: Path | None = None
    # The user's stored prices that cannot be a price of their card (an older version kept
    # 5e-324): left out of every plan, told, and removable ("Forget my price", db prices --forget).
    skipped_prices: tuple[Price, ...] = ()
    # The stored rows whose values are not of their columns' kind (text or a blob for an amount,
    # NaN, zero or less): never planned with, each told once (report/pack_text.py:ignored_text).
    ignored: tuple[IgnoredValue, ...] = ()


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
        return Loaded(data=data)
    try:
        with UserDb() as user:
            joined = _dated_by_today(user.with_packs(data))
            kept, skipped = _plausible_only(joined, tuple(user.shop_prices()))
            notices = [user.recovery_notice(), _skipped_notice(skipped, data)]
            return Loaded(
                data=replace(joined, prices=tuple(p for p in joined.prices if p not in skipped)),
                shop_prices=kept,
                notice="; ".join(n for n in notices if n) or None,
                recovered_from=user.recovered_from,
                skipped_prices=skipped,
                ignored=tuple(user.ignored),
            )
    except (UserDbReadOnly, UserDbFull) as exc:
        # A read-only profile (a locked-down lab PC) or a full disk: nothing of the user's can be lost by
        # planning on; the user is told their saved prices are not in this plan.
        log.info("the user's prices are unavailable: %s", exc)
        return Loaded(data=data, notice=f"{exc} This plan uses the bundled prices only.")
    except CatalogError as exc:
        if strict:
            raise
        log.warning("the user's prices are unavailable: %s", exc)
        return Loaded(data=data)


def _dated_by_today(data: CatalogData, today: dt.date | None = None) -> CatalogData:
    """Without the rates and prices an older version stored dated after tomorrow (a day's slack
    for time zones): a 2099 rate was once the "newest" and converted every price (issue 42)."""
    latest = ((today or dt.date.today()) + dt.timedelta(days=1)).isoformat()
    future = [r for r in data.fx_rates if r.date > latest]
    future_prices = [p for p in data.prices if p.date > latest]
    if not future and not future_prices:
        return data
    log.warning("stored rates and prices dated after %s left out: %s", latest, future)
    return replace(
        data,
        fx_rates=tuple(r for r in data.fx_rates if r.date <= latest),
        prices=tuple(p for p in data.prices if p.date <= latest),
    )


def _plausible_only(
    joined: CatalogData, shop_prices: tuple[Price, ...]
) -> tuple[tuple[Price, ...], tuple[Price, ...]]:
    """The shop prices kept, and every stored user or shop price left out because it cannot be
    a price of its card (judged against the card's market prices, catalog/price_plausible.py)."""
    ranges = ranges_of(joined.prices, joined.fx_rates)
    odd = tuple(
        p
        for p in (*joined.prices, *shop_prices)
        if p.own and not is_plausible(p.gpu_id, p.amount, p.currency, ranges)
    )
    if odd:
        log.warning("stored prices left out as implausible: %s", odd)
    return tuple(p for p in shop_prices if p not in odd), odd


def _skipped_notice(skipped: tuple[Price, ...], data: CatalogData) -> str | None:
    if not skipped:
        return None
    names = {g.id: g.name for g in data.gpus}
    told = []
    for p in skipped:
        name = names.get(p.gpu_id, p.gpu_id)
        how = (
            f'gpuplanner db prices "{name}" --forget'
            if p.origin == "user"
            else f"import the shop's list {p.shop} again"
        )
        told.append(
            f"the stored price {amount_text(p.amount)} {p.currency} of {name} cannot be a price of that"
            f" card and was left out; remove it with: {how}"
        )
    return "; ".join(told)


def cny_per_usd(data: CatalogData) -> float | None:
    """The newest USD/CNY rate of the loaded catalog (None when it holds none)."""
    from gpuplanner.planning.prices.market import newest_rate  # not before the first paint

    rate = newest_rate(data.fx_rates)
    return rate.rate if rate else None


def bundled_cny_per_usd() -> float | None:
    """The bundled catalog's newest USD/CNY rate, read alone (the full catalog may still be
    loading in the background when the user switches currency)."""
    from gpuplanner.planning.prices.market import newest_rate

    with open_catalog() as catalog:
        rate = newest_rate(catalog.fx_rates())
    return rate.rate if rate else None
