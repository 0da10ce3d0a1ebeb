"""The multi-card scaling model against measured multi-GPU training runs.

Reads Lambda's tf_cnn_benchmarks ResNet-50 rows in ../shared/data/benchmarks (or
$GPUPLANNER_SHARED/data/benchmarks): for each run on 2 to 8 cards, the measured efficiency
(throughput / (one card's throughput x cards)) against planning.scaling.data_parallel with that
run's batch per card and its measured single-card step time. Then the same for the ResNet-50
AMP rows of Lambda's PyTorch suite (resources/measurements/train_lambda_pytorch.csv), whose
batches are much larger: a check across frameworks, not a fit. Prints JSON.

Usage: python tools/check_scaling.py [--rows]
"""

from __future__ import annotations

import csv
import json
import os
import statistics
import sys
from pathlib import Path

from gpuplanner.catalog.store import Catalog
from gpuplanner.planning.scaling import data_parallel

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("GPUPLANNER_SHARED", REPO_ROOT.parent / "shared"))
TABLE = SHARED / "data" / "benchmarks" / "lambda_tensorflow_training_throughput.csv"
RESNET50_GRADIENT_BYTES = 25.6e6 * 4  # FP32 gradients, also under mixed precision
CATALOG_ID = {
    "geforce rtx 3090": "geforce-rtx-3090",
    "geforce rtx 3080": "geforce-rtx-3080-10-gb",
    "geforce rtx 3070": "geforce-rtx-3070",
    "geforce rtx 2080 ti": "geforce-rtx-2080-ti",
    "a100 40gb pcie": "a100-pcie-40-gb",
    "a100 40gb sxm4": "a100-sxm4-40-gb",
    "rtx a6000": "rtx-a6000",
    "quadro rtx 8000": "quadro-rtx-8000",
    "quadro rtx 6000": "quadro-rtx-6000",
}


PYTORCH = REPO_ROOT / "resources" / "measurements" / "train_lambda_pytorch.csv"
# Lambda's PyTorch ResNet-50 AMP batch per card (pytorch/pytorch-train-bs-fp16.csv at 08d77c4,
# read 2026-11-30). The H100 SXM5 is not in that file; its rows are left out.
PYTORCH_BATCH = {
    "geforce-rtx-3090": 448,
    "geforce-rtx-4090": 448,
    "rtx-a6000": 928,
    "rtx-6000-ada-generation": 928,
    "a100-pcie-80-gb": 1280,
    "a100-sxm4-80-gb": 1280,
    "h100-pcie-80-gb": 1280,
    "tesla-v100-sxm2-16-gb": 256,
}


def pytorch_rows(gpus: dict) -> list[dict]:
    """The PyTorch suite's multi-card ResNet-50 AMP runs against the model."""
    runs: dict[str, dict[int, float]] = {}
    with PYTORCH.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["task"] == "resnet50" and row["precision"] == "mixed":
                runs.setdefault(row["gpu_id"], {})[int(row["gpu_count"])] = float(row["throughput"])
    rows = []
    for gpu_id, counts in sorted(runs.items()):
        if gpu_id not in PYTORCH_BATCH or 1 not in counts:
            continue
        one = counts[1]
        for count, throughput in sorted(counts.items()):
            if count == 1:
                continue
            measured = throughput / one / count
            row = _compared(gpus[gpu_id], count, measured, PYTORCH_BATCH[gpu_id] / one)
            rows.append({"gpu": gpu_id, "cards": count, **row})
    return rows


def _compared(gpu, count: int, measured: float, step_s: float, bridged: bool = False) -> dict:
    """A measured efficiency next to the model's for the same cards, link and step time
    (Lambda's multi-GPU machines give each card x16)."""
    model = data_parallel(
        gpu, count, RESNET50_GRADIENT_BYTES, step_s, workstation=True, bridged=bridged
    )
    return {
        "measured": round(measured, 3),
        "model": model.efficiency,
        "model_link": model.link,
        "error": round(abs(model.efficiency - measured) / measured, 3),
    }


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    if not TABLE.is_file():
        print(f"no measurements at {TABLE}", file=sys.stderr)
        return 1
    with Catalog.open() as catalog:
        gpus = {g.id: g for g in catalog.load_all().gpus}
    runs: dict[tuple[str, str, str], dict[int, tuple[float, int]]] = {}
    with TABLE.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["task"] != "resnet50_imagenet":
                continue
            key = (row["gpu"], row["precision"][:4], row["interconnect_class"])
            runs.setdefault(key, {})[int(row["gpu_count"])] = (
                float(row["throughput"]),
                int(row["batch_size_per_gpu"]),
            )
    single = {(g, p): v[1] for (g, p, _i), v in runs.items() if 1 in v}
    rows = []
    for (name, precision, link), counts in sorted(runs.items()):
        gpu = gpus.get(CATALOG_ID.get(name.lower(), ""))
        if gpu is None or (name, precision) not in single:
            continue
        one, _batch = single[(name, precision)]
        for count, (throughput, batch) in sorted(counts.items()):
            if count == 1:
                continue
            measured = throughput / one / count
            row = _compared(gpu, count, measured, batch / one, link.startswith("nvlink"))
            rows.append(
                {
                    "gpu": name,
                    "precision": precision,
                    "link": link,
                    "cards": count,
                    **row,
                    "turing_fp16": gpu.architecture == "Turing" and precision == "FP16",
                }
            )
    errors = [r["error"] for r in rows]
    rest = [r["error"] for r in rows if not r["turing_fp16"]]
    report = {
        "source": str(TABLE.relative_to(SHARED.parent))
        if TABLE.is_relative_to(SHARED.parent)
        else TABLE.name,
        "runs": len(rows),
        "median_error": round(statistics.median(errors), 3),
        "p90_error": round(_percentile(errors, 0.9), 3),
        "without_turing_fp16": {
            "runs": len(rest),
            "median_error": round(statistics.median(rest), 3),
            "p90_error": round(_percentile(rest, 0.9), 3),
        },
    }
    checked = pytorch_rows(gpus)
    report["pytorch_check"] = {
        "source": str(PYTORCH.relative_to(REPO_ROOT)),
        "runs": len(checked),
        "median_error": round(statistics.median(r["error"] for r in checked), 3),
        "p90_error": round(_percentile([r["error"] for r in checked], 0.9), 3),
    }
    if "--rows" in sys.argv[1:]:
        report["rows"] = rows
        report["pytorch_check"]["rows"] = checked
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
