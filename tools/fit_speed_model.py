"""Fit the speed model on measured training tables and cross-validate it.

Reads five suites: Lambda's tf_cnn_benchmarks logs and NVIDIA's DeepLearningExamples tables in
the team's shared data (../shared/data/benchmarks, or $GPUPLANNER_SHARED/data/benchmarks),
Lambda's PyTorch benchmarks (resources/measurements/train_lambda_pytorch.csv: RTX 4090,
RTX 6000 Ada, H100, A10 and eight more), the transformer-layer benchmarks (mli) and MosaicML's
LLM pretraining (resources/measurements). Every class is validated two ways: leave one GPU out,
and across suites (each suite held out whole, the class fitted on the rest), next to the best
any one-speed-per-card model could do there; the table at the end prints both for every class
and every LLM inference engine. Fits four numbers per workload class and precision
(a class for each measured job the planner offers: ResNet-50, SSD, BERT; and one per kind, cnn
and transformer, from every task of that kind, for the jobs without their own measurements),
and writes resources/models/speed_model.json with the parameters, the anchors and the
leave-one-GPU-out errors of every class (overall, by family of cards, and with a whole family
held out), the LLM decode and prefill fit's included
(tools/fit_llm_inference.py). tests/test_speed_model_file.py refits and checks that the
committed file is what this script produces.

Model (docs/PREDICTION.md): time per sample on card g is
    t_g = (theta / C_g + v / S_g + (1 - theta - v) / (h_g B_g)) / (min(M_g, 48) / 48) ** gamma
with C_g the card's tensor (or TF32/FP32) rate, S_g its SMs x boost clock and B_g its memory
bandwidth, each divided by its geometric mean over the fitted cards, h_g the share of peak
bandwidth an HBM card reaches against a GDDR card (1 for GDDR), and M_g its memory in GB (a
smaller card runs a smaller batch). v, the share of a step on the SMs beside the tensor cores,
is fitted in the convolutional classes and the mixed-precision transformer class (0 elsewhere:
it did not hold out there); every
share is non-negative. Four numbers per class. The predicted speed ratio of two cards is the inverse ratio of their t.
Only ratios within one task, precision and suite are compared, never numbers across suites.

It ends with every training class's held-out error in one line per way of holding out
(pairs-weighted), what a change of the model's terms is kept or dropped by.

Usage: python tools/fit_speed_model.py [--check] [--cuda-rate none|fp32|sm-clock]
       [--cuda-classes kept|cnn|all] [--out FILE]  (a trial: --out elsewhere than the resource)
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import math
import os
import statistics
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

import fit_llm_inference  # noqa: E402

from gpuplanner.catalog.csvdata import load_catalog  # noqa: E402
from gpuplanner.catalog.records import GpuSpec  # noqa: E402
from gpuplanner.core.vocab import Precision  # noqa: E402
from gpuplanner.planning.job.workloads import KERAS  # noqa: E402
from gpuplanner.planning.speed import batching  # noqa: E402
from gpuplanner.planning.speed.training import (  # noqa: E402
    CardTerms,
    ClassParams,
    card_terms,
    family,
    features,
    sm_ghz,
    terms_time,
    train_flops_per_unit,
)

SHARED = Path(os.environ.get("GPUPLANNER_SHARED", REPO.parent / "shared"))
BENCH = SHARED / "data" / "benchmarks"
PYTORCH = REPO / "resources" / "measurements" / "train_lambda_pytorch.csv"
PYTORCH_BATCHES = REPO / "resources" / "measurements" / "lambda_pytorch_batches.csv"
MLI = REPO / "resources" / "measurements" / "train_transformer_layers_mli.csv"
FOUNDRY = REPO / "resources" / "measurements" / "train_llm_foundry.csv"
KERAS_IO = REPO / "resources" / "measurements" / "train_llm_keras_io.csv"
MATMUL = REPO / "resources" / "measurements" / "matmul_fp16_measured.csv"
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
PYTORCH_TASKS = {
    "cnn": ("resnet50", "ssd", "waveglow"),
    "resnet50": ("resnet50",),
    "ssd": ("ssd",),
    "bert": ("bert_base_squad", "bert_large_squad"),
    "transformer": (
        "bert_base_squad",
        "bert_large_squad",
        "transformerxlbase",
        "transformerxllarge",
    ),
}
THETAS = [i / 50 for i in range(51)]
GAMMAS = [i / 20 for i in range(5)]
HBM = [i / 20 for i in range(10, 21)]  # 0.5 to 1.0
# Lambda's A100 SXM4 logs (TF 2.3, before Ampere-tuned kernels) run slower than the same
# chip in a PCIe card and 17x slower on VGG16 with FP16: a broken software stack, not the card.
# Its FP32 runs are full FP32 besides: TensorFloat-32 came with TensorFlow 2.4
# (tools/check_speed_suites.py leaves those out of its check for that reason).
EXCLUDED = {
    "a100-sxm4-40-gb": "Lambda A100 SXM4 runs on TF 2.3 are far below the A100 PCIe on the same suite"
}


def _spec(row: dict) -> GpuSpec:
    return GpuSpec(**{**row, "aliases": tuple(row["aliases"])})


# Transformer tasks' layers (the fixed time of a step is per layer) and tokens a sequence where
# the throughput counts tokens; every other task is a CNN, its fixed time per step.
STEP_LAYERS = {
    "bert_base_squad": 12,
    "bert_large_squad": 24,
    "transformerxlbase": 16,
    "transformerxllarge": 18,
}
STEP_TOKENS = {"transformerxlbase": 192, "transformerxllarge": 256}


def saturated(task: str, precision: str, batch: int, throughput: float) -> float:
    """The card's saturated rate behind a throughput measured at ``batch``: the suites size
    their batches to each card's memory, so a ratio of two cards measured at their batches is
    moved to a ratio of what each card does once its step's fixed time is hidden
    (planning/speed/batching.py), the rate the model predicts before the job's own batch."""
    kind = "transformer" if task in STEP_LAYERS else "cnn"
    fixed = batching.step_fixed_s(kind, precision, STEP_LAYERS.get(task, 0))  # type: ignore[arg-type]
    return batching.saturated_from(throughput, batch * STEP_TOKENS.get(task, 1), fixed)


