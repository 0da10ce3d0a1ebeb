"""What a test leaves of the processes it started (issue 51): children that ended unwaited
(zombies) and children still running. conftest.py checks both after each test."""

from __future__ import annotations

import contextlib
import os
import time

import psutil

STRAY_GRACE_S = 2.0


def children() -> dict[int, psutil.Process]:
    """This process's children now, by pid (psutil's Process compares the start time too)."""
    with contextlib.suppress(psutil.Error):
        return {p.pid: p for p in psutil.Process().children()}
    return {}


def reap_zombies() -> list[int]:
    """Every child that has ended and was never waited for, reaped now: one call a child, no
    walk of the process table."""
    reaped = []
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return reaped
        if pid == 0:
            return reaped
        reaped.append(pid)


def strays(before: set[int], grace_s: float = STRAY_GRACE_S) -> list[str]:
    """Children started since ``before`` still running ``grace_s`` after the test: each is
    named, then killed and reaped, so one test's leak never reaches the next."""
    deadline = time.monotonic() + grace_s
    while True:
        running = {pid: p for pid, p in children().items() if pid not in before and _alive(p)}
        if not running or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    named = []
    for process in running.values():
        with contextlib.suppress(psutil.Error):
            named.append(f"{process.pid} {' '.join(process.cmdline())[:120]}")
            process.kill()
            process.wait(5)
    reap_zombies()
    return named


def _alive(process: psutil.Process) -> bool:
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False
