"""Read the catalog's CSV files into typed rows, or stop at the first bad cell with its place."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from gpuplanner.catalog import pricepack
from gpuplanner.catalog.errors import CatalogDataError
from gpuplanner.catalog.schema import (
    AVAILABILITY,
    BOARDS,
    BOOL,
    CHOICE,
    CPUS,
    DATE,
    FLOAT,
    GPUS,
    INT,
    LIST,
    LLMS,
    PRICE_TRENDS,
    PRICES,
    PSUS,
    REGION_TABLE,
    RISKS,
    ROUTES,
    SOURCES,
    TABLES,
    TF_BUILDS,
    Column,
    Table,
)
from gpuplanner.core.serial import field_error

Row = dict[str, Any]  # each value of its column's kind (schema.py), checked on reading


_EXPECTED = {INT: "a whole number", FLOAT: "a number", DATE: "a date YYYY-MM-DD", BOOL: "yes or no"}
_YES_NO = {"yes": True, "no": False}


def _cell(column: Column, raw: str) -> object:
    """A cell as msgspec reads it into the record: empty is None, a list is split at ';',
    yes / no are booleans; the rest stays text for msgspec to convert and check."""
    text = raw.strip()
    if text == "":
        return [] if column.kind == LIST else None
    if column.kind == LIST:
        return [part.strip() for part in text.split(";") if part.strip()]
    if column.kind == BOOL:
        return _YES_NO.get(text, text)
    return text


def _record(table: Table, cells: dict[str, object], file: str, line: int) -> Row:
    """The row typed and checked by ``table``'s record (msgspec), or the first bad cell's
    place and reason."""
    import msgspec

    try:
        record: object = msgspec.convert(cells, table.record, strict=False)
    except msgspec.ValidationError as exc:
        name = field_error(table.record, cells, str(exc)).field
        column = next(c for c in table.columns if c.name == name)
        raise CatalogDataError(file, line, name, _reason(column, cells[name])) from None
    return {c.name: getattr(record, c.name) for c in table.columns}


def _reason(column: Column, cell: object) -> str:
    """Why ``cell`` does not fit ``column``, in the words of the build's messages."""
    if cell is None or cell == []:
        return "a value is required"
    text = ";".join(map(str, cell)) if isinstance(cell, list) else str(cell)
    if column.kind == CHOICE:
        return f"{text!r} is not one of: {', '.join(column.choices)}"
    if column.kind in (INT, FLOAT) and _reads_as(int if column.kind == INT else float, text):
        return f"{text} is outside the plausible range {column.low:g}–{column.high:g}"
    return f"{text!r} is not {_EXPECTED.get(column.kind, column.kind)}"


def _reads_as(kind: type, text: str) -> bool:
    try:
        kind(text)
    except ValueError:
        return False
    return True


def read_table(folder: Path, table: Table) -> list[tuple[int, Row]]:
    """(line number, typed row) for every row of ``table``'s file in ``folder``."""
    path = folder / table.file
    name = table.file
    try:
        handle = path.open(encoding="utf-8-sig", newline="")
    except OSError as exc:
        raise CatalogDataError(name, 0, None, f"cannot read: {exc.strerror or exc}") from None
    with handle:
        try:
            reader = csv.reader(handle, strict=True)
            header = next(reader, None)
            if header is None:
                raise CatalogDataError(name, 1, None, "the file is empty")
            expected = table.column_names()
            header = [h.strip() for h in header]
            if header != expected:
                missing = [c for c in expected if c not in header]
                extra = [c for c in header if c not in expected]
                detail = (f"missing {missing}" if missing else "") + (
                    f" unexpected {extra}" if extra else ""
                )
                raise CatalogDataError(
                    name,
                    1,
                    None,
                    f"the header must be exactly {expected}; {detail.strip() or 'wrong order'}",
                )
            rows: list[tuple[int, Row]] = []
            seen: dict[tuple, int] = {}
            for cells in reader:
                line = reader.line_num
                if not any(cell.strip() for cell in cells):
                    continue
                if len(cells) != len(expected):
                    raise CatalogDataError(
                        name, line, None, f"{len(cells)} cells where the header has {len(expected)}"
                    )
                row = _record(
                    table,
                    {c.name: _cell(c, cell) for c, cell in zip(table.columns, cells, strict=True)},
                    name,
                    line,
                )
                key = tuple(str(row[k]) for k in table.key)
                if key in seen:
                    raise CatalogDataError(
                        name,
                        line,
                        table.key[0],
                        f"duplicate of line {seen[key]} ({', '.join(key)})",
                    )
                seen[key] = line
                rows.append((line, row))
        except csv.Error as exc:
            raise CatalogDataError(name, reader.line_num, None, f"not valid CSV: {exc}") from None
        except UnicodeDecodeError as exc:
            raise CatalogDataError(name, 0, None, f"not UTF-8 text: {exc.reason}") from None
    return rows