def load_lambda() -> dict:
    """Lambda's TensorFlow suite: the best synthetic run of each card, at its saturated rate."""
    best: dict = defaultdict(float)
    with (BENCH / "lambda_tensorflow_training_throughput.csv").open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["gpu_count"] != "1" or row["data"] != "synthetic" or row["gpu"] not in GPU_IDS:
                continue
            if GPU_IDS[row["gpu"]] in EXCLUDED:
                continue
            precision = "mixed" if row["precision"].startswith("FP16") else "fp32"
            key = (row["task"], precision, GPU_IDS[row["gpu"]])
            rate = saturated(
                row["task"],
                precision,
                int(row["batch_size_per_gpu"]),
                float(row["throughput_per_gpu"]),
            )
            best[key] = max(best[key], rate)
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


def load_pytorch(cards: dict) -> dict:
    """Single-card rows of Lambda's PyTorch suite: (task, precision, gpu) -> the saturated rate
    behind the throughput at the batch the suite gave that card's memory (the tasks whose
    batches are recorded, resources/measurements/lambda_pytorch_batches.csv; WaveGlow as
    measured)."""
    batches: dict = {}
    with PYTORCH_BATCHES.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            key = (int(row["memory_gb"]), row["task"])
            batches[key] = {"mixed": int(row["mixed_batch"]), "fp32": int(row["fp32_batch"])}
    found: dict = {}
    with PYTORCH.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["gpu_count"] != "1":
                continue
            task, precision, gpu = row["task"], row["precision"], row["gpu_id"]
            value = float(row["throughput"])
            batch = batches.get((round(cards[gpu].memory_gb), task), {}).get(precision)
            found[(task, precision, gpu)] = (
                saturated(task, precision, batch, value) if batch else value
            )
    return found


def groups_of(table: dict, tasks, precision: str, least: int) -> list[dict[str, float]]:
    """One group per task: the cards measured on it, for ratios within the group only."""
    groups = []
    for task in tasks:
        group = {gpu: v for (t, p, gpu), v in table.items() if t == task and p == precision}
        if len(group) >= least:
            groups.append(group)
    return groups


# compute and bandwidth norms, sustained shares, the CUDA cores' norm
Scale = tuple[float, float, dict[str, float], float]


def geomean(values: list[float]) -> float:
    return math.exp(statistics.mean(map(math.log, values)))


def normalisers(
    cards: dict, ids: set[str], precision: str, sustained: dict[str, float] | None = None
) -> Scale:
    """The class's card-independent constants: the geometric means of the fitted cards'
    compute, bandwidth and CUDA-core rate, and the sustained tensor shares it runs at (empty:
    the spec)."""
    computes = [features(cards[i], precision)[0] for i in ids]
    bandwidths = [features(cards[i], precision)[1] for i in ids]
    return (
        geomean(computes),
        geomean(bandwidths),
        sustained or {},
        geomean([cuda_rate(cards[i]) for i in ids]),
    )


# The third term of a step, a share on the SMs beside the tensor cores and memory
# (planning/speed/training.py: ClassParams.cuda_share), timed at the card's SMs x boost clock
# ("sm-clock", kept); "fp32" times it at the catalog's FP32 rate instead, "none" fits the
# two-term blend: trials, chosen with --cuda-rate. It is fitted in the convolutional classes and
# the mixed-precision transformer class (``CUDA_CLASSES``; --cuda-classes cnn fits the
# convolutional ones alone, all tries every class): in BERT's, the LLM's and the FP32
# transformer classes it made the held-out error worse (docs/PREDICTION.md, "A third term").
CUDA_RATE = "sm-clock"
CONVOLUTIONAL: tuple[str, ...] = ("cnn", "resnet50", "ssd")
CUDA_CLASSES: tuple[str, ...] = (*CONVOLUTIONAL, "transformer/mixed")
CUDA_SHARES = [i / 50 for i in range(26)]  # 0 to 0.5


