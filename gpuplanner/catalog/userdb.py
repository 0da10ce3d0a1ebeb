"""The user's own database: shop price lists, saved plans, scans and probe history.

Lives in the platform's user data folder. Its schema carries a version
(``PRAGMA user_version``) and moves forward through the migrations of userdb_schema.py; a file from a
newer gpuplanner is left untouched. A corrupt file is kept aside as a backup and a fresh
one is created, and the caller is told so it can tell the user.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import json
import logging
import math
import os
import sqlite3
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated

from msgspec import Meta

from gpuplanner.catalog.errors import CatalogError
from gpuplanner.catalog.pricepack import Manifest
from gpuplanner.catalog.records import CatalogData, FxRate, Price
from gpuplanner.catalog.userdb_schema import (
    MIGRATIONS,
    REMADE_TABLES,
    SCHEMA_VERSION,
    check_schema,
)
from gpuplanner.core import filelock, paths
from gpuplanner.core.terminal import escape_bytes, excerpt, shown_path, user_text
from gpuplanner.core.vocab import CURRENCIES, PRICE_CONDITIONS, Currency, PriceCondition

log = logging.getLogger(__name__)
DB_NAME = "gpuplanner.sqlite"
BUSY_TIMEOUT_S = 5.0


class UserDbError(CatalogError):
    pass


class UserDbTooNew(UserDbError):
    def __init__(self, path: Path, found: int) -> None:
        super().__init__(
            f"{path} was written by a newer gpuplanner (schema {found}, this version knows "
            f"{SCHEMA_VERSION}); it is left untouched. Update gpuplanner to use it."
        )


class UserDbLocked(UserDbError):
    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path} is busy: another gpuplanner window is saving to it. Try again in a moment."
        )


class EmptyPriceList(UserDbError):
    def __init__(self, shop: str, file_name: str) -> None:
        super().__init__(
            f"{file_name} has no price rows: shop {shop!r}'s prices were left as they are. To clear "
            "them on purpose, import it again with --replace-with-empty."
        )


class UserDbFull(UserDbError):
    def __init__(self, path: Path) -> None:
        super().__init__(
            f"the disk holding {path} is full; nothing was changed. Free some space and try again."
        )


class UserDbReadOnly(UserDbError):
    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path} cannot be written: its folder or disk is read-only; nothing was changed."
            " Make the folder writable, or point GPUPLANNER_HOME at one that is."
        )


class UserDbUnusable(UserDbError):
    """The database's path cannot be used at all: a folder, a pipe, a broken link there."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(
            f"{path} cannot be used: {why}; nothing was changed. Move it away, and gpuplanner"
            " starts a new one there."
        )


MAX_STOCK = 100_000  # a shop's count of one card; more is a typo or a code read as a count


@dataclass(frozen=True, kw_only=True)
class ShopPriceRow:
    """One row of a shop's price list; its types are the checks its reader (catalog/pricelist.py)
    makes with msgspec."""

    line: int
    product_name: Annotated[str, Meta(min_length=1, max_length=300)]
    gpu_id: str | None
    match_confidence: float
    amount: Annotated[float, Meta(gt=0)]
    currency: Currency
    condition: PriceCondition
    sku: str | None = None
    stock: Annotated[int, Meta(ge=0, le=MAX_STOCK)] | None = None
    location: str | None = None

    def as_price(self, shop: str, date: str) -> Price:
        """The row as a catalog ``Price`` (the shop's own: no region; source the shop); needs a
        gpu_id."""
        if self.gpu_id is None:
            raise ValueError(f"line {self.line}: a row matched to no card has no price to plan")
        return Price(
            gpu_id=self.gpu_id,
            amount=self.amount,
            currency=self.currency,
            condition=self.condition,
            region=None,
            source=f"shop:{shop}",
            date=date,
            origin="shop",
            note=self.product_name,
            shop=shop,
            sku=self.sku,
            stock=self.stock,
            location=self.location,
        )


USER_SOURCE = "user"


