"""Fit the LLM inference model (planning/speed/training.py: inference_speed) on measured decode speeds.

Reads resources/measurements/llm_decode_llamacpp.csv (single cards only), fits the bandwidth
efficiency and the per-layer overhead per weight format on the GDDR cards, then HBM's share of
its peak and its extra time per layer on the HBM cards, and the prefill efficiency per format;
reports leave-one-GPU-out errors, and with --write stores the fit in
resources/models/speed_model.json under "llm_inference". Prints JSON. The error llama.cpp's
plans state for a format is the largest error of any card of the table held out of the fit:
every card the table holds was within it when the fit had not seen it. A second table of the
same repository (llm_decode_llamacpp_heldout.csv: nine workstation and datacenter cards, a later
llama.cpp) is never fitted: the fit's errors on it are reported as "held_out_table".

Then each engine on its own (resources/measurements/llm_decode_engines.csv and the llama.cpp
table): the same physics, with the engine's share of the bandwidth and its cost per layer
fitted per weight format, and each engine validated across suites, every suite held out whole
in turn, where two suites measured it (within its one suite, row by row, where not). llama.cpp
is fitted on the table above only; its other two suites check it.

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
from gpuplanner.planning.speed.decode import (
    InferenceParams,
    decode_tokens_s,
    inference_shape,
    inference_speed,
)

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA = REPO_ROOT / "resources" / "measurements" / "llm_decode_llamacpp.csv"
HELD_OUT_DATA = REPO_ROOT / "resources" / "measurements" / "llm_decode_llamacpp_heldout.csv"
ENGINE_DATA = REPO_ROOT / "resources" / "measurements" / "llm_decode_engines.csv"
LLAMA_SUITE = "xiongjiedai-llama.cpp"
# The formats each engine loads (planning/job/engines.py holds the same facts for the planner).
ENGINE_BITS = {
    "keras": (16, 8),
    "llama.cpp": (16, 8, 4),
    "vllm": (16, 8, 4),
    "exllama": (8, 4),
    "transformers": (16, 8, 4),
}
WIDE_OVERHEADS = [round(0.01 * i, 2) for i in range(0, 501)]  # 0 .. 5 ms per layer
MODEL = REPO_ROOT / "resources" / "models" / "speed_model.json"
EFFICIENCIES = [
    round(0.30 + 0.01 * i, 2) for i in range(61)
]  # 0.30 .. 0.90: DRAM never reaches its peak
OVERHEADS = [round(0.005 * i, 3) for i in range(61)]  # 0 .. 0.3 ms per layer
# The mean context while decoding, by table: llama-bench's tg 512 grows it from 0 to 512; the
# LLaMA 2 overview ran `main -n 1024` after a 494-token prompt (its notebooks' logs: "prompt
# eval ... 494 tokens", "eval ... 1023 runs"), from 494 to 1,517.
CONTEXT_BY_TABLE = {
    "llama3-tg512-pp512": 256,
    "llama3-pro-tg512-pp512": 256,
    "llama2-overview": 1006,
}
HBM_FACTORS = [round(0.40 + 0.01 * i, 2) for i in range(61)]  # 0.40 .. 1.00
HBM_OVERHEADS = [round(0.0025 * i, 4) for i in range(61)]  # 0 .. 0.15 ms more per layer
# Prefill is fitted on llama-bench's pp512 only: the LLaMA 2 overview's "prompt eval" speeds
# were measured another way (shorter prompts) and run about 1.7x lower on the same cards.
PREFILL_TABLE = "llama3-tg512-pp512"


def _hbm(row) -> bool:
    return row["gpu"].hbm


def _rows(gpus, path: Path = DATA):
    with path.open(encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["cards"] == "1"]
    return [_prepared({**row, "context": CONTEXT_BY_TABLE[row["table"]]}, gpus) for row in rows]


def _prepared(row: dict, gpus) -> dict:
    """A measured row with its card, format, KV cache bytes per token and context as numbers."""
    row["gpu"] = gpus[row["gpu_id"]]
    # The run's own ECC state where its notebook shows one other than the board's default (the
    # LLaMA 2 table's RTX 6000 Ada ran with ECC on: 46,068 MiB of 49,140): the card as that
    # machine ran it, as a scan's installed card is (planning/speed/bandwidth.py).
    if row.get("ecc_on") == "yes":
        row["gpu"] = replace(row["gpu"], ecc_on=True)
    row["bits"] = int(row["bits"])
    row["kv"] = 2 * int(row["layers"]) * int(row["kv_heads"]) * int(row["head_dim"]) * 2
    row["context"] = int(row["context"])
    # What a decode step moves and computes: fixed for the row, read once for every grid point
    # the fits try (several million of them in the test suite's refit).
    row["shape"] = inference_shape(
        row["gpu"],
        float(row["params_b"]),
        int(row["layers"]),
        row["kv"],
        row["bits"],
        1,
        row["context"],
        float(row["weights_gb"]),
        engine=row.get("engine", "llama.cpp"),
    )
    return row


def _prefill(row, params: InferenceParams) -> float:
    return inference_speed(row["shape"], params).prefill_tokens_s  # the context moves no FLOPs


def _log_error(predicted: float, measured: float) -> float:
    return math.log(predicted / measured) ** 2


def fit(rows) -> InferenceParams:
    base = InferenceParams(
        bandwidth_efficiency={16: 0.8, 8: 0.8, 4: 0.8},
        overhead_ms_per_layer={16: 0.1, 8: 0.1, 4: 0.1},
        prefill_efficiency={16: 0.5, 8: 0.5, 4: 0.5},
        decode_error_pct=0.0,
        prefill_error_pct=0.0,
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
                    _log_error(_decode_at(r, trial), float(r["decode_tokens_s"])) for r in subset
                )
                scored.append((error, efficiency, cost))
        _error, chosen[bits], overhead[bits] = min(scored)
    # No INT8 measurement: 8-bit weights are read like the others, halfway between.
    chosen[8] = round((chosen[16] + chosen[4]) / 2, 2)
    overhead[8] = round((overhead[16] + overhead[4]) / 2, 3)
    fitted = replace(base, bandwidth_efficiency=chosen, overhead_ms_per_layer=overhead)
    # HBM's share of its peak and its extra time per layer part on models of two sizes (7B
    # and 70B): the one scales with the bytes, the other with the layers.
    hbm = [r for r in rows if _hbm(r)]
    factor, extra = 1.0, 0.0
    if hbm:
        _error, factor, extra = min(
            (_loss(hbm, replace(fitted, hbm_factor=f, hbm_overhead_ms_per_layer=x)), f, x)
            for f in HBM_FACTORS
            for x in HBM_OVERHEADS
        )
    prefill = {}
    bench = [r for r in rows if r["table"] == PREFILL_TABLE]
    for bits in (16, 4):
        subset = [r for r in bench if r["bits"] == bits]
        unit = replace(base, prefill_efficiency={16: 1.0, 8: 1.0, 4: 1.0})
        ratios = [float(r["prefill_tokens_s"]) / _prefill(r, unit) for r in subset]
        prefill[bits] = round(math.exp(statistics.fmean(math.log(x) for x in ratios)), 3)
    prefill[8] = round((prefill[16] + prefill[4]) / 2, 3)
    return InferenceParams(
        bandwidth_efficiency=chosen,
        overhead_ms_per_layer=overhead,
        prefill_efficiency=prefill,
        decode_error_pct=0.0,
        prefill_error_pct=0.0,
        hbm_factor=factor,
        hbm_overhead_ms_per_layer=extra,
    )


def leave_one_gpu_out(rows) -> dict:
    """Each card's rows predicted by the fit made without that card; ``max_error_by_bits``, the
    largest of them for each format (rounded up), is the error llama.cpp's plans state."""
    decode, prefill = [], []
    by_bits: dict[int, list[float]] = {}
    for gpu_id in sorted({r["gpu_id"] for r in rows}):
        params = fit([r for r in rows if r["gpu_id"] != gpu_id])
        for row in (r for r in rows if r["gpu_id"] == gpu_id):
            decode.append(abs(_decode_at(row, params) / float(row["decode_tokens_s"]) - 1))
            by_bits.setdefault(row["bits"], []).append(decode[-1])
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

    return {
        "decode": {
            **summary(decode),
            "max_error_by_bits": {
                str(bits): math.ceil(1000 * max(errors)) / 10
                for bits, errors in sorted(by_bits.items())
            },
        },
        "prefill": summary(prefill),
    }


