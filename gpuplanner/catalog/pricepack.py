"""Price packs: dated market prices in one versioned CSV file that anyone can make and import.

A pack is a CSV file whose first lines are its manifest, as comments::

    # gpuplanner price pack: 1
    # name: jd-2026-11
    # published: 2026-11-28
    # publisher: Huaqiangbei lab
    # fx: USD/CNY 7.10 2026-11-28 pboc-central-parity
    # region: CN
    gpu,amount,currency,condition,region,source,date,note
    RTX 5070 Ti,6299,CNY,new,,jd.com,2026-11-27,

Every row carries its date, condition, region, currency and source; an empty cell takes the
manifest's value of the same name. ``gpu`` is a catalog id or a card's exact name or alias.
The bundled prices are such a pack (``resources/catalog/prices.csv``). Reading never writes:
``parse_pack`` returns the rows and every rejected row with its line and reason; a pack with
any rejection is not imported (``UserDb.import_pack``). docs/PRICES.md describes the format.
"""

from __future__ import annotations

import codecs
import csv
import datetime as dt
import io
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from gpuplanner.catalog.names import NamedCard, normalise
from gpuplanner.catalog.pricefile import (
    MAX_AMOUNT,
    MAX_ROWS,
    MIN_AMOUNT,
    Rejection,
    decimal_text,
    decode_text,
    read_limited,
    unneutralised,
)
from gpuplanner.catalog.records import FxRate, Price
from gpuplanner.catalog.schema import CURRENCIES, PRICE_CONDITIONS, PRICES, REGIONS
from gpuplanner.core.errors import UserError
from gpuplanner.core.serial import field_error
from gpuplanner.core.terminal import clean_cell, excerpt
from gpuplanner.core.vocab import Currency, PriceCondition, PriceOrigin, Region

MARK = "gpuplanner price pack"
VERSION = 1
# The range the source saw (lowest, highest), after ``note``: optional, both or neither.
RANGE_COLUMNS = ("low", "high")
# The price record's columns (catalog/schema.py PRICES), the first naming the card as a
# catalog id or a name.
COLUMNS = ("gpu", *(c for c in PRICES.column_names()[1:] if c not in RANGE_COLUMNS))
# A row's own cells: the manifest may give defaults for these.
DEFAULTABLE = ("currency", "condition", "region", "source", "date")
MANIFEST_KEYS = ("name", "published", "publisher", "description", "fx", *DEFAULTABLE)
# A card's price has the shop lists' bounds (pricefile); an hour of cloud has its own.
HOUR_RANGE = {"CNY": (0.05, 5_000.0), "USD": (0.01, 700.0)}
FX_RANGE = {("USD", "CNY"): (4.0, 12.0)}
_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")


class PackError(UserError):
    """The file as a whole is not a readable pack (no manifest, a newer version, no header)."""

    def __init__(self, file: str, reason: str) -> None:
        self.file, self.reason = file, reason
        super().__init__(f"{file}: {reason}")


@dataclass(frozen=True, kw_only=True)
class Manifest:
    version: int
    name: str
    published: str
    publisher: str = ""
    description: str = ""
    fx: tuple[FxRate, ...] = ()
    defaults: tuple[tuple[str, str], ...] = ()

    def default(self, column: str) -> str:
        return dict(self.defaults).get(column, "")


@dataclass
class PackReport:
    file: str
    manifest: Manifest | None = None
    prices: list[Price] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # each price's line in the file
    rejected: list[Rejection] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.manifest is not None and not self.rejected and bool(self.prices)


def is_pack(data: bytes) -> bool:
    """Whether the bytes start like a pack (after a BOM and blank lines)."""
    head = data[:512]
    for bom, name in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if head.startswith(bom):  # Excel's "Unicode text" and PowerShell write UTF-16
            head = head[len(bom) : len(head) - len(head) % 2].decode(name, "ignore").encode()
            break
    head = head.removeprefix(codecs.BOM_UTF8).lstrip()
    return head.lower().startswith(b"# " + MARK.encode())