def cuda_rate(gpu: GpuSpec) -> float:
    return float(gpu.fp32_tflops) if CUDA_RATE == "fp32" else sm_ghz(gpu)


def terms_of(gpu: GpuSpec, precision: str, class_: ClassParams) -> CardTerms:
    return dataclasses.replace(card_terms(gpu, precision, class_), sm_ghz=cuda_rate(gpu))


# Mixed-precision work runs at the tensor rate a card sustains, measured by large matrix
# multiplies (a GeForce card boosts past its spec clock). It lowered BERT, the transformer
# classes and LLM fine-tuning; the convolutional classes, once each run was compared at its
# saturated rate (``saturated``), gained from it too: ResNet-50 mixed across suites 17.8 / 40.8
# against 20.4 / 51.1 on the spec rate, Lambda's named ratios within 20% for the RTX 4090 and
# the A100 (docs/PREDICTION.md). FP32 (TF32) runs keep the spec rate: no measurement of it.
SUSTAINED_KINDS = ("bert", "transformer", "llm", "cnn", "resnet50", "ssd")


def twins(a: GpuSpec, b: GpuSpec) -> bool:
    """Two boards of one chip, product line and power limit whose tensor rates agree within 1%
    (the catalog's A800 is 311.8 TFLOPS to the A100's 312)."""
    rate_a, rate_b = features(a, "mixed")[0], features(b, "mixed")[0]
    return (a.chip or a.id, a.segment, a.board_power_w) == (
        b.chip or b.id,
        b.segment,
        b.board_power_w,
    ) and abs(rate_a / rate_b - 1) <= 0.01


def measured_cards(every: dict, without: str | None = None) -> frozenset[str]:
    """The cards a training suite measured (``every``: ``suites_of``'s classes), but the
    suite ``without``."""
    return frozenset(
        gpu
        for suites in every.values()
        for suite, groups in suites.items()
        if suite != without
        for group in groups
        for gpu in group
    )


def sustained_shares(
    cards: dict, without: str | None = None, trained: frozenset[str] = frozenset()
) -> dict:
    """Measured FP16 matrix multiply over the spec tensor rate (FP32 accumulate on GeForce):
    each measured card's median, and each segment's median for the cards nothing measured,
    all relative to the data-centre median. ``without``: leave one suite's rows out.
    ``trained``: the cards a training suite measured (``measured_cards``)."""
    shares: dict[str, list[float]] = defaultdict(list)
    with MATMUL.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["table"] != without:
                gpu = cards[row["gpu_id"]]
                shares[gpu.id].append(float(row["measured_tflops"]) / features(gpu, "mixed")[0])
    # Twins (one chip, line, power limit and tensor rate: an A800 and an A100 SXM4, a 4090 and
    # its 48 GB rebuild) sustain one share: their rows differ by the software and the host
    # they were run on, not by the card; a share each ranked an A800 1.08x an A100. Where a
    # training suite measured some of the twins, their rows speak for the set: those rows are
    # the ones the fit checks against what training really ran at.
    sets: list[list[str]] = []
    for gpu_id in sorted(shares):
        found = next((s for s in sets if twins(cards[s[0]], cards[gpu_id])), None)
        if found is None:
            sets.append([gpu_id])
        else:
            found.append(gpu_id)
    by_gpu = {}
    for members in sets:
        speaking = [g for g in members if g in trained] or members
        share = statistics.median([v for g in speaking for v in shares[g]])
        # A twin nothing measured (an A10G beside the A10) is the same card as far as a share
        # goes: it takes the set's, not its product line's.
        unmeasured = [
            g for g in sorted(cards) if g not in shares and twins(cards[members[0]], cards[g])
        ]
        by_gpu.update(dict.fromkeys([*members, *unmeasured], share))
    by_segment: dict[str, list[float]] = defaultdict(list)
    for gpu, share in by_gpu.items():
        by_segment[cards[gpu].segment].append(share)
    segment = {k: statistics.median(v) for k, v in by_segment.items()}
    reference = segment["datacenter"]
    return {
        "by_gpu": {g: round(v / reference, 3) for g, v in sorted(by_gpu.items())},
        "by_segment": {k: round(v / reference, 3) for k, v in sorted(segment.items())},
    }


def as_shares(table: dict) -> dict[str, float]:
    """The shares as ClassParams holds them (app/speed_model_file.py reads them the same way)."""
    return {**table["by_gpu"], **{f"segment/{k}": v for k, v in table["by_segment"].items()}}


Params = tuple[float, float, float, float]  # theta, gamma, hbm efficiency, CUDA-core share


