"""``gpuplanner vram``, ``predict`` and ``recommend``: the planning engine from the command line."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gpuplanner.catalog.errors import AmbiguousGpu, CatalogError
from gpuplanner.catalog.store import Catalog
from gpuplanner.commands.args import positive_float, positive_int
from gpuplanner.commands.output import error, open_user_db, print_json, print_table
from gpuplanner.commands.plan_print import print_plan
from gpuplanner.hardware.snapshot import SnapshotError, load_file
from gpuplanner.inventory import case_of, enrich, machine_facts, supply_of
from gpuplanner.planning import memory
from gpuplanner.planning.physical import CaseSpec
from gpuplanner.planning.power import SOCKETS, PsuSpec
from gpuplanner.planning.recommend import PlanError, PlanRequest, job_memory, recommend
from gpuplanner.planning.routes import ROUTES
from gpuplanner.planning.scenarios import Scenario
from gpuplanner.planning.speed import (
    WORKLOAD_CLASS,
    kv_bytes_per_token,
    llm_inference,
    predict,
    predict_llm,
)
from gpuplanner.planning.workloads import KERAS, LLM_MODES, LLMS, find_llm
from gpuplanner.probe.results import ProbeFileError
from gpuplanner.probe.results import load as load_probe
from gpuplanner.report.json_export import plan_json
from gpuplanner.speed_model_file import load_speed_model

EXIT_OK, EXIT_FAILURE = 0, 1
WORKLOADS = (*KERAS, "llm")


def register(subparsers) -> None:
    vram = subparsers.add_parser(
        "vram",
        help="GPU memory a workload needs, with the breakdown",
        description="GPU memory for a Keras workload or an LLM (inference, full, LoRA, QLoRA).",
    )
    who = vram.add_mutually_exclusive_group(required=True)
    who.add_argument("--model", help=f"an LLM preset ({', '.join(sorted(LLMS))})")
    who.add_argument(
        "--params",
        type=positive_float,
        metavar="N",
        help="LLM parameters, e.g. 7e9 or 7 (billions)",
    )
    who.add_argument("--workload", choices=tuple(KERAS), help="a Keras workload preset")
    vram.add_argument("--mode", choices=LLM_MODES, default="qlora")
    vram.add_argument("--seq", type=positive_int, help="sequence length (LLM default 2048)")
    vram.add_argument("--batch", type=positive_int, help="batch size per card")
    vram.add_argument(
        "--precision", choices=("fp32", "mixed"), default="mixed", help="Keras workloads"
    )
    vram.add_argument(
        "--bits", type=int, choices=(16, 8, 4), default=16, help="inference weight precision"
    )
    vram.add_argument(
        "--no-checkpointing", action="store_true", help="without gradient checkpointing"
    )
    vram.add_argument("--json", action="store_true")
    vram.set_defaults(handler=cmd_vram)

    pred = subparsers.add_parser(
        "predict",
        help="predicted speed of cards: training throughput, or LLM inference (decode, prefill)",
    )
    job = pred.add_mutually_exclusive_group(required=True)
    job.add_argument("--workload", choices=(*WORKLOAD_CLASS, "llm-full", "llm-lora", "llm-qlora"))
    job.add_argument("--model", help=f"an LLM preset ({', '.join(sorted(LLMS))})")
    pred.add_argument(
        "--mode", choices=("inference",), default="inference", help="with --model: inference"
    )
    pred.add_argument("--bits", type=int, choices=(16, 8, 4), default=16, help="weight precision")
    pred.add_argument(
        "--batch", type=positive_int, default=1, help="concurrent requests decoded together"
    )
    pred.add_argument("--seq", type=positive_int, default=4096, help="context length in tokens")
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

    rec = subparsers.add_parser("recommend", help="ranked GPUs for a scenario, budget and workload")
    rec.add_argument("--scenario", choices=[s.value for s in Scenario], required=True)
    rec.add_argument(
        "--budget", type=positive_float, help="total budget (default: the scenario's typical)"
    )
    rec.add_argument("--currency", choices=("CNY", "USD"), default="CNY")
    rec.add_argument("--workload", choices=WORKLOADS)
    rec.add_argument("--model", help="an LLM preset (implies --workload llm)")
    rec.add_argument("--mode", choices=LLM_MODES)
    rec.add_argument("--seq", type=positive_int)
    rec.add_argument("--batch", type=positive_int)
    rec.add_argument("--precision", choices=("fp32", "mixed"), default="mixed")
    rec.add_argument("--psu-watts", type=positive_float, metavar="W")
    rec.add_argument("--psu-atx", choices=("2", "3"), default="2")
    rec.add_argument("--psu-12v2x6", action="store_true", help="the supply has a 12V-2x6 cable")
    rec.add_argument(
        "--psu-12v2x6-cables", type=int, metavar="N", help="how many 12V-2x6 cables the supply has"
    )
    rec.add_argument("--psu-8pin", type=int, metavar="N", help="separate PCIe 8-pin cables")
    rec.add_argument(
        "--keep-psu",
        action="store_true",
        help="do not offer options that need a new power supply",
    )
    rec.add_argument(
        "--tf-route",
        choices=ROUTES,
        default="official",
        help="how TensorFlow will be installed: official pip wheels (default), NVIDIA's NGC "
        "container, or Keras 3 on the JAX/PyTorch backend",
    )
    rec.add_argument(
        "--accept-rocm", action="store_true", help="AMD cards through ROCm on Linux are fine"
    )
    rec.add_argument(
        "--bits", type=int, choices=(16, 8, 4), default=16, help="LLM inference weight precision"
    )
    rec.add_argument("--gpu-clearance-mm", type=positive_int)
    rec.add_argument("--free-slots", type=int)
    rec.add_argument(
        "--socket", choices=tuple(SOCKETS), default=None, help="wall socket (default by currency)"
    )
    rec.add_argument("--tariff", type=positive_float, help="electricity price per kWh")
    rec.add_argument("--snapshot", type=Path, metavar="FILE", help="a saved scan of this machine")
    rec.add_argument("--probe", type=Path, metavar="FILE", help="a saved probe result")
    rec.add_argument("--max-gpus", type=positive_int)
    rec.add_argument("--used-ok", action="store_true", help="consider used cards")
    rec.add_argument(
        "--shop-only", action="store_true", help="only cards in the imported shop lists"
    )
    rec.add_argument("--language", choices=("en", "zh_CN"), default="en")
    rec.add_argument("--top", type=positive_int, default=10, help="options to print (text)")
    rec.add_argument("--json", action="store_true")
    rec.set_defaults(handler=cmd_recommend)


def _guard(handler):
    def run(args) -> int:
        try:
            return handler(args)
        except AmbiguousGpu as exc:
            error(f"{exc.query!r} matches several cards: {', '.join(exc.candidates)}")
            return EXIT_FAILURE
        except (CatalogError, PlanError, SnapshotError, ProbeFileError) as exc:
            error(str(exc))
            return EXIT_FAILURE

    return run


@_guard
def cmd_vram(args) -> int:
    if args.workload:
        preset = KERAS[args.workload]
        estimate = memory.keras_training(
            preset, args.batch or preset.default_batch, args.precision, seq=args.seq
        )
        label = f"{args.workload} ({args.precision}, batch {args.batch or preset.default_batch})"
    else:
        if args.model:
            model = find_llm(args.model)
            if model is None:
                error(f"unknown model {args.model!r}; known: {', '.join(sorted(LLMS))}")
                return EXIT_FAILURE
        else:
            size_b = args.params / 1e9 if args.params > 1e4 else args.params
            request = PlanRequest(
                Scenario.LLM, llm_params_b=size_b, llm_mode=args.mode, workload="llm"
            )
            _, model, _ = job_memory(request, "llm")
        estimate = memory.llm(
            model,
            args.mode,
            seq=args.seq or (4096 if args.mode == "inference" else 2048),
            batch=args.batch or 1,
            checkpointing=not args.no_checkpointing,
            inference_bits=args.bits,
        )
        label = f"{model.name} {args.mode}"
    cards = {gb: memory.cards_needed(estimate, gb) for gb in (12, 16, 24, 48, 80)}
    data = {
        "workload": label,
        "total_gb": estimate.total_gb,
        "breakdown": [{"name": p.name, "gb": p.gb, "formula": p.formula} for p in estimate.parts],
        "shardable_gb": estimate.shardable_gb,
        "cards_needed": {f"{gb}GB": n for gb, n in cards.items()},
        "notes": list(estimate.notes),
    }
    if args.json:
        print_json(data)
        return EXIT_OK
    print(f"{label}: {estimate.total_gb:g} GB on one card")
    print_table(["part", "GB", "how"], [[p.name, f"{p.gb:.2f}", p.formula] for p in estimate.parts])
    print(
        "Cards needed (sharded when more than one): "
        + ", ".join(f"{gb} GB: {n if n else 'more than 64'}" for gb, n in cards.items())
    )
    for note in estimate.notes:
        print(f"Note: {note}")
    return EXIT_OK


def _snapshot(args, catalog_data):
    if getattr(args, "snapshot", None):
        return enrich(load_file(args.snapshot), catalog_data)
    return None


def _machine(args, catalog_data, snapshot=None):
    probe = load_probe(args.probe) if getattr(args, "probe", None) else None
    snapshot = snapshot if snapshot is not None else _snapshot(args, catalog_data)
    return machine_facts(snapshot, probe, catalog_data)


def _predict_inference(args, gpus, data, facts) -> int:
    """``predict --model M --mode inference``: single-stream (or --batch) decode, and prefill."""
    model = find_llm(args.model)
    if model is None:
        error(f"unknown model {args.model!r}; known: {', '.join(sorted(LLMS))}")
        return EXIT_FAILURE
    params = load_speed_model().inference
    by_id = {g.id: g for g in data.gpus}
    reference = by_id.get(facts.current_gpu_id or "") or gpus[0]
    kv = kv_bytes_per_token(model.layers, model.kv_heads, model.head_dim)
    rows = []
    for gpu in gpus:
        result = llm_inference(
            gpu, model.params_b, model.layers, kv, args.bits, args.batch, args.seq, params
        )
        rows.append((gpu, result))
    base = llm_inference(
        reference, model.params_b, model.layers, kv, args.bits, args.batch, args.seq, params
    ).decode_tokens_s
    result = {
        "model": model.name,
        "mode": "inference",
        "bits": args.bits,
        "batch": args.batch,
        "seq": args.seq,
        "reference": reference.name,
        "predictions": [
            {
                "gpu": gpu.name,
                "gpu_id": gpu.id,
                "count": 1,
                "throughput": r.decode_tokens_s,
                "unit": "tokens/s",
                "prefill_tokens_s": r.prefill_tokens_s,
                "relative": round(r.decode_tokens_s / base, 3),
                "bound": r.bound,
                "uncertainty_pct": params.decode_error_pct * (1 if gpu.vendor == "NVIDIA" else 2),
            }
            for gpu, r in rows
        ],
    }
    if args.json:
        print_json(result)
        return EXIT_OK
    print(
        f"{model.name}, {args.bits}-bit weights, batch {args.batch}, context {args.seq}: "
        f"decode (generated tokens/s) and prefill, relative to {reference.name}"
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
            for p in result["predictions"]
        ],
    )
    return EXIT_OK


@_guard
def cmd_predict(args) -> int:
    with Catalog.open() as catalog:
        gpus = [catalog.resolve(name) for name in args.gpu]
        data = catalog.load_all()
    by_id = {g.id: g for g in data.gpus}
    facts = _machine(args, data)
    if args.model:
        return _predict_inference(args, gpus, data, facts)
    reference = by_id.get(facts.current_gpu_id or "") if facts.current_gpu_id else None
    if args.workload.startswith("llm-"):
        predictions = predict_llm(
            args.params, args.workload[4:], gpus, reference, facts.machine_factor
        )
        precision = "mixed"
    else:
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
        "reference": (reference or gpus[0]).name,
        "calibrated": facts.machine_factor is not None,
        "predictions": [
            {
                "gpu": p.gpu,
                "gpu_id": p.gpu_id,
                "throughput": p.throughput,
                "unit": p.unit,
                "relative": p.relative,
                "error_pct": p.error_pct,
            }
            for p in predictions
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
            [p.gpu, f"{p.throughput:,.1f} {p.unit}", f"{p.relative:.2f}x", f"±{p.error_pct:.0f}%"]
            for p in predictions
        ],
    )
    return EXIT_OK


@_guard
def cmd_recommend(args) -> int:
    with Catalog.open() as catalog:
        data = catalog.load_all()
    with open_user_db() as user:
        shop_prices = tuple(user.shop_prices())
    workload = "llm" if args.model else args.workload
    snapshot = _snapshot(args, data)
    psu = (
        PsuSpec(
            args.psu_watts,
            args.psu_atx,
            args.psu_12v2x6 or bool(args.psu_12v2x6_cables),
            args.psu_8pin,
            cables_12v2x6=args.psu_12v2x6_cables,
        )
        if args.psu_watts
        else supply_of(snapshot)
    )
    case = (
        CaseSpec(args.gpu_clearance_mm, args.free_slots)
        if (args.gpu_clearance_mm or args.free_slots is not None)
        else case_of(snapshot)
    )
    request = PlanRequest(
        scenario=Scenario(args.scenario),
        currency=args.currency,
        budget=args.budget,
        workload=workload,
        precision=args.precision,
        batch=args.batch,
        llm_model=args.model,
        llm_mode=args.mode,
        bits=args.bits,
        seq=args.seq,
        max_gpus=args.max_gpus,
        used_ok=args.used_ok,
        shop_only=args.shop_only,
        psu=psu,
        keep_psu=args.keep_psu,
        case=case,
        socket=args.socket or ("CN-10A" if args.currency == "CNY" else "US-15A"),
        tariff=args.tariff,
        language=args.language,
        tf_route=args.tf_route,
        accept_rocm=args.accept_rocm,
        today=dt.date.today().isoformat(),
        machine=_machine(args, data, snapshot),
    )
    plan = recommend(request, data, load_speed_model(), shop_prices)
    if args.json:
        print_json(plan_json(plan))
        return EXIT_OK
    print_plan(plan, args.language, args.top)
    return EXIT_OK