def parse_pack(
    text: str, file: str, resolve: Callable[[str], str | None], today: str | None = None
) -> PackReport:
    """The pack's manifest and prices; every bad row rejected with its line and reason.

    ``resolve`` turns a ``gpu`` cell into a catalog id, or None when no card has that name.
    ``today`` refuses dates in the future (a typo in the year).
    """
    report = PackReport(file)
    lines = text.lstrip("\ufeff").splitlines()
    comment_end = 0
    while comment_end < len(lines) and (
        lines[comment_end].startswith("#") or not lines[comment_end].strip()
    ):
        comment_end += 1
    latest = _latest_date(today)
    report.manifest = _manifest(lines[:comment_end], file, report.rejected, latest)
    body = lines[comment_end:]
    if not body:
        raise PackError(file, "the pack has no header line (gpu,amount,currency,...)")
    try:
        rows = list(csv.reader(io.StringIO("\n".join(body)), strict=True))
    except csv.Error as exc:
        raise PackError(file, f"not valid CSV: {exc}") from None
    header = [h.strip().lower() for h in rows[0]]
    if header and header[0] == "gpu_id":
        header[0] = "gpu"  # the bundled file names its first column after the database's
    if tuple(header) not in (COLUMNS, (*COLUMNS, *RANGE_COLUMNS)):
        raise PackError(
            file,
            f"line {comment_end + 1}: the header must be {','.join(COLUMNS)}"
            f" (then low,high if the source gave a range); got {rows[0]}",
        )
    columns = tuple(header)
    if len(rows) - 1 > MAX_ROWS:
        raise PackError(file, f"more than {MAX_ROWS:,} rows; split the pack")
    manifest = report.manifest or Manifest(version=VERSION, name="", published="")
    seen: dict[tuple, int] = {}
    for offset, cells in enumerate(rows[1:]):
        line = comment_end + 2 + offset
        if not any(c.strip() for c in cells):
            continue
        price = _row(cells, columns, line, manifest, resolve, today, report.rejected)
        if price is None:
            continue
        key: tuple[str, ...] = (
            price.gpu_id,
            price.condition,
            price.currency,
            price.where,
            price.source,
        )
        key += (price.date, price.note or "")
        if key in seen:
            report.rejected.append(Rejection(line, "gpu", f"duplicate of line {seen[key]}"))
            continue
        seen[key] = line
        report.prices.append(price)
        report.lines.append(line)
    if not report.prices and not report.rejected:
        report.rejected.append(Rejection(comment_end + 1, None, "the pack has no price rows"))
    return report


def _latest_date(today: str | None) -> str | None:
    """The last date a pack may carry: today, with a day's slack for the time zones between
    the one who wrote it and the one who imports it. A rate dated 2099 was once taken and used
    for every conversion (issue 42)."""
    if not today or not _is_date(today):
        return None
    return (dt.date.fromisoformat(today) + dt.timedelta(days=1)).isoformat()


def _manifest(
    lines: list[str], file: str, rejected: list[Rejection], latest: str | None = None
) -> Manifest | None:
    entries: list[tuple[int, str, str]] = []
    for number, line in enumerate(lines, start=1):
        text = line.lstrip("#").strip()
        if not text:
            continue
        key, sep, value = text.partition(":")
        entries.append((number, key.strip().lower(), value.strip() if sep else ""))
    if not entries or entries[0][1] != MARK:
        raise PackError(file, f"not a price pack: the first line must be '# {MARK}: {VERSION}'")
    try:
        version = int(entries[0][2])
    except ValueError:
        raise PackError(
            file, f"line 1: the pack version {excerpt(entries[0][2])} is not a number"
        ) from None
    if version > VERSION or version < 1:
        raise PackError(
            file, f"this is a version {version} pack; this gpuplanner reads version {VERSION}"
        )
    values: dict[str, str] = {}
    fx: list[FxRate] = []
    for number, key, value in entries[1:]:
        if key not in MANIFEST_KEYS:
            rejected.append(Rejection(number, None, f"unknown manifest entry {excerpt(key)}"))
        elif key == "fx":
            rate = _fx(value, number, rejected)
            if rate is not None and latest is not None and rate.date > latest:
                rejected.append(
                    Rejection(number, None, f"the rate is dated {rate.date}, after today")
                )
            elif rate is not None:
                fx.append(rate)
        elif key in values:
            rejected.append(Rejection(number, None, f"{excerpt(key)} is given twice"))
        else:
            values[key] = value
    name, published = values.pop("name", ""), values.pop("published", "")
    if not _NAME.match(name):
        rejected.append(
            Rejection(1, None, "the manifest needs 'name:' in lower case letters, digits and -")
        )
    if not _is_date(published):
        rejected.append(Rejection(1, None, "the manifest needs 'published:' as YYYY-MM-DD"))
    elif latest is not None and published > latest:
        rejected.append(
            Rejection(1, None, f"the pack says it was published {published}, after today")
        )
    defaults = tuple((k, values[k]) for k in DEFAULTABLE if values.get(k))
    return Manifest(
        version=version,
        name=name,
        published=published,
        publisher=values.get("publisher", ""),
        description=values.get("description", ""),
        fx=tuple(fx),
        defaults=defaults,
    )


