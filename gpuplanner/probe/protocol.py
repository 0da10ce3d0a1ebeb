"""The worker's side of the pipes, read as untrusted input: its stdout protocol and its stderr.

stdout carries one JSON message a line (``{"v": 1, "type": ...}``). ``ProtocolReader`` keeps
the hello, the results, the errors and one final message, passes progress on at a bounded
rate, and counts what is not a message (garbage). ``StderrTail`` keeps the last bytes of
stderr however much is written. Both read in chunks, never a whole line of any length, and
both can be fed bytes directly, so their rules are tested without a child process.
"""

from __future__ import annotations

import contextlib
import json
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, get_args

from gpuplanner.probe.env_fields import Unreadable, read_environment, readable_environment
from gpuplanner.probe.results import Metric, StepResult, StepStatus

READ_CHUNK = 64 * 1024
MAX_LINE = 1024 * 1024
MAX_EVENTS = 5000  # a real probe sends a few hundred
# One message, before it is parsed: a real one is under 8 KB with a few dozen lists and
# objects. A line of 1 MB of "[[],[],...]" parses to 330,000 lists (19 MB); 5,000 of them kept
# once took the app to 5.4 GB. Beyond these a line is garbage, never parsed.
MAX_MESSAGE = 64 * 1024
MAX_CONTAINERS = 2000
MAX_KEPT_BYTES = 8 * 1024 * 1024  # all the kept messages' lines together
MAX_GARBAGE_KEPT = 20
PROGRESS_PER_S = 20  # a flood of cross-thread signals once crashed the window
STDERR_KEEP = 64 * 1024

Message = dict[str, Any]
ENVIRONMENT = "environment"  # the env step's figure that carries the environment

# Terminal control: C0 but tab and newline, DEL, C1 (ESC [ ... sequences and the like).
_CONTROL = dict.fromkeys([*range(0, 9), *range(11, 32), *range(127, 160)])


def clean_text(value: object, limit: int = 2000) -> str:
    """A worker's text as something safe to print: no control characters, bounded length."""
    return str(value).translate(_CONTROL)[:limit]


def iter_lines(
    read: Callable[[int], bytes], stop: threading.Event, max_line: int = MAX_LINE
) -> Iterator[bytes | None]:
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
                yield None if len(buffer) > max_line else bytes(buffer)
            buffer.clear()
            start = end + 1
    if buffer and not skipping and not stop.is_set():
        yield bytes(buffer)


