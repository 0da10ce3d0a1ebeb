"""Start the probe worker in a child Python, stream its progress, and survive anything it does.

The worker runs in its own process group (session on POSIX), so cancel and time-out kill
the whole tree; a crash, a hang, garbage on stdout, a missing TensorFlow or an interpreter
that is not Python become a result with a clear status, never an exception. NVML is
sampled while the worker runs, to record the PCIe link under load and any throttling.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import math
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from io import BufferedReader
from pathlib import Path
from typing import cast

import psutil

from gpuplanner.probe import worker as worker_module
from gpuplanner.probe.classify import Outcome, classify
from gpuplanner.probe.diagnosis import diagnose_environment, diagnose_log
from gpuplanner.probe.results import (
    RESULT_VERSION,
    GpuLoadSummary,
    Metric,
    ProbeResult,
    StepResult,
)

log = logging.getLogger(__name__)
WORKER_PATH = Path(worker_module.__file__).resolve()
CANCEL_GRACE_S = 0.8  # SIGTERM, then SIGKILL: well inside the 2 s a cancel may take
HELLO_TIMEOUT_S = 60.0
SAMPLE_INTERVAL_S = 0.5
STDERR_KEEP = 64 * 1024
DEFAULT_TIMEOUT_S = {"tiny": 120.0, "quick": 90.0, "full": 600.0}
# The worker is untrusted output: read in chunks, never a whole line of any length, and keep
# only so many events (a real probe sends a few hundred).
READ_CHUNK = 64 * 1024
MAX_LINE = 1024 * 1024
MAX_EVENTS = 5000
PROGRESS_PER_S = 20
STEP_STATUSES = frozenset({"ok", "failed", "skipped"})

# Terminal control: C0 but tab and newline, DEL, C1 (ESC [ ... sequences and the like).
_CONTROL = dict.fromkeys([*range(0, 9), *range(11, 32), *range(127, 160)])


def clean_text(value: object, limit: int = 2000) -> str:
    """A worker's text as something safe to print: no control characters, bounded length."""
    return str(value).translate(_CONTROL)[:limit]


def iter_lines(read: Callable[[int], bytes], stop: threading.Event, max_line: int = MAX_LINE):
    """Lines from ``read`` (a pipe's read1), at most ``max_line`` bytes each: a longer line is
    dropped (yielded as None, once) and the rest of it skipped, without holding it in memory."""
    buffer = bytearray()
    skipping = False
    while not stop.is_set():
        chunk = read(READ_CHUNK)
        if not chunk:
            break
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                if not skipping:
                    buffer += chunk[start:]
                    if len(buffer) > max_line:
                        buffer.clear()
                        skipping = True
                        yield None
                break
            if skipping:
                skipping = False
            else:
                buffer += chunk[start:end]
                if len(buffer) > max_line:
                    yield None
                else:
                    yield bytes(buffer)
            buffer.clear()
            start = end + 1
    if buffer and not skipping and not stop.is_set():
        yield bytes(buffer)


@dataclass
class ProbeEvent:
    """One message from the worker, as the UI and the command line receive it."""

    type: str
    step: str | None = None
    fraction: float | None = None
    text: str = ""
    data: dict = field(default_factory=dict)


def worker_command(python: str | None, mode: str, steps: list[str], device: str) -> list[str]:
    """How to start the worker: a named Python runs the file; a frozen app runs itself."""
    args = ["--mode", mode, "--steps", ",".join(steps), "--device", device]
    if python is None and getattr(sys, "frozen", False):
        return [sys.executable, "--probe-worker", *args]
    return [python or sys.executable, "-u", str(WORKER_PATH), *args]


def bundle_has_tensorflow() -> bool:
    """False only in a frozen app built without TensorFlow (the installers' "lite" flavour)."""
    if not getattr(sys, "frozen", False):
        return True  # a Python runs us: the worker finds out whether it has TensorFlow
    import importlib.util

    return importlib.util.find_spec("tensorflow") is not None


LITE_MESSAGE = (
    "this build of gpuplanner has no TensorFlow inside: name a Python that has TensorFlow "
    "(python -m pip install tensorflow), or install the full build"
)


def check_python(python: str) -> str | None:
    """Why ``python`` cannot be started, or None."""
    path = Path(python)
    if not path.exists():
        return f"{python} does not exist"
    if path.is_dir():
        return f"{python} is a folder, not a Python interpreter"
    if os.name != "nt" and not os.access(path, os.X_OK):
        return f"{python} is not executable"
    return None


