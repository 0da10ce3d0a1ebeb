"""The probe's measurements against a reference measured in the same run.

1. FP32 matrix multiply: the probe's rate (quick mode) against NumPy's best rate on the
   same matrix size, in a separate process with OpenBLAS's core-type overrides unset (they
   slow a current NumPy). Goal: at least 90%.
2. Repeatability: three quick runs; each measure's largest deviation from the middle run.
   Goal: within 10% for the matrix multiply.
3. Wall time of a quick run, TensorFlow import included. Goal: at most 30 s on 2 cores.
Prints JSON.
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

from gpuplanner.probe.runner import ProbeRunner

NUMPY_BEST = r"""
import json, sys, time
import numpy as np
n = int(sys.argv[1])
rng = np.random.default_rng(0)
a = rng.random((n, n), dtype=np.float32)
b = rng.random((n, n), dtype=np.float32)
for _ in range(3):
    a @ b
best = 0.0
for _ in range(15):
    start = time.perf_counter()
    a @ b
    best = max(best, 2 * n**3 / (time.perf_counter() - start) / 1e12)
print(json.dumps({"tflops": best}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results, walls = [], []
    with tempfile.TemporaryDirectory() as home:
        os.environ["GPUPLANNER_HOME"] = home
        for _ in range(args.runs):
            start = time.perf_counter()
            result = ProbeRunner(mode="quick").run()
            walls.append(time.perf_counter() - start)
            if result.status != "ok":
                raise SystemExit(f"probe failed: {result.status} {result.message}")
            results.append(result)
    matmul = [r.metric("matmul", "fp32") for r in results]
    n = matmul[0].params["n"]
    env = {
        k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
    }
    numpy = json.loads(
        subprocess.run(
            [sys.executable, "-c", NUMPY_BEST, str(n)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
    )["tflops"]
    probe_rate = statistics.median(m.value for m in matmul)
    agreement = {}
    for step in results[0].steps:
        for metric in step.metrics:
            values = [r.metric(step.step, metric.name) for r in results]
            numbers = [v.value for v in values if v is not None and v.value]
            if len(numbers) == len(results) and step.step != "env":
                middle = statistics.median(numbers)
                agreement[f"{step.step}/{metric.name}"] = round(
                    max(abs(x - middle) / middle for x in numbers) * 100, 1
                )
    print(
        json.dumps(
            {
                "benchmark": "probe",
                "matrix_n": n,
                "probe_fp32_tflops_median": round(probe_rate, 4),
                "numpy_fp32_tflops_best": round(numpy, 4),
                "probe_vs_numpy_ratio": round(probe_rate / numpy, 3),
                "goal_ratio_min": 0.9,
                "runs": len(results),
                "fp32_tflops_per_run": [round(m.value, 4) for m in matmul],
                "max_deviation_from_median_pct": agreement,
                "goal_matmul_deviation_pct_max": 10,
                "quick_wall_s": [round(w, 1) for w in walls],
                "goal_quick_wall_s_max": 30,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