def held_out_table(gpus, params: InferenceParams, stated: dict[str, float]) -> dict:
    """The fit's decode errors on a table it never saw (other cards, another llama.cpp build),
    by format, and every row outside the error the plans state."""
    rows = _rows(gpus, HELD_OUT_DATA)
    found = [(r, _decode_at(r, params) / float(r["decode_tokens_s"]) - 1) for r in rows]
    by_bits = {}
    for bits in sorted({r["bits"] for r in rows}):
        errors = sorted(abs(e) for r, e in found if r["bits"] == bits)
        by_bits[str(bits)] = {
            "rows": len(errors),
            "median_error_pct": round(100 * statistics.median(errors), 1),
            "max_error_pct": round(100 * errors[-1], 1),
        }
    return {
        "data": str(HELD_OUT_DATA.relative_to(REPO_ROOT)),
        "by_bits": by_bits,
        "outside_stated": [
            [r["gpu_id"], r["bits"], round(100 * e, 1)]
            for r, e in found
            if abs(e) * 100 > stated[str(r["bits"])]
        ],
    }


def engine_rows(gpus) -> list[dict]:
    """Every measured single-stream decode: the llama.cpp table and the engines' suites."""
    rows = []
    for row in _rows(gpus):
        rows.append({**row, "engine": "llama.cpp", "suite": LLAMA_SUITE})
    with ENGINE_DATA.open(encoding="utf-8") as handle:
        rows += [_prepared(row, gpus) for row in csv.DictReader(handle)]
    return rows