@dataclass(frozen=True, kw_only=True)
class IgnoredValue:
    """A stored row left out on reading because a value is not of its column's kind: text or a
    blob where a number belongs, NaN, infinity, zero or less, a word outside its vocabulary.
    Such a row once reached planning and every plan ended in a TypeError (issue 51); it is
    never changed or removed here, only told, and removed by the user."""

    table: str  # user_prices, pack_prices, shop_prices or pack_fx
    column: str
    value: str  # the stored value as shown: a quoted, cleaned excerpt; a blob's hex; a number
    subject: str  # the card's id; for an exchange rate, "BASE/QUOTE"
    owner: str | None = None  # the pack or shop the row came from; None for the user's own


def shown(value: object) -> str:
    """A stored value as a message quotes it: text quoted and cleaned, a blob as its hex."""
    if isinstance(value, bytes):
        head = value[:16].hex()
        return f"x'{head}'" + ("…" if len(value) > 16 else "")
    if isinstance(value, float):
        return repr(value)
    return excerpt(value) if isinstance(value, str) else str(value)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _is_amount(value: object) -> bool:
    """A positive, finite number (a REAL column gives a float, an older file an int)."""
    return _is_number(value) and value > 0  # type: ignore[operator]


def _is_text(value: object) -> bool:
    return isinstance(value, str)


Kinds = dict[str, Callable[[object], bool]]
# What each column a plan reads must hold; a column not named is not read by planning.
_PRICE_KINDS: Kinds = {
    "amount": _is_amount,
    "gpu_id": _is_text,
    "currency": lambda v: v in CURRENCIES,
    "condition": lambda v: v in PRICE_CONDITIONS,
    "date": _is_text,
}
_USER_KINDS: Kinds = _PRICE_KINDS
_PACK_KINDS: Kinds = {
    **_PRICE_KINDS,
    "source": _is_text,
    "low": lambda v: v is None or _is_amount(v),
    "high": lambda v: v is None or _is_amount(v),
    "region": lambda v: v is None or _is_text(v),
    "note": lambda v: v is None or _is_text(v),
}
_SHOP_KINDS: Kinds = {
    **_PRICE_KINDS,
    "gpu_id": lambda v: v is None or _is_text(v),
    "line": lambda v: isinstance(v, int),
    "product_name": _is_text,
    "match_confidence": lambda v: _is_number(v) and 0 <= v <= 1,  # type: ignore[operator]
    "stock": lambda v: v is None or (isinstance(v, int) and v >= 0),
    "sku": lambda v: v is None or _is_text(v),
    "location": lambda v: v is None or _is_text(v),
}
del _SHOP_KINDS["date"]
_FX_KINDS: Kinds = {
    "rate": _is_amount,
    "base": lambda v: v in CURRENCIES,
    "quote": lambda v: v in CURRENCIES,
    "date": _is_text,
    "source": _is_text,
}


def _bad_column(row: sqlite3.Row, kinds: Kinds) -> str | None:
    """The first column of ``row`` whose value is not of its kind, else None."""
    return next((column for column, ok in kinds.items() if not ok(row[column])), None)


def user_price(
    gpu_id: str, amount: float, currency: Currency, condition: PriceCondition, date: str
) -> Price:
    """A price the user typed in: their own (no region; source 'user'), dated the day they
    typed it. Their prices are stored without a region, so those an older version kept load
    the same."""
    return Price(
        gpu_id=gpu_id,
        amount=amount,
        currency=currency,
        condition=condition,
        region=None,
        source=USER_SOURCE,
        date=date,
        origin="user",
    )


def _shop_row(r: sqlite3.Row) -> ShopPriceRow:
    return ShopPriceRow(
        line=r["line"],
        product_name=r["product_name"],
        gpu_id=r["gpu_id"],
        match_confidence=r["match_confidence"],
        amount=r["amount"],
        currency=r["currency"],
        condition=r["condition"],
        sku=r["sku"],
        stock=r["stock"],
        location=r["location"],
    )


def default_path() -> Path:
    return paths.user_data_dir() / DB_NAME


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()