class ProtocolReader:
    """The worker's stdout, one line at a time (``feed``), or a whole pipe (``read``)."""

    def __init__(
        self,
        dispatch: Callable[[Message], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._dispatch = dispatch
        self._clock = clock
        self.events: list[Message] = []  # hello, results, errors and the final, in order
        self.hello = threading.Event()
        self.final = threading.Event()
        self._garbage: list[str] = []
        self._garbage_count = 0
        # Lines that were not messages before the final one: a worker that said garbage and then
        # "ok" was once reported ok (issue 51); what follows the final is not judged.
        self.garbage_before_final = 0
        self._last_progress = -math.inf
        self._kept_bytes = 0

    def read(self, stream: BinaryIO, stop: threading.Event) -> None:
        """Every line of ``stream`` until it ends or ``stop`` is set; then closes it."""
        for raw in iter_lines(stream.read1, stop):  # type: ignore[attr-defined]
            self.feed(raw)
        with contextlib.suppress(OSError, ValueError):
            stream.close()

    def feed(self, raw: bytes | None) -> None:
        """One line (None: a line over MAX_LINE that was dropped)."""
        if raw is None:
            self._note_garbage(f"a line over {MAX_LINE // 1024} KB")
            return
        line = raw.decode("utf-8", errors="replace").strip()
        if not line:
            return
        if len(raw) > MAX_MESSAGE or line.count("[") + line.count("{") > MAX_CONTAINERS:
            self._note_garbage(f"a message over {MAX_MESSAGE // 1024} KB or too deep: {line}")
            return
        try:
            # A number of thousands of digits is a figure that is not a measurement (dropped
            # like NaN), not a line that is not a message: garbage before the final word makes
            # the run a protocol error.
            message = json.loads(line, parse_int=_integer)
        except (RecursionError, ValueError):  # JSONDecodeError is a ValueError
            message = None
        if not isinstance(message, dict) or "type" not in message or "v" not in message:
            self._note_garbage(line)
            return
        kind = message["type"]
        if kind == "progress":
            # Shown, not kept; at most PROGRESS_PER_S a second reach the listener.
            now = self._clock()
            if now - self._last_progress >= 1 / PROGRESS_PER_S:
                self._last_progress = now
                self._dispatch(message)
            return
        if kind == "final":
            if self.final.is_set():
                return  # one final is the end; more are a flood
            self.final.set()
        elif len(self.events) >= MAX_EVENTS or self._kept_bytes + len(raw) > MAX_KEPT_BYTES:
            return  # a flood: keep the first events and the final, drop the rest
        self._kept_bytes += len(raw)
        self.events.append(message)
        if kind == "hello":
            self.hello.set()
        self._dispatch(message)

    def _note_garbage(self, text: str) -> None:
        self._garbage_count += 1
        if not self.final.is_set():
            self.garbage_before_final += 1
        if len(self._garbage) < MAX_GARBAGE_KEPT:
            self._garbage.append(clean_text(text, 200))

    @property
    def garbage(self) -> tuple[str, ...]:
        """The first lines that were not messages, and how many more there were."""
        more = self._garbage_count - len(self._garbage)
        return (*self._garbage, f"... and {more} more") if more > 0 else tuple(self._garbage)

    # -- what the messages say ---------------------------------------------------------------

    def of_type(self, kind: str) -> list[Message]:
        return [e for e in self.events if e.get("type") == kind]

    def steps(self) -> tuple[StepResult, ...]:
        return tuple(_step(e) for e in self.of_type("result"))

    def errors(self) -> tuple[str, ...]:
        return tuple(
            clean_text(f"{e.get('step') or 'probe'}: {e.get('kind')}: {e.get('message')}", 500)
            for e in self.of_type("error")
        )

    def unreadable(self) -> str:
        """Why the worker's environment report cannot be read ("" when it can, or is absent)."""
        for event in self.of_type("result"):
            metrics = event.get("metrics")
            for m in metrics if event.get("step") == "env" and isinstance(metrics, list) else []:
                if isinstance(m, dict) and m.get("name") == ENVIRONMENT:
                    try:
                        read_environment(m.get("params", {}))
                    except Unreadable as exc:
                        return str(exc)
        return ""

    def final_status(self) -> str | None:
        finals = self.of_type("final")
        return str(finals[-1].get("status")) if finals else None


class StderrTail:
    """The last ``keep`` bytes of a stream: chunks in a deque, the oldest dropped while the
    rest still hold enough; trimmed once at the end."""

    def __init__(self, keep: int = STDERR_KEEP) -> None:
        self.keep = keep
        self._kept: deque[bytes] = deque()
        self._total = 0

    def read(self, stream: BinaryIO, stop: threading.Event) -> None:
        while not stop.is_set():
            chunk = stream.read1(READ_CHUNK)  # type: ignore[attr-defined]
            if not chunk:
                break
            self.add(chunk)

    def add(self, chunk: bytes) -> None:
        self._kept.append(chunk)
        self._total += len(chunk)
        while self._total - len(self._kept[0]) >= self.keep:
            self._total -= len(self._kept.popleft())

    def text(self) -> str:
        return b"".join(self._kept)[-self.keep :].decode("utf-8", errors="replace")


def _integer(text: str) -> int | float:
    """A JSON integer; one too long to be a figure is infinity (then dropped, as NaN is)."""
    return int(text) if len(text) <= 100 else math.inf


def finite(value: object) -> float | None:
    """A number the worker sent, if it is one and finite (NaN, infinities, huge ints are not)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer of thousands of digits
        return None
    return number if math.isfinite(number) else None


def _step(message: Message) -> StepResult:
    """A step's result: its status from the fixed set, at most 50 usable figures."""
    metrics = message.get("metrics")
    return StepResult(
        step=clean_text(message.get("step"), 40),
        status=_step_status(message.get("status")),
        metrics=tuple(
            metric
            for m in (metrics if isinstance(metrics, list) else [])[:50]
            if isinstance(m, dict) and (metric := _metric(m)) is not None
        ),
        reason=clean_text(message["reason"], 500) if message.get("reason") is not None else None,
    )


def _step_status(value: object) -> StepStatus:
    """A status from the fixed set; anything else the worker says is a failure."""
    return next((s for s in get_args(StepStatus) if s == value), "failed")


def _metric(data: Message) -> Metric | None:
    """A measured figure: finite and not negative, or it is not kept (never turned into advice)."""
    value = finite(data.get("value"))
    if data.get("value") is not None and (value is None or value < 0):
        return None
    spread = finite(data.get("spread_pct"))
    runs = data.get("runs")
    return Metric(
        name=clean_text(data.get("name"), 80),
        value=value,
        unit=clean_text(data.get("unit", ""), 40),
        spread_pct=spread if spread is not None and spread >= 0 else None,
        runs=runs
        if isinstance(runs, int) and not isinstance(runs, bool) and 0 <= runs < 10**9
        else None,
        params=_params(data),
    )


def _params(data: Message) -> dict:
    """A figure's parameters; the environment's read by its schema (env_fields.py), so a
    field of the wrong type is never met later by code that trusts it."""
    params = data.get("params")
    if not isinstance(params, dict):
        return {}
    return readable_environment(params) if data.get("name") == ENVIRONMENT else params
