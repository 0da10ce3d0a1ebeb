"""Catalog build and load times, each with a reference measured in the same run.

build: `build_database` on resources/catalog/*.csv, against the floor of reading the same
CSV files with the csv module alone. load: `Catalog.load_all()` (every card, price, build
and CPU as records, what the planner reads), against a bare `select *` of the same tables.
Prints JSON with medians over several runs. Goal: build within a few seconds.
"""

from __future__ import annotations

import argparse
import csv
import json
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from gpuplanner.catalog.build import build_database
from gpuplanner.catalog.bundled import csv_folder
from gpuplanner.catalog.schema import TABLES
from gpuplanner.catalog.store import Catalog


def median_seconds(func, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    folder = csv_folder()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "catalog.sqlite"

        def read_csv_only():
            for table in TABLES:
                with (folder / table.file).open(encoding="utf-8", newline="") as handle:
                    list(csv.reader(handle))

        build = median_seconds(lambda: build_database(folder, db), args.runs)
        csv_floor = median_seconds(read_csv_only, args.runs)

        def raw_select():
            conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            for table in ("gpus", "prices", "tf_builds", "cpus"):
                conn.execute(f"select * from {table}").fetchall()
            conn.close()

        def load_all():
            with Catalog(db) as catalog:
                catalog.load_all()

        load = median_seconds(load_all, args.runs)
        select = median_seconds(raw_select, args.runs)
        with Catalog(db) as catalog:
            data = catalog.load_all()
    print(
        json.dumps(
            {
                "benchmark": "catalog",
                "runs": args.runs,
                "cards": len(data.gpus),
                "prices": len(data.prices),
                "build_ms": round(build * 1000, 1),
                "csv_read_only_ms": round(csv_floor * 1000, 2),
                "build_vs_csv_read_ratio": round(build / csv_floor, 1),
                "load_all_ms": round(load * 1000, 2),
                "raw_select_ms": round(select * 1000, 2),
                "load_vs_raw_select_ratio": round(load / select, 2),
                "goal_build_s_max": 3.0,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
