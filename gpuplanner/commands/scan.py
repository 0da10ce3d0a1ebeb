"""``gpuplanner scan``: this computer, or saved snapshots and nvidia-smi reports (--from)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.app import scanning
from gpuplanner.app.inventory import kind_of
from gpuplanner.commands.args import output_path
from gpuplanner.commands.output import EXIT_FAILURE, EXIT_OK, error, fmt, print_json
from gpuplanner.core.errors import UserError
from gpuplanner.core.languages import ENGLISH
from gpuplanner.core.serial import to_dict
from gpuplanner.core.vocab import ATX_VERSIONS, CASE_FORMS, LANGUAGES, PSU_RATINGS
from gpuplanner.report.machine_view import machine_view
from gpuplanner.report.plan_text import PLAIN_MARK

if TYPE_CHECKING:
    from gpuplanner.app.records import CaseInfo, CatalogData, PcieLink, PowerSupply, SystemSnapshot


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
    if args.sources:
        return _from_files(args)
    power, case = _entered(args)
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


def _from_files(args: argparse.Namespace) -> int:
    result = scanning.read_snapshots(args.sources)
    for problem in result.errors:
        error(str(problem))
    power, case = _entered(args)
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


def _print_readings(snapshot: SystemSnapshot) -> None:
    """What was read, as read: for someone checking the scan itself (English, like a log)."""
    print(f"Readings [{snapshot.source}, {snapshot.created}]:")
    for gpu in snapshot.gpus:
        extra = f" = catalog '{gpu.catalog_id}'" if gpu.catalog_id else ""
        print(
            f"  GPU {gpu.index}{extra} [{gpu.bus_id or 'bus N/A'}]:"
            f" driver {fmt(gpu.driver_version)}; CUDA {fmt(gpu.cuda_driver_version)};"
            f" compute capability {fmt(gpu.compute_capability)}; PCIe {_link_text(gpu.pcie)}"
        )
        if gpu.power_limit_w or gpu.power_draw_w:
            print(
                f"    power {fmt(gpu.power_draw_w, ' W')} now, limit {fmt(gpu.power_limit_w, ' W')}"
                f" (max {fmt(gpu.power_max_limit_w, ' W')}); {fmt(gpu.temperature_c, ' °C')};"
                f" fan {fmt(gpu.fan_percent, '%')}"
            )
        if gpu.lost:
            print("    LOST: the GPU stopped answering during the scan")
    cpu = snapshot.cpu
    if cpu.model or cpu.cores:
        power = (
            f"power class {cpu.power_class} ({cpu.base_power_w:g} W base, {cpu.max_power_w:g} W peak)"
            if cpu.power_class
            else "power class not in the catalog"
        )
        rapl = (
            f"package power now {cpu.package_power_w:g} W"
            if cpu.package_power_w is not None
            else f"RAPL {cpu.rapl_status}"
        )
        print(f"  CPU: {power}; {rapl}")
    if snapshot.memory.total_mib:
        print(f"  Memory: {_gb(snapshot.memory.available_mib)} free")
    if snapshot.tensorflow is not None:
        tf = snapshot.tensorflow
        print(f"  TensorFlow: {tf.python_executable}; verdict {tf.verdict}")
    if snapshot.nvml.state != "ok" and snapshot.nvml.detail:
        print(f"  NVML: {snapshot.nvml.state}: {snapshot.nvml.detail}")
    for reading in snapshot.power_supply.readings:
        print(
            f"  {reading.device} ({reading.source}): output {fmt(reading.output_power_w, ' W')}, "
            f"input {fmt(reading.input_power_w, ' W')} (estimated)"
        )


def _gb(mib: float | None) -> str:
    return "N/A" if mib is None else f"{mib / 1024:.1f} GB"


def _link_text(link: PcieLink | None) -> str:
    if link is None:
        return "N/A"
    parts = []
    if link.current_gen or link.current_width:
        parts.append(
            f"now Gen{fmt(link.current_gen)} x{fmt(link.current_width)}"
            + (" (under load)" if link.under_load else "")
        )
    card = [
        f"Gen{link.card_max_gen}" if link.card_max_gen else "",
        f"x{link.card_max_width}" if link.card_max_width else "",
    ]
    if any(card):
        parts.append("card " + " ".join(c for c in card if c))
    slot = [
        f"Gen{link.slot_max_gen}" if link.slot_max_gen else "",
        f"x{link.slot_max_width}" if link.slot_max_width else "",
    ]
    if any(slot):
        parts.append("slot " + " ".join(s for s in slot if s))
    if not link.card_max_gen and link.max_gen:
        parts.append(f"up to Gen{link.max_gen} x{fmt(link.max_width)}")
    return "; ".join(parts) or "N/A"


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
        print("Power supply: not entered (use --psu-watts W)")  # no scan reads a supply's label
    for said in view.findings:
        print(f"  {PLAIN_MARK[said.severity]} {said.text}")
    _print_readings(snapshot)
    for note in snapshot.notes:
        print(f"Note: {note}")
    sys.stdout.flush()


__all__ = ["register"]
