"""Planning a 100-machine lab within one budget (goal: under 5 s on a lab PC; the GUI waits for it).

The reference measured in the same run is one ``recommend`` for one machine, so the ratio says
how many single-machine plans the whole lab costs (the engine runs once per machine; the
knapsack on top should add little). Prints JSON.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "tests"))

from fakenvml import FakeNvml, a100_passive, rtx4090  # noqa: E402

from gpuplanner import fleet  # noqa: E402
from gpuplanner.app.speed_model_file import load_speed_model  # noqa: E402
from gpuplanner.catalog.store import Catalog  # noqa: E402
from gpuplanner.core.scenarios import Scenario  # noqa: E402
from gpuplanner.hardware.scan import ScanOptions, scan_system  # noqa: E402
from gpuplanner.hardware.snapshot import save  # noqa: E402
from gpuplanner.planning.recommend import PlanRequest, recommend  # noqa: E402

MACHINES = 100
GB = 1024**3
CARDS = [
    rtx4090(),
    a100_passive(),
    rtx4090(name="NVIDIA GeForce RTX 3060", pci_device_id=0x250310DE, memory=(12 * GB, 0)),
    rtx4090(name="NVIDIA GeForce GTX 1080", pci_device_id=0x1B8010DE, memory=(8 * GB, 0)),
]


def timed(func) -> tuple[float, object]:
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp, Catalog.open() as catalog:
        data = catalog.load_all()
        root = Path(tmp) / "root"
        root.mkdir()
        folder = Path(tmp) / "lab"
        folder.mkdir()
        for i in range(MACHINES):
            snapshot = scan_system(
                ScanOptions(
                    root=root,
                    platform="linux",
                    nvml=FakeNvml([CARDS[i % len(CARDS)]]),
                    read_rapl=False,
                    read_psu=False,
                )
            )
            save(replace(snapshot, machine=f"lab-{i:03d}"), folder / f"lab-{i:03d}.json")
        model = load_speed_model()
        request = PlanRequest(
            scenario=Scenario.SME, currency="CNY", budget=200_000, workload="resnet50"
        )
        single = statistics.median(
            timed(lambda: recommend(request, data, model))[0] for _ in range(15)
        )
        load_s, (machines, _errors) = timed(lambda: fleet.load_fleet([folder], data))
        plans_s, plans = timed(lambda: fleet.plan_machines(machines, request, data, model))
        lab_s, plan = timed(lambda: fleet.plan_lab(plans, "CNY", 200_000, "resnet50"))
    total = load_s + plans_s + lab_s
    print(
        json.dumps(
            {
                "machines": MACHINES,
                "load_s": round(load_s, 3),
                "plans_s": round(plans_s, 3),
                "knapsack_s": round(lab_s, 3),
                "total_s": round(total, 3),
                "reference_one_recommend_s": round(single, 4),
                "ratio_total_to_one_recommend": round(total / single, 1),
                "upgrades": sum(1 for c in plan.choices if c.option is not None),
                "goal_total_s": 5.0,
                "meets_goal": total <= 5.0,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