class UserDb:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        self.recovered_from: Path | None = None  # set when a corrupt file was kept aside
        # The stored rows set aside on reading, each once: the caller tells the user.
        self.ignored: list[IgnoredValue] = []
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if _is_readonly(exc):
                raise UserDbReadOnly(self.path) from exc
            raise UserDbUnusable(self.path.parent, exc.strerror or str(exc)) from exc
        _refuse_odd_path(self.path)
        try:
            self._conn = self._open_first()
        except sqlite3.DatabaseError as exc:
            # A lock, a read-only folder or a migration that found no room: not damage.
            error = _storage_error(self.path, exc)
            if error is not None:
                raise error from exc
            self._conn = self._recover(exc)

    def _lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".recover.lock")

    def _open_first(self) -> sqlite3.Connection:
        """Open, check and migrate under the lock the recovery takes.

        A copy that opened the damaged file outside the lock could still hold it while another
        set it aside and started the new one: SQLite then took the new file's live journal
        (found by name) for a hot journal of the old one, played it back and deleted it, and the
        copy migrating the new file failed (SQLITE_IOERR_DELETE_NOENT; the other, with
        SQLITE_READONLY_DBMOVED). Where the lock cannot be made (a read-only folder, where
        nothing can be set aside either), the file is opened without it.
        """
        with contextlib.ExitStack() as held:
            try:
                held.enter_context(filelock.exclusive(self._lock_path()))
            except filelock.LockTimeout as exc:
                raise UserDbLocked(self.path) from exc
            except OSError:
                pass  # no lock file can be made here: opened as before
            return self._open_checked()

    def _recover(self, first: sqlite3.DatabaseError) -> sqlite3.Connection:
        """Set a damaged file aside and start a new one, one process at a time.

        Several copies may find the damage at once. Under the lock each looks again: the first
        keeps the damaged bytes in a backup of its own (never over an existing one, checked
        byte for byte) and starts a new database; the others then find that new one healthy
        and use it.
        """
        lock = self._lock_path()
        try:
            with filelock.exclusive(lock):
                try:
                    return self._open_checked()
                except sqlite3.DatabaseError as exc:
                    error = _storage_error(self.path, exc)
                    if error is not None:
                        raise error from exc
                    self.recovered_from = self._keep_aside()
                    log.error(
                        "user database %s was corrupt (%s); kept as %s",
                        self.path,
                        exc,
                        self.recovered_from,
                    )
                    return self._open_checked()
        except filelock.LockTimeout:
            raise UserDbLocked(self.path) from first
        except UserDbError:
            raise
        except OSError as exc:  # the lock or the backup cannot be written: say so, keep the file
            error = _storage_error(self.path, exc)
            if error is not None:
                raise error from exc
            where = exc.filename or lock
            raise UserDbUnusable(
                self.path,
                f"it is damaged ({first}) and could not be set aside"
                f" ({where}: {exc.strerror or exc})",
            ) from exc

    def recovery_notice(self) -> str | None:
        """What to tell the user when a damaged file was replaced on opening, else None."""
        if self.recovered_from is None:
            return None
        return (
            f"your saved data ({self.path.name}) was damaged; it was kept as "
            f"{self.recovered_from} and a new, empty one was started"
        )

    def _open_checked(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("pragma foreign_keys = on")
            damage = _damage(conn)
            if damage is not None:
                raise sqlite3.DatabaseError(f"integrity check failed: {damage}")
            self._migrate(conn)
            foreign = check_schema(conn)
            if foreign:
                log.info("user database %s also holds %s (kept)", self.path, ", ".join(foreign))
        except BaseException:
            conn.close()
            raise
        return conn

    def _keep_aside(self) -> Path:
        """Copy the damaged file to a new backup name, verify the copy, then remove it.

        The backup is created exclusively (an existing backup is never overwritten) and compared
        with the original before the original goes, so "kept as" is always true.
        """
        data = self.path.read_bytes()
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        for number in range(1000):
            suffix = f".corrupt-{stamp}" + (f"-{number}" if number else "")
            backup = self.path.with_name(self.path.name + suffix)
            try:
                fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
            except OSError:
                backup.unlink(missing_ok=True)  # no backup of 0 bytes beside the damaged file
                raise
            break
        else:
            raise UserDbError(f"no free backup name beside {self.path}")
        if backup.read_bytes() != data:
            raise UserDbError(f"could not keep a copy of the damaged {self.path.name}")
        for side_suffix in ("-journal", "-wal", "-shm"):
            side = self.path.with_name(self.path.name + side_suffix)
            if side.exists():
                side.replace(backup.with_name(backup.name + side_suffix))
        self.path.unlink()
        return backup

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = conn.execute("pragma user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise UserDbTooNew(self.path, version)
        if version < 0:  # no gpuplanner writes one: damaged, or another program's file
            raise sqlite3.DatabaseError(f"schema version {version} is not one gpuplanner writes")
        for number in range(version, SCHEMA_VERSION):
            conn.execute("begin immediate")
            if conn.execute("pragma user_version").fetchone()[0] > number:
                conn.execute("commit")  # another process migrated it meanwhile
                continue
            try:
                # A table made again keeps the rows an older version let in (read, they are set
                # aside with a sentence), and the user's own indexes and triggers on it.
                conn.execute("pragma ignore_check_constraints = on")
                conn.execute("pragma legacy_alter_table = on")
                theirs = _own_objects(conn)
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        conn.execute(statement)
                _restore(conn, theirs)
                conn.execute(f"pragma user_version = {number + 1}")
                conn.execute("commit")
            except BaseException:
                # SQLite has rolled back by itself after some errors (a file found damaged
                # mid-migration, by another process racing to set it aside): a second rollback
                # would hide the error that says what happened.
                if conn.in_transaction:
                    conn.execute("rollback")
                raise
            finally:
                conn.execute("pragma ignore_check_constraints = off")
                conn.execute("pragma legacy_alter_table = off")
            log.info("user database migrated to schema %d", number + 1)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> UserDb:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- shop prices --------------------------------------------------------------------

    def replace_shop_prices(
        self,
        shop: str,
        file_name: str,
        rows: Iterable[ShopPriceRow],
        report: dict,
        on_progress: Callable[[int], None] | None = None,
        allow_empty: bool = False,
    ) -> int:
        """Swap a shop's whole list for ``rows`` in one transaction: all of it or none of it.

        A list without rows is refused unless ``allow_empty``: a header-only file is far more
        often a failed export than a shop that sells nothing.
        """
        rows = list(rows)
        # Kept as they are shown: a file name or a shop's name the system gave as bytes that
        # are not UTF-8 cannot be stored as text (issue 51).
        shop, file_name = user_text(shop), shown_path(file_name)
        if not rows and not allow_empty:
            raise EmptyPriceList(shop, file_name)
        with self._transaction():
            self._conn.execute(
                "insert into shops(name, created) values (?, ?) on conflict(name) do nothing",
                (shop, _now()),
            )
            shop_id = self._conn.execute("select id from shops where name = ?", (shop,)).fetchone()[
                0
            ]
            self._conn.execute("delete from shop_prices where shop_id = ?", (shop_id,))
            for done, row in enumerate(rows, 1):
                self._conn.execute(
                    "insert into shop_prices(shop_id, line, product_name, gpu_id, match_confidence,"
                    " amount, currency, condition, sku, stock, location)"
                    " values (?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        shop_id,
                        row.line,
                        row.product_name,
                        row.gpu_id,
                        row.match_confidence,
                        row.amount,
                        row.currency,
                        row.condition,
                        row.sku,
                        row.stock,
                        row.location,
                    ),
                )
                if on_progress is not None:
                    on_progress(done)
            self._conn.execute(
                "insert into price_imports(shop_id, file_name, imported_at, row_count, report_json)"
                " values (?,?,?,?,?)",
                (
                    shop_id,
                    file_name,
                    _now(),
                    len(rows),
                    escape_bytes(json.dumps(report, ensure_ascii=False, sort_keys=True)),
                ),
            )
        return len(rows)

    # -- price packs ----------------------------------------------------------------------

    def import_pack(
        self, manifest: Manifest, prices: list[Price], lines: list[int], file_name: str
    ) -> int:
        """Put a pack in place of the one with the same name, in one transaction."""
        file_name = shown_path(file_name)
        if not prices:
            raise EmptyPriceList(manifest.name, file_name)
        with self._transaction():
            self._conn.execute("delete from price_packs where name = ?", (manifest.name,))
            pack_id = self._conn.execute(
                "insert into price_packs(name, version, published, publisher, description,"
                " file_name, imported_at) values (?,?,?,?,?,?,?)",
                (
                    manifest.name,
                    manifest.version,
                    manifest.published,
                    manifest.publisher,
                    manifest.description,
                    file_name,
                    _now(),
                ),
            ).lastrowid
            self._conn.executemany(
                "insert into pack_prices(pack_id, line, gpu_id, amount, currency, condition,"
                " region, source, date, note, low, high) values (?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        pack_id,
                        line,
                        p.gpu_id,
                        p.amount,
                        p.currency,
                        p.condition,
                        p.region,
                        p.source,
                        p.date,
                        p.note,
                        p.low,
                        p.high,
                    )
                    for line, p in zip(lines, prices, strict=True)
                ],
            )
            self._conn.executemany(
                "insert into pack_fx(pack_id, base, quote, rate, date, source) values (?,?,?,?,?,?)",
                [(pack_id, r.base, r.quote, r.rate, r.date, r.source) for r in manifest.fx],
            )
        return len(prices)

    def remove_pack(self, name: str) -> bool:
        with self._transaction():
            gone = self._conn.execute("delete from price_packs where name = ?", (name,)).rowcount
        return bool(gone)

    def packs(self) -> list[dict]:
        rows = self._conn.execute(
            "select k.name, k.version, k.published, k.publisher, k.file_name, k.imported_at,"
            " count(p.id) as prices, min(p.date) as oldest, max(p.date) as newest"
            " from price_packs k left join pack_prices p on p.pack_id = k.id"
            " group by k.id order by k.name"
        ).fetchall()
        return [dict(r) for r in rows]

    def pack_prices(self, name: str | None = None) -> list[Price]:
        rows = self._pack_rows(
            "select p.gpu_id, p.amount, p.currency, p.condition, p.region, p.source, p.date,"
            " p.note, p.low, p.high, k.name as pack"
            " from pack_prices p join price_packs k on k.id = p.pack_id",
            "p.gpu_id, p.date",
            name,
        )
        kept = self._checked(rows, "pack_prices", _PACK_KINDS)
        return [
            Price(**{k: v for k, v in dict(r).items() if k != "pack"}, origin="pack") for r in kept
        ]

    def pack_fx(self, name: str | None = None) -> list[FxRate]:
        rows = self._pack_rows(
            "select f.base, f.quote, f.rate, f.date, f.source, k.name as pack from pack_fx f"
            " join price_packs k on k.id = f.pack_id",
            "f.date",
            name,
        )
        kept = self._checked(rows, "pack_fx", _FX_KINDS)
        return [FxRate(**{k: v for k, v in dict(r).items() if k != "pack"}) for r in kept]

    def _checked(
        self,
        rows: Iterable[sqlite3.Row],
        table: str,
        kinds: Kinds,
    ) -> list[sqlite3.Row]:
        """The rows whose every value is of its column's kind; the others are set aside in
        ``ignored`` (each once), never passed on, never changed."""
        kept = []
        for row in rows:
            column = _bad_column(row, kinds)
            if column is None:
                kept.append(row)
                continue
            keys = row.keys()
            if "gpu_id" in keys:
                gpu = row["gpu_id"]
                subject = gpu if isinstance(gpu, str) else shown(gpu)
            else:
                subject = "/".join(
                    v if isinstance(v, str) else shown(v) for v in (row["base"], row["quote"])
                )
            owner = next((row[k] for k in ("pack", "shop") if k in keys), None)
            ignored = IgnoredValue(
                table=table,
                column=column,
                value=shown(row[column]),
                subject=subject,
                owner=owner if isinstance(owner, str) else None,
            )
            if ignored not in self.ignored:
                self.ignored.append(ignored)
                log.warning("stored row set aside: %s", ignored)
        return kept

    def _pack_rows(self, select: str, order: str, name: str | None) -> list[sqlite3.Row]:
        """Rows of every pack, or of the pack called ``name``."""
        where, args = (" where k.name = ?", (name,)) if name is not None else ("", ())
        return self._conn.execute(f"{select}{where} order by {order}", args).fetchall()

    def with_packs(self, catalog: CatalogData) -> CatalogData:
        """The catalog with every imported pack's prices and exchange rates added, and the
        prices the user typed in."""
        return replace(
            catalog,
            prices=(*catalog.prices, *self.pack_prices(), *self.user_prices()),
            fx_rates=(*catalog.fx_rates, *self.pack_fx()),
        )

    # -- the user's own prices -------------------------------------------------------------

    def set_user_price(self, price: Price) -> None:
        """Keep a price the user typed in (their own, with its date): it replaces their
        earlier one for the same card, currency and condition, and is used until removed."""
        if price.origin != "user":
            raise ValueError("a user price has origin 'user'")
        with self._transaction():
            self._conn.execute(
                "insert into user_prices(gpu_id, amount, currency, condition, date)"
                " values (?,?,?,?,?) on conflict(gpu_id, currency, condition)"
                " do update set amount = excluded.amount, date = excluded.date",
                (price.gpu_id, price.amount, price.currency, price.condition, price.date),
            )

    def remove_user_price(self, gpu_id: str, currency: Currency | None = None) -> int:
        """Forget the user's prices of a card (in one currency, or all); how many went."""
        sql, args = "delete from user_prices where gpu_id = ?", [gpu_id]
        if currency is not None:
            sql, args = sql + " and currency = ?", [gpu_id, currency]
        with self._transaction():
            return self._conn.execute(sql, args).rowcount

    def user_prices(self, gpu_id: str | None = None) -> list[Price]:
        sql, args = "select * from user_prices", []
        if gpu_id is not None:
            sql, args = sql + " where gpu_id = ?", [gpu_id]
        rows = self._conn.execute(sql + " order by gpu_id, currency, condition", args)
        return [
            user_price(r["gpu_id"], r["amount"], r["currency"], r["condition"], r["date"])
            for r in self._checked(rows, "user_prices", _USER_KINDS)
        ]

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction: all of it or none of it; another copy holding the file is
        UserDbLocked, a full disk UserDbFull."""
        try:
            self._conn.execute("begin immediate")
        except sqlite3.OperationalError as exc:
            error = _storage_error(self.path, exc)
            if error is not None:
                raise error from exc
            raise
        try:
            yield
            self._conn.execute("commit")
        except sqlite3.OperationalError as exc:
            self._rollback()  # SQLite may have rolled back already (a full disk does)
            error = _storage_error(self.path, exc)
            if error is not None:
                raise error from exc
            raise
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        if self._conn.in_transaction:
            self._conn.execute("rollback")

    def shops(self) -> list[str]:
        return [r[0] for r in self._conn.execute("select name from shops order by name")]

    def shop_rows(self, shop: str) -> list[ShopPriceRow]:
        shop = user_text(shop)  # as replace_shop_prices kept it
        rows = self._conn.execute(
            "select p.*, s.name as shop from shop_prices p join shops s on s.id = p.shop_id"
            " where s.name = ? order by p.line",
            (shop,),
        ).fetchall()
        return [_shop_row(r) for r in self._checked(rows, "shop_prices", _SHOP_KINDS)]

    def shop_prices(self, gpu_id: str | None = None) -> list[Price]:
        """Matched shop prices as catalog ``Price`` records (origin 'shop', source the shop)."""
        sql = (
            "select p.*, s.name as shop, i.imported_at"
            " from shop_prices p join shops s on s.id = p.shop_id"
            " left join price_imports i"
            " on i.id = (select max(id) from price_imports where shop_id = s.id)"
            " where p.gpu_id is not null"
        )
        args: tuple = ()
        if gpu_id is not None:
            sql += " and p.gpu_id = ?"
            args = (gpu_id,)
        sql += " order by s.name, p.line"
        rows = self._checked(self._conn.execute(sql, args), "shop_prices", _SHOP_KINDS)
        return [_shop_row(r).as_price(r["shop"], (r["imported_at"] or "")[:10]) for r in rows]

    # -- probe history and scans ----------------------------------------------------------

    def add_probe_run(self, python: str, result_json: str) -> int:
        """Store a probe result; a locked, full or read-only database is a UserDbError."""
        try:
            cursor = self._conn.execute(
                "insert into probe_runs(created, python, result_json) values (?, ?, ?)",
                (_now(), shown_path(python), escape_bytes(result_json)),
            )
        except sqlite3.OperationalError as exc:
            raise _write_error(self.path, exc) from exc
        assert cursor.lastrowid is not None  # an insert's row
        return cursor.lastrowid

    def probe_runs(self, limit: int = 20) -> list[tuple[int, str, str, str]]:
        """(id, created, python, result JSON), newest first."""
        rows = self._conn.execute(
            "select id, created, python, result_json from probe_runs order by id desc limit ?",
            (limit,),
        ).fetchall()
        return [(r["id"], r["created"], r["python"], r["result_json"]) for r in rows]


# What quick_check says of a row that breaks its table's CHECK or NOT NULL: the file is sound,
# the row is one an older version (or another program) let in. It is set aside on reading.
_ROW_LEVEL = ("CHECK constraint failed in ", "NULL value in ")


def _damage(conn: sqlite3.Connection) -> str | None:
    """What makes the file damaged, else None. A row of the wrong kind is not damage: setting
    the whole file aside for one negative price once lost every pack and plan (issue 51)."""
    lines = [row[0] for row in conn.execute("pragma quick_check")]
    if not lines:
        return "no answer"
    if lines == ["ok"]:
        return None
    damaged = [line for line in lines if not str(line).startswith(_ROW_LEVEL)]
    if damaged:
        return str(damaged[0])
    log.warning("user database: %s (those rows are set aside on reading)", "; ".join(lines))
    return None


def _own_objects(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """The user's own indexes and triggers on the tables a migration makes again."""
    marks = ",".join("?" * len(REMADE_TABLES))
    rows = conn.execute(
        "select name, sql from sqlite_master where type in ('index', 'trigger')"
        f" and sql is not null and tbl_name in ({marks})",
        REMADE_TABLES,
    ).fetchall()
    ours = {"shop_prices_gpu", "pack_prices_gpu"}
    return [(name, sql) for name, sql in rows if name not in ours]


