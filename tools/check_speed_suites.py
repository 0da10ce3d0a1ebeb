"""Check the training speed model against the Lambda suites at each run's own batch.

Every pair of cards measured on one task and precision in one suite gives a measured speed
ratio; the model predicts each card's throughput at the batch that run used (Lambda's PyTorch
suite sizes its batch to the card's memory: resources/measurements/lambda_pytorch_batches.csv;
its TensorFlow suite records the batch per row) and the error is |predicted / measured - 1|
of the ratio. Nothing here is fitted: the check reads the committed model through the same
``speed.predict`` the planner calls.

Suites: Lambda PyTorch (resources/measurements/train_lambda_pytorch.csv: ResNet-50, SSD,
BERT-base and BERT-large SQuAD at sequence 384, Transformer-XL base at 192 tokens) and Lambda
TensorFlow (../shared/data/benchmarks/lambda_tensorflow_training_throughput.csv, ResNet-50;
left out when the shared folder is absent, and said so). A FP32 run on TensorFlow 2.0-2.3 on an
Ampere or later card is left out: TensorFloat-32 came with TensorFlow 2.4 (its release notes),
so such a run is full FP32 on the SIMT units, not the TF32 the model's FP32 means there.

Usage: python tools/check_speed_suites.py [--json]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import statistics
import sys
from collections import defaultdict
from itertools import combinations
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from gpuplanner.app.speed_model_file import load_speed_model  # noqa: E402
from gpuplanner.catalog.csvdata import load_catalog  # noqa: E402
from gpuplanner.catalog.records import GpuSpec  # noqa: E402
from gpuplanner.planning.job.workloads import KERAS  # noqa: E402
from gpuplanner.planning.speed.training import SpeedQuery, predict  # noqa: E402

MEASURED = REPO / "resources" / "measurements"
SHARED = Path(os.environ.get("GPUPLANNER_SHARED", REPO.parent / "shared"))
LAMBDA_TF = SHARED / "data" / "benchmarks" / "lambda_tensorflow_training_throughput.csv"
# Lambda's task -> (preset, sequence)
TASKS = {
    "resnet50": ("resnet50", None),
    "ssd": ("ssd", None),
    "bert_base_squad": ("bert-base", 384),
    "bert_large_squad": ("bert-large", 384),
    "transformerxlbase": ("transformer", 192),
}
TF_GPUS = {
    "GeForce RTX 3090": "geforce-rtx-3090",
    "GeForce RTX 3080": "geforce-rtx-3080-10-gb",
    "GeForce RTX 2080 Ti": "geforce-rtx-2080-ti",
    "A100 40GB PCIe": "a100-pcie-40-gb",
    "A100 40GB SXM4": "a100-sxm4-40-gb",
    "RTX A6000": "rtx-a6000",
    "V100 32GB": "tesla-v100-sxm2-32-gb",
}
# The pairs the speed issue names (against an RTX 3090, mixed precision).
NAMED = ("geforce-rtx-4090", "a100-sxm4-80-gb", "h100-sxm5-80-gb")
# The same GH100 chip at 700 W with 3,350 GB/s and at 350 W with 2,000 GB/s: the spec compute
# ratio is 1.31x, the bandwidth ratio 1.68x.
SAME_CHIP = ("h100-sxm5-80-gb", "h100-pcie-80-gb")


def pytorch_runs(by_id: dict) -> list[dict]:
    batches: dict[tuple[int, str], tuple[int, int]] = {}
    with (MEASURED / "lambda_pytorch_batches.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            batches[(int(row["memory_gb"]), row["task"])] = (
                int(row["mixed_batch"]),
                int(row["fp32_batch"]),
            )
    runs = []
    with (MEASURED / "train_lambda_pytorch.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["gpu_count"] != "1" or row["task"] not in TASKS:
                continue
            memory = round(by_id[row["gpu_id"]].memory_gb)
            mixed, fp32 = batches[(memory, row["task"])]
            runs.append(
                {
                    "suite": "lambda-pytorch",
                    "task": row["task"],
                    "precision": row["precision"],
                    "gpu": row["gpu_id"],
                    "batch": mixed if row["precision"] == "mixed" else fp32,
                    "throughput": float(row["throughput"]),
                }
            )
    return runs


def full_fp32(software: str, compute_capability: float) -> bool:
    """A FP32 run whose TensorFlow could not use TF32 on a card that has it: TensorFlow 2.0-2.3
    (TF32 arrived, on by default, in 2.4). NVIDIA's TensorFlow 1.15 builds for CUDA 11 are not
    this case: Lambda's A100 PCIe on one runs FP32 ResNet-50 at 953 images/s, its SXM4 twin on
    TensorFlow 2.3 at 644."""
    version = re.search(r"TensorFlow (\d+)\.(\d+)", software)
    if version is None or compute_capability < 8.0:
        return False
    major, minor = int(version[1]), int(version[2])
    return major == 2 and minor < 4


def tensorflow_runs(by_id: dict) -> list[dict]:
    if not LAMBDA_TF.is_file():
        return []
    best: dict[tuple[str, str], dict] = {}
    with LAMBDA_TF.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            gpu = TF_GPUS.get(row["gpu"])
            if row["gpu_count"] != "1" or row["task"] != "resnet50_imagenet" or gpu is None:
                continue
            precision = "mixed" if row["precision"].startswith("FP16") else "fp32"
            if precision == "fp32" and full_fp32(
                row["software"], float(by_id[gpu].compute_capability or 0)
            ):
                continue
            run = {
                "suite": "lambda-tf",
                "task": "resnet50",
                "precision": precision,
                "gpu": gpu,
                "batch": int(row["batch_size_per_gpu"]),
                "throughput": float(row["throughput"]),
            }
            key = (gpu, precision)
            # The suite ran some cards several times: the best run of each is the card's.
            if key not in best or run["throughput"] > best[key]["throughput"]:
                best[key] = run
    return list(best.values())


def predicted(run: dict, model, by_id: dict) -> float:
    preset, seq = TASKS[run["task"]]
    query = SpeedQuery(gpus=[by_id[run["gpu"]]], speed_model=model, by_id=by_id)
    (found,) = predict(
        query,
        workload=preset,
        precision=run["precision"],
        batch=run["batch"],
        seq=seq or KERAS[preset].seq or None,  # a preset's own length where none is recorded
    )
    return float(found.throughput or 0.0)


def check() -> dict:
    data = load_catalog(REPO / "resources" / "catalog")
    by_id = {
        row["id"]: GpuSpec(**{**row, "aliases": tuple(row["aliases"])}) for row in data["gpus"]
    }
    model = load_speed_model()
    runs = pytorch_runs(by_id) + tensorflow_runs(by_id)
    groups: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for run in runs:
        run["predicted"] = predicted(run, model, by_id)
        groups[(run["suite"], run["task"], run["precision"])].append(run)
    errors: dict[str, list[float]] = defaultdict(list)
    named = {}
    same_chip = {}
    for (suite, task, precision), members in sorted(groups.items()):
        for a, b in combinations(members, 2):
            measured = a["throughput"] / b["throughput"]
            model_ratio = a["predicted"] / b["predicted"]
            errors[f"{suite} {task} {precision}"].append(abs(model_ratio / measured - 1) * 100)
        if (
            suite == "lambda-pytorch"
            and precision == "mixed"
            and task in ("resnet50", "bert_large_squad")
        ):
            base = next(r for r in members if r["gpu"] == "geforce-rtx-3090")
            for run in members:
                if run["gpu"] in NAMED:
                    named[f"{task} {run['gpu']}"] = {
                        "measured": round(run["throughput"] / base["throughput"], 2),
                        "predicted": round(run["predicted"] / base["predicted"], 2),
                    }
        # One chip at two power limits and bandwidths (issue 47: the H200 NVL against the H100
        # SXM5): what the model's balance of compute and bandwidth gives a Hopper card.
        pair = {r["gpu"]: r for r in members if r["gpu"] in SAME_CHIP}
        if len(pair) == len(SAME_CHIP):
            fast, slow = (pair[g] for g in SAME_CHIP)
            same_chip[f"{task} {precision}"] = {
                "measured": round(fast["throughput"] / slow["throughput"], 2),
                "predicted": round(fast["predicted"] / slow["predicted"], 2),
            }
    every = [e for v in errors.values() for e in v]

    def summary(values: list[float]) -> dict:
        ordered = sorted(values)
        return {
            "pairs": len(ordered),
            "median_pct": round(statistics.median(ordered), 1),
            "p90_pct": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
        }

    return {
        "all": summary(every),
        "by_group": {k: summary(v) for k, v in errors.items()},
        "named_vs_rtx_3090": named,
        "h100_sxm5_vs_pcie": same_chip,
        "tensorflow_suite": LAMBDA_TF.is_file(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = check()
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"all: {result['all']}")
    for name, block in result["by_group"].items():
        print(f"  {name}: {block}")
    for name, block in result["named_vs_rtx_3090"].items():
        print(f"  {name}: {block}")
    for name, block in result["h100_sxm5_vs_pcie"].items():
        print(f"  H100 SXM5 / H100 PCIe, {name}: {block}")
    if not result["tensorflow_suite"]:
        print("the Lambda TensorFlow suite was not found: PyTorch pairs only")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
