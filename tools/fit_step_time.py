"""Fit the fixed time of a training step on measured batch sweeps, and check it on sweeps it
never saw.

A step of b samples on a card of saturated rate R takes b / R + t0: throughput
T(b) = 1 / (1 / R + t0 / b), a straight line in 1/T against 1/b whose slope is t0. Each sweep
(one model, one card, one precision, two or more batches, one table) gives its own t0 by least
squares. A sweep whose throughput falls as the batch grows is not a sweep of this kind (the
card ran out of something else) and is left out, named.

Fitted (planning/speed/batching.py: ``STEP_FIXED_S``), the median of each kind and precision:
  CNN: NVIDIA DeepLearningExamples TensorFlow UNet (2D, medical) and VNet sweeps, per step;
  transformer: Transformer-XL base (16 layers) on an A100 and BERT-large (24 layers) at
  sequence 128 on a V100, per layer.
Held out, to judge the fit: the Mask R-CNN and 3D UNet sweeps (CNN); the transformer's two
sweeps of each precision are each predicted with the other's t0 (leave one out). For each the
tool prints the measured ratio T(smallest batch) / T(largest batch) and the one the held-out
t0 predicts from the largest batch's throughput.

Reads ../shared/data/benchmarks/nvidia_dle_tensorflow_training_throughput.csv (or
$GPUPLANNER_SHARED/data/benchmarks). Usage: python tools/fit_step_time.py [--json]
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import os
import statistics
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("GPUPLANNER_SHARED", REPO.parent / "shared"))
DLE = SHARED / "data" / "benchmarks" / "nvidia_dle_tensorflow_training_throughput.csv"

# task -> (kind, layers, fitted): layers count the transformer's blocks (t0 is per layer).
TASKS = {
    "Segmentation/UNet_Medical": ("cnn", 0, True),
    "Segmentation/VNet": ("cnn", 0, True),
    "Segmentation/MaskRCNN": ("cnn", 0, False),
    "Segmentation/UNet_3D_Medical": ("cnn", 0, False),
    "LanguageModeling/Transformer-XL": ("transformer", 16, True),
}
PRECISION = {"FP16/AMP": "mixed", "TF32": "fp32", "FP32": "fp32"}
# The BERT-large pairs: DLE TensorFlow BERT, sequence 128, one V100 (the 16 GB card at the
# smaller batch, the 32 GB one at the larger: the same chip and clocks), sequences/s.
BERT_PAIRS = [
    {
        "kind": "transformer",
        "layers": 24,
        "precision": "mixed",
        "tokens": 1,
        "fitted": True,
        "points": [(16, 134.3), (64, 168.6)],
        "name": "BERT-large seq 128, V100, mixed",
    },
    {
        "kind": "transformer",
        "layers": 24,
        "precision": "fp32",
        "tokens": 1,
        "fitted": True,
        "points": [(8, 39.43), (32, 46.78)],
        "name": "BERT-large seq 128, V100, fp32",
    },
]


def sweeps() -> list[dict]:
    found: dict[tuple, set] = defaultdict(set)
    with DLE.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            task = row["task"]
            batch = (row["batch_size_per_gpu"] or "").replace(",", "")
            if task not in TASKS or row["gpu_count"] != "1" or not batch.isdigit():
                continue
            key = (task, row["gpu"], PRECISION.get(row["precision"], ""), row["unit"], row["notes"])
            found[key].add((int(batch), float(row["throughput"])))
    out = []
    for (task, gpu, precision, unit, _notes), points in sorted(found.items()):
        if len({b for b, _ in points}) < 2 or not precision:
            continue
        kind, layers, fitted = TASKS[task]
        tokens = 192 if unit == "tokens/s" else 1  # Transformer-XL: tgt_len 192 a sequence
        out.append(
            {
                "name": f"{task.split('/')[-1]}, {gpu}, {precision}",
                "kind": kind,
                "layers": layers,
                "precision": precision,
                "tokens": tokens,
                "points": sorted(points),
                "fitted": fitted,
            }
        )
    return out


def step_time(sweep: dict) -> float | None:
    """t0 in seconds per step (per layer for a transformer), or None when the sweep's
    throughput falls with the batch."""
    points = sweep["points"]
    if any(t2 < t1 for (_, t1), (_, t2) in itertools.pairwise(points)):
        return None
    xs = [1.0 / (b * sweep["tokens"]) for b, _ in points]  # units of throughput per step
    ys = [1.0 / t for _, t in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )
    return slope / max(sweep["layers"], 1)


def predicted_ratio(sweep: dict, t0: float) -> float:
    """T(smallest batch) / T(largest batch) that t0 predicts from the largest batch alone."""
    (b1, _), (b2, t2) = sweep["points"][0], sweep["points"][-1]
    fixed = t0 * max(sweep["layers"], 1)
    per_unit = max(1.0 / t2 - fixed / (b2 * sweep["tokens"]), 0.1 / t2)
    return (1.0 / (per_unit + fixed / (b1 * sweep["tokens"]))) / t2


def fit() -> dict:
    every = sweeps() + BERT_PAIRS
    fitted: dict[tuple[str, str], list[float]] = defaultdict(list)
    left_out = []
    for sweep in every:
        t0 = step_time(sweep)
        if t0 is None:
            left_out.append(sweep["name"])
        elif sweep["fitted"]:
            fitted[(sweep["kind"], sweep["precision"])].append(t0)
    medians = {f"{k}/{p}": round(statistics.median(v), 5) for (k, p), v in sorted(fitted.items())}
    checks = []
    held = [s for s in every if not s["fitted"] or s["kind"] == "transformer"]
    for sweep in held:
        if sweep["name"] in left_out:
            continue
        t0 = medians[f"{sweep['kind']}/{sweep['precision']}"]
        if sweep["fitted"]:  # leave one out: the other sweeps of its kind and precision
            others = [
                step_time(o)
                for o in every
                if o is not sweep
                and o["fitted"]
                and o["kind"] == sweep["kind"]
                and o["precision"] == sweep["precision"]
                and o["name"] not in left_out
            ]
            t0 = statistics.median([o for o in others if o is not None])
        (_, t1), (_, t2) = sweep["points"][0], sweep["points"][-1]
        measured, predicted = t1 / t2, predicted_ratio(sweep, t0)
        checks.append(
            {
                "sweep": sweep["name"],
                "measured": round(measured, 3),
                "predicted": round(predicted, 3),
                "error_pct": round(abs(predicted / measured - 1) * 100, 1),
            }
        )
    return {
        "step_fixed_s": medians,
        "fitted_sweeps": sum(len(v) for v in fitted.values()),
        "held_out": checks,
        "left_out": left_out,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not DLE.is_file():
        print(f"no benchmark table at {DLE}", file=sys.stderr)
        return 1
    result = fit()
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for name, t0 in result["step_fixed_s"].items():
        print(f"{name}: t0 = {t0 * 1000:.2f} ms")
    for check in result["held_out"]:
        print(
            f"held out {check['sweep']}: measured {check['measured']}, "
            f"predicted {check['predicted']} ({check['error_pct']}%)"
        )
    for name in result["left_out"]:
        print(f"left out (throughput falls with the batch): {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