def class_params(params: Params, norm: Scale) -> ClassParams:
    return ClassParams(
        theta=params[0],
        gamma=params[1],
        compute_norm_tflops=norm[0],
        bandwidth_norm_gbs=norm[1],
        error_pct=0.0,
        hbm_efficiency=params[2],
        sustained=norm[2],
        cuda_share=params[3],
        cuda_norm_sm_ghz=norm[3],
    )


def has_cuda_term(name: str, precision: str) -> bool:
    """Whether class ``name`` (its kind, "resnet50") at ``precision`` is fitted with the third
    term: ``CUDA_CLASSES`` names a kind (both precisions) or one class ("transformer/mixed")."""
    return CUDA_RATE != "none" and (name in CUDA_CLASSES or f"{name}/{precision}" in CUDA_CLASSES)


def predict_t(card: GpuSpec, precision: str, params: Params, norm: Scale) -> float:
    class_ = class_params(params, norm)
    return terms_time(terms_of(card, precision, class_), class_)


def fit_class(
    groups: list[dict[str, float]], cards: dict, precision: str, norm, name: str
) -> Params:
    """(theta, gamma, h) minimising the squared log error of every pairwise speed ratio within
    each group. Within a group of n, that sum is n * sum(e^2) - (sum e)^2 with e the log of
    measured speed times predicted time: linear in the rows, so the whole grid is cheap."""
    # The fit and its cross-validation visit about ten million rows, and the test suite refits
    # it: each row's card terms are read once (they do not depend on the shape tried), and the
    # class is made once per grid point.
    shapeless = class_params((0.5, 0.0, 1.0, 0.0), norm)
    rows = [
        (index, terms_of(cards[g], precision, shapeless), math.log(v))
        for index, group in enumerate(groups)
        for g, v in group.items()
    ]
    sizes = [len(group) for group in groups]

    def loss(params: Params) -> float:
        class_ = class_params(params, norm)
        sums = [0.0] * len(groups)
        squares = [0.0] * len(groups)
        for index, card, log_speed in rows:
            e = log_speed + math.log(terms_time(card, class_))
            sums[index] += e
            squares[index] += e * e
        return sum(n * q - s * s for n, q, s in zip(sizes, squares, sums, strict=True))

    # Coarse, then fine around the best: the loss is smooth in each parameter.
    # Every share non-negative: compute, CUDA cores and memory split the step.
    shares = CUDA_SHARES if has_cuda_term(name, precision) else [0.0]
    coarse = [
        (t, g, h, v)
        for t in THETAS[::5]
        for v in shares[::5]
        if t + v <= 1
        for g in GAMMAS
        for h in HBM[::2]
    ]
    best = min(coarse, key=loss)
    fine = [
        (t, g, h, v)
        for t in THETAS
        if abs(t - best[0]) <= 0.1
        for v in shares
        if abs(v - best[3]) <= 0.1 and t + v <= 1
        for g in GAMMAS
        for h in HBM
        if abs(h - best[2]) <= 0.1
    ]
    return min(fine, key=loss)


