"""Fit the LLM inference model (planning/speed.py: llm_inference) on measured decode speeds.

Reads resources/measurements/llm_decode_llamacpp.csv (single cards only), fits the bandwidth
efficiency per weight format, one per-layer overhead and the prefill efficiency per format,
reports leave-one-GPU-out errors, and with --write stores the fit in
resources/models/speed_model.json under "llm_inference". Prints JSON.

Usage: python tools/fit_llm_inference.py [--write]
"""

from __future__ import annotations

import csv
import json
import math
import statistics
import sys
from dataclasses import replace
from pathlib import Path

from gpuplanner.catalog.store import Catalog
from gpuplanner.planning.speed import InferenceParams, is_hbm, llm_inference

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA = REPO_ROOT / "resources" / "measurements" / "llm_decode_llamacpp.csv"
MODEL = REPO_ROOT / "resources" / "models" / "speed_model.json"
EFFICIENCIES = [
    round(0.30 + 0.01 * i, 2) for i in range(61)
]  # 0.30 .. 0.90: DRAM never reaches its peak
OVERHEADS = [round(0.005 * i, 3) for i in range(61)]  # 0 .. 0.3 ms per layer
CONTEXT = 256  # tg 512: the context grows from 0 to 512 tokens
HBM_FACTORS = [round(0.40 + 0.01 * i, 2) for i in range(61)]  # 0.40 .. 1.00
# Prefill is fitted on llama-bench's pp512 only: the LLaMA 2 overview's "prompt eval" speeds
# were measured another way (shorter prompts) and run about 1.7x lower on the same cards.
PREFILL_TABLE = "llama3-tg512-pp512"


def _hbm(row) -> bool:
    return is_hbm(row["gpu"])


def _rows(gpus):
    with DATA.open(encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["cards"] == "1"]
    for row in rows:
        row["gpu"] = gpus[row["gpu_id"]]
        row["bits"] = int(row["bits"])
        row["kv"] = 2 * int(row["layers"]) * int(row["kv_heads"]) * int(row["head_dim"]) * 2
    return rows


def _decode(row, params: InferenceParams) -> float:
    return llm_inference(
        row["gpu"],
        float(row["params_b"]),
        int(row["layers"]),
        row["kv"],
        row["bits"],
        1,
        CONTEXT,
        params,
        float(row["weights_gb"]),
    ).decode_tokens_s


def _prefill(row, params: InferenceParams) -> float:
    return llm_inference(
        row["gpu"], float(row["params_b"]), int(row["layers"]), row["kv"], row["bits"], 1, 1, params
    ).prefill_tokens_s


def _log_error(predicted: float, measured: float) -> float:
    return math.log(predicted / measured) ** 2


def fit(rows) -> InferenceParams:
    base = InferenceParams(
        {16: 0.8, 8: 0.8, 4: 0.8}, {16: 0.1, 8: 0.1, 4: 0.1}, {16: 0.5, 8: 0.5, 4: 0.5}, 0.0, 0.0
    )
    chosen, overhead = {}, {}
    gddr = [r for r in rows if not _hbm(r)]
    for bits in (16, 4):
        subset = [r for r in gddr if r["bits"] == bits]
        scored = []
        for cost in OVERHEADS:
            for efficiency in EFFICIENCIES:
                trial = replace(
                    base,
                    overhead_ms_per_layer={**base.overhead_ms_per_layer, bits: cost},
                    bandwidth_efficiency={**base.bandwidth_efficiency, bits: efficiency},
                )
                error = sum(
                    _log_error(_decode(r, trial), float(r["decode_tokens_s"])) for r in subset
                )
                scored.append((error, efficiency, cost))
        _error, chosen[bits], overhead[bits] = min(scored)
    # No INT8 measurement: 8-bit weights are read like the others, halfway between.
    chosen[8] = round((chosen[16] + chosen[4]) / 2, 2)
    overhead[8] = round((overhead[16] + overhead[4]) / 2, 3)
    fitted = replace(base, bandwidth_efficiency=chosen, overhead_ms_per_layer=overhead)
    hbm = [r for r in rows if _hbm(r)]
    factor = 1.0
    if hbm:
        factor = min(
            (
                sum(
                    _log_error(
                        _decode(r, replace(fitted, hbm_factor=f)), float(r["decode_tokens_s"])
                    )
                    for r in hbm
                ),
                f,
            )
            for f in HBM_FACTORS
        )[1]
    prefill = {}
    bench = [r for r in rows if r["table"] == PREFILL_TABLE]
    for bits in (16, 4):
        subset = [r for r in bench if r["bits"] == bits]
        unit = replace(base, prefill_efficiency={16: 1.0, 8: 1.0, 4: 1.0})
        ratios = [float(r["prefill_tokens_s"]) / _prefill(r, unit) for r in subset]
        prefill[bits] = round(math.exp(statistics.fmean(math.log(x) for x in ratios)), 3)
    prefill[8] = round((prefill[16] + prefill[4]) / 2, 3)
    return InferenceParams(chosen, overhead, prefill, 0.0, 0.0, factor)


def leave_one_gpu_out(rows) -> dict:
    decode, prefill = [], []
    for gpu_id in sorted({r["gpu_id"] for r in rows}):
        params = fit([r for r in rows if r["gpu_id"] != gpu_id])
        for row in (r for r in rows if r["gpu_id"] == gpu_id):
            decode.append(abs(_decode(row, params) / float(row["decode_tokens_s"]) - 1))
            if row["table"] == PREFILL_TABLE:
                prefill.append(abs(_prefill(row, params) / float(row["prefill_tokens_s"]) - 1))

    def summary(errors):
        ordered = sorted(errors)
        return {
            "rows": len(ordered),
            "median_error_pct": round(100 * statistics.median(ordered), 1),
            "p90_error_pct": round(
                100 * ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 1
            ),
        }

    return {"decode": summary(decode), "prefill": summary(prefill)}


def main() -> int:
    with Catalog.open() as catalog:
        gpus = {g.id: g for g in catalog.load_all().gpus}
    rows = _rows(gpus)
    params = fit(rows)
    cross = leave_one_gpu_out(rows)
    block = {
        "bandwidth_efficiency": {str(k): v for k, v in sorted(params.bandwidth_efficiency.items())},
        "overhead_ms_per_layer": {
            str(k): v for k, v in sorted(params.overhead_ms_per_layer.items())
        },
        "prefill_efficiency": {str(k): v for k, v in sorted(params.prefill_efficiency.items())},
        "hbm_factor": params.hbm_factor,
        "cross_validation": cross,
        "data": str(DATA.relative_to(REPO_ROOT)),
    }
    print(json.dumps(block, indent=2))
    if "--write" in sys.argv[1:]:
        model = json.loads(MODEL.read_text(encoding="utf-8"))
        model["llm_inference"] = block
        MODEL.write_text(json.dumps(model, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
