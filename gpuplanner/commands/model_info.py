"""``gpuplanner model-info FILE``: what a Keras model of your own needs, read in a child Python
(the probe's), and, with ``--gpu``, its memory and speed on those cards."""

from __future__ import annotations

import argparse
from pathlib import Path

from gpuplanner.app import catalog_admin, model_info, predictions
from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.commands.args import positive_int
from gpuplanner.commands.output import EXIT_OK, error, guard, print_json, print_table
from gpuplanner.commands.planning_input import machine_of
from gpuplanner.core.errors import EXIT_FAILURE
from gpuplanner.core.vocab import LANGUAGES, as_precision
from gpuplanner.report.model_text import refusal_text


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "model-info",
        help="a Keras model of your own (.keras, SavedModel): parameters, FLOPs, activations, "
        "and its job",
    )
    parser.add_argument(
        "file", type=Path, metavar="FILE", help="a .keras file, or a SavedModel's folder"
    )
    parser.add_argument(
        "--python",
        metavar="PATH",
        help="load it with the TensorFlow of this Python (default: the app's)",
    )
    parser.add_argument("--precision", choices=("fp32", "mixed"), help="(mixed)")
    parser.add_argument("--batch", type=positive_int, help="the batch per card (32)")
    parser.add_argument(
        "--gpu", action="append", default=[], metavar="NAME", help="a card (repeat for several)"
    )
    parser.add_argument("--probe", type=Path, metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--snapshot", type=Path, metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--language", choices=LANGUAGES, default=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=cmd_model_info)


@guard
def cmd_model_info(args: argparse.Namespace) -> int:
    gpus = catalog_admin.cards(args.gpu) if args.gpu else []
    read = model_info.read(args.file, args.python)
    if isinstance(read, model_info.Refusal):
        error(refusal_text(read, args.language))
        return EXIT_FAILURE
    facts = model_info.facts(read)
    plan = None
    if gpus:
        data = load_catalog(user_data=False).data
        cards = predictions.Cards(gpus, data, machine_of(args, data))
        plan = predictions.own_training(
            cards,
            model_info.own_model(read),
            as_precision(args.precision) if args.precision else None,
            args.batch,
            model_info.optimizer_of(read),
        )
    if args.json:
        print_json({"model": facts, "plan": plan})
        return EXIT_OK
    print(
        f"{args.file.name}: {facts['parameters']:,} parameters "
        f"({facts['trainable']:,} trainable, {facts['non_trainable']:,} not), "
        f"input {' + '.join(str(tuple(s)) for s in facts['input_shapes'])}"
    )
    print(
        f"per sample: {facts['forward_flops'] / 1e9:.3g} GFLOP forward, "
        f"{facts['backward_flops'] / 1e9:.3g} GFLOP backward; "
        f"activations {facts['activation_mb_fp32']:g} MB in FP32"
        + (
            f" ({facts['activation_mb_measured']:g} MB measured on the GPU)"
            if facts["activation_mb_measured"] is not None
            else ""
        )
    )
    print(
        f"optimizer: {facts['optimizer'] or 'none saved (Adam assumed)'}, "
        f"{facts['optimizer_state_mb']:g} MB of state"
    )
    if plan is not None:
        print(
            f"{plan['precision']}, batch {plan['batch']}: {plan['memory_needed_gb']:g} GB; "
            f"speed moved from the measured {plan['anchor']} run by FLOPs"
        )
        print_table(
            ["GPU", "throughput", "typical error"],
            [
                [p["gpu"], f"{p['throughput']:,.1f} {p['unit']}", f"±{p['error_pct']:.0f}%"]
                if p["fits"]
                else [
                    p["gpu"],
                    f"does not fit: needs {p['memory_needed_gb']:g} GB, "
                    f"{p['usable_gb']:g} GB usable",
                    "",
                ]
                for p in plan["predictions"]
            ],
        )
    return EXIT_OK
