"""A full ``recommend`` over the whole catalog and every price, in-process (goal: median <= 50 ms).

The reference measured in the same run is loading the catalog once (what the app does at
start-up), so the ratio says how many loads one re-rank costs. Prints JSON.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog.build import build_database
from gpuplanner.catalog.bundled import csv_folder
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.machine.power import PsuSpec
from gpuplanner.planning.recommend import PlanRequest, recommend


def median_ms(func, runs: int = 25) -> float:
    func()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "catalog.sqlite"
        build_database(csv_folder(), db)
        with Catalog(db) as catalog:
            data = catalog.load_all()
            load = median_ms(catalog.load_all)
    model = load_speed_model()
    results = {}
    for scenario in Scenario:
        request = PlanRequest(
            scenario=scenario,
            currency="CNY",
            psu=PsuSpec(rated_w=750, atx_version="3", has_12v2x6=True, pcie_8pin_cables=3),
        )
        results[scenario.value] = round(median_ms(lambda r=request: recommend(r, data, model)), 2)
    print(
        json.dumps(
            {
                "benchmark": "recommend_full_catalog",
                "cards": len(data.gpus),
                "prices": len(data.prices),
                "recommend_median_ms": results,
                "catalog_load_median_ms": round(load, 2),
                "recommend_to_load_ratio": round(max(results.values()) / load, 2),
                "goal_recommend_ms_max": 50,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
