"""``gpuplanner probe``: how fast this machine's TensorFlow is. Progress on stderr, result on stdout."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from gpuplanner.app import catalog_admin, probing
from gpuplanner.commands.args import output_path, timeout_seconds
from gpuplanner.commands.output import EXIT_FAILURE, EXIT_OK, error, fmt, print_table, warn

if TYPE_CHECKING:
    from gpuplanner.app.records import ProbeEvent, ProbeResult


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "probe",
        help="measure this machine's TensorFlow (matrix multiply, memory, training)",
        description="Run the TensorFlow probe in a child Python. Progress goes to stderr.",
    )
    size = parser.add_mutually_exclusive_group()
    size.add_argument(
        "--quick",
        dest="mode",
        action="store_const",
        const="quick",
        help="well under a minute (default)",
    )
    size.add_argument(
        "--full",
        dest="mode",
        action="store_const",
        const="full",
        help="larger sizes, a few minutes",
    )
    size.add_argument(
        "--tiny", dest="mode", action="store_const", const="tiny", help=argparse.SUPPRESS
    )
    parser.add_argument(
        "--steps", type=_steps, help=f"comma-separated, from {','.join(probing.STEPS)}"
    )
    parser.add_argument(
        "--python",
        metavar="PATH",
        help="measure the TensorFlow of this Python (default: the app's)",
    )
    parser.add_argument("--device", choices=("auto", "cpu", "gpu"), default="auto")
    parser.add_argument("--timeout", type=timeout_seconds, metavar="S", help="stop after S seconds")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--save", type=output_path, metavar="FILE", help="save the result as JSON")
    parser.add_argument(
        "--no-history", action="store_true", help="do not add the result to the probe history"
    )
    parser.set_defaults(handler=run, mode="quick")


def _steps(text: str) -> list[str]:
    steps = [s.strip() for s in text.split(",") if s.strip()]
    unknown = [s for s in steps if s not in probing.STEPS]
    if unknown or not steps:
        raise argparse.ArgumentTypeError(
            f"unknown step(s) {', '.join(unknown) or '(none)'}; choose from {', '.join(probing.STEPS)}"
        )
    return steps


def _progress(event: ProbeEvent) -> None:
    if event.type == "progress":
        percent = f"{event.fraction * 100:3.0f}%" if event.fraction is not None else "    "
        print(f"[{event.step}] {percent} {event.text}", file=sys.stderr, flush=True)
    elif event.type == "error":
        print(f"[{event.step}] error: {event.text}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def _signals_cancel(cancel: Callable[[], None]) -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP (a closed terminal) cancel the run: the runner ends the
    worker's whole tree and returns a "cancelled" result, which is then shown. An exception
    raised out of ``run`` instead would unwind past the kill and leave the worker running."""
    wanted = [signal.SIGINT, signal.SIGTERM] + (
        [signal.SIGHUP] if hasattr(signal, "SIGHUP") else []
    )
    previous = {}
    for signum in wanted:
        with contextlib.suppress(ValueError, OSError):  # not the main thread: leave them
            previous[signum] = signal.signal(signum, lambda *_: cancel())
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def run(args: argparse.Namespace) -> int:
    with (
        probing.runner_with_nvml(
            _progress,
            mode=args.mode,
            python=args.python,
            steps=args.steps,
            timeout_s=args.timeout,
            device=args.device,
        ) as runner,
        _signals_cancel(runner.cancel),
    ):
        result = runner.run()
    kept = catalog_admin.keep_probe(result, args.save, not args.no_history, warn)
    if kept.save_error:
        error(f"the result could not be saved to {args.save}: {kept.save_error}")
    if kept.history_error:
        error(f"the probe history could not be updated: {kept.history_error}")
    if args.json:
        print(probing.result_json(result))
    else:
        print_result(result, kept.previous)
    return EXIT_OK if kept.saved and result.status in ("ok", "partial") else EXIT_FAILURE


def print_result(result: ProbeResult, previous: ProbeResult | None = None) -> None:
    print(f"Probe ({result.mode}) with {result.python}: {result.status} in {result.seconds:g} s")
    if result.message:
        print(f"  {result.message}")
    env = result.environment()
    if env:
        gpus = (
            ", ".join(
                f"{g.get('device_name') or g.get('name')} (CC {g.get('compute_capability')})"
                for g in env.get("gpus", [])
            )
            or "none (running on the CPU)"
        )
        print(
            f"  TensorFlow {env.get('tensorflow')} ({'CUDA ' + str(env.get('cuda_version')) if env.get('is_cuda_build') else 'no CUDA build'});"
            f" GPUs: {gpus}"
        )
    rows = []
    for step in result.steps:
        if step.status != "ok":
            rows.append([step.step, step.status, "", "", step.reason or ""])
            continue
        for metric in step.metrics:
            if step.step == "env" or metric.value is None:
                continue
            rows.append(
                [
                    step.step,
                    metric.name,
                    f"{metric.value:.4g} {metric.unit}",
                    f"±{metric.spread_pct:.1f}%" if metric.spread_pct is not None else "",
                    json.dumps(metric.params)[:60],
                ]
            )
    if rows:
        print_table(["step", "measure", "median", "spread", "details"], rows)
    for load in result.load:
        print(
            f"  GPU {load.bus_id} under load: {fmt(load.max_power_w, ' W')} peak, {fmt(load.max_temperature_c, ' °C')},"
            f" PCIe Gen{fmt(load.pcie_gen_max)} x{fmt(load.pcie_width_max)}"
            + (f"; throttled: {', '.join(load.throttle_reasons)}" if load.throttle_reasons else "")
        )
    for item in result.diagnosis:
        print(f"  [{item.severity}] {item.message}")
    if previous is not None:
        for change in probing.changes_since(previous, result):
            print(
                f"  vs the previous run: {change.step}/{change.metric} {change.before:.4g} -> {change.after:.4g} {change.unit}"
            )
