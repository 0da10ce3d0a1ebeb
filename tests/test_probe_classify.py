"""How a probe run ended, decided without starting a process (issue 17)."""

from __future__ import annotations

import signal

import pytest

from gpuplanner.probe.classify import PROTOCOL_VERSION, Outcome, classify
from gpuplanner.probe.results import STATUSES


def _outcome(**facts) -> Outcome:
    base = dict(ended="exited", python="/usr/bin/python3", timeout_s=600, hello_timeout_s=60)
    return Outcome(**{**base, **facts})


@pytest.mark.parametrize(
    ("facts", "status", "words"),
    [
        ({"ended": "cancelled", "said_hello": True}, "cancelled", "cancelled by the user"),
        ({"ended": "timeout", "said_hello": True}, "timeout", "within 600 s"),
        ({"ended": "bad-python"}, "bad-python", "within 60 s"),
        (
            {"said_hello": True, "error_kinds": frozenset({"tensorflow-missing"})},
            "tensorflow-missing",
            "pip install tensorflow",
        ),
        (
            {
                "said_hello": True,
                "versions": frozenset({PROTOCOL_VERSION + 1}),
                "final_status": "ok",
            },
            "protocol-error",
            "speaks protocol",
        ),
        ({"said_hello": True, "final_status": "ok"}, "ok", ""),
        ({"said_hello": True, "final_status": "partial"}, "partial", "some steps failed"),
        ({"said_hello": True, "final_status": "splendid"}, "failed", "the probe failed"),
        ({"stderr_last_line": "SyntaxError: invalid syntax"}, "bad-python", "SyntaxError"),
        ({"exit_code": 3}, "bad-python", "exit code 3"),
        (
            {"said_hello": True, "exit_code": -signal.SIGSEGV, "steps_done": 2},
            "crashed",
            "SIGSEGV) after 2 step(s)",
        ),
        ({"said_hello": True, "exit_code": -99}, "crashed", "signal 99"),
        (
            {"said_hello": True, "exit_code": 0, "garbage": ("hello?",)},
            "protocol-error",
            "'hello?'",
        ),
        ({"said_hello": True, "exit_code": 1}, "crashed", "code 1"),
    ],
)
def test_each_ending_has_its_status_and_sentence(facts, status, words):
    got, message = classify(_outcome(**facts))
    assert got == status and got in STATUSES
    assert words in message


def test_the_user_cancelling_wins_over_everything_the_worker_said():
    facts = {
        "said_hello": True,
        "final_status": "ok",
        "error_kinds": frozenset({"tensorflow-missing"}),
    }
    assert classify(_outcome(ended="cancelled", **facts))[0] == "cancelled"
    assert classify(_outcome(**facts))[0] == "tensorflow-missing"
