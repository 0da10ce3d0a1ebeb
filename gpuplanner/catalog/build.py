"""Build the bundled catalog database from resources/catalog/*.csv with sqlite-utils.

Deterministic: the same CSV gives the same tables, rows, order and indexes. Atomic: the
database is written beside its final path and renamed over it, so a reader never sees a
half-built file and a killed build leaves the old one in place.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.catalog.csvdata import load_catalog
from gpuplanner.catalog.names import normalise
from gpuplanner.catalog.schema import BOOL, FLOAT, INT, LIST, TABLES, Table
from gpuplanner.core import atomic

SCHEMA_VERSION = 2
_SQL_TYPES = {INT: int, FLOAT: float, BOOL: int}


@dataclass(frozen=True)
class BuildReport:
    path: Path
    digest: str
    counts: dict[str, int]
    seconds: float


def csv_digest(folder: Path) -> str:
    """Content hash of the catalog CSV files: the database is stale when this changes."""
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}\n".encode())
    for table in TABLES:
        path = folder / table.file
        digest.update(table.file.encode() + b"\0")
        digest.update(path.read_bytes() if path.exists() else b"<missing>")
    return digest.hexdigest()


def _db_row(table: Table, row: dict) -> dict:
    out = {}
    for column in table.columns:
        value = row[column.name]
        if column.kind == LIST:
            value = ";".join(value)
        elif column.kind == BOOL and value is not None:
            value = int(value)
        out[column.name] = value
    return out


def build_database(csv_folder: Path, out_path: Path) -> BuildReport:
    start = time.perf_counter()
    data = load_catalog(csv_folder)
    digest = csv_digest(csv_folder)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    # A file of its own beside the target (O_EXCL, swept when its writer is gone), removed on
    # any failure: a full disk once left a new .catalog.sqlite.<pid>.tmp on every start.
    with atomic.replacing(out_path) as tmp_path:
        _write_database(tmp_path, data, digest)
    return BuildReport(out_path, digest, _counts(data), time.perf_counter() - start)


def _counts(data: dict) -> dict[str, int]:
    return {table.name: len(data[table.name]) for table in TABLES}


def _write_database(tmp_path: Path, data: dict, digest: str) -> None:
    # sqlite-utils (and the numpy it loads) only when a catalog is built: the window's first
    # paint reads the built database with sqlite3 alone (benchmarks/bench_startup.py).
    import sqlite_utils

    conn = sqlite3.connect(tmp_path)
    try:
        db = sqlite_utils.Database(conn)
        for table in TABLES:
            columns = {c.name: _SQL_TYPES.get(c.kind, str) for c in table.columns}
            rows = [_db_row(table, row) for row in data[table.name]]
            rows.sort(key=lambda r: tuple(str(r[k]) for k in table.key))
            pk = table.key[0] if len(table.key) == 1 else None
            db.table(table.name).create(
                columns, pk=pk, not_null={c.name for c in table.columns if c.required}
            )
            db.table(table.name).insert_all(rows, batch_size=500)
        db.table("fx_rates").create(
            {"base": str, "quote": str, "rate": float, "date": str, "source": str}
        )
        db.table("fx_rates").insert_all(
            sorted(data["fx_rates"], key=lambda r: (r["date"], r["base"]))
        )
        names = sorted({(row["id"], form) for row in data["gpus"] for form in _forms(row)})
        db.table("gpu_names").create(
            {"gpu_id": str, "form": str}, foreign_keys=[("gpu_id", "gpus", "id")]
        )
        db.table("gpu_names").insert_all([{"gpu_id": g, "form": f} for g, f in names])
        db.table("gpu_names").create_index(["form"])
        db.table("gpus").create_index(["vendor", "segment"])
        db.table("gpus").create_index(["memory_gb"])
        db.table("prices").create_index(["gpu_id", "currency", "condition"])
        db.table("cpus").create_index(["name"])
        counts = _counts(data)
        db.table("meta").create({"key": str, "value": str}, pk="key")
        db.table("meta").insert_all(
            [
                {"key": "schema_version", "value": str(SCHEMA_VERSION)},
                {"key": "csv_digest", "value": digest},
                {"key": "counts", "value": json.dumps(counts, sort_keys=True)},
            ]
        )
        conn.commit()
    finally:
        conn.close()


def _forms(row: dict) -> set[str]:
    return {normalise(row["name"]), row["id"], *(normalise(a) for a in row["aliases"])}