def _restore(conn: sqlite3.Connection, objects: list[tuple[str, str]]) -> None:
    for name, sql in objects:
        if conn.execute("select 1 from sqlite_master where name = ?", (name,)).fetchone():
            continue  # still there: the migration did not touch its table
        try:
            conn.execute(sql)
        except sqlite3.DatabaseError as exc:  # it named a column that is gone: told, not fatal
            log.warning("the user's own %s could not be made again: %s", name, exc)


def _storage_error(path: Path, exc: BaseException) -> UserDbError | None:
    """What a failure to open or store means when the file is not damaged: another copy holds
    it, its folder or disk is read-only, or the disk is full. None: something else."""
    if isinstance(exc, sqlite3.DatabaseError) and _is_locked(exc):
        return UserDbLocked(path)
    if _is_readonly(exc):
        return UserDbReadOnly(path)
    if _is_full(exc):
        return UserDbFull(path)
    return None


def _write_error(path: Path, exc: sqlite3.OperationalError) -> UserDbError:
    """A failed write in words: the storage's reason, else SQLite's own."""
    return _storage_error(path, exc) or UserDbError(f"{path}: {exc}")


def _is_full(exc: BaseException) -> bool:
    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)
    return "full" in str(exc).lower()


def _is_readonly(exc: BaseException) -> bool:
    if isinstance(exc, OSError):
        return exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM)
    text = str(exc).lower()
    return "readonly" in text or "read-only" in text


def _refuse_odd_path(path: Path) -> None:
    """A folder, a FIFO (SQLite would wait on it for ever), a device, a link to nothing or a
    loop of links where the database should be: refused before SQLite sees it."""
    try:
        info = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise UserDbUnusable(path, "it is a link to a file that does not exist") from None
        return
    except OSError as exc:  # ELOOP, EACCES
        raise UserDbUnusable(path, exc.strerror or str(exc)) from None
    if stat.S_ISDIR(info.st_mode):
        raise UserDbUnusable(path, "it is a folder, not a database file")
    if not stat.S_ISREG(info.st_mode):
        raise UserDbUnusable(path, "it is not a regular file (a pipe, a socket or a device)")


def _is_locked(exc: sqlite3.DatabaseError) -> bool:
    return "locked" in str(exc).lower() or "busy" in str(exc).lower()
