"""Start the probe worker in a child Python, stream its progress, and survive anything it does.

The worker runs in its own process group (session on POSIX), so cancel and time-out kill
the whole tree; a crash, a hang, garbage on stdout, a missing TensorFlow or an interpreter
that is not Python become a result with a clear status, never an exception. NVML is
sampled while the worker runs, to record the PCIe link under load and any throttling.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Protocol, cast

from gpuplanner.core.terminal import shown_path
from gpuplanner.core.vocab import ProbeMode
from gpuplanner.probe import worker as worker_module
from gpuplanner.probe.classify import Outcome, classify
from gpuplanner.probe.diagnosis import diagnose_environment, diagnose_log
from gpuplanner.probe.family import ProcessFamily, death_signal_setter, guard_command, guarded
from gpuplanner.probe.protocol import ProtocolReader, StderrTail, clean_text, finite
from gpuplanner.probe.results import (
    RESULT_VERSION,
    GpuLoadSummary,
    ProbeResult,
    ProbeStatus,
)

log = logging.getLogger(__name__)
WORKER_PATH = Path(worker_module.__file__).resolve()
CANCEL_GRACE_S = 0.8  # SIGTERM, then SIGKILL: well inside the 2 s a cancel may take
FAMILY_GRACE_S = 0.3  # the same for processes that left the worker's group
WALK_INTERVAL_S = 0.25
HELLO_TIMEOUT_S = 60.0
SAMPLE_INTERVAL_S = 0.5
DEFAULT_TIMEOUT_S = {"tiny": 120.0, "quick": 90.0, "full": 600.0}


@dataclass
class ProbeEvent:
    """One message from the worker, as the UI and the command line receive it."""

    type: str
    step: str | None = None
    fraction: float | None = None
    text: str = ""
    data: dict = field(default_factory=dict)


def worker_command(
    python: str | None, mode: ProbeMode, steps: list[str], device: str, model: str | None = None
) -> list[str]:
    """How to start the worker: a named Python runs the file; a frozen app runs itself. With
    ``model`` the worker reads that saved Keras model instead of measuring (app/model_info.py)."""
    args = ["--mode", mode, "--steps", ",".join(steps), "--device", device]
    if model is not None:
        args += ["--model", model]
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
    if not python.strip():  # Path("") is the current folder: "is a folder" said nothing
        return "no Python was named: give the path of the Python to measure"
    path, shown = Path(python), shown_path(python)
    if not path.exists():
        return f"{shown} does not exist"
    if path.is_dir():
        return f"{shown} is a folder, not a Python interpreter"
    if os.name != "nt" and not os.access(path, os.X_OK):
        return f"{shown} is not executable"
    return None


class Sampler(Protocol):
    """What reads the GPUs' load while the probe runs (hardware/nvml.py NvmlSampler): probe/
    may not import hardware/, so the runner names only what it calls."""

    def sample(self) -> list[dict]: ...


class ProbeRunner:
    def __init__(
        self,
        python: str | None = None,
        mode: ProbeMode = "quick",
        steps: list[str] | None = None,
        timeout_s: float | None = None,
        device: str = "auto",
        on_event: Callable[[ProbeEvent], None] | None = None,
        sampler: Sampler | None = None,
        command: list[str] | None = None,
        nvidia_gpus_expected: int = 0,
        model: str | None = None,
    ) -> None:
        self.python = python
        self.mode = mode
        self.steps = steps or list(worker_module.QUICK_STEPS)
        self.timeout_s = timeout_s or DEFAULT_TIMEOUT_S.get(mode, 300.0)
        self._own_worker = command is None
        self.command = command or worker_command(python, mode, self.steps, device, model)
        self.on_event = on_event or (lambda event: None)
        self.sampler = sampler
        self.nvidia_gpus_expected = nvidia_gpus_expected
        self._cancel = threading.Event()
        self._process: subprocess.Popen | None = None
        self._family = ProcessFamily(guarded())

    # -- control --------------------------------------------------------------------------

    def cancel(self) -> None:
        """Ask the run to stop; ``run`` returns within about a second."""
        self._cancel.set()

    def _kill_tree(self) -> None:
        """End the worker and every process it started: its process group first (SIGTERM,
        a grace, SIGKILL), then the family members that left the group (``family.py``).

        Also after the worker exited by itself: children it started would otherwise keep
        running (and holding the GPU) after the probe.
        """
        process = self._process
        if process is None:
            return
        self._family.walk()  # the tree as it stands, before a kill breaks it up
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                if os.name == "posix":
                    os.killpg(process.pid, signal.SIGTERM)
                else:
                    process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(CANCEL_GRACE_S)
        if os.name == "posix":
            for sig in (signal.SIGTERM, signal.SIGKILL):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, sig)
        elif process.poll() is None:
            process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(5)
        self._family.end(grace_s=FAMILY_GRACE_S)

    # -- the run --------------------------------------------------------------------------

    def run(self) -> ProbeResult:
        started_at = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
        start = time.monotonic()
        refusal = self._refusal()
        if refusal is not None:
            return self._result(refusal[0], started_at, start, message=refusal[1])
        try:
            process = self._spawn()
        except OSError as exc:
            return self._result(
                "bad-python", started_at, start, message=f"cannot start {self.command[0]}: {exc}"
            )
        protocol = ProtocolReader(self._dispatch)
        tail = StderrTail()
        stop = threading.Event()  # set at the deadline: the readers stop, whatever is queued
        # Both pipes were asked for in _spawn: binary readers.
        readers = [
            threading.Thread(
                target=protocol.read, args=(cast(BinaryIO, process.stdout), stop), daemon=True
            ),
            threading.Thread(
                target=tail.read, args=(cast(BinaryIO, process.stderr), stop), daemon=True
            ),
        ]
        for reader in readers:
            reader.start()
        outcome, samples = self._watch(process, protocol.hello, start, stop)
        deadline = time.monotonic() + 3.0  # what is still queued gets 3 s, then is dropped
        for reader in readers:
            reader.join(max(0.0, deadline - time.monotonic()))
        stop.set()
        self._kill_tree()  # anything the worker left behind, also after a normal exit
        for reader in readers:
            reader.join(2)
        return self._finish(outcome, protocol, tail.text(), samples, started_at, start)

    def _refusal(self) -> tuple[ProbeStatus, str] | None:
        """(status, message) when the worker cannot run at all, before anything starts."""
        if self.python is None and self._own_worker and not bundle_has_tensorflow():
            return "tensorflow-missing", LITE_MESSAGE
        if self.python is not None:
            problem = check_python(self.python)
            if problem:
                return "bad-python", problem
        return None

    def _spawn(self) -> subprocess.Popen[bytes]:
        """The worker in its own process group (so a kill takes its children too)."""
        creation: dict[str, Any] = (
            # Under the guard, the guard sets its own death signal (SIGTERM: it then ends the
            # tree) and the worker's (SIGKILL).
            {"start_new_session": True, "preexec_fn": None if guarded() else death_signal_setter()}
            if os.name == "posix"
            else {
                "creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
                | getattr(subprocess, "CREATE_NO_WINDOW", 0)
            }
        )
        self._family = ProcessFamily(guarded())
        self._process = subprocess.Popen(
            guard_command(self.command) if self._family.guarded else self.command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(
                os.environ,
                PYTHONUNBUFFERED="1",
                PYTHONIOENCODING="utf-8",
                **self._family.environment(),
            ),
            **creation,
        )
        self._family.adopt(self._process.pid)
        return self._process

    def _watch(
        self,
        process: subprocess.Popen[bytes],
        hello: threading.Event,
        start: float,
        stop: threading.Event,
    ) -> tuple[str | None, list[list[dict]]]:
        """Until the worker exits, or a cancel or deadline ends it (the outcome, then); NVML
        sampled meanwhile."""
        samples: list[list[dict]] = []
        next_sample = next_walk = 0.0
        while process.poll() is None:
            now = time.monotonic()
            if now >= next_walk and not self._family.guarded:
                # A child that leaves the group is remembered while it can be (the guard holds
                # them all where there is one)
                self._family.walk()
                next_walk = now + WALK_INTERVAL_S
            outcome = self._ended(now - start, hello.is_set())
            if outcome is not None:
                stop.set()
                self._kill_tree()
                return outcome, samples
            if self.sampler is not None and now >= next_sample:
                try:
                    samples.append(self.sampler.sample())
                except Exception:  # sampling is a bonus; never let it stop the run
                    log.exception("NVML sampling failed")
                next_sample = now + SAMPLE_INTERVAL_S
            time.sleep(0.05)
        return None, samples

    def _ended(self, elapsed_s: float, said_hello: bool) -> str | None:
        """Why the run must end now: cancelled, out of time, or a Python that never answered."""
        if self._cancel.is_set():
            return "cancelled"
        if elapsed_s > self.timeout_s:
            return "timeout"
        if not said_hello and elapsed_s > HELLO_TIMEOUT_S:
            return "bad-python"
        return None

    def _dispatch(self, message: dict) -> None:
        kind = message.get("type")
        step = message.get("step")
        event = ProbeEvent(
            type=clean_text(kind, 40),
            step=clean_text(step, 40) if step is not None else None,
            data=message,
        )
        if kind == "progress":
            fraction = finite(message.get("fraction"))
            event.fraction = min(1.0, max(0.0, fraction)) if fraction is not None else None
            event.text = clean_text(message.get("text", ""), 300)
        elif kind == "error":
            event.text = clean_text(message.get("message", ""), 500)
        try:
            self.on_event(event)
        except Exception:  # a broken listener must not break the run
            log.exception("probe event listener failed")

    def _result(
        self, status: ProbeStatus, started_at: str, start: float, **fields: Any
    ) -> ProbeResult:
        return ProbeResult(
            version=RESULT_VERSION,
            status=status,
            mode=self.mode,
            python=shown_path(self.python or sys.executable),
            started=started_at,
            seconds=round(time.monotonic() - start, 2),
            **fields,
        )

    def _finish(
        self,
        outcome: str | None,
        protocol: ProtocolReader,
        stderr: str,
        samples: list[list[dict]],
        started_at: str,
        start: float,
    ) -> ProbeResult:
        steps = protocol.steps()
        python_label = shown_path(self.python or sys.executable)  # inert wherever it is shown
        status, message = classify(
            Outcome(
                ended=outcome if outcome in ("cancelled", "timeout", "bad-python") else "exited",
                python=python_label,
                timeout_s=self.timeout_s,
                hello_timeout_s=HELLO_TIMEOUT_S,
                said_hello=protocol.hello.is_set(),
                error_kinds=frozenset(str(e.get("kind")) for e in protocol.of_type("error")),
                versions=frozenset(e.get("v") for e in protocol.events),
                final_status=protocol.final_status(),
                exit_code=self._process.returncode if self._process else None,
                stderr_last_line=next(iter(stderr.strip().splitlines()[-1:]), ""),
                garbage=protocol.garbage,
                garbage_before_final=protocol.garbage_before_final,
                steps_done=len(steps),
                unreadable=protocol.unreadable(),
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
            errors=protocol.errors(),
            load=summarise_samples(samples),
            diagnosis=diagnosis,
            message=message,
            stderr_tail=stderr[-8000:],
        )


def summarise_samples(samples: list[list[dict]]) -> tuple[GpuLoadSummary, ...]:
    by_gpu: dict[str | None, list[dict]] = {}
    for sample in samples:
        for gpu in sample:
            by_gpu.setdefault(gpu.get("bus_id"), []).append(gpu)

    def biggest(rows: list[dict], key: str) -> Any:  # an int (the link) or a float (watts)
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
