"""A plan for a three-job mix over the whole catalog, against the plan for one of its jobs
alone measured in the same run (issue 53: the mix at most 2x the one job's time, and at most
50 ms median on two cores). Prints JSON.

The mix is the small firm's week: BERT-base fine-tuning, ResNet-50 and SSD training, each
with its share of the time; the one job is BERT-base, the mix's largest.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from bench_plan import paired_median_ms  # the same timer: a warm-up call, then the median

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog.build import build_database
from gpuplanner.catalog.bundled import csv_folder
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.job_inputs import MixedJob
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.machine.power import PsuSpec
from gpuplanner.planning.recommend import PlanRequest, recommend

MIX = (
    MixedJob(workload="bert-base", share=50),
    MixedJob(workload="resnet50", share=30),
    MixedJob(workload="ssd", share=20),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "catalog.sqlite"
        build_database(csv_folder(), db)
        with Catalog(db) as catalog:
            data = catalog.load_all()
    model = load_speed_model()
    common = {
        "scenario": Scenario.SME,
        "currency": "CNY",
        "psu": PsuSpec(rated_w=750, atx_version="3", has_12v2x6=True, pcie_8pin_cables=3),
        "alternatives": False,  # a mix looks for no ways forward: the same work for both
    }
    one = PlanRequest(**common, workload="bert-base")
    mix = PlanRequest(**common, jobs=MIX)
    one_ms, mix_ms, ratio = paired_median_ms(
        lambda: recommend(one, data, model), lambda: recommend(mix, data, model), args.runs
    )
    print(
        json.dumps(
            {
                "benchmark": "recommend_job_mix",
                "cards": len(data.gpus),
                "jobs": len(MIX),
                "one_job_median_ms": round(one_ms, 2),
                "mix_median_ms": round(mix_ms, 2),
                "mix_to_one_job_ratio": round(ratio, 2),  # the median of each round's
                "goal_ratio_max": 2.0,
                "goal_mix_ms_max": 50,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
