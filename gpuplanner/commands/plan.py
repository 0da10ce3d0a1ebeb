"""``gpuplanner vram`` and ``recommend``: the planning engine from the command line."""

from __future__ import annotations

import argparse
import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.app import memory_need, model_info, scanning, user_prices
from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.app.choices import KERAS, LLM_MODES, LLMS
from gpuplanner.app.job_fields import job_inputs
from gpuplanner.app.plan_request import entered_case, entered_supply, plan_request
from gpuplanner.app.planner import plan as make_plan
from gpuplanner.app.probing import read_result
from gpuplanner.commands.args import (
    add_engine_option,
    add_job_options,
    output_path,
    positive_float,
    positive_int,
)
from gpuplanner.commands.output import (
    EXIT_FAILURE,
    EXIT_OK,
    error,
    guard,
    print_json,
    print_table,
    warn,
    warn_ignored,
)
from gpuplanner.commands.plan_print import print_plan
from gpuplanner.commands.planning_input import snapshot_of
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.markets import SOCKETS
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.vocab import ATX_VERSIONS, CURRENCIES, LANGUAGES, PSU_RATINGS
from gpuplanner.core.words import fill, translatable
from gpuplanner.report import job_text, memory_text
from gpuplanner.report.json_export import plan_json
from gpuplanner.report.model_text import refusal_text

if TYPE_CHECKING:
    from gpuplanner.app.records import CatalogData, Plan, PlanRequest, ProbeResult, SystemSnapshot

WORKLOADS = (*KERAS, "llm")


def register(subparsers: argparse._SubParsersAction) -> None:
    _register_vram(subparsers)
    _register_recommend(subparsers)


def _register_vram(subparsers: argparse._SubParsersAction) -> None:
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
    vram.add_argument(
        "--mode", choices=LLM_MODES, help="LLM inference or a fine-tuning method (qlora)"
    )
    vram.add_argument("--seq", type=positive_int, help="sequence length (LLM default 2048)")
    vram.add_argument("--batch", type=positive_int, help="batch size per card")
    vram.add_argument("--precision", choices=("fp32", "mixed"), help="Keras workloads (mixed)")
    vram.add_argument(
        "--bits", type=int, choices=(16, 8, 4), help="inference weight precision (16)"
    )
    add_engine_option(vram)
    vram.add_argument(
        "--no-checkpointing", action="store_true", help="without gradient checkpointing"
    )
    vram.add_argument("--json", action="store_true")
    vram.add_argument("--language", choices=LANGUAGES, default=argparse.SUPPRESS)
    vram.set_defaults(handler=cmd_vram)


def _register_recommend(subparsers: argparse._SubParsersAction) -> None:
    """The scenario and money, the job (from the field table), the machine as the user tells
    it (supply, case, socket, files), and how the plan is shown."""
    rec = subparsers.add_parser("recommend", help="ranked GPUs for a scenario, budget and workload")
    rec.add_argument("--scenario", choices=[s.value for s in Scenario], required=True)
    rec.add_argument("--currency", choices=CURRENCIES, default="CNY")
    add_job_options(rec)  # the job and the choices, from the one field table
    rec.add_argument("--psu-watts", type=positive_float, metavar="W")
    rec.add_argument("--psu-rating", choices=PSU_RATINGS, help="80 PLUS rating")
    rec.add_argument("--psu-atx", choices=ATX_VERSIONS, default="2")
    rec.add_argument("--psu-12v2x6", action="store_true", help="the supply has a 12V-2x6 cable")
    rec.add_argument(
        "--psu-12v2x6-cables", type=int, metavar="N", help="how many 12V-2x6 cables the supply has"
    )
    rec.add_argument("--psu-8pin", type=int, metavar="N", help="separate PCIe 8-pin cables")
    rec.add_argument("--gpu-clearance-mm", type=positive_int)
    rec.add_argument("--free-slots", type=int)
    rec.add_argument(
        "--socket", choices=tuple(SOCKETS), default=None, help="wall socket (default by currency)"
    )
    rec.add_argument("--snapshot", type=Path, metavar="FILE", help="a saved scan of this machine")
    rec.add_argument("--probe", type=Path, metavar="FILE", help="a saved probe result")
    rec.add_argument(
        "--today",
        type=_iso_date,
        help=argparse.SUPPRESS,  # price ages from another day: for checking a recorded plan
    )
    rec.add_argument(
        "--price",
        action="append",
        default=[],
        metavar="NAME=AMOUNT[:used]",
        help="the price you see for a card, in --currency, for this run (repeatable)",
    )
    rec.add_argument("--language", choices=LANGUAGES, default=argparse.SUPPRESS)
    rec.add_argument("--top", type=positive_int, default=10, help="options to print (text)")
    rec.add_argument("--json", action="store_true")
    rec.add_argument(
        "--report",
        type=output_path,
        metavar="FILE",
        help="also write the full report: FILE.html or FILE.pdf, in --language",
    )
    rec.set_defaults(handler=cmd_recommend)


