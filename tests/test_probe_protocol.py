"""The worker's protocol read without a child process: what is kept, passed on and dropped."""

from __future__ import annotations

import json

from gpuplanner.probe.protocol import MAX_EVENTS, ProtocolReader, StderrTail


def _line(message_type: str, **fields) -> bytes:
    return json.dumps({"v": 1, "type": message_type, **fields}).encode()


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_reaches_the_listener_at_a_bounded_rate_and_is_not_kept():
    clock, seen = FakeClock(), []
    reader = ProtocolReader(seen.append, clock)
    for _ in range(50):
        reader.feed(_line("progress", fraction=0.1))
    clock.now += 0.06
    reader.feed(_line("progress", fraction=0.2))
    assert [m["fraction"] for m in seen] == [0.1, 0.2]
    assert reader.events == []


def test_hello_results_errors_and_one_final_are_kept_in_order():
    seen: list[dict] = []
    reader = ProtocolReader(seen.append)
    reader.feed(_line("hello"))
    reader.feed(
        _line(
            "result",
            step="matmul",
            status="ok",
            metrics=[
                {"name": "fp16", "value": 120.5, "unit": "TFLOPS", "runs": 3},
                {"name": "bad", "value": float("nan")},
                {"name": "negative", "value": -1},
            ],
        )
    )
    reader.feed(_line("error", step="input", kind="oom", message="out of memory"))
    reader.feed(_line("result", step="input", status="exploded"))
    reader.feed(_line("final", status="ok"))
    reader.feed(_line("final", status="failed"))
    assert reader.hello.is_set() and reader.final.is_set()
    assert [m["type"] for m in reader.events] == ["hello", "result", "error", "result", "final"]
    matmul, pipeline = reader.steps()
    assert [m.name for m in matmul.metrics] == ["fp16"]  # NaN and negative figures are not kept
    assert pipeline.status == "failed"  # a status outside the set is a failure
    assert reader.errors() == ("input: oom: out of memory",)
    assert reader.final_status() == "ok"


def test_garbage_is_counted_and_the_first_lines_kept_without_control_characters():
    reader = ProtocolReader(lambda m: None)
    reader.feed(b"\x1b[31mnot json")
    reader.feed(None)  # a line over the limit, dropped by the line reader
    for n in range(30):
        reader.feed(f"noise {n}".encode())
    reader.feed(b'{"type": "result"}')  # no protocol version: not a message
    garbage = reader.garbage
    assert garbage[0] == "[31mnot json"
    assert garbage[1] == "a line over 1024 KB"
    assert len(garbage) == 21 and garbage[-1] == "... and 13 more"


def test_a_flood_keeps_the_first_events_and_still_the_final():
    reader = ProtocolReader(lambda m: None)
    for n in range(MAX_EVENTS + 100):
        reader.feed(_line("result", step=f"s{n}", status="ok"))
    reader.feed(_line("final", status="ok"))
    assert len(reader.events) == MAX_EVENTS + 1
    assert reader.events[-1]["type"] == "final"


def test_the_stderr_tail_keeps_exactly_the_last_bytes():
    tail = StderrTail(keep=10)
    for chunk in (b"abc", b"defghij", b"klmnopqrstuvwxyz", b"0123"):
        tail.add(chunk)
    assert tail.text() == "qrstuvwxyz0123"[-10:]
    assert StderrTail(keep=10).text() == ""
