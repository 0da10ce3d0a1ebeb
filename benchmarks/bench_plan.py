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


def paired_median_ms(first, second, runs: int = 25) -> tuple[float, float, float]:
    """Each function's median time (ms) and the median of their ratio taken round by round,
    the two run in turn: this machine's speed drifts by a third from one second to the next
    (two cores shared with whatever else runs), which one median taken after the other
    counts as a difference between them."""
    first()
    second()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for func, found in ((first, times[0]), (second, times[1])):
            start = time.perf_counter()
            func()
            found.append(time.perf_counter() - start)
    ratios = [b / a for a, b in zip(*times, strict=True)]
    return (
        statistics.median(times[0]) * 1000,
        statistics.median(times[1]) * 1000,
        statistics.median(ratios),
    )


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