def _vram_inputs(args: argparse.Namespace) -> JobInputs:
    """The job ``vram`` is asked about, as given: what was not given the resolver fills in."""
    given = {
        "workload": args.workload,
        "llm_model": args.model,
        "llm_params_b": args.params,
        "llm_mode": args.mode,
        "seq": args.seq,
        "batch": args.batch,
        "precision": args.precision,
        "bits": args.bits,
        "engine": args.engine,
    }
    return JobInputs(**{name: value for name, value in given.items() if value is not None})


@guard
def cmd_vram(args: argparse.Namespace) -> int:
    shape, estimate = memory_need.job_estimate(
        _vram_inputs(args), checkpointing=not args.no_checkpointing
    )
    if args.workload:
        words = job_text.translator(args.language)
        label = " · ".join(
            (
                words(job_text.WORKLOAD[args.workload]),
                words(job_text.PRECISION[shape.precision]),
                fill(words(translatable("Report", "batch {n}")), n=str(shape.batch)),
            )
        )
    else:
        name = memory_need.llm_model_name(args.model, args.params)
        assert shape.method is not None  # an LLM's model or size: an LLM job
        label = f"{name} · {job_text.translator(args.language)(job_text.MODE[shape.method])}"
    # A Keras job runs replicated on every TensorFlow route: one card holds it or none does.
    # An LLM's weights can be sharded, on Keras 3 with JAX (the keras-other route) only.
    llm_job = not args.workload
    cards = memory_need.cards_needed(estimate, (12, 16, 24, 48, 80), sharded=llm_job)
    data = {
        "workload": label,
        "total_gb": estimate.total_gb,
        "breakdown": [
            {
                "name": p.name,
                "gb": p.gb,
                "formula": memory_text.part_formula(p, args.language),
                "formula_id": p.formula,
                "label": memory_text.part_name(p, args.language),
            }
            for p in estimate.parts
        ],
        "shardable_gb": estimate.shardable_gb,
        "cards_needed": {f"{gb}GB": n for gb, n in cards.items()},
        "notes": [memory_text.note_text(n, args.language) for n in estimate.notes],
    }
    if args.json:
        print_json(data)
        return EXIT_OK
    words = job_text.translator(args.language)
    print(
        f"{label}: "
        + fill(words(translatable("Report", "{gb} GB on one card")), gb=f"{estimate.total_gb:g}")
    )
    print_table(
        [
            words(translatable("Report", "Part")),
            "GB",
            words(translatable("Report", "How it is counted")),
        ],
        [[name, f"{gb:.2f}", how] for name, gb, how in memory_text.rows(estimate, args.language)],
    )
    if llm_job:
        more = words(translatable("Report", "more than 64"))
        # What each card needs whatever the count (activations, logits, context): a card
        # smaller than that holds no share of the job however many there are.
        never = words(translatable("Report", "never"))

        def count(gb: int, n: int | None) -> str:
            if n:
                return str(n)
            return never if memory_need.no_share_fits(estimate, gb) else more

        engine_split = shape.method == "inference" and shape.engine != "keras"
        line = (
            translatable(
                "Report", "Cards needed (more than one: the engine splits the layers): {list}"
            )
            if engine_split
            else translatable(
                "Report", "Cards needed (more than one: sharded, Keras 3 on JAX only): {list}"
            )
        )
        item = words(translatable("Report", "{gb} GB: {n}"))
        listed = words(translatable("Report", ", ")).join(
            fill(item, gb=str(gb), n=count(gb, n)) for gb, n in cards.items()
        )
    else:
        yes, no = (
            words(translatable("Report", "fits")),
            words(translatable("Report", "does not fit")),
        )
        line = translatable(
            "Report", "On one card (TensorFlow replicates, it never shards): {list}"
        )
        listed = ", ".join(f"{gb} GB: {yes if n else no}" for gb, n in cards.items())
    print(fill(words(line), list=listed))
    for note in estimate.notes:
        print(
            fill(
                words(translatable("Report", "Note: {text}")),
                text=memory_text.note_text(note, args.language),
            )
        )
    return EXIT_OK