def _source_ids(text: str) -> list[str]:
    """'specs=tpu;tensor=gmasse+lightning' or 'tf-docs;tf-bazelrc' -> the source ids."""
    ids: list[str] = []
    for part in text.split(";"):
        part = part.strip()
        if part:
            ids.extend(p.strip() for p in part.split("=", 1)[-1].split("+"))
    return ids


def read_bundled_prices(folder: Path, gpu_ids: set[str]) -> tuple[list[tuple[int, Row]], list]:
    """The bundled price pack: its rows as a table, and the exchange rates of its manifest."""
    name = PRICES.file
    try:
        text = (folder / name).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise CatalogDataError(name, 0, None, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CatalogDataError(name, 0, None, f"not UTF-8 text: {exc.reason}") from None
    try:
        report = pricepack.parse_pack(text, name, lambda g: g if g in gpu_ids else None)
    except pricepack.PackError as exc:
        raise CatalogDataError(name, 1, None, exc.reason) from None
    if report.rejected:
        first = report.rejected[0]
        raise CatalogDataError(name, first.line, first.column, first.reason)
    rows = [
        (line, {c.name: getattr(price, c.name) for c in PRICES.columns})
        for line, price in zip(report.lines, report.prices, strict=True)
    ]
    return rows, list(report.manifest.fx if report.manifest else ())


def read_llm_presets(folder: Path, sources: set[str] | None = None) -> list[tuple[int, Row]]:
    """The LLM presets of ``llms.csv`` in ``folder``, typed and checked: every source is in
    sources.csv (read from ``folder`` when ``sources`` is not given), a model has no more
    key/value heads than heads and no more active parameters than parameters."""
    if sources is None:
        sources = {row["id"] for _, row in read_table(folder, SOURCES)}
    rows = read_table(folder, LLMS)
    for line, row in rows:
        for source in _source_ids(row["sources"]):
            if source not in sources:
                raise CatalogDataError(
                    LLMS.file, line, "sources", f"unknown source {source!r} (not in sources.csv)"
                )
        if row["kv_heads"] > row["heads"]:
            raise CatalogDataError(LLMS.file, line, "kv_heads", "more than heads")
        if row["active_b"] is not None and row["active_b"] > row["params_b"]:
            raise CatalogDataError(LLMS.file, line, "active_b", "more than params_b")
    return rows


def load_catalog(folder: Path) -> dict[str, list[Row]]:
    """Every table, typed and cross-checked: every reference resolves.

    A card may have no price (no public one is known): the planner then says "price unknown".
    """
    data = {table.name: read_table(folder, table) for table in TABLES if table is not PRICES}
    gpu_ids = {row["id"] for _, row in data[GPUS.name]}
    data[PRICES.name], fx_rates = read_bundled_prices(folder, gpu_ids)
    sources = {row["id"] for _, row in data[SOURCES.name]}

    def check_sources(table: Table, column: str) -> None:
        for line, row in data[table.name]:
            for source in _source_ids(str(row[column])):
                if source not in sources:
                    raise CatalogDataError(
                        table.file, line, column, f"unknown source {source!r} (not in sources.csv)"
                    )

    check_sources(GPUS, "sources")
    check_sources(PRICES, "source")
    check_sources(TF_BUILDS, "sources")
    check_sources(CPUS, "sources")
    check_sources(BOARDS, "sources")
    check_sources(PSUS, "source")
    check_sources(ROUTES, "sources")
    check_sources(REGION_TABLE, "sources")
    check_sources(AVAILABILITY, "sources")
    check_sources(RISKS, "sources")
    check_sources(PRICE_TRENDS, "sources")
    read_llm_presets(
        folder, sources
    )  # the presets are the catalog's too: a bad one stops the build
    for line, row in data[PRICE_TRENDS.name]:
        if row["from_date"] >= row["to_date"]:
            raise CatalogDataError(
                PRICE_TRENDS.file, line, "to_date", "a trend must end after it starts"
            )
    for rate in fx_rates:
        if rate.source not in sources:
            raise CatalogDataError(
                PRICES.file, 1, "fx", f"unknown source {rate.source!r} (not in sources.csv)"
            )

    for table in (BOARDS, AVAILABILITY, RISKS):
        for line, row in data[table.name]:
            if row["gpu_id"] not in gpu_ids:
                raise CatalogDataError(
                    table.file, line, "gpu_id", f"no GPU with id {row['gpu_id']!r}"
                )
    for line, row in data[CPUS.name]:
        if row["max_power_w"] < row["base_power_w"]:
            raise CatalogDataError(CPUS.file, line, "max_power_w", "below base_power_w")
    tables = {name: [row for _, row in rows] for name, rows in data.items()}
    tables["fx_rates"] = [
        {"base": r.base, "quote": r.quote, "rate": r.rate, "date": r.date, "source": r.source}
        for r in fx_rates
    ]
    return tables
