"""Importing a price pack, for the command line and the window alike: read and check the file,
work out what it changes against everything already on record, then (only if asked) store it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.catalog import pricepack
from gpuplanner.catalog.names import NamedCard
from gpuplanner.catalog.records import Price
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
) -> PreparedImport:
    """Read ``path`` and work out its changes; nothing is written. Raises PackError (the file
    as a whole) or PriceListError (unreadable, too large, not text)."""
    report = pricepack.read_pack(path, cards, today)
    if not report.ok or report.manifest is None:
        return PreparedImport(path.name, report, (), ())
    name = report.manifest.name
    others = [
        p for pack in user.packs() if pack["name"] != name for p in user.pack_prices(pack["name"])
    ]
    replaced = user.pack_prices(name)
    changes = pricepack.preview([*bundled, *others, *replaced], replaced, report.prices)
    return PreparedImport(path.name, report, tuple(replaced), tuple(changes))


def commit(prepared: PreparedImport, user: UserDb) -> int:
    """Store the checked pack in place of any of the same name, in one transaction."""
    report = prepared.report
    if not prepared.ok or report.manifest is None:
        raise ValueError("a pack with problems is never imported")
    return user.import_pack(report.manifest, report.prices, report.lines, prepared.file_name)