def _fx(value: str, line: int, rejected: list[Rejection]) -> FxRate | None:
    """'USD/CNY 7.10 2026-11-28 source-words': one USD is 7.10 CNY on that date."""
    parts = value.split(None, 3)
    if len(parts) < 4 or "/" not in parts[0]:
        rejected.append(Rejection(line, None, "fx must read 'USD/CNY RATE YYYY-MM-DD SOURCE'"))
        return None
    base, _, quote = parts[0].upper().partition("/")
    try:
        rate = float(parts[1])
    except ValueError:
        rate = math.nan
    low, high = FX_RANGE.get((base, quote), (math.inf, -math.inf))
    if not low <= rate <= high:
        rejected.append(Rejection(line, None, f"fx {parts[0]} {parts[1]} is not a plausible rate"))
        return None
    if not _is_date(parts[2]):
        rejected.append(Rejection(line, None, f"fx date {excerpt(parts[2])} is not YYYY-MM-DD"))
        return None
    return FxRate(base, quote, rate, parts[2], parts[3].strip())


def _row(
    cells: list[str],
    columns: tuple[str, ...],
    line: int,
    manifest: Manifest,
    resolve: Callable[[str], str | None],
    today: str | None,
    rejected: list[Rejection],
) -> Price | None:
    if len(cells) != len(columns):
        rejected.append(Rejection(line, None, f"{len(cells)} cells; a row has {len(columns)}"))
        return None
    # Stored and exported without a control character or a bidirectional override.
    raw = {
        c: clean_cell(unneutralised(cell.strip())) for c, cell in zip(columns, cells, strict=True)
    }
    for column in DEFAULTABLE:
        raw[column] = raw[column] or manifest.default(column)
    gpu_id = resolve(raw["gpu"]) if raw["gpu"] else None
    if gpu_id is None:
        rejected.append(
            Rejection(line, "gpu", f"no card in the catalog is called {excerpt(raw['gpu'])}")
        )
        return None
    price = _price(raw, gpu_id, line, rejected)
    if price is None:
        return None
    problem = _implausible(price, raw, today)
    if problem is not None:
        rejected.append(Rejection(line, *problem))
        return None
    return price


def _price(raw: dict[str, str], gpu_id: str, line: int, rejected: list[Rejection]) -> Price | None:
    """The row as the price record, its cells checked by the record's types (msgspec)."""
    import msgspec

    cells: dict[str, object] = {
        **{c: raw.get(c) or None for c in PRICES.column_names()[1:]},
        "gpu_id": gpu_id,
        "currency": raw["currency"].upper(),
        # Every price of a pack was asked in a region: an empty cell is not one of them.
        "region": raw["region"],
        "origin": "pack",
    }
    try:
        return msgspec.convert(cells, Price, strict=False)
    except msgspec.ValidationError as exc:
        column = field_error(Price, cells, str(exc)).field
        rejected.append(Rejection(line, *_refusal(column, raw)))
        return None


def _refusal(column: str, raw: dict[str, str]) -> tuple[str, str]:
    """The column a price record refused, and why, in the pack's words."""
    words = {"currency": CURRENCIES, "condition": PRICE_CONDITIONS, "region": REGIONS}
    if column in words:
        return column, f"{excerpt(raw[column])} is not one of {', '.join(words[column])}"
    if column == "source":
        return column, "every price needs its source (a shop, a site, a listing)"
    if column == "date":
        return column, f"{excerpt(raw['date'])} is not a date YYYY-MM-DD"
    if column in RANGE_COLUMNS:
        ends = f"{excerpt(raw.get('low', ''))}-{excerpt(raw.get('high', ''))}"
        return "low", f"{ends} is not a range of prices (both ends, or neither)"
    return "amount", f"{excerpt(raw['amount'])} is not a price"


def _implausible(price: Price, raw: dict[str, str], today: str | None) -> tuple[str, str] | None:
    """What a well-formed price cannot be: dated after today, outside its currency's plausible
    range (an hour of cloud has its own), or outside the range its source saw."""
    latest = _latest_date(today)
    if latest is not None and price.date > latest:
        return "date", f"{price.date} is in the future"
    amount, currency = price.amount, price.currency
    low, high = (
        HOUR_RANGE[currency]
        if price.condition == "cloud-hour"
        else (MIN_AMOUNT[currency], MAX_AMOUNT[currency])
    )
    if not low <= amount <= high:
        return "amount", f"{amount:g} {currency} is outside {low:g}–{high:g}: a typo?"
    if (price.low is None) != (price.high is None):
        ends = f"{excerpt(raw.get('low', ''))}-{excerpt(raw.get('high', ''))}"
        return "low", f"{ends} is not a range of prices (both ends, or neither)"
    if price.low is not None and price.high is not None:
        if price.low > price.high:
            return "low", f"{price.low:g}-{price.high:g} is not a range of prices"
        if not price.low <= amount <= price.high:
            return "low", f"{amount:g} is outside its own range {price.low:g}-{price.high:g}"
    return None


def _is_date(text: str) -> bool:
    try:
        return len(text) == 10 and bool(dt.date.fromisoformat(text))
    except ValueError:
        return False


