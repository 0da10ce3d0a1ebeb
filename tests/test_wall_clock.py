"""Tests do not assert how fast code runs (CONTRIBUTING, "Measure, do not guess"): an assert
that reads the clock is allowed only where a promised deadline is the behaviour under test,
the probe's Cancel and timeout."""

from __future__ import annotations

import ast

from conftest import TESTS_DIR

# Where the probe's deadlines are tested (docs/PROBE.md: cancelled within 2 s).
DEADLINE_TESTS = {"test_probe_runner.py", "test_probe_leash.py"}
CLOCKS = {"monotonic", "perf_counter", "time", "monotonic_ns", "perf_counter_ns", "time_ns"}


def clock_asserts(tree: ast.AST) -> list[int]:
    """Lines of the asserts that call ``time.<clock>()``."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Assert)
        and any(
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr in CLOCKS
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id == "time"
            for call in ast.walk(node.test)
        )
    ]


def test_only_the_deadline_tests_assert_on_the_clock():
    found = [
        f"{path.name}:{line}"
        for path in sorted(TESTS_DIR.rglob("test_*.py"))
        if path.name not in DEADLINE_TESTS
        for line in clock_asserts(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not found, found


def test_the_check_sees_a_timed_assert():
    timed = "import time\nt = time.monotonic()\nassert time.monotonic() - t < 1\n"
    assert clock_asserts(ast.parse(timed)) == [3]
    assert clock_asserts(ast.parse("assert 1 < 2\n")) == []
    # The deadline tests do hold such asserts: the exemption is not for nothing.
    for name in DEADLINE_TESTS:
        assert clock_asserts(ast.parse((TESTS_DIR / name).read_text(encoding="utf-8"))), name
