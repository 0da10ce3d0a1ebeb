"""``gpuplanner predict``: each card's predicted speed, for training or LLM inference."""

from __future__ import annotations

import argparse
from pathlib import Path

from gpuplanner.app.catalog_data import load_catalog, open_catalog
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog.records import CatalogData, GpuSpec
from gpuplanner.commands.args import add_engine_option, positive_float, positive_int
from gpuplanner.commands.output import EXIT_FAILURE, EXIT_OK, error, guard, print_json, print_table
from gpuplanner.commands.planning_input import machine_of
from gpuplanner.planning import engines, memory
from gpuplanner.planning.job import FINE_TUNING_SEQ, INFERENCE_SEQ, stand_in_llm
from gpuplanner.planning.request import MachineFacts
from gpuplanner.planning.speed import (
    WORKLOAD_CLASS,
    InferenceSpeed,
    kv_bytes_per_token,
    llm_inference,
    predict,
    predict_llm,
    uncertainty_pct,
)
from gpuplanner.planning.workloads import KERAS, LLMS, find_llm


def _fit(estimate: memory.MemoryEstimate, gpu: GpuSpec, shardable: bool = True) -> dict:
    """Whether the card holds the job: a prediction for a job it cannot hold is no prediction."""
    fit = memory.fit_on(estimate, gpu.memory_gb)
    return {
        "fits": fit.fits,
        "memory_needed_gb": fit.needed_gb,
        "memory_per_card_gb": fit.card_gb,
        "usable_gb": fit.usable_gb,
        # Several cards hold it only when the weights are sharded (Keras 3 on JAX); on the
        # official wheels and NGC every card must hold the whole job.
        "cards_sharded": fit.sharded_cards if shardable else None,
    }


def _speeds(fit: dict, **speeds: float | None) -> dict:
    """The fit facts and the speeds, or no speeds at all for a job the card cannot hold."""
    return {**fit, **{k: (v if fit["fits"] else None) for k, v in speeds.items()}}


def _no_fit_text(p: dict) -> str:
    cards = p["cards_sharded"]
    more = f"; {cards} of them sharded (Keras 3 on JAX)" if cards and cards > 1 else ""
    return (
        f"does not fit: needs {p['memory_needed_gb']:g} GB on one card, "
        f"{p['usable_gb']:g} GB usable{more}"
    )


def register(subparsers: argparse._SubParsersAction) -> None:
    pred = subparsers.add_parser(
        "predict",
        help="predicted speed of cards: training throughput, or LLM inference (decode, prefill)",
    )
    job = pred.add_mutually_exclusive_group(required=True)
    job.add_argument(
        "--workload",
        choices=(*WORKLOAD_CLASS, "llm-full", "llm-lora", "llm-lora-int8", "llm-qlora"),
    )
    job.add_argument("--model", help=f"an LLM preset ({', '.join(sorted(LLMS))})")
    pred.add_argument(
        "--mode", choices=("inference",), default="inference", help="with --model: inference"
    )
    pred.add_argument("--bits", type=int, choices=(16, 8, 4), default=16, help="weight precision")
    add_engine_option(pred)
    pred.add_argument(
        "--batch",
        type=positive_int,
        help="LLM inference: requests decoded together (1); training: the batch per card "
        "(the workload's default)",
    )
    pred.add_argument(
        "--seq", type=positive_int, default=INFERENCE_SEQ, help="context length in tokens"
    )
    pred.add_argument("--precision", choices=("fp32", "mixed"), default="mixed")
    pred.add_argument(
        "--gpu", action="append", required=True, metavar="NAME", help="a card (repeat for several)"
    )
    pred.add_argument(
        "--params", type=positive_float, default=7.0, help="LLM size in billions (llm-* workloads)"
    )
    pred.add_argument(
        "--probe", type=Path, metavar="FILE", help="calibrate to this machine with a probe result"
    )
    pred.add_argument("--snapshot", type=Path, metavar="FILE", help="the machine the probe ran on")
    pred.add_argument("--json", action="store_true")
    pred.set_defaults(handler=cmd_predict)