class ProbeRunner:
    def __init__(
        self,
        python: str | None = None,
        mode: str = "quick",
        steps: list[str] | None = None,
        timeout_s: float | None = None,
        device: str = "auto",
        on_event: Callable[[ProbeEvent], None] | None = None,
        sampler=None,
        command: list[str] | None = None,
        nvidia_gpus_expected: int = 0,
    ) -> None:
        self.python = python
        self.mode = mode
        self.steps = steps or list(worker_module.QUICK_STEPS)
        self.timeout_s = timeout_s or DEFAULT_TIMEOUT_S.get(mode, 300.0)
        self._own_worker = command is None
        self.command = command or worker_command(python, mode, self.steps, device)
        self.on_event = on_event or (lambda event: None)
        self.sampler = sampler
        self.nvidia_gpus_expected = nvidia_gpus_expected
        self._cancel = threading.Event()
        self._process: subprocess.Popen | None = None
        self._lock = threading.Lock()

    # -- control --------------------------------------------------------------------------

    def cancel(self) -> None:
        """Ask the run to stop; ``run`` returns within about a second."""
        self._cancel.set()

    def _kill_tree(self) -> None:
        """SIGTERM to the worker's process group, SIGKILL to whatever is left after a grace.

        Also after the worker exited by itself: children it started stay in its group and
        would otherwise keep running (and holding the GPU) after the probe.
        """
        process = self._process
        if process is None:
            return
        if process.poll() is not None:
            if os.name == "posix":
                members = _group_members(process.pid)
                for sig in (signal.SIGTERM, signal.SIGKILL):
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(process.pid, sig)
                _wait_gone(members)
            return
        try:
            family = psutil.Process(process.pid).children(recursive=True)
        except psutil.Error:
            family = []
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if os.name == "posix":
                os.killpg(process.pid, signal.SIGTERM)
            else:
                process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(CANCEL_GRACE_S)
        for member in family:  # grandchildren that left the group, or on Windows
            with contextlib.suppress(psutil.Error):
                member.kill()
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                if os.name == "posix":
                    os.killpg(process.pid, signal.SIGKILL)
                else:
                    process.kill()
        process.wait(5)
        _wait_gone(family)  # a killed process takes a moment to go: "no process left" on return

    # -- the run --------------------------------------------------------------------------

    def run(self) -> ProbeResult:
        started_at = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
        start = time.monotonic()
        python_label = self.python or sys.executable
        if self.python is None and self._own_worker and not bundle_has_tensorflow():
            return self._result("tensorflow-missing", started_at, start, message=LITE_MESSAGE)
        if self.python is not None:
            problem = check_python(self.python)
            if problem:
                return self._result("bad-python", started_at, start, message=problem)
        events: list[dict] = []
        garbage: list[str] = []
        stderr_chunks: list[str] = []
        hello = threading.Event()
        final = threading.Event()
        creation = (
            {"start_new_session": True}
            if os.name == "posix"
            else {
                "creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
                | getattr(subprocess, "CREATE_NO_WINDOW", 0)
            }
        )
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8")
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                **creation,
            )
        except OSError as exc:
            return self._result(
                "bad-python", started_at, start, message=f"cannot start {self.command[0]}: {exc}"
            )
        # Both pipes were asked for above: Popen gives them as buffered binary readers.
        stdout = cast(BufferedReader, self._process.stdout)
        stderr = cast(BufferedReader, self._process.stderr)

        stop = threading.Event()  # set at the deadline: the readers stop, whatever is queued
        garbage_count = [0]
        last_progress = [0.0]

        def note_garbage(text: str) -> None:
            garbage_count[0] += 1
            if len(garbage) < 20:
                garbage.append(clean_text(text, 200))

        def read_stdout() -> None:
            for raw in iter_lines(stdout.read1, stop):
                if raw is None:
                    note_garbage(f"a line over {MAX_LINE // 1024} KB")
                    continue
                line = raw.decode("utf-8", errors="replace").strip()
                if not line:
                    continue
                try:
                    message = json.loads(line)
                except (json.JSONDecodeError, RecursionError, ValueError):
                    message = None
                if not isinstance(message, dict) or "type" not in message or "v" not in message:
                    note_garbage(line)
                    continue
                kind = message["type"]
                if kind == "progress":
                    # Shown, not kept; at most PROGRESS_PER_S a second reach the listener (a
                    # flood of cross-thread signals once crashed the window).
                    now = time.monotonic()
                    if now - last_progress[0] >= 1 / PROGRESS_PER_S:
                        last_progress[0] = now
                        self._dispatch(message)
                    continue
                if kind == "final":
                    if final.is_set():
                        continue  # one final is the end; more are a flood
                    final.set()
                elif len(events) >= MAX_EVENTS:
                    continue  # a flood: keep the first events and the final, drop the rest
                events.append(message)
                if kind == "hello":
                    hello.set()
                self._dispatch(message)
            with contextlib.suppress(OSError, ValueError):
                stdout.close()

        def read_stderr() -> None:
            # The last STDERR_KEEP bytes however much the child writes: chunks in a deque,
            # the oldest dropped while the rest still hold enough; trimmed once at the end.
            kept: deque[bytes] = deque()
            total = 0
            while not stop.is_set():
                chunk = stderr.read1(READ_CHUNK)
                if not chunk:
                    break
                kept.append(chunk)
                total += len(chunk)
                while total - len(kept[0]) >= STDERR_KEEP:
                    total -= len(kept.popleft())
            text = b"".join(kept)[-STDERR_KEEP:].decode("utf-8", errors="replace")
            stderr_chunks.append(text)

        readers = [
            threading.Thread(target=read_stdout, daemon=True),
            threading.Thread(target=read_stderr, daemon=True),
        ]
        for reader in readers:
            reader.start()
        samples: list[list[dict]] = []
        next_sample = 0.0
        outcome = None
        while self._process.poll() is None:
            now = time.monotonic()
            if self._cancel.is_set():
                outcome = "cancelled"
            elif now - start > self.timeout_s:
                outcome = "timeout"
            elif not hello.is_set() and now - start > HELLO_TIMEOUT_S:
                outcome = "bad-python"
            if outcome:
                stop.set()
                self._kill_tree()
                break
            if self.sampler is not None and now >= next_sample:
                try:
                    samples.append(self.sampler.sample())
                except Exception:  # sampling is a bonus; never let it stop the run
                    log.exception("NVML sampling failed")
                next_sample = now + SAMPLE_INTERVAL_S
            time.sleep(0.05)
        deadline = time.monotonic() + 3.0  # what is still queued gets 3 s, then is dropped
        for reader in readers:
            reader.join(max(0.0, deadline - time.monotonic()))
        stop.set()
        self._kill_tree()  # anything the worker left behind, also after a normal exit
        for reader in readers:
            reader.join(2)
        if garbage_count[0] > len(garbage):
            garbage.append(f"... and {garbage_count[0] - len(garbage)} more")
        return self._finish(
            outcome,
            events,
            garbage,
            "".join(stderr_chunks),
            samples,
            started_at,
            start,
            python_label,
        )

    def _dispatch(self, message: dict) -> None:
        kind = message.get("type")
        step = message.get("step")
        event = ProbeEvent(
            type=clean_text(kind, 40),
            step=clean_text(step, 40) if step is not None else None,
            data=message,
        )
        if kind == "progress":
            fraction = _finite(message.get("fraction"))
            event.fraction = min(1.0, max(0.0, fraction)) if fraction is not None else None
            event.text = clean_text(message.get("text", ""), 300)
        elif kind == "error":
            event.text = clean_text(message.get("message", ""), 500)
        try:
            self.on_event(event)
        except Exception:  # a broken listener must not break the run
            log.exception("probe event listener failed")

    def _result(self, status: str, started_at: str, start: float, **fields) -> ProbeResult:
        return ProbeResult(
            version=RESULT_VERSION,
            status=status,
            mode=self.mode,
            python=self.python or sys.executable,
            started=started_at,
            seconds=round(time.monotonic() - start, 2),
            **fields,
        )

    def _finish(
        self, outcome, events, garbage, stderr, samples, started_at, start, python_label
    ) -> ProbeResult:
        code = self._process.returncode if self._process else None
        steps = tuple(
            StepResult(
                step=clean_text(e.get("step"), 40),
                status=_one_of(e.get("status"), STEP_STATUSES),
                metrics=tuple(
                    metric
                    for m in (e.get("metrics") if isinstance(e.get("metrics"), list) else [])[:50]
                    if isinstance(m, dict) and (metric := _metric(m)) is not None
                ),
                reason=clean_text(e.get("reason"), 500) if e.get("reason") is not None else None,
            )
            for e in events
            if e.get("type") == "result"
        )
        errors = tuple(
            clean_text(f"{e.get('step') or 'probe'}: {e.get('kind')}: {e.get('message')}", 500)
            for e in events
            if e.get("type") == "error"
        )
        finals = [e for e in events if e.get("type") == "final"]
        status, message = classify(
            Outcome(
                ended=outcome if outcome in ("cancelled", "timeout", "bad-python") else "exited",
                python=python_label,
                timeout_s=self.timeout_s,
                hello_timeout_s=HELLO_TIMEOUT_S,
                said_hello=any(e.get("type") == "hello" for e in events),
                error_kinds=frozenset(
                    str(e.get("kind")) for e in events if e.get("type") == "error"
                ),
                versions=frozenset(e.get("v") for e in events),
                final_status=str(finals[-1].get("status")) if finals else None,
                exit_code=code,
                stderr_last_line=next(iter(stderr.strip().splitlines()[-1:]), ""),
                garbage=tuple(garbage),
                steps_done=len(steps),
            )
        )
        env = next(
            (
                m.params
                for s in steps
                if s.step == "env"
                for m in s.metrics
                if m.name == "environment"
            ),
            {},
        )
        diagnosis = tuple(diagnose_log(stderr)) + tuple(
            diagnose_environment(env, self.nvidia_gpus_expected)
        )
        return ProbeResult(
            version=RESULT_VERSION,
            status=status,
            mode=self.mode,
            python=python_label,
            started=started_at,
            seconds=round(time.monotonic() - start, 2),
            steps=steps,
            errors=errors,
            load=summarise_samples(samples),
            diagnosis=diagnosis,
            message=message,
            stderr_tail=stderr[-8000:],
        )