def _decode_at(row, params: InferenceParams) -> float:
    return decode_tokens_s(row["shape"], params)


def _with(params: InferenceParams, bits: int, efficiency: float, overhead: float):
    return replace(
        params,
        bandwidth_efficiency={**params.bandwidth_efficiency, bits: efficiency},
        overhead_ms_per_layer={**params.overhead_ms_per_layer, bits: overhead},
    )


def _loss(rows, params) -> float:
    return sum(_log_error(_decode_at(r, params), float(r["decode_tokens_s"])) for r in rows)


def fit_engine(rows: list[dict], base: InferenceParams, engine: str) -> InferenceParams:
    """The engine's share of the bandwidth and cost per layer for each format it was measured
    with. Both are fitted where its rows span models of several sizes (the per-byte and the
    per-layer costs then part); otherwise only the cost per layer, the bandwidth share taken
    from ``base`` (reading weights from DRAM is the same physics in every engine), or only the
    share when the engine is faster than ``base``'s share allows at no cost per layer. Formats
    it runs but was never measured with take the nearest measured format's figures."""
    params = replace(base, engine=engine)
    if rows and all(_hbm(r) for r in rows):
        # Measured on HBM cards only: the share and the cost per layer fitted are HBM's, and a
        # GDDR card is taken to reach the same (llama.cpp's lower share of HBM, and its longer
        # layers there, are its small kernels').
        params = replace(params, hbm_factor=1.0, hbm_overhead_ms_per_layer=0.0)
    measured = sorted({r["bits"] for r in rows})
    for bits in measured:
        subset = [r for r in rows if r["bits"] == bits]
        sizes = [float(r["weights_gb"]) for r in subset]
        if len(set(sizes)) >= 3 and max(sizes) >= 2 * min(sizes):
            grid = [(e, o) for e in EFFICIENCIES for o in WIDE_OVERHEADS[::2]]
        else:
            grid = [(base.bandwidth_efficiency[bits], o) for o in WIDE_OVERHEADS]
        best = min(grid, key=lambda eo: _loss(subset, _with(params, bits, *eo)))
        if best[1] == 0.0 and len(sizes) < 3:
            best = min(
                ((e, 0.0) for e in EFFICIENCIES),
                key=lambda eo: _loss(subset, _with(params, bits, *eo)),
            )
        params = _with(params, bits, *best)
    for bits in ENGINE_BITS[engine]:
        if bits not in measured and measured:
            nearest = min(measured, key=lambda b: abs(b - bits))
            params = _with(
                params,
                bits,
                params.bandwidth_efficiency[nearest],
                params.overhead_ms_per_layer[nearest],
            )
    return params


def _fit_any(engine: str, rows: list[dict], base: InferenceParams) -> InferenceParams:
    """llama.cpp on its own table uses its own fit; any other engine, or llama.cpp without
    that table, the general engine fit."""
    table = [r for r in rows if r["suite"] == LLAMA_SUITE]
    if engine == "llama.cpp" and table:
        return replace(fit(table), engine=engine)
    return fit_engine(rows, base, engine)


def _errors(held: list[dict], params: InferenceParams) -> tuple[list[tuple[int, float]], list]:
    """(bits, error) of each held-out row, and the errors of every ratio between two cards
    measured on the same model, format and suite."""
    rows = [(r, _decode_at(r, params)) for r in held]
    errors = [(r["bits"], abs(p / float(r["decode_tokens_s"]) - 1)) for r, p in rows]
    pairs = []
    for i, (a, pa) in enumerate(rows):
        for b, pb in rows[i + 1 :]:
            same = (a["model"], a["bits"], a["suite"]) == (b["model"], b["bits"], b["suite"])
            if same and a["gpu_id"] != b["gpu_id"]:
                measured = float(a["decode_tokens_s"]) / float(b["decode_tokens_s"])
                pairs.append(abs((pa / pb) / measured - 1))
    return errors, pairs


