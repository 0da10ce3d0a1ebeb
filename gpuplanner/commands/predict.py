"""``gpuplanner predict``: each card's predicted speed, for training or LLM inference."""

from __future__ import annotations

import argparse
from pathlib import Path

from gpuplanner.app import catalog_admin, predictions
from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.app.choices import LLMS, PREDICT_WORKLOADS, USUAL_CONTEXT
from gpuplanner.commands.args import add_engine_option, positive_float, positive_int
from gpuplanner.commands.output import EXIT_OK, guard, print_json, print_table
from gpuplanner.commands.planning_input import machine_of


def _no_fit_text(p: dict) -> str:
    cards, split = p["cards_sharded"], p.get("cards_layer_split")
    more = f"; {cards} of them sharded (Keras 3 on JAX)" if cards and cards > 1 else ""
    if split and split > 1:
        more = f"; {split} of them with the layers split between them"
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
        choices=PREDICT_WORKLOADS,
    )
    job.add_argument("--model", help=f"an LLM preset ({', '.join(sorted(LLMS))})")
    pred.add_argument("--mode", choices=("inference",), help="with --model: inference")
    pred.add_argument("--bits", type=int, choices=(16, 8, 4), help="weight precision (16)")
    add_engine_option(pred)
    pred.add_argument(
        "--batch",
        type=positive_int,
        help="LLM inference: requests decoded together (1); training: the batch per card "
        "(the workload's default)",
    )
    pred.add_argument(
        "--seq",
        type=positive_int,
        help=f"tokens per sequence: LLM inference context ({USUAL_CONTEXT}); training: the "
        "workload's own (BERT 128, llm-* 2048)",
    )
    pred.add_argument("--precision", choices=("fp32", "mixed"), help="training (mixed)")
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


def _print_inference(args: argparse.Namespace, result: dict) -> int:
    """``predict --model M --mode inference``: single-stream (or --batch) decode, and prefill."""
    if args.json:
        print_json(result)
        return EXIT_OK
    how = "across suites" if result["engine_validated_across_suites"] else "within one suite"
    measured = ""
    if not result["engine_validated"]:
        once = "measured once, not validated" if result["engine_measured"] else "not measured"
        measured = f"; {result['bits']}-bit {once}: error doubled"
    print(
        f"{result['model']}, {result['bits']}-bit weights, batch {result['batch']}, "
        f"context {result['seq']}, engine {result['engine']}"
        f"{' (the default)' if result['engine_default'] else ''}: "
        f"decode (generated tokens/s) and prefill, relative to {result['reference']}\n"
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
    gpus = catalog_admin.cards(args.gpu)
    data = load_catalog(user_data=False).data
    cards = predictions.Cards(gpus, data, machine_of(args, data))
    if args.model:
        result = predictions.inference(
            cards, args.model, args.bits, args.engine, args.batch, args.seq
        )
        return _print_inference(args, result)
    result = predictions.training(
        cards, args.workload, args.precision, args.batch, args.params, seq=args.seq
    )
    precision = result["precision"]
    if args.json:
        print_json(result)
        return EXIT_OK
    shape = f"batch {result['batch']}" + (f", sequence {result['seq']}" if result["seq"] else "")
    print(
        f"{args.workload} ({precision}, {shape}), relative to {result['reference']}"
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
