"""``gpuplanner fleet``: a lab's machines from saved scans and reports, and their upgrade plan."""

from __future__ import annotations

import argparse
from pathlib import Path

from gpuplanner.app import fleet
from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.commands.args import output_path, positive_float
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
from gpuplanner.core import atomic
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.vocab import CURRENCIES, LANGUAGES
from gpuplanner.core.words import fill, translatable
from gpuplanner.report.files import write_pdf_headless
from gpuplanner.report.fleet_export import (
    TITLES,
    fleet_html,
    machine_header,
    machine_rows,
    plan_header,
    plan_rows,
    unit_text,
    words,
    write_plan_csv,
)
from gpuplanner.report.plan_text import currency_words


def register(subparsers: argparse._SubParsersAction) -> None:
    fleet = subparsers.add_parser(
        "fleet",
        help="a lab's machines from saved scans and nvidia-smi reports, and their upgrade plan",
        description=(
            "Reads saved snapshots (gpuplanner scan --save), nvidia-smi -q -x / -q / --query-gpu "
            "reports and lspci -vv captures, one machine per file, and plans an upgrade for each "
            "machine (--budget, per machine) or for the whole lab within one budget (--lab-budget)."
        ),
    )
    fleet.add_argument("paths", nargs="+", type=Path, metavar="FILE_OR_FOLDER")
    fleet.add_argument("--scenario", choices=("student", "sme", "llm"), default="sme")
    fleet.add_argument("--workload", help="a Keras workload preset (default: the scenario's)")
    fleet.add_argument("--precision", choices=("fp32", "mixed"), help="Keras workloads (mixed)")
    fleet.add_argument("--currency", choices=CURRENCIES, default="CNY")
    budget = fleet.add_mutually_exclusive_group()
    budget.add_argument(
        "--budget", type=positive_float, help="per machine (default: the scenario's)"
    )
    budget.add_argument("--lab-budget", type=positive_float, help="one budget for the whole lab")
    fleet.add_argument("--language", choices=LANGUAGES, default=argparse.SUPPRESS)
    fleet.add_argument(
        "--csv", type=output_path, help="write the plan as CSV (UTF-8, opens in Excel)"
    )
    fleet.add_argument("--pdf", type=output_path, help="write the plan and the machines as PDF")
    fleet.add_argument("--html", type=output_path, help="write the plan and the machines as HTML")
    fleet.add_argument("--json", action="store_true", help="print JSON instead of tables")
    fleet.set_defaults(handler=cmd_fleet)


def plan_to_json(plan: fleet.FleetPlan, machines: list[fleet.FleetMachine]) -> dict:

    keys = ["machine", "kind", "gpus", "vram_gb", "pcie", "psu", "tensorflow", "warnings", "file"]
    plan_keys = [
        "machine",
        "now",
        "upgrade",
        "count",
        "price",
        "currency",
        "speedup",
        "gain",
        "sku",
        "shelf",
        "warnings",
        "why_not",
    ]
    return {
        "mode": plan.mode,
        "budget": plan.budget,
        "currency": plan.currency,
        "workload": plan.workload,
        "total_cost": plan.total_cost,
        "total_gain": round(plan.total_gain, 3),
        "unit": plan.unit,
        "machines": [
            {
                **dict(zip(keys, row, strict=True)),
                "kind": machine.kind.kind,  # the code; its words are in the table
                "kind_evidence": [item.code for item in machine.kind.evidence],
            }
            for machine, row in zip(machines, machine_rows(machines), strict=True)
        ],
        "plan": [dict(zip(plan_keys, row, strict=True)) for row in plan_rows(plan, machines)],
    }


@guard
def cmd_fleet(args: argparse.Namespace) -> int:
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        error(f"not found: {', '.join(missing)}")
        return EXIT_FAILURE
    loaded = load_catalog(strict=True)  # the imported price packs too
    if loaded.notice:
        warn(loaded.notice)
    warn_ignored(loaded.ignored, {g.id: g.name for g in loaded.data.gpus}, args.language)
    data = loaded.data
    machines, problems = fleet.load_fleet(args.paths, data)
    if not machines:
        error("no machine could be read" + "".join(f"\n  {p}" for p in problems))
        return EXIT_FAILURE
    plan = fleet.plan_fleet(
        machines,
        data,
        Scenario(args.scenario),
        args.currency,
        args.budget,
        args.lab_budget,
        args.workload,
        args.precision,
    )
    target = None
    try:
        if args.csv:
            target = args.csv
            write_plan_csv(args.csv, plan, machines, args.language)
        if args.html:
            target = args.html
            atomic.write_text(args.html, fleet_html(plan, machines, args.language))
        if args.pdf:
            target = args.pdf
            write_pdf_headless(args.pdf, fleet_html(plan, machines, args.language))
    except OSError as exc:  # named by the file asked for, not the hidden one written first
        error(f"cannot write {target}: {exc.strerror or exc}; nothing was written")
        return EXIT_FAILURE
    if args.json:
        result = plan_to_json(plan, machines)
        result["unreadable"] = [str(p) for p in problems]
        print_json(result)
        return EXIT_OK
    tr = words(args.language)
    print(
        fill(tr(translatable("FleetReport", "{n} machine(s)")), n=str(len(machines)))
        + (
            fill(
                tr(translatable("FleetReport", "; {n} file(s) could not be read:")),
                n=str(len(problems)),
            )
            if problems
            else ""
        )
    )
    for problem in problems:
        print(f"  {problem}")
    print_table(machine_header(args.language), machine_rows(machines, args.language))
    print()
    print_table(
        plan_header(args.language),
        [[str(v)[:60] for v in row] for row in plan_rows(plan, machines, args.language)],
    )
    total = TITLES["total"]
    money = currency_words(plan.currency, args.language)
    print(
        "\n"
        + fill(tr(TITLES[plan.mode]), budget=f"{plan.budget:,.0f}", currency=money)
        + " · "
        + fill(
            tr(total),
            cost=f"{plan.total_cost:,.0f}",
            currency=money,
            gain=f"{plan.total_gain:,.1f}",
            unit=unit_text(plan.unit, args.language),
        )
    )
    return EXIT_OK