def _group_members(pgid: int) -> list[psutil.Process]:
    """The processes still in the process group ``pgid`` (the worker's children after it left)."""
    members = []
    for candidate in psutil.process_iter():
        with contextlib.suppress(ProcessLookupError, PermissionError, psutil.Error, OSError):
            if candidate.pid != os.getpid() and os.getpgid(candidate.pid) == pgid:
                members.append(candidate)
    return members


def _wait_gone(processes: list[psutil.Process], timeout_s: float = 2.0) -> None:
    """Until every one has ended (a zombie has: it only waits for its new parent to reap it)."""
    deadline = time.monotonic() + timeout_s

    def alive(process: psutil.Process) -> bool:
        try:
            return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    while any(alive(p) for p in processes) and time.monotonic() < deadline:
        time.sleep(0.02)


def _finite(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer of thousands of digits
        return None
    return number if math.isfinite(number) else None


def _one_of(value: object, allowed: frozenset[str]) -> str:
    """A status from the fixed set; anything else the worker says is a failure."""
    return value if isinstance(value, str) and value in allowed else "failed"


def _metric(data: dict) -> Metric | None:
    """A measured figure: finite and not negative, or it is not kept (never turned into advice)."""
    value = _finite(data.get("value"))
    if data.get("value") is not None and (value is None or value < 0):
        return None
    spread = _finite(data.get("spread_pct"))
    runs = data.get("runs")
    return Metric(
        name=clean_text(data.get("name"), 80),
        value=value,
        unit=clean_text(data.get("unit", ""), 40),
        spread_pct=spread if spread is not None and spread >= 0 else None,
        runs=runs
        if isinstance(runs, int) and not isinstance(runs, bool) and 0 <= runs < 10**9
        else None,
        params=params if isinstance(params := data.get("params"), dict) else {},
    )


def summarise_samples(samples: list[list[dict]]) -> tuple[GpuLoadSummary, ...]:
    by_gpu: dict[str | None, list[dict]] = {}
    for sample in samples:
        for gpu in sample:
            by_gpu.setdefault(gpu.get("bus_id"), []).append(gpu)

    def biggest(rows, key):
        values = [r[key] for r in rows if isinstance(r.get(key), int | float)]
        return max(values) if values else None

    return tuple(
        GpuLoadSummary(
            bus_id=bus,
            samples=len(rows),
            max_power_w=biggest(rows, "power_w"),
            max_temperature_c=biggest(rows, "temperature_c"),
            max_sm_clock_mhz=biggest(rows, "sm_clock_mhz"),
            throttle_reasons=tuple(
                sorted({r for row in rows for r in row.get("throttle_reasons") or []})
            ),
            pcie_gen_max=biggest(rows, "pcie_gen"),
            pcie_width_max=biggest(rows, "pcie_width"),
        )
        for bus, rows in by_gpu.items()
    )