def _summary(errors: list[float]) -> dict:
    ordered = sorted(errors)
    return {
        "rows": len(ordered),
        "median_error_pct": round(100 * statistics.median(ordered), 1),
        "p90_error_pct": round(100 * ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 1),
    }


def validate_engine(engine: str, rows: list[dict], base: InferenceParams) -> dict:
    """Each row's error with the fit made without it: across suites where another suite
    measured the engine with the same format (the row's whole suite held out), else within its
    suite (the row alone held out) where other rows of that format remain. A format measured
    by a single row has no validation and is not listed in ``error_by_bits``."""
    suites = sorted({r["suite"] for r in rows})
    errors: list[tuple[int, float, bool]] = []
    pairs: list[float] = []
    by_suite: dict[str, list[float]] = {}
    for held in suites:
        train = [r for r in rows if r["suite"] != held]
        formats = {r["bits"] for r in train}
        test = [r for r in rows if r["suite"] == held and r["bits"] in formats]
        if test:
            found, found_pairs = _errors(test, _fit_any(engine, train, base))
            by_suite[held] = [e for _b, e in found]
            errors += [(b, e, True) for b, e in found]
            pairs += found_pairs
        for index, row in enumerate(rows):
            if row["suite"] != held or row["bits"] in formats:
                continue
            rest = rows[:index] + rows[index + 1 :]
            if not any(r["bits"] == row["bits"] for r in rest):
                continue
            found, _ = _errors([row], _fit_any(engine, rest, base))
            errors += [(b, e, False) for b, e in found]
    if not errors:
        return {}
    across = any(a for _b, _e, a in errors)
    return {
        "method": "each row held out: its whole suite where another suite measured the engine "
        "in that format, else the row alone",
        "across_suites": across,
        "suites": suites,
        **_summary([e for _b, e, _a in errors]),
        "across_suite_rows": sum(1 for _b, _e, a in errors if a),
        "pairs": _summary(pairs) if pairs else None,
        "by_suite": {name: _summary(found) for name, found in by_suite.items()},
        "error_by_bits": {
            str(bits): round(100 * statistics.median(e for b, e, _a in errors if b == bits), 1)
            for bits in sorted({b for b, _e, _a in errors})
        },
    }


def engines_block(gpus, base: InferenceParams, prefill: dict, table_errors: dict) -> dict:
    """Every engine's fit and validation; prefill is llama.cpp's fit (``prefill``: its error)
    for every engine, the compute-bound phase that engines run alike. llama.cpp states
    ``table_errors``: by format, the largest error of a card of its table held out of the fit
    (its suites' check is reported beside it)."""
    rows = engine_rows(gpus)
    out = {}
    for engine in ENGINE_BITS:
        mine = [r for r in rows if r["engine"] == engine]
        params = _fit_any(engine, mine, base)
        cross = validate_engine(engine, mine, base)
        # llama.cpp states the worst card of its own table held out (its other suites, each
        # held out whole, check it as well and are reported beside it).
        stated = table_errors if engine == "llama.cpp" else cross.get("error_by_bits", {})
        out[engine] = {
            "bandwidth_efficiency": {
                str(k): v for k, v in sorted(params.bandwidth_efficiency.items())
            },
            "overhead_ms_per_layer": {
                str(k): v for k, v in sorted(params.overhead_ms_per_layer.items())
            },
            "prefill_efficiency": {str(k): v for k, v in sorted(base.prefill_efficiency.items())},
            "hbm_factor": params.hbm_factor,
            "hbm_overhead_ms_per_layer": params.hbm_overhead_ms_per_layer,
            "measured_bits": sorted({r["bits"] for r in mine}),
            "error_by_bits": stated,
            "across_suites": cross.get("across_suites", False),
            "cross_validation": {
                "decode": {k: v for k, v in cross.items() if k != "error_by_bits"},
                "prefill": {**prefill, "note": "llama.cpp's prefill fit"},
            },
        }
    return out


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
        "hbm_overhead_ms_per_layer": params.hbm_overhead_ms_per_layer,
        "cross_validation": cross,
        "data": str(DATA.relative_to(REPO_ROOT)),
    }
    block["held_out_table"] = held_out_table(gpus, params, cross["decode"]["max_error_by_bits"])
    block["engines"] = engines_block(
        gpus, params, cross["prefill"], cross["decode"]["max_error_by_bits"]
    )
    print(json.dumps(block, indent=2))
    if "--write" in sys.argv[1:]:
        model = json.loads(MODEL.read_text(encoding="utf-8"))
        model["llm_inference"] = block
        MODEL.write_text(json.dumps(model, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