def pair_errors(
    group: dict[str, float], cards: dict, precision: str, params: Params, norm, held: str
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


def leave_out(groups, cards, precision, norm, held_out: set[str], name: str) -> list[float]:
    """Refit without the ``held_out`` cards, then the error of every predicted ratio between
    each of them and the cards not held out that it was measured with."""
    train = [{g: v for g, v in group.items() if g not in held_out} for group in groups]
    params = fit_class([t for t in train if len(t) >= 2], cards, precision, norm, name)
    errors = []
    for group in groups:
        for held in held_out & group.keys():
            others = {g: v for g, v in group.items() if g == held or g not in held_out}
            errors.extend(pair_errors(others, cards, precision, params, norm, held))
    return errors


def leave_one_gpu_out_by_card(groups, cards, precision, norm, name) -> dict[str, list[float]]:
    """Refit without each card, then the error of every predicted ratio between it and the
    others it was measured with: each card's errors."""
    ids = sorted({g for group in groups for g in group})
    return {held: leave_out(groups, cards, precision, norm, {held}, name) for held in ids}


def family_errors(by_card: dict, cards: dict) -> dict[str, float]:
    """Median error of each measured family's cards, held out one at a time."""
    pooled: dict[str, list[float]] = defaultdict(list)
    for held, errors in by_card.items():
        pooled[family(cards[held])].extend(errors)
    return {name: round(statistics.median(e), 1) for name, e in sorted(pooled.items()) if e}


def unmeasured_family_error(groups, cards, precision, norm, name) -> float:
    """A card of a generation no measurement covers (an RTX 5090, say): hold out every card of
    one family at a time, refit, and take the median error of their ratios to the rest."""
    ids = {g for group in groups for g in group}
    errors: list[float] = []
    for name in sorted({family(cards[g]) for g in ids}):
        held = {g for g in ids if family(cards[g]) == name}
        errors.extend(leave_out(groups, cards, precision, norm, held, name))
    return round(statistics.median(errors), 1)


def median_p90(errors: list[float]) -> dict[str, float]:
    ordered = sorted(errors)
    return {
        "median_error_pct": round(statistics.median(ordered), 1),
        "p90_error_pct": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
    }


def summary(errors: list[float]) -> dict:
    return {
        "method": "leave one GPU out: refit without it, then the error of every predicted "
        "speed ratio between it and the others",
        "pairs": len(errors),
        **median_p90(errors),
    }


def card_factor_floor(groups: list[dict[str, float]]) -> list[float]:
    """The pair errors of the best model that gives each card one speed for the whole class:
    a free factor per card (and per task), fitted on every row it is then judged on. No model
    of card features alone can do better on these measurements; what is left is the tasks and
    suites ranking the same cards differently (batch sizes, software, clocks of one system)."""
    return card_factor_floor_on(groups, groups)


def baseline_errors(groups, cards, precision, feature: str) -> list[float]:
    errors = []
    for group in groups:
        ids = sorted(group)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                if feature == "fp32":
                    fa, fb = cards[a].fp32_tflops, cards[b].fp32_tflops
                elif feature == "tensor":
                    fa, fb = features(cards[a], precision)[0], features(cards[b], precision)[0]
                else:
                    fa, fb = cards[a].memory_bandwidth_gbs, cards[b].memory_bandwidth_gbs
                errors.append(abs((fa / fb) / (group[a] / group[b]) - 1) * 100)
    return errors


def load_mli() -> dict:
    """Transformer layers, forward and backward in FP16, one card each (the matrix multiply
    rows are a separate measurement, not a training task)."""
    found: dict = {}
    with MLI.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["table"] == "forward+backward":
                found[(row["task"], row["precision"], row["gpu_id"])] = float(row["tflops"])
    return found


def load_foundry() -> dict:
    """MosaicML's LLM pretraining on eight cards: tokens/s per card by model and sequence."""
    found: dict = {}
    with FOUNDRY.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            task = f"{row['model']}/{row['seq_len']}"
            found[(task, "mixed", row["gpu_id"])] = float(row["tokens_s_per_gpu"])
    return found


def tasks_of(table: dict, precision: str) -> list[str]:
    return sorted({t for (t, p, _g) in table if p == precision})


def suites_of(tables: dict, precision: str) -> dict[str, dict[str, list[dict[str, float]]]]:
    """Every class's measurements, suite by suite: class -> suite -> groups."""
    lam, dle, pytorch = tables["lambda-tf"], tables["nvidia-dle"], tables["lambda-pytorch"]
    mli, foundry = tables["mli-layers"], tables["llm-foundry"]
    dle_tasks = [t for t in tasks_of(dle, precision) if "SSD" not in t]
    bert_tasks = [t for t in dle_tasks if t.startswith("LanguageModeling/BERT")]
    layers = tasks_of(mli, precision)
    return {
        "cnn": {
            "lambda-tf": groups_of(lam, CNN_TASKS, precision, 3),
            "lambda-pytorch": groups_of(pytorch, PYTORCH_TASKS["cnn"], precision, 3),
        },
        "resnet50": {
            "lambda-tf": groups_of(lam, ("resnet50_imagenet",), precision, 3),
            "lambda-pytorch": groups_of(pytorch, PYTORCH_TASKS["resnet50"], precision, 3),
        },
        "ssd": {"lambda-pytorch": groups_of(pytorch, PYTORCH_TASKS["ssd"], precision, 3)},
        "bert": {
            "nvidia-dle": groups_of(dle, bert_tasks, precision, 2),
            "lambda-pytorch": groups_of(pytorch, PYTORCH_TASKS["bert"], precision, 3),
            "mli-layers": groups_of(mli, ("bert_layer",), precision, 2),
        },
        "transformer": {
            "nvidia-dle": groups_of(dle, dle_tasks, precision, 2),
            "lambda-pytorch": groups_of(pytorch, PYTORCH_TASKS["transformer"], precision, 3),
            "mli-layers": groups_of(mli, layers, precision, 2),
        },
        # LLM-sized transformer training: LLM pretraining, the transformer-layer benchmarks
        # (hidden sizes of 768 to 4096, what an LLM fine-tune runs) and the one suite with Ada
        # and Hopper cards beside Ampere ones (its BERT and Transformer-XL tasks).
        "llm": {
            "llm-foundry": groups_of(foundry, tasks_of(foundry, precision), precision, 2),
            "mli-layers": groups_of(mli, layers, precision, 2),
            "lambda-pytorch": groups_of(pytorch, PYTORCH_TASKS["transformer"], precision, 3),
        },
    }


# A class measured by one suite is checked across suites by predicting it with the class its
# job falls back to, fitted without that suite: what the planner would know of a new suite.
FALLBACK = {"resnet50": "cnn", "ssd": "cnn", "bert": "transformer", "llm": "transformer"}


def pooled(suites: dict[str, list[dict[str, float]]], without: str | None = None) -> list:
    return [g for name, groups in suites.items() if name != without for g in groups]


def pair_errors_all(groups, cards, precision, params, norm) -> list[float]:
    """The error of every predicted speed ratio within each group."""
    errors = []
    for group in groups:
        ids = sorted(group)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                predicted = predict_t(cards[b], precision, params, norm) / predict_t(
                    cards[a], precision, params, norm
                )
                errors.append(abs(predicted / (group[a] / group[b]) - 1) * 100)
    return errors


def across_suites(name, every, cards, precision, pooled_errors: list[float]) -> dict:
    """Hold each suite out whole: fit the class on the other suites (or, for a class that one
    suite measures, its fallback class on every other suite), and judge the held-out suite's
    ratios. Next to it, the across-suite floor: a free speed per card fitted on the other
    suites, the best any model that gives a card one speed per class could do there."""
    by_suite: dict[str, dict] = {}
    errors: list[float] = []
    floor: list[float] = []
    for held, groups in every[name].items():
        if not groups:
            continue
        train, fitted = pooled(every[name], held), name
        if not train and name in FALLBACK:
            train, fitted = pooled(every[FALLBACK[name]], held), FALLBACK[name]
        if not train:
            continue
        ids = {g for group in train for g in group}
        shares = (
            as_shares(sustained_shares(cards, held, measured_cards(every, held)))
            if sustained(name, precision)
            else {}
        )
        norm = normalisers(cards, ids, precision, shares)
        params = fit_class(train, cards, precision, norm, fitted)
        found = pair_errors_all(groups, cards, precision, params, norm)
        bound = card_factor_floor_on(train, groups)
        by_suite[held] = {"pairs": len(found), **median_p90(found)}
        if bound:
            by_suite[held]["floor"] = median_p90(bound)
        errors.extend(found)
        pooled_errors.extend(found)
        floor.extend(bound)
    if not errors:
        return {}
    out = {
        "method": "leave one suite out: fit on the other suites, then the error of every "
        "predicted speed ratio in the held-out suite",
        "pairs": len(errors),
        **median_p90(errors),
        "by_suite": by_suite,
    }
    if floor:
        out["floor"] = median_p90(floor)
    return out


def sustained(name: str, precision: str) -> bool:
    return name in SUSTAINED_KINDS and precision == "mixed"


def card_factors(groups: list[dict[str, float]]) -> dict[str, float]:
    """Least squares of log speed = card + task, by alternating means (see card_factor_floor)."""
    rows = [(index, g, math.log(v)) for index, group in enumerate(groups) for g, v in group.items()]
    card: dict[str, float] = {}
    task = [0.0] * len(groups)
    for _ in range(300):
        by_card: dict[str, list[float]] = defaultdict(list)
        for index, g, y in rows:
            by_card[g].append(y - task[index])
        card = {g: statistics.fmean(values) for g, values in by_card.items()}
        by_task: dict[int, list[float]] = defaultdict(list)
        for index, g, y in rows:
            by_task[index].append(y - card[g])
        task = [statistics.fmean(by_task[index]) for index in range(len(groups))]
    return card


def card_factor_floor_on(train, held) -> list[float]:
    """The held-out pair errors of one free speed per card fitted on ``train``."""
    card = card_factors(train)
    errors = []
    for group in held:
        ids = sorted(g for g in group if g in card)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                predicted = math.exp(card[a] - card[b])
                errors.append(abs(predicted / (group[a] / group[b]) - 1) * 100)
    return errors


def llm_anchor(cards: dict) -> dict:
    """The LLM fine-tune anchor: the model FLOPs utilisation Keras 3 LoRA fine-tunes reached on
    an A100 40GB with the TensorFlow backend (4 x parameters FLOPs per token), geometric mean."""
    with KERAS_IO.open(encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["backend"] == "tensorflow"]
    gpu = rows[0]["gpu_id"]
    peak = features(cards[gpu], "mixed")[0] * 1e12
    mfus = []
    for row in rows:
        tokens_s = int(row["batch"]) * int(row["seq_len"]) / (float(row["ms_per_step"]) / 1000)
        mfus.append(tokens_s * 4 * float(row["params_b"]) * 1e9 / peak)
    return {
        "gpu": gpu,
        "mfu": round(math.exp(statistics.fmean(map(math.log, mfus))), 3),
        "source": "Keras 3 LoRA fine-tunes of Mistral 7B and Gemma 7B, batch 8, 128 tokens, "
        "TensorFlow backend, A100 40GB (keras-io benchmarks)",
    }


# Every training class's held-out pair errors pooled (pairs-weighted), by how they were held
# out: what a change to the model's terms is judged by (docs/PREDICTION.md, "Tried and not kept").
HELD_OUT: dict[str, list[float]] = {"leave one GPU out": [], "across suites": []}


def build(inference: dict | None = None) -> dict:
    """The model; ``inference``: the committed LLM inference block, whose errors it reports."""
    data = load_catalog(REPO / "resources" / "catalog")
    cards = {row["id"]: _spec(row) for row in data["gpus"]}
    tables = {
        "lambda-tf": load_lambda(),
        "nvidia-dle": load_dle(),
        "lambda-pytorch": load_pytorch(cards),
        "mli-layers": load_mli(),
        "llm-foundry": load_foundry(),
    }
    model: dict = {
        "version": 3,
        "classes": {},
        "cross_validation": {},
        "baselines": {},
        "floor": {},
    }
    for precision in ("mixed", "fp32"):
        every = suites_of(tables, precision)
        for name, suites in every.items():
            groups = pooled(suites)
            if not groups:
                continue
            ids = {g for group in groups for g in group}
            shares = (
                as_shares(sustained_shares(cards, trained=measured_cards(every)))
                if sustained(name, precision)
                else {}
            )
            norm = normalisers(cards, ids, precision, shares)
            params = fit_class(groups, cards, precision, norm, name)
            key = f"{name}/{precision}"
            model["classes"][key] = {
                "theta": params[0],
                "gamma": params[1],
                "hbm_efficiency": params[2],
                "compute_norm_tflops": round(norm[0], 3),
                "bandwidth_norm_gbs": round(norm[1], 1),
                "fitted_on": sorted(ids),
                "groups": len(groups),
                "suites": sorted(s for s, g in suites.items() if g),
                "sustained": sustained(name, precision),
            }
            if has_cuda_term(name, precision):
                model["classes"][key]["cuda_share"] = params[3]
                model["classes"][key]["cuda_norm_sm_ghz"] = round(norm[3], 3)
            by_card = leave_one_gpu_out_by_card(groups, cards, precision, norm, name)
            HELD_OUT["leave one GPU out"].extend(e for errors in by_card.values() for e in errors)
            model["cross_validation"][key] = {
                **summary([e for errors in by_card.values() for e in errors]),
                "by_family": family_errors(by_card, cards),
                "unmeasured_family_pct": unmeasured_family_error(
                    groups, cards, precision, norm, name
                ),
            }
            across = across_suites(name, every, cards, precision, HELD_OUT["across suites"])
            if across:
                model["cross_validation"][key]["across_suites"] = across
            model["floor"][key] = median_p90(card_factor_floor(groups))
            model["baselines"][key] = {
                feature: round(
                    statistics.median(baseline_errors(groups, cards, precision, feature)), 1
                )
                for feature in ("fp32", "tensor", "bandwidth")
            }
    model["cross_validation"].update(llm_inference_errors(cards, inference))
    model["excluded"] = EXCLUDED
    model["anchors"] = ANCHORS
    model["llm_anchor"] = llm_anchor(cards)
    model["sustained_tensor"] = {
        **sustained_shares(cards, trained=measured_cards(suites_of(tables, "mixed"))),
        "source": "measured FP16 matrix multiplies (resources/measurements/"
        "matmul_fp16_measured.csv) over the spec rate, relative to the data-centre median",
    }
    return model


def llm_inference_errors(cards: dict, inference: dict | None) -> dict:
    """The LLM decode and prefill fit's leave-one-GPU-out errors (tools/fit_llm_inference.py),
    so one report holds every class: those of the committed inference block, which
    tests/test_llm_inference.py proves a fresh fit, or worked out here when there is none."""
    if inference is not None:
        cross = inference["cross_validation"]
    else:
        cross = fit_llm_inference.leave_one_gpu_out(fit_llm_inference._rows(cards))
    method = "leave one GPU out: refit without it, then the error of each of its measured rows"
    return {
        f"llm-{phase}": {
            "method": method,
            "rows": numbers["rows"],
            "median_error_pct": numbers["median_error_pct"],
            "p90_error_pct": numbers["p90_error_pct"],
        }
        for phase, numbers in cross.items()
    }


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


def base_from_large(rate: float, precision: Precision) -> float:
    """BERT-base's throughput at the BERT-large anchor's batch and sequence, from that run: the
    large model's saturated rate (its step freed of its 24 layers' fixed time) moved by the two
    models' training FLOPs a sequence, then run with the base model's 12 layers' fixed time.
    Moving the measured throughput itself by the FLOPs moves the fixed time with it: that put
    BERT-base 12% above this in mixed precision (1,070 sequences/s against 955.8; FP32 714
    against 661.9, 8%), over the
    ceiling of most cards in Lambda's suite, whose ratios the ceiling then flattened to their
    peaks (BERT-base mixed 15.9 / 30.3% -> 11.2 / 21.9%, tools/check_speed_suites.py)."""
    large, base = KERAS["bert-large"], KERAS["bert-base"]
    shape = batching.ANCHOR_SHAPES["bert-large"]
    batch = shape.mixed_batch if precision == "mixed" else shape.fp32_batch
    saturated = batching.saturated_from(rate, batch, batching.preset_fixed_s(large, precision))
    saturated *= train_flops_per_unit("bert-large", shape.seq) / train_flops_per_unit(
        "bert-base", shape.seq
    )
    return round(batching.at_batch(saturated, batch, batching.preset_fixed_s(base, precision)), 1)


LARGE = ANCHORS["bert-large"]
ANCHORS["bert-base"] = {
    "gpu": LARGE["gpu"],
    "mixed": base_from_large(float(LARGE["mixed"]), "mixed"),
    "fp32": base_from_large(float(LARGE["fp32"]), "fp32"),
    "unit": "sequences/s",
    "source": "BERT-large seq 128 on A100 40GB (356.8 / 238.1 sentences/s, NVIDIA DLE), its "
    "saturated rate moved by base vs large training FLOPs, at the same batch of 64",
}


def main() -> int:
    global CUDA_RATE, CUDA_CLASSES
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed file differs")
    parser.add_argument(
        "--cuda-rate",
        choices=("none", "fp32", "sm-clock"),
        default=CUDA_RATE,
        help="the third term's rate (CUDA-core work): none, the FP32 rate, or SMs x clock",
    )
    parser.add_argument(
        "--cuda-classes",
        choices=("kept", "cnn", "all"),
        default="kept",
        help="the classes fitted with the third term: those kept, the convolutional ones, or all",
    )
    parser.add_argument(
        "--out", type=Path, default=OUT, help="where to write the model (a trial: not the resource)"
    )
    args = parser.parse_args()
    CUDA_RATE = args.cuda_rate
    if args.cuda_classes == "all":
        CUDA_CLASSES = (*CONVOLUTIONAL, "bert", "transformer", "llm")
    elif args.cuda_classes == "cnn":
        CUDA_CLASSES = CONVOLUTIONAL
    # The LLM inference block is fitted by tools/fit_llm_inference.py: keep it.
    kept = (
        json.loads(OUT.read_text(encoding="utf-8")).get("llm_inference") if OUT.is_file() else None
    )
    model = build(kept)
    if kept is not None:
        model["llm_inference"] = kept
    text = json.dumps(model, indent=2, sort_keys=True) + "\n"
    if args.check:
        return 0 if OUT.read_text(encoding="utf-8") == text else 1
    args.out.write_text(text, encoding="utf-8")
    print(
        json.dumps(
            {k: v for k, v in model.items() if k in ("cross_validation", "baselines", "floor")},
            indent=2,
        )
    )
    print(json.dumps({k: (v["theta"], v["gamma"]) for k, v in model["classes"].items()}))
    print(error_table(model))
    print(held_out_table(model))
    return 0


def held_out_table(model: dict) -> str:
    """Every training class's held-out error in one line per way of holding out: the classes'
    medians and 90th percentiles averaged with their pairs as weights (the form of
    docs/PREDICTION.md's "Tried and not kept" tables), and every pair's error pooled."""
    lines = []
    for how, errors in HELD_OUT.items():
        blocks = [
            block
            for name in model["classes"]
            for cross in (model["cross_validation"][name],)
            for block in ((cross if how == "leave one GPU out" else cross.get("across_suites")),)
            if block
        ]
        pairs = sum(b["pairs"] for b in blocks)
        median = sum(b["pairs"] * b["median_error_pct"] for b in blocks) / pairs
        p90 = sum(b["pairs"] * b["p90_error_pct"] for b in blocks) / pairs
        pooled_pct = median_p90(errors)
        lines.append(
            f"every training class, {how} ({pairs} pairs): pairs-weighted "
            f"{median:.1f} / {p90:.1f}; pooled {pooled_pct['median_error_pct']} / "
            f"{pooled_pct['p90_error_pct']}"
        )
    return "\n".join(lines)


def error_table(model: dict) -> str:
    """Every class's and every engine's errors in one table: leave one GPU out, and across
    suites (each suite held out whole), with the across-suite floor."""
    lines = ["class or engine        leave one GPU out   across suites     floor (across)"]

    def pct(block: dict | None) -> str:
        if not block:
            return "-"
        return f"{block['median_error_pct']:.1f} / {block['p90_error_pct']:.1f}"

    for name in sorted(model["classes"]):
        cross = model["cross_validation"][name]
        across = cross.get("across_suites") or {}
        lines.append(f"{name:22} {pct(cross):19} {pct(across):17} {pct(across.get('floor'))}")
    engines = (model.get("llm_inference") or {}).get("engines") or {}
    for name, fitted in sorted(engines.items()):
        decode = fitted["cross_validation"]["decode"]
        how = "across suites" if decode.get("across_suite_rows") else "one suite"
        lines.append(f"decode {name:15} {'-':19} {pct(decode):17} ({how}, {decode['rows']} rows)")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
