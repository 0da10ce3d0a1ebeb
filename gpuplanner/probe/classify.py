"""How a probe run ended, in one status and one sentence, decided from facts alone.

The runner gathers what happened (how the child ended, what it said, its exit code); this
module decides what that means, so every branch is tested without starting a process
(tests/test_probe_classify.py).
"""

from __future__ import annotations

import signal
from dataclasses import dataclass

from gpuplanner.probe.results import ProbeStatus
from gpuplanner.probe.worker import PROTOCOL_VERSION

FINAL_STATUSES: tuple[ProbeStatus, ...] = ("ok", "partial", "failed")


@dataclass(frozen=True, kw_only=True)
class Outcome:
    ended: str  # "cancelled", "timeout", "bad-python" (no hello in time) or "exited"
    python: str  # the Python that ran the worker, for messages
    timeout_s: float
    hello_timeout_s: float
    said_hello: bool = False
    error_kinds: frozenset[str] = frozenset()
    versions: frozenset[object] = frozenset()  # protocol versions the worker's messages carried
    final_status: str | None = None  # the worker's own last word, when it said one
    exit_code: int | None = None
    stderr_last_line: str = ""
    garbage: tuple[str, ...] = ()  # stdout lines that were not probe messages
    garbage_before_final: int = 0  # of them, those before the worker's final word
    steps_done: int = 0
    unreadable: str = ""  # a field of the worker's environment of the wrong type (env_fields.py)


def classify(o: Outcome) -> tuple[ProbeStatus, str]:
    """(status, message) for the run; the status is one of probe.results.STATUSES."""
    if o.ended == "cancelled":
        return "cancelled", "cancelled by the user"
    if o.ended == "timeout":
        return "timeout", f"the probe did not finish within {o.timeout_s:g} s and was stopped"
    if o.ended == "bad-python":
        return "bad-python", f"{o.python} did not start the probe within {o.hello_timeout_s:g} s"
    if "tensorflow-missing" in o.error_kinds:
        return "tensorflow-missing", (
            f"TensorFlow cannot be imported in {o.python}: pip install tensorflow "
            "(or name the Python you train with: --python PATH)"
        )
    foreign = o.versions - {PROTOCOL_VERSION, None}
    if foreign and o.said_hello:
        spoken = sorted(str(v) for v in foreign)
        return "protocol-error", f"the worker speaks protocol {spoken}, not {PROTOCOL_VERSION}"
    if o.unreadable:
        return "unreadable", f"the worker's result cannot be read: {o.unreadable}"
    if o.final_status is not None and o.garbage_before_final and o.garbage:
        # A final word after lines that were not messages is not trusted (docs/RELIABILITY.md).
        return "protocol-error", _garbage_text(o)
    if o.final_status is not None:
        status: ProbeStatus = next((s for s in FINAL_STATUSES if s == o.final_status), "failed")
        message = {"ok": "", "partial": "some steps failed; see errors"}.get(
            status, "the probe failed"
        )
        return status, message
    if not o.said_hello:
        tail = o.stderr_last_line or f"exit code {o.exit_code}"
        return "bad-python", f"{o.python} is not a Python that can run the probe ({tail[:200]})"
    if o.exit_code is not None and o.exit_code < 0:
        try:
            name = signal.Signals(-o.exit_code).name
        except ValueError:
            name = f"signal {-o.exit_code}"
        return (
            "crashed",
            f"the worker crashed ({name}) after {o.steps_done} step(s); the results before it are kept",
        )
    if o.garbage:
        return "protocol-error", _garbage_text(o)
    return "crashed", f"the worker exited (code {o.exit_code}) without finishing"


def _garbage_text(o: Outcome) -> str:
    count = o.garbage_before_final or len(o.garbage)
    return f"the worker printed {count} line(s) that are not probe messages, e.g. {o.garbage[0]!r}"
