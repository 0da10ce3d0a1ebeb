"""``gpuplanner kiosk``: set the staff PIN and check a kiosk configuration."""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from pathlib import Path

from gpuplanner.core import atomic, paths
from gpuplanner.core.errors import EXIT_FAILURE


def default_config() -> Path:
    return paths.user_config_dir() / "kiosk.json"


def register(subparsers: argparse._SubParsersAction) -> None:
    kiosk = subparsers.add_parser("kiosk", help="set up kiosk mode (gpuplanner --kiosk)")
    sub = kiosk.add_subparsers(dest="kiosk_command", metavar="COMMAND", required=True)
    set_pin = sub.add_parser(
        "set-pin",
        help="write the staff PIN's hash into the kiosk configuration",
        description=(
            "Asks for the new PIN twice (4 to 12 digits) and stores only its salted hash. "
            "A missing configuration file is created from the example."
        ),
    )
    set_pin.add_argument(
        "--config", type=Path, help=f"the configuration (default: {default_config()})"
    )
    set_pin.add_argument(
        "--pin-stdin",
        action="store_true",
        help="read the PIN from the first line of standard input",
    )
    set_pin.set_defaults(handler=cmd_set_pin)
    check = sub.add_parser("check", help="check a kiosk configuration and its price list")
    check.add_argument(
        "--config", type=Path, help=f"the configuration (default: {default_config()})"
    )
    check.add_argument("--json", action="store_true", help="print JSON instead of text")
    check.set_defaults(handler=cmd_check)


def _read_pin(args: argparse.Namespace) -> str | None:
    if args.pin_stdin:
        return sys.stdin.readline().strip()
    first = getpass.getpass("New staff PIN (4-12 digits): ")
    if getpass.getpass("The same PIN again: ") != first:
        print("gpuplanner: the two PINs differ; nothing was changed", file=sys.stderr)
        return None
    return first


def cmd_set_pin(args: argparse.Namespace) -> int:
    from gpuplanner.kiosk.config import KioskConfigError, write_pin
    from gpuplanner.kiosk.pin import hash_pin

    path = args.config or default_config()
    pin = _read_pin(args)
    if pin is None:
        return EXIT_FAILURE
    try:
        pin_hash = hash_pin(pin)
    except ValueError as exc:
        print(f"gpuplanner: {exc}; nothing was changed", file=sys.stderr)
        return EXIT_FAILURE
    example = paths.resource_path("kiosk", "example-kiosk.json")
    created = not path.exists() or (path.is_file() and path.stat().st_size == 0)
    copied: list[Path] = []
    try:
        if created:
            path.parent.mkdir(parents=True, exist_ok=True)
            # The example's logo and price list come along, so the new file works at once.
            for name in ("example-logo.png", "example-prices.csv"):
                target = path.parent / name
                if not target.exists():  # each whole or not at all (a full disk)
                    atomic.write_bytes(target, paths.resource_path("kiosk", name).read_bytes())
                    copied.append(target)
        write_pin(path, pin_hash, example)
    except (KioskConfigError, OSError) as exc:
        for target in copied:  # a PIN not set leaves nothing of this try behind
            target.unlink(missing_ok=True)
        if isinstance(exc, KioskConfigError):
            print(f"gpuplanner: {exc}; the PIN was not changed", file=sys.stderr)
        else:
            print(
                f"gpuplanner: cannot write {path}: {exc.strerror or exc}; the PIN was not changed",
                file=sys.stderr,
            )
        return EXIT_FAILURE
    if created:
        print(f"created {path} from the example: set your shop's name and price list in it")
    print(f"the staff PIN of {path} is set")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from gpuplanner.kiosk.start import KioskStartError, prepare

    path = args.config or default_config()
    try:
        config, _catalog, prices = prepare(path)
    except KioskStartError as exc:
        print(f"gpuplanner: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    summary = {
        "config": str(path),
        "shop_name": config.shop_name,
        "language": config.language,
        "currency": config.currency,
        "idle_seconds": config.idle_seconds,
        "pages": list(config.pages),
        "scenarios": list(config.scenarios),
        "printer": config.printer,
        "shop_prices": len(prices),
        "in_stock": sum(1 for p in prices if p.stock is None or p.stock > 0),
    }
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        for key, value in summary.items():
            print(f"{key + ':':14} {value}")
    return 0
