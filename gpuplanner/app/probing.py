"""The TensorFlow probe as the front ends run it: in a child Python, with NVML watching the
cards, its result kept in a file and in the user's history, and compared with the last run.

The wizard and ``gpuplanner probe`` run the same runner; only the command line samples NVML
itself (the wizard's runner is started without a sampler and reads the scan instead)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.catalog.errors import CatalogError
from gpuplanner.catalog.userdb import UserDb
from gpuplanner.core.vocab import ProbeMode
from gpuplanner.probe.compare import Change, compare
from gpuplanner.probe.results import ProbeFileError, ProbeResult, from_json, load, save, to_json
from gpuplanner.probe.runner import ProbeEvent, ProbeRunner, bundle_has_tensorflow
from gpuplanner.probe.worker import STEPS

__all__ = [
    "STEPS",
    "Kept",
    "ProbeRunner",
    "bundle_has_tensorflow",
    "changes_since",
    "keep",
    "read_result",
    "result_json",
    "run_worker",
    "runner",
    "runner_with_nvml",
]

# A change between two runs worth telling: 10% either way is past a probe's run-to-run noise.
NOTABLE_CHANGE = 0.1


def runner(
    on_event: Callable[[ProbeEvent], None], mode: ProbeMode = "quick", python: str | None = None
) -> ProbeRunner:
    """The wizard's probe: a child Python in ``mode``, its events to ``on_event``."""
    return ProbeRunner(python=python, mode=mode, on_event=on_event)


@contextlib.contextmanager
def runner_with_nvml(
    on_event: Callable[[ProbeEvent], None],
    *,
    mode: ProbeMode,
    python: str | None = None,
    steps: list[str] | None = None,
    timeout_s: float | None = None,
    device: str = "auto",
) -> Iterator[ProbeRunner]:
    """A probe whose cards NVML samples under load (power, heat, link, throttling), and which
    knows how many NVIDIA cards to expect; the sampler is closed when the block ends."""
    from gpuplanner.hardware import nvml  # the NVML library loads only for a probe

    sampler = nvml.NvmlSampler(nvml.load_pynvml())
    expected = len(sampler.sample()) if sampler.ok else 0
    try:
        yield ProbeRunner(
            python=python,
            mode=mode,
            steps=steps,
            timeout_s=timeout_s,
            device=device,
            on_event=on_event,
            sampler=sampler,
            nvidia_gpus_expected=expected,
        )
    finally:
        sampler.close()


def run_worker(argv: list[str]) -> int:
    """The probe worker in this process: a frozen app (PyInstaller) has no separate Python, so
    its runner starts the app itself with ``--probe-worker``."""
    from gpuplanner.probe import worker

    return worker.main(argv)


def run_guard(argv: list[str]) -> int:
    """The probe worker's guard in this process (probe/guard.py): a frozen app starts itself
    with ``--probe-guard`` to hold the worker's tree."""
    from gpuplanner.probe import guard

    return guard.main(argv)


def result_json(result: ProbeResult) -> str:
    return to_json(result)


def read_result(path: Path) -> ProbeResult:
    """A probe result file (``ProbeFileError`` naming the file when it is not one)."""
    return load(path)


@dataclass(frozen=True)
class Kept:
    """Where a result went: the file (or why not), the history (or why not), and the run
    before it for the comparison."""

    saved: bool
    save_error: str | None = None
    history_error: str | None = None
    previous: ProbeResult | None = None


def keep(
    result: ProbeResult,
    path: Path | None,
    history: bool,
    open_history: Callable[[], UserDb] = UserDb,
) -> Kept:
    """Store ``result`` in ``path`` and in the user's history. The measurement survives whatever
    happens to storing it: a full disk, a read-only home or a database another copy holds
    costs the copy, never the result."""
    saved, save_error = True, None
    if path is not None:
        try:
            save(result, path)
        except OSError as exc:
            saved, save_error = False, str(exc.strerror or exc)
    previous, history_error = None, None
    if history:
        try:
            with open_history() as db:
                earlier = db.probe_runs(limit=1)
                db.add_probe_run(result.python, to_json(result))
            if earlier:
                previous = from_json(earlier[0][3])
        except (CatalogError, ProbeFileError, OSError) as exc:
            history_error = str(exc)
    return Kept(saved, save_error, history_error, previous)


def changes_since(previous: ProbeResult, result: ProbeResult) -> list[Change]:
    """The measures that moved by more than a probe's noise since the previous run."""
    return [c for c in compare(previous, result) if abs(c.ratio - 1) >= NOTABLE_CHANGE]