def _write_report(
    args: argparse.Namespace,
    plan: Plan,
    request: PlanRequest,
    data: CatalogData,
    snapshot: SystemSnapshot | None,
    probe: ProbeResult | None,
) -> bool:
    from gpuplanner.report.context import report_context
    from gpuplanner.report.files import write_html, write_pdf_headless
    from gpuplanner.report.html import plan_html

    kind = args.report.suffix.lower()
    if kind not in (".html", ".htm", ".pdf"):
        error(f"{args.report.name}: the report is written as .html or .pdf")
        return False
    context = report_context(plan, args.language, data, request, snapshot, probe)
    page = plan_html(plan, args.language, context, printed=kind == ".pdf")
    try:
        if kind == ".pdf":
            write_pdf_headless(args.report, page, print_size=True)
        else:
            write_html(args.report, page)
    except OSError as exc:
        error(f"cannot write the report {args.report.name}: {exc.strerror or exc}")
        return False
    return True


def _iso_date(text: str) -> str:
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date YYYY-MM-DD") from None


@guard
def cmd_recommend(args: argparse.Namespace) -> int:
    loaded = load_catalog(strict=True)
    if loaded.notice:
        warn(loaded.notice)
    warn_ignored(loaded.ignored, {g.id: g.name for g in loaded.data.gpus}, args.language)
    data, shop_prices = loaded.data, loaded.shop_prices
    snapshot = snapshot_of(args, data)
    if args.psu_rating and not args.psu_watts:  # the scanned supply's rating, corrected
        snapshot = scanning.with_rating(snapshot, args.psu_rating)
    probe = read_result(args.probe) if args.probe else None  # read once: plan and report
    psu = entered_supply(
        args.psu_watts,
        args.psu_atx,
        args.psu_12v2x6 or bool(args.psu_12v2x6_cables),
        args.psu_8pin,
        args.psu_rating,
        cables_12v2x6=args.psu_12v2x6_cables,
    )
    case = entered_case(args.gpu_clearance_mm, args.free_slots, None)
    values = vars(args)
    if args.keras_model is not None:  # read as model-info reads it, before planning
        read = model_info.read_job(args.keras_model)
        if isinstance(read, model_info.Refusal):
            error(refusal_text(read, args.language))
            return EXIT_FAILURE
        values = {**values, "keras_model": read.model}
    request = plan_request(
        Scenario(args.scenario),
        args.currency,
        snapshot=snapshot,
        probe=probe,
        catalog=data,
        psu=psu,
        case=case,
        socket=args.socket,
        today=args.today,
        job=job_inputs(values),
    )
    typed = user_prices.typed_prices(args.price, args.currency, request.today or "")
    plan = make_plan(request, data, (*shop_prices, *typed))
    if args.report is not None and not _write_report(args, plan, request, data, snapshot, probe):
        return EXIT_FAILURE
    if args.json:
        print_json(plan_json(plan))
        return EXIT_OK
    print_plan(plan, args.language, args.top)
    return EXIT_OK
