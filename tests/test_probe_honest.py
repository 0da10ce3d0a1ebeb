"""Protocol honest (issue 51): a worker that prints lines that are not probe messages and then a
final "ok" was reported ok, exit 0, with 0 steps and no warning. Garbage before the final word
is a protocol error, as docs/RELIABILITY.md says; what came after the final is not judged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import run_cli
from helpers.fake_python import fake_python

from gpuplanner.probe.classify import Outcome, classify
from gpuplanner.probe.protocol import ProtocolReader
from gpuplanner.probe.runner import ProbeRunner

FAKE = Path(__file__).parent / "fakeworkers"
HELLO = json.dumps({"v": 1, "type": "hello"}).encode()
FINAL = json.dumps({"v": 1, "type": "final", "status": "ok"}).encode()


def test_the_reader_counts_garbage_before_the_final_only():
    reader = ProtocolReader(lambda message: None)
    for line in (HELLO, b"noise", FINAL, b"after the end"):
        reader.feed(line)
    assert reader.garbage_before_final == 1
    assert len(reader.garbage) == 2


def test_garbage_before_a_final_ok_is_a_protocol_error():
    facts = dict(ended="exited", python="py", timeout_s=60, hello_timeout_s=60, said_hello=True)
    status, message = classify(
        Outcome(**facts, final_status="ok", exit_code=0, garbage=("noise",), garbage_before_final=1)
    )
    assert status == "protocol-error" and "'noise'" in message
    after = Outcome(**facts, final_status="ok", exit_code=0, garbage=("late",))
    assert classify(after)[0] == "ok"  # printed after the final word: the run is judged done


@pytest.mark.parametrize(
    ("script", "first"),
    [("garbage_then_ok.py", "Epoch 1/10"), ("garbage_only_then_ok.py", "I am not the probe")],
)
def test_a_worker_that_said_garbage_then_ok_is_not_ok(script, first):
    result = ProbeRunner(command=[sys.executable, "-u", str(FAKE / script)]).run()
    assert result.status == "protocol-error"
    assert "not probe messages" in result.message and first in result.message


def test_the_command_line_says_so_and_fails(tmp_path):
    python = fake_python(tmp_path, "garbage_then_ok.py")
    result = run_cli(tmp_path, "probe", "--python", str(python), "--no-history", "--json")
    assert result.returncode != 0, result.stdout
    assert json.loads(result.stdout)["status"] == "protocol-error"