# -- writing --------------------------------------------------------------------------------


def render_pack(manifest: Manifest, prices: Iterable[Price], names: dict[str, str]) -> str:
    """The pack as text; ``names`` gives each card's name (ids stay when missing)."""
    out = io.StringIO()
    out.write(f"# {MARK}: {manifest.version}\n# name: {manifest.name}\n")
    out.write(f"# published: {manifest.published}\n")
    for key, value in (("publisher", manifest.publisher), ("description", manifest.description)):
        if value:
            out.write(f"# {key}: {_one_line(value)}\n")
    for rate in manifest.fx:
        out.write(
            f"# fx: {rate.base}/{rate.quote} {decimal_text(rate.rate)} {rate.date} {rate.source}\n"
        )
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow((*COLUMNS, *RANGE_COLUMNS))
    for p in prices:
        writer.writerow(
            [
                _safe(names.get(p.gpu_id, p.gpu_id)),
                decimal_text(p.amount),
                p.currency,
                p.condition,
                p.region,
                _safe(p.source),
                p.date,
                _safe(p.note or ""),
                decimal_text(p.low) if p.low is not None else "",
                decimal_text(p.high) if p.high is not None else "",
            ]
        )
    return out.getvalue()


def _one_line(text: str) -> str:
    return " ".join(clean_cell(text).split())  # what an older version stored raw, too


def _safe(text: str) -> str:
    """No formula for a spreadsheet to run (=, +, -, @ at the start)."""
    text = _one_line(text)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


# -- what an import would change ----------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Change:
    """The newest price of one card in one condition, region and currency, before and after."""

    gpu_id: str
    condition: PriceCondition
    region: Region | PriceOrigin  # its market, or whose price it is (Price.where)
    currency: Currency
    kind: Literal["added", "changed", "same", "removed"]
    old_amount: float | None
    old_date: str | None
    new_amount: float | None
    new_date: str | None


def preview(
    current: Iterable[Price], replaced: Iterable[Price], incoming: Iterable[Price]
) -> list[Change]:
    """What importing ``incoming`` in place of ``replaced`` (the same pack, imported before)
    does to the newest price of each card, condition, region and currency."""
    current, replaced, incoming = list(current), list(replaced), list(incoming)
    gone = {id(p) for p in replaced}
    before = _newest(current)
    after = _newest([p for p in current if id(p) not in gone] + incoming)
    keys = {_key(p) for p in incoming} | {_key(p) for p in replaced}
    changes = []
    for key in sorted(keys):
        old, new = before.get(key), after.get(key)
        if old is None and new is None:
            continue
        kind: Literal["added", "changed", "same", "removed"]
        if old is None:
            kind = "added"
        elif new is None:
            kind = "removed"
        elif (old.amount, old.date) == (new.amount, new.date):
            kind = "same"
        else:
            kind = "changed"
        gpu_id, condition, region, currency = key
        changes.append(
            Change(
                gpu_id=gpu_id,
                condition=condition,
                region=region,
                currency=currency,
                kind=kind,
                old_amount=old.amount if old else None,
                old_date=old.date if old else None,
                new_amount=new.amount if new else None,
                new_date=new.date if new else None,
            )
        )
    return changes


def _key(p: Price) -> tuple[str, PriceCondition, Region | PriceOrigin, Currency]:
    return (p.gpu_id, p.condition, p.where, p.currency)


def _newest(
    prices: list[Price],
) -> dict[tuple[str, PriceCondition, Region | PriceOrigin, Currency], Price]:
    out: dict[tuple[str, PriceCondition, Region | PriceOrigin, Currency], Price] = {}
    for p in prices:
        key = _key(p)
        if key not in out or (p.date, -p.amount) > (out[key].date, -out[key].amount):
            out[key] = p
    return out


# -- files ------------------------------------------------------------------------------------


def resolver(cards: Iterable[NamedCard]) -> Callable[[str], str | None]:
    """A pack's ``gpu`` cell to a catalog id: the id itself, or a card's exact name or alias."""
    ids = {c.id for c in cards}
    forms: dict[str, set[str]] = {}
    for card in cards:
        for form in card.forms():
            forms.setdefault(form, set()).add(card.id)

    def resolve(text: str) -> str | None:
        if text.strip().lower() in ids:
            return text.strip().lower()
        found = forms.get(normalise(text), set())
        return next(iter(found)) if len(found) == 1 else None

    return resolve


def read_pack(path: Path, cards: Iterable[NamedCard], today: str | None) -> PackReport:
    """Read a pack file with the price-list reader's limits (size, encodings, binary refusal)."""
    data = read_limited(path)
    text, _encoding = decode_text(data, path.name)
    return parse_pack(text, path.name, resolver(list(cards)), today)
