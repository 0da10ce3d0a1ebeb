"""The ``gpuplanner`` command: no sub-command opens the app; sub-commands are the command line.

Exit codes: 0 success, 1 a failure the message explains, 2 bad usage.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import logging
import os
import sys
from pathlib import Path

from gpuplanner import __version__
from gpuplanner.core import paths, terminal
from gpuplanner.core.errors import EXIT_FAILURE, EXIT_OK, EXIT_USAGE
from gpuplanner.core.languages import ENGLISH, SUPPORTED_CURRENCIES, SUPPORTED_LANGUAGES
from gpuplanner.core.logs import setup_logging
from gpuplanner.core.markets import MARKET_REGIONS

log = logging.getLogger(__name__)

# name -> (module, one-line help). A module is imported only when its command runs, so opening
# the desktop app never pays for the command line's imports (the catalog build, sqlite-utils).
COMMANDS = {
    "scan": (
        "gpuplanner.commands.scan",
        "what is in this computer: GPUs, PCIe links, CPU, memory, PSU, TensorFlow",
    ),
    "probe": (
        "gpuplanner.commands.probe",
        "measure this machine's TensorFlow (matrix multiply, memory, training)",
    ),
    "vram": ("gpuplanner.commands.plan", "GPU memory a workload needs, with the breakdown"),
    "predict": (
        "gpuplanner.commands.predict",
        "predicted speed of cards: training throughput, or LLM inference (decode, prefill)",
    ),
    "model-info": (
        "gpuplanner.commands.model_info",
        "a Keras model of your own (.keras, SavedModel): parameters, FLOPs, activations, "
        "and its job",
    ),
    "recommend": ("gpuplanner.commands.plan", "ranked GPUs for a scenario, budget and workload"),
    "db": ("gpuplanner.commands.db", "the bundled GPU catalog and shop price lists"),
    "fleet": (
        "gpuplanner.commands.fleet",
        "a lab's machines from saved scans and reports, and their upgrade plan",
    ),
    "kiosk": ("gpuplanner.commands.kiosk", "set up kiosk mode: the staff PIN, a check"),
}


def build_parser(with_commands: bool = True) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpuplanner",
        description=(
            "Choose, and safely fit, a GPU for TensorFlow work. "
            "Without a command, opens the desktop app."
        ),
    )
    parser.add_argument("--version", action="version", version=f"gpuplanner {__version__}")
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="log debug messages to stderr as well"
    )
    app = parser.add_argument_group("desktop app")
    app.add_argument(
        "--language",
        choices=SUPPORTED_LANGUAGES,
        help="interface language (default: saved, else the OS locale)",
    )
    app.add_argument(
        "--currency",
        choices=SUPPORTED_CURRENCIES,
        help="prices in this currency (default: saved, else by locale)",
    )
    app.add_argument(
        "--market",
        choices=MARKET_REGIONS,
        help=(
            "where you buy (default: the market of --currency, else of --language, else the"
            " one saved)"
        ),
    )
    app.add_argument(
        "--smoke-test",
        action="store_true",
        help="open the main window, wait for its first paint, print a JSON line and exit 0",
    )
    app.add_argument(
        "--fleet",
        nargs="?",
        const="",
        metavar="FOLDER",
        help="open the lab fleet view (optionally on a folder of saved scans and reports)",
    )
    app.add_argument(
        "--kiosk",
        action="store_true",
        help="fullscreen shop or lab kiosk, locked by the staff PIN (see docs/KIOSK.md)",
    )
    app.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help="the kiosk configuration (default: kiosk.json in the app's settings folder)",
    )
    app.add_argument("--page", type=int, default=0, metavar="N", help=argparse.SUPPRESS)
    app.add_argument(
        "--screenshot",
        type=Path,
        metavar="PNG",
        help="like --smoke-test, and save a screenshot of the window to PNG",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    if with_commands:
        import importlib

        for module in dict.fromkeys(module for module, _help in COMMANDS.values()):
            importlib.import_module(module).register(subparsers)
    else:
        for name, (_module, text) in COMMANDS.items():
            subparsers.add_parser(name, help=text, add_help=False)
    return parser


def _display_problem() -> str | None:
    """Why Qt could not open a window here, before Qt aborts the process trying."""
    if not sys.platform.startswith("linux"):
        return None
    if os.environ.get("QT_QPA_PLATFORM") or os.environ.get("DISPLAY"):
        return None
    if os.environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display found (neither DISPLAY nor WAYLAND_DISPLAY is set). Start gpuplanner from "
        "a desktop session, or use a sub-command such as 'gpuplanner --help' on a terminal."
    )


def open_app(args: argparse.Namespace) -> int:
    if args.kiosk:
        # A broken configuration is reported before anything else, display or not.
        from gpuplanner.commands.kiosk import default_config
        from gpuplanner.kiosk.start import KioskStartError, prepare

        try:
            prepare(args.config or default_config())
        except KioskStartError as exc:
            if _display_problem():  # no screen: the terminal and the log say it
                print(f"gpuplanner: kiosk mode not started: {exc}", file=sys.stderr)
                log.error("kiosk mode not started: %s", exc)
                return EXIT_FAILURE
            # A screen: the kiosk app refuses on it too, in a message box (docs/KIOSK.md);
            # a kiosk usually starts from autostart, with no terminal anyone reads.
    problem = _display_problem()
    if problem:
        print(f"gpuplanner: {problem}", file=sys.stderr)
        return EXIT_FAILURE
    # Qt is imported only here, so the command line never pays for it.
    if args.kiosk:
        from gpuplanner.commands.kiosk import default_config
        from gpuplanner.ui import kiosk_app

        return kiosk_app.run(
            [sys.argv[0]],
            args.config or default_config(),
            smoke_test=args.smoke_test,
            screenshot=args.screenshot,
            page=args.page,
        )
    if args.config is not None:
        print("gpuplanner: --config is for --kiosk", file=sys.stderr)
        return EXIT_USAGE
    from gpuplanner.ui.app import LaunchOptions, run

    options = LaunchOptions(
        language=args.language,
        currency=args.currency,
        market=args.market,
        smoke_test=args.smoke_test,
        screenshot=args.screenshot,
        page=args.page,
        fleet=Path(args.fleet) if args.fleet else (Path() if args.fleet == "" else None),
    )
    return run([sys.argv[0]], options)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--probe-worker"]:
        # A frozen app (PyInstaller) has no separate Python: it runs the probe worker itself.
        from gpuplanner.app.probing import run_worker

        return run_worker(argv[1:])
    if argv[:1] == ["--probe-guard"]:  # and the guard that holds the worker's tree
        from gpuplanner.app.probing import run_guard

        return run_guard(argv[1:])
    parser = build_parser(with_commands=any(arg in COMMANDS for arg in argv))
    args = parser.parse_args(argv)
    problem = paths.home_problem()
    if problem is not None:  # before anything (the log, a database) is opened in the wrong place
        print(f"gpuplanner: {problem}", file=sys.stderr)
        return EXIT_FAILURE
    _tolerant_streams()
    # Everything written from here on, logs included, reaches the terminal as text only.
    plain_out, plain_err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = terminal.cleaned(sys.stdout), terminal.cleaned(sys.stderr)
    try:
        return _run(args)
    finally:
        sys.stdout, sys.stderr = plain_out, plain_err


def _run(args: argparse.Namespace) -> int:
    setup_logging(verbose=args.verbose)
    log.debug("gpuplanner %s, Python %s", __version__, sys.version.split()[0])
    handler = getattr(args, "handler", None)
    if handler is None:
        return open_app(args)
    if args.language is None:
        # A command's words: its own --language, else the one given before it, else English
        # ("gpuplanner --language zh_CN recommend" printed English: the command's default won).
        args.language = ENGLISH
    if sys.stdout is None:  # started with its standard output closed
        with contextlib.suppress(OSError, ValueError, AttributeError):
            print("gpuplanner: the output is closed; nothing was run", file=sys.stderr)
        return EXIT_FAILURE
    try:
        code = handler(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # Output piped into head or less that stopped reading: not an error worth a traceback.
        _silence_stdout()
        return EXIT_OK
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EBADF, errno.EIO):
            raise
        # stdout is full (/dev/full) or closed: say so once on stderr, if that still works.
        _silence_stdout()
        with contextlib.suppress(OSError, ValueError):
            print(f"gpuplanner: cannot write the output: {exc.strerror}", file=sys.stderr)
        return EXIT_FAILURE


def _tolerant_streams() -> None:
    """A GBK or ASCII terminal gets '?' for a character it cannot show, not a traceback."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]  # a TextIOWrapper


def _silence_stdout() -> None:
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def gui_main() -> int:
    """Entry point of ``gpuplanner-gui`` (no console window on Windows)."""
    return main()
