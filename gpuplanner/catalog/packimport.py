"""Importing a price pack, for the command line and the window alike: read and check the file,
work out what it changes against everything already on record, then (only if asked) store it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.catalog import pricepack
from gpuplanner.catalog.names import NamedCard
from gpuplanner.catalog.price_plausible import (
    CARD_CONDITIONS,
    Ranges,
    amount_text,
    is_plausible,
    plausible_range,
    ranges_of,
)
from gpuplanner.catalog.pricefile import Rejection
from gpuplanner.catalog.records import FxRate, Price
from gpuplanner.catalog.userdb import UserDb


@dataclass(frozen=True)
class PreparedImport:
    file_name: str
    report: pricepack.PackReport
    replaced: tuple[Price, ...]  # the prices of an earlier pack of the same name
    changes: tuple[pricepack.Change, ...]

    @property
    def ok(self) -> bool:
        return self.report.ok

    def counts(self) -> dict[str, int]:
        kinds = ("added", "changed", "same", "removed")
        return {k: sum(c.kind == k for c in self.changes) for k in kinds}


def prepare(
    path: Path,
    cards: Iterable[NamedCard],
    bundled: Iterable[Price],
    user: UserDb,
    today: str | None,
    fx: Iterable[FxRate] = (),
    released: dict[str, str] | None = None,
) -> PreparedImport:
    """Read ``path`` and work out its changes; nothing is written. Raises PackError (the file
    as a whole) or PriceListError (unreadable, too large, not text)."""
    cards = list(cards)
    report = pricepack.read_pack(path, cards, today)
    bundled = list(bundled)
    if report.manifest is not None:
        names = {c.id: c.name for c in cards}
        _judge_by_card(report, ranges_of(bundled, [*fx, *report.manifest.fx]), names)
        _dated_after_release(report, released or {}, names)
    if not report.ok or report.manifest is None:
        return PreparedImport(path.name, report, (), ())
    name = report.manifest.name
    others = [
        p for pack in user.packs() if pack["name"] != name for p in user.pack_prices(pack["name"])
    ]
    replaced = user.pack_prices(name)
    changes = pricepack.preview([*bundled, *others, *replaced], replaced, report.prices)
    return PreparedImport(path.name, report, tuple(replaced), tuple(changes))


def _judge_by_card(report: pricepack.PackReport, ranges: Ranges, names: dict[str, str]) -> None:
    """Each card's price against that card's known prices (price_plausible.py), as a shop's
    list and a typed price are: a row outside is rejected by its line."""
    for line, p in zip(report.lines, report.prices, strict=True):
        if p.condition in CARD_CONDITIONS and not is_plausible(
            p.gpu_id, p.amount, p.currency, ranges
        ):
            low, high = plausible_range(p.gpu_id, p.currency, ranges)
            report.rejected.append(
                Rejection(
                    line,
                    "amount",
                    f"{amount_text(p.amount)} {p.currency} cannot be the price of one"
                    f" {names.get(p.gpu_id, p.gpu_id)} (its known prices make {low:,.0f} to {high:,.0f})",
                )
            )


# A price may come before the card ships (announced, pre-ordered: the catalog holds an H20 price
# five months early); a year before, it is a typo in the year or a price of another card.
EARLIEST_BEFORE_RELEASE = dt.timedelta(days=365)


def _dated_after_release(
    report: pricepack.PackReport, released: dict[str, str], names: dict[str, str]
) -> None:
    for line, p in zip(report.lines, report.prices, strict=True):
        release = released.get(p.gpu_id)
        if not release:
            continue
        try:
            earliest = (dt.date.fromisoformat(release) - EARLIEST_BEFORE_RELEASE).isoformat()
        except ValueError:
            continue
        if p.date < earliest:
            report.rejected.append(
                Rejection(
                    line,
                    "date",
                    f"{p.date} is before the {names.get(p.gpu_id, p.gpu_id)} existed"
                    f" (released {release})",
                )
            )


def commit(prepared: PreparedImport, user: UserDb) -> int:
    """Store the checked pack in place of any of the same name, in one transaction."""
    report = prepared.report
    if not prepared.ok or report.manifest is None:
        raise ValueError("a pack with problems is never imported")
    return user.import_pack(report.manifest, report.prices, report.lines, prepared.file_name)
