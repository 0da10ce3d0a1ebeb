"""``gpuplanner scan --json`` in a fresh process, against a bare Python start in the same run.

Goal (issue 4): at most 1.5 s here. The ratio shows what the scan adds over starting Python,
which is what moves when the machine is busy. Prints JSON with medians over several runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"{command} failed: {result.stderr[-2000:]}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, GPUPLANNER_HOME=home)
        scan = [sys.executable, "-m", "gpuplanner", "scan", "--json"]
        bare = [sys.executable, "-c", "pass"]
        run(scan, env)  # builds the catalog cache once, as a first start does
        scans, bares = [], []
        for _ in range(args.runs):
            scans.append(run(scan, env))
            bares.append(run(bare, env))
    scan_s, bare_s = statistics.median(scans), statistics.median(bares)
    print(
        json.dumps(
            {
                "benchmark": "scan_json_fresh_process",
                "runs": args.runs,
                "scan_s": round(scan_s, 3),
                "scan_spread_s": round(max(scans) - min(scans), 3),
                "bare_python_s": round(bare_s, 3),
                "ratio_to_bare_python": round(scan_s / bare_s, 1),
                "goal_scan_s_max": 1.5,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