def _predict_inference(
    args: argparse.Namespace, gpus: list[GpuSpec], data: CatalogData, facts: MachineFacts
) -> int:
    """``predict --model M --mode inference``: single-stream (or --batch) decode, and prefill."""
    model = find_llm(args.model)
    if model is None:
        error(f"unknown model {args.model!r}; known: {', '.join(sorted(LLMS))}")
        return EXIT_FAILURE
    engine = args.engine or engines.default_engine(args.bits)
    engines.require(engine, args.bits)  # the guard prints its refusal
    params = load_speed_model().engine(engine)
    if params is None:  # a speed model file made before the inference fit
        error("the speed model has no LLM inference fit; run tools/fit_llm_inference.py")
        return EXIT_FAILURE
    by_id = {g.id: g for g in data.gpus}
    reference = by_id.get(facts.current_gpu_id or "") or gpus[0]
    kv = kv_bytes_per_token(model.layers, model.kv_heads, model.head_dim)

    def speed(gpu: GpuSpec) -> InferenceSpeed:
        return llm_inference(
            gpu,
            model.params_b,
            model.layers,
            kv,
            args.bits,
            args.batch or 1,
            args.seq,
            params,
            active_b=model.active_b,
        )

    batch = args.batch or 1
    estimate = memory.llm(model, "inference", seq=args.seq, batch=batch, inference_bits=args.bits)
    rows = [(gpu, speed(gpu)) for gpu in gpus]
    base = speed(reference).decode_tokens_s
    result = {
        "model": model.name,
        "mode": "inference",
        "bits": args.bits,
        "engine": engine,
        "engine_default": args.engine is None,
        "engine_validated_across_suites": params.across_suites,
        "engine_measured": params.measured(args.bits),
        "engine_validated": params.validated(args.bits),
        "batch": batch,
        "memory_needed_gb": estimate.total_gb,
        "seq": args.seq,
        "reference": reference.name,
        "predictions": [
            {
                "gpu": gpu.name,
                "gpu_id": gpu.id,
                "count": 1,
                **_speeds(
                    _fit(estimate, gpu),
                    throughput=r.decode_tokens_s,
                    prefill_tokens_s=r.prefill_tokens_s,
                    relative=round(r.decode_tokens_s / base, 3),
                ),
                "unit": "tokens/s",
                "bound": r.bound,
                "uncertainty_pct": uncertainty_pct(params.error_pct(args.bits), gpu),
            }
            for gpu, r in rows
        ],
    }
    if args.json:
        print_json(result)
        return EXIT_OK
    how = "across suites" if params.across_suites else "within one suite"
    measured = ""
    if not params.validated(args.bits):
        once = "measured once, not validated" if params.measured(args.bits) else "not measured"
        measured = f"; {args.bits}-bit {once}: error doubled"
    print(
        f"{model.name}, {args.bits}-bit weights, batch {batch}, context {args.seq}, "
        f"engine {engine}{' (the default)' if args.engine is None else ''}: "
        f"decode (generated tokens/s) and prefill, relative to {reference.name}\n"
        f"typical error: the engine's validated error ({how}{measured})"
    )
    print_table(
        ["GPU", "decode", "prefill", "relative", "bound by", "typical error"],
        [
            [
                p["gpu"],
                f"{p['throughput']:,.1f} tokens/s",
                f"{p['prefill_tokens_s']:,.0f} tokens/s",
                f"{p['relative']:.2f}x",
                p["bound"],
                f"±{p['uncertainty_pct']:.0f}%",
            ]
            if p["fits"]
            else [p["gpu"], _no_fit_text(p), "", "", "", ""]
            for p in result["predictions"]
        ],
    )
    return EXIT_OK


@guard
def cmd_predict(args: argparse.Namespace) -> int:
    with open_catalog() as catalog:
        gpus = [catalog.resolve(name) for name in args.gpu]
    data = load_catalog(user_data=False).data
    by_id = {g.id: g for g in data.gpus}
    facts = machine_of(args, data)
    if args.model:
        return _predict_inference(args, gpus, data, facts)
    reference = by_id.get(facts.current_gpu_id or "") if facts.current_gpu_id else None
    if args.workload.startswith("llm-"):
        estimate = memory.llm(
            stand_in_llm(args.params), args.workload[4:], seq=FINE_TUNING_SEQ, batch=args.batch or 1
        )
        predictions = predict_llm(
            args.params,
            args.workload[4:],
            gpus,
            reference,
            facts.machine_factor,
            load_speed_model(),
            by_id=by_id,
        )
        precision = "mixed"
    else:
        preset = KERAS[args.workload]
        estimate = memory.keras_training(preset, args.batch or preset.default_batch, args.precision)
        predictions = predict(
            args.workload,
            args.precision,
            gpus,
            load_speed_model(),
            by_id,
            reference,
            facts.machine_factor,
        )
        precision = args.precision
    result = {
        "workload": args.workload,
        "precision": precision,
        "memory_needed_gb": estimate.total_gb,
        "reference": (reference or gpus[0]).name,
        "calibrated": facts.machine_factor is not None,
        "predictions": [
            {
                "gpu": p.gpu,
                "gpu_id": p.gpu_id,
                **_speeds(
                    _fit(estimate, gpu, shardable=args.workload.startswith("llm-")),
                    throughput=p.throughput,
                    relative=p.relative,
                ),
                "unit": p.unit,
                "error_pct": uncertainty_pct(p.error_pct, gpu),
            }
            for p, gpu in zip(predictions, gpus, strict=True)
        ],
    }
    if args.json:
        print_json(result)
        return EXIT_OK
    print(
        f"{args.workload} ({precision}), relative to {result['reference']}"
        + (" (calibrated by the probe)" if result["calibrated"] else "")
    )
    print_table(
        ["GPU", "throughput", "relative", "typical error"],
        [
            [
                p["gpu"],
                f"{p['throughput']:,.1f} {p['unit']}",
                f"{p['relative']:.2f}x",
                f"±{p['error_pct']:.0f}%",
            ]
            if p["fits"]
            else [p["gpu"], _no_fit_text(p), "", ""]
            for p in result["predictions"]
        ],
    )
    return EXIT_OK
