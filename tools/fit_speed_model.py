"""Fit the speed model on the measured training tables and cross-validate it.

Reads the team's shared benchmark tables (../shared/data/benchmarks, or
$GPUPLANNER_SHARED/data/benchmarks) and the bundled catalog, fits one number per workload
class and precision, and writes resources/models/speed_model.json with the parameters,
the anchors and the cross-validated errors. tests/test_speed_model.py refits and checks
that the committed file is what this script produces.

Model (docs/PREDICTION.md): time per sample on card g is
    t_g = (theta / C_g + (1 - theta) / B_g) / (min(M_g, 48) / 48) ** gamma
with C_g the card's tensor (or TF32/FP32) rate and B_g its memory bandwidth, both divided by
their geometric means over the fitted cards, and M_g its memory in GB (a smaller card runs a
smaller batch). The predicted speed ratio of two cards is the inverse ratio of their t.
theta = 1 is compute-bound, theta = 0 bandwidth-bound.

Usage: python tools/fit_speed_model.py [--check]
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import statistics
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from gpuplanner.catalog.csvdata import load_catalog  # noqa: E402
from gpuplanner.catalog.records import GpuSpec  # noqa: E402
from gpuplanner.planning.speed import ClassParams, features, time_per_sample  # noqa: E402

SHARED = Path(os.environ.get("GPUPLANNER_SHARED", REPO.parent / "shared"))
BENCH = SHARED / "data" / "benchmarks"
OUT = REPO / "resources" / "models" / "speed_model.json"

GPU_IDS = {
    "A100 40GB PCIe": "a100-pcie-40-gb",
    "A100 40GB SXM4": "a100-sxm4-40-gb",
    "A100 80GB SXM4": "a100-sxm4-80-gb",
    "GeForce GTX 1080 Ti": "geforce-gtx-1080-ti",
    "GeForce RTX 2080 Ti": "geforce-rtx-2080-ti",
    "GeForce RTX 3070": "geforce-rtx-3070",
    "GeForce RTX 3080": "geforce-rtx-3080-10-gb",
    "GeForce RTX 3090": "geforce-rtx-3090",
    "Quadro RTX 6000": "quadro-rtx-6000",
    "Quadro RTX 8000": "quadro-rtx-8000",
    "RTX A6000": "rtx-a6000",
    "V100 16GB": "tesla-v100-sxm2-32-gb",
    "V100 32GB": "tesla-v100-sxm2-32-gb",
    "V100 32GB SXM3 (DGX-2)": "tesla-v100-sxm2-32-gb",
}
CNN_TASKS = (
    "resnet50_imagenet",
    "resnet152_imagenet",
    "inceptionv3_imagenet",
    "inceptionv4_imagenet",
    "vgg16_imagenet",
    "alexnet_imagenet",
)
THETAS = [i / 100 for i in range(101)]
GAMMAS = [i / 20 for i in range(13)]
# Lambda's A100 SXM4 logs (TF 2.3, before Ampere-tuned kernels) run slower than the same
# chip in a PCIe card and 17x slower on VGG16 with FP16: a broken software stack, not the card.
EXCLUDED = {
    "a100-sxm4-40-gb": "Lambda A100 SXM4 runs on TF 2.3 are far below the A100 PCIe on the same suite"
}


def _spec(row: dict) -> GpuSpec:
    return GpuSpec(**{**row, "aliases": tuple(row["aliases"])})


def card_features(card: GpuSpec, precision: str) -> tuple[float, float]:
    return features(card, precision)


def load_lambda() -> dict:
    best: dict = defaultdict(float)
    with (BENCH / "lambda_tensorflow_training_throughput.csv").open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["gpu_count"] != "1" or row["data"] != "synthetic" or row["gpu"] not in GPU_IDS:
                continue
            if GPU_IDS[row["gpu"]] in EXCLUDED:
                continue
            precision = "mixed" if row["precision"].startswith("FP16") else "fp32"
            key = (row["task"], precision, GPU_IDS[row["gpu"]])
            best[key] = max(best[key], float(row["throughput_per_gpu"]))
    return best


def load_dle() -> dict:
    """A100 and V100 rows of the same table heading: (task|variant, precision, gpu) -> best."""
    best: dict = defaultdict(float)
    with (BENCH / "nvidia_dle_tensorflow_training_throughput.csv").open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["gpu_count"] != "1" or row["gpu"] not in GPU_IDS:
                continue
            if not any(t in row["task"] for t in ("BERT", "Transformer-XL", "ELECTRA", "SSD")):
                continue
            precision = (
                "mixed" if "FP16" in row["precision"] or "AMP" in row["precision"] else "fp32"
            )
            task = row["task"] + "|" + row["task_raw"].split(";")[0]
            try:
                value = float(row["throughput"].split()[0].replace(",", ""))
            except ValueError:
                continue
            key = (task, precision, GPU_IDS[row["gpu"]])
            best[key] = max(best[key], value)
    return best


def normalisers(cards: dict, ids: set[str], precision: str) -> tuple[float, float]:
    computes = [card_features(cards[i], precision)[0] for i in ids]
    bandwidths = [card_features(cards[i], precision)[1] for i in ids]
    return math.exp(statistics.mean(map(math.log, computes))), math.exp(
        statistics.mean(map(math.log, bandwidths))
    )


def predict_t(
    card: GpuSpec, precision: str, params: tuple[float, float], norm: tuple[float, float]
) -> float:
    return time_per_sample(
        card, precision, ClassParams(params[0], params[1], norm[0], norm[1], 0.0)
    )


def fit_theta(
    groups: list[dict[str, float]], cards: dict, precision: str, norm, gammas=GAMMAS
) -> tuple[float, float]:
    """(theta, gamma) minimising the squared log error of every pairwise speed ratio within each group."""

    def loss(params: tuple[float, float]) -> float:
        total = 0.0
        for group in groups:
            ids = sorted(group)
            times = {g: predict_t(cards[g], precision, params, norm) for g in ids}
            for i, a in enumerate(ids):
                for b in ids[i + 1 :]:
                    total += (math.log(group[a] / group[b]) - math.log(times[b] / times[a])) ** 2
        return total

    return min(((t, g) for t in THETAS for g in gammas), key=loss)


def pair_errors(
    group: dict[str, float], cards: dict, precision: str, params, norm, held: str
) -> list[float]:
    errors = []
    for other in group:
        if other == held:
            continue
        observed = group[held] / group[other]
        predicted = predict_t(cards[other], precision, params, norm) / predict_t(
            cards[held], precision, params, norm
        )
        errors.append(abs(predicted / observed - 1) * 100)
    return errors


def baseline_errors(groups, cards, precision, feature: str) -> list[float]:
    errors = []
    for group in groups:
        ids = sorted(group)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                if feature == "fp32":
                    fa, fb = cards[a].fp32_tflops, cards[b].fp32_tflops
                elif feature == "tensor":
                    fa, fb = (
                        card_features(cards[a], precision)[0],
                        card_features(cards[b], precision)[0],
                    )
                else:
                    fa, fb = cards[a].memory_bandwidth_gbs, cards[b].memory_bandwidth_gbs
                errors.append(abs((fa / fb) / (group[a] / group[b]) - 1) * 100)
    return errors


def build() -> dict:
    data = load_catalog(REPO / "resources" / "catalog")
    cards = {row["id"]: _spec(row) for row in data["gpus"]}
    lam = load_lambda()
    dle = load_dle()
    model: dict = {"version": 1, "classes": {}, "cross_validation": {}, "baselines": {}}
    for precision in ("mixed", "fp32"):
        groups = {}
        for task in CNN_TASKS:
            group = {gpu: v for (t, p, gpu), v in lam.items() if t == task and p == precision}
            if len(group) >= 3:
                groups[task] = group
        all_ids = {g for group in groups.values() for g in group}
        norm = normalisers(cards, all_ids, precision)
        for name, chosen in (("cnn", list(groups)), ("resnet50", ["resnet50_imagenet"])):
            chosen_groups = [groups[t] for t in chosen]
            params = fit_theta(chosen_groups, cards, precision, norm)
            cv = []
            for held in sorted(all_ids):
                train = [{g: v for g, v in group.items() if g != held} for group in chosen_groups]
                held_params = fit_theta(train, cards, precision, norm)
                for group in chosen_groups:
                    if held in group:
                        cv.extend(pair_errors(group, cards, precision, held_params, norm, held))
            model["classes"][f"{name}/{precision}"] = {
                "theta": params[0],
                "gamma": params[1],
                "compute_norm_tflops": round(norm[0], 3),
                "bandwidth_norm_gbs": round(norm[1], 1),
                "fitted_on": sorted(all_ids),
                "tasks": chosen,
            }
            model["cross_validation"][f"{name}/{precision}"] = {
                "method": "leave one GPU out: refit without it, then the error of every predicted speed ratio between it and the others",
                "pairs": len(cv),
                "median_error_pct": round(statistics.median(cv), 1),
                "p90_error_pct": round(sorted(cv)[int(0.9 * (len(cv) - 1))], 1),
            }
            model["baselines"][f"{name}/{precision}"] = {
                feature: round(
                    statistics.median(baseline_errors(chosen_groups, cards, precision, feature)), 1
                )
                for feature in ("fp32", "tensor", "bandwidth")
            }
        # Transformer class: A100 vs V100 in NVIDIA's examples (BERT, Transformer-XL, ELECTRA);
        # two cards cannot fix a memory term, so gamma stays 0.
        tgroups = []
        for task in sorted({t for (t, p, g) in dle if p == precision and "SSD" not in t}):
            group = {g: v for (t, p, g), v in dle.items() if t == task and p == precision}
            if len(group) >= 2:
                tgroups.append(group)
        tnorm = normalisers(cards, {g for group in tgroups for g in group} | all_ids, precision)
        tparams = fit_theta(tgroups, cards, precision, tnorm, gammas=[0.0])
        terrors = [
            e
            for group in tgroups
            for held in group
            for e in pair_errors(group, cards, precision, tparams, tnorm, held)
        ]
        model["classes"][f"transformer/{precision}"] = {
            "theta": tparams[0],
            "gamma": 0.0,
            "compute_norm_tflops": round(tnorm[0], 3),
            "bandwidth_norm_gbs": round(tnorm[1], 1),
            "fitted_on": sorted({g for group in tgroups for g in group}),
            "tasks": len(tgroups),
        }
        model["cross_validation"][f"transformer/{precision}"] = {
            "method": "in-sample (only A100 and V100 are measured): error of the A100/V100 ratio per task",
            "pairs": len(terrors) // 2,
            "median_error_pct": round(statistics.median(terrors), 1) if terrors else None,
        }
    model["excluded"] = EXCLUDED
    model["anchors"] = ANCHORS
    return model


# Absolute throughput of each workload preset on one measured card, so predictions can be
# given in samples/s (then scaled to the user's card by the probe).
ANCHORS = {
    "resnet50": {
        "gpu": "a100-pcie-40-gb",
        "mixed": 2075.1,
        "fp32": 953.4,
        "unit": "images/s",
        "source": "Lambda tf_cnn_benchmarks, A100 40GB PCIe, synthetic ImageNet, batch 448/224",
    },
    "ssd": {
        "gpu": "a100-sxm4-40-gb",
        "mixed": 180.6,
        "fp32": 123.5,
        "unit": "images/s",
        "source": "NVIDIA DeepLearningExamples TensorFlow SSD, A100 40GB, batch 32",
    },
    "bert-base": {
        "gpu": "a100-sxm4-40-gb",
        "mixed": 1070.0,
        "fp32": 714.0,
        "unit": "sequences/s",
        "source": "BERT-large seq 128 on A100 40GB (356.8 / 238.1 sentences/s, NVIDIA DLE) x 3.0 for base vs large FLOPs",
    },
    "bert-large": {
        "gpu": "a100-sxm4-40-gb",
        "mixed": 356.8,
        "fp32": 238.1,
        "unit": "sequences/s",
        "source": "NVIDIA DeepLearningExamples TensorFlow BERT-large, seq 128, A100 40GB",
    },
    "transformer": {
        "gpu": "a100-sxm4-40-gb",
        "mixed": 36455.0,
        "fp32": 34244.0,
        "unit": "tokens/s",
        "source": "NVIDIA DeepLearningExamples Transformer-XL base, A100 40GB, batch 64",
    },
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed file differs")
    args = parser.parse_args()
    model = build()
    if OUT.is_file():
        # The LLM inference block is fitted by tools/fit_llm_inference.py: keep it.
        kept = json.loads(OUT.read_text(encoding="utf-8")).get("llm_inference")
        if kept is not None:
            model["llm_inference"] = kept
    text = json.dumps(model, indent=2, sort_keys=True) + "\n"
    if args.check:
        return 0 if OUT.read_text(encoding="utf-8") == text else 1
    OUT.write_text(text, encoding="utf-8")
    print(
        json.dumps(
            {k: v for k, v in model.items() if k in ("cross_validation", "baselines")}, indent=2
        )
    )
    print(json.dumps({k: (v["theta"], v["gamma"]) for k, v in model["classes"].items()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
