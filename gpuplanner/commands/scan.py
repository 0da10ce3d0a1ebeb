"""``gpuplanner scan``: this computer, or saved snapshots and nvidia-smi reports (--from)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.app import scanning
from gpuplanner.app.inventory import kind_of
from gpuplanner.commands.args import output_path
from gpuplanner.commands.output import EXIT_FAILURE, EXIT_OK, error, print_json
from gpuplanner.core.errors import UserError
from gpuplanner.core.languages import ENGLISH
from gpuplanner.core.serial import to_dict
from gpuplanner.core.vocab import ATX_VERSIONS, CASE_FORMS, LANGUAGES, PSU_RATINGS
from gpuplanner.core.words import translatable
from gpuplanner.report.job_text import translator
from gpuplanner.report.machine_view import machine_view
from gpuplanner.report.plan_text import PLAIN_MARK
from gpuplanner.report.readings_text import readings_lines

SUPPLY_NOT_ENTERED = translatable("Report", "Power supply: not entered (use --psu-watts W)")

if TYPE_CHECKING:
    from gpuplanner.app.records import CaseInfo, CatalogData, PowerSupply, SystemSnapshot


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "scan",
        help="what is in this computer: GPUs, PCIe links, CPU, memory, PSU, TensorFlow",
        description="Scan this computer, or load saved snapshots and nvidia-smi -q -x reports.",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help="the words of the description (default: the global --language, else English)",
    )
    parser.add_argument(
        "--save", type=output_path, metavar="FILE", help="save the snapshot as JSON"
    )
    parser.add_argument(
        "--from",
        dest="sources",
        type=Path,
        nargs="+",
        metavar="PATH",
        help="load snapshots or nvidia-smi reports (files or folders) instead of scanning",
    )
    psu = parser.add_argument_group("power supply (what cannot be detected)")
    psu.add_argument("--psu-watts", type=_positive, metavar="W", help="the PSU's rated wattage")
    psu.add_argument("--psu-rating", choices=PSU_RATINGS, help="80 PLUS rating")
    psu.add_argument("--psu-atx", choices=ATX_VERSIONS, help="ATX 2.x or ATX 3.x PSU")
    psu.add_argument("--psu-8pin", type=_count, metavar="N", help="number of PCIe 8-pin cables")
    psu.add_argument(
        "--psu-12v2x6", action="store_true", help="the PSU has a 12V-2x6 (12VHPWR) cable"
    )
    psu.add_argument(
        "--psu-from",
        type=Path,
        metavar="FILE",
        help="a saved `liquidctl status` of the supply (Corsair HXi/RMi, NZXT E): what it "
        "drew, and its rated watts from its model name unless --psu-watts gives them",
    )
    case = parser.add_argument_group("case")
    case.add_argument("--case", choices=CASE_FORMS, dest="case_form", help="case form factor")
    case.add_argument(
        "--gpu-clearance-mm", type=_positive, metavar="MM", help="longest card that fits"
    )
    case.add_argument("--free-slots", type=_count, metavar="N", help="free expansion slots")
    parser.set_defaults(handler=run)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0 or value > 100_000:
        raise argparse.ArgumentTypeError(f"{value} is not a plausible value")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= 16:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 16")
    return value


def _entered(args: argparse.Namespace) -> tuple[PowerSupply, CaseInfo]:
    power, case = _typed(args)
    if args.psu_from is not None:
        power = scanning.supply_from_file(power, args.psu_from)
    return scanning.supply_checked(power), case


def _typed(args: argparse.Namespace) -> tuple[PowerSupply, CaseInfo]:
    return scanning.entered(
        psu_watts=args.psu_watts,
        psu_rating=args.psu_rating,
        psu_atx=args.psu_atx,
        psu_8pin=args.psu_8pin,
        psu_12v2x6=args.psu_12v2x6,
        case_form=args.case_form,
        gpu_clearance_mm=args.gpu_clearance_mm,
        free_slots=args.free_slots,
    )


def _catalog() -> CatalogData | None:
    try:
        return scanning.catalog_for_matching()
    except UserError as exc:
        error(f"the catalog is unavailable, so cards are not matched to it: {exc}")
        return None


def run(args: argparse.Namespace) -> int:
    try:
        power, case = _entered(args)  # a --psu-from file that cannot be read stops here
    except UserError as exc:
        from gpuplanner.report.input_text import error_text

        error(error_text(exc, args.language))
        return exc.exit_code
    if args.sources:
        return _from_files(args, power, case)
    catalog = _catalog()
    snapshot = scanning.scan_machine(power, case, catalog)
    if args.save:
        try:
            scanning.save_snapshot(snapshot, args.save)
        except OSError as exc:
            error(f"cannot save {args.save}: {exc.strerror or exc}")
            return EXIT_FAILURE
    if args.json:
        print_json({"kind": scanning.SNAPSHOT_KIND, **to_dict(snapshot)})
    else:
        print_snapshot(snapshot, args.language, catalog)
        if args.save:
            print(f"\nSaved to {args.save}")
    return EXIT_OK


def _from_files(args: argparse.Namespace, power: PowerSupply, case: CaseInfo) -> int:
    result = scanning.read_snapshots(args.sources)
    for problem in result.errors:
        error(str(problem))
    catalog = _catalog() if result.snapshots else None
    snapshots = [
        (name, scanning.with_entered(s, power, case, catalog)) for name, s in result.snapshots
    ]
    if args.json:
        print_json(
            {
                "snapshots": [{"file": n, **to_dict(s)} for n, s in snapshots],
                "errors": [{"file": e.file, "reason": e.reason} for e in result.errors],
            }
        )
    else:
        for number, (name, snapshot) in enumerate(snapshots):
            if number:
                print()
            print(f"== {name}")
            print_snapshot(snapshot, args.language, catalog)
    if args.save and len(snapshots) == 1:
        try:
            scanning.save_snapshot(snapshots[0][1], args.save)
        except OSError as exc:
            error(f"cannot save {args.save}: {exc.strerror or exc}")
            return EXIT_FAILURE
    elif args.save and snapshots:
        error("--save takes a single snapshot; load one file to save it")
        return EXIT_FAILURE
    return EXIT_OK if snapshots else EXIT_FAILURE


def print_snapshot(
    snapshot: SystemSnapshot, language: str = ENGLISH, catalog: CatalogData | None = None
) -> None:
    """The machine as report/machine_view.py words it (the window and the report show the same
    lines), then the raw readings a terminal user may want: bus ids, draw, heat, RAPL."""
    view = machine_view(snapshot, language, kind_of(snapshot, catalog))
    print(view.title)
    for line in view.lines:
        print(f"{line.label}{view.colon}{line.value}")
        if line.hint:
            print(f"  {line.hint}")
    if not snapshot.power_supply.rated_w and snapshot.source == "scan":
        # No scan reads a supply's label.
        print(translator(language)(SUPPLY_NOT_ENTERED))
    for said in view.findings:
        print(f"  {PLAIN_MARK[said.severity]} {said.text}")
    for reading in readings_lines(snapshot, language):
        print(reading)
    for note in snapshot.notes:
        print(f"Note: {note}")
    sys.stdout.flush()


__all__ = ["register"]
