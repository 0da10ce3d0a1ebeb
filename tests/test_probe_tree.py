"""The probe's tree, whatever kills the parent (issue 51): SIGKILL to ``gpuplanner probe`` once
left three setsid, SIGTERM-ignoring grandchildren of the worker running. The worker runs under
a guard (probe/guard.py, Linux): a child subreaper holding the whole tree, told by a
parent-death signal when the runner dies. The runner watches that tree only, never the whole
process table."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from conftest import child_env
from helpers.fake_python import fake_python

from gpuplanner.probe import family
from gpuplanner.probe.runner import ProbeRunner

FAKE = Path(__file__).parent / "fakeworkers"
linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="a child subreaper and prctl's death signal"
)


def _running(folder: Path) -> list[int]:
    alive = []
    for pid in (int(p.stem) for p in folder.glob("*.pid")):  # the name says the pid at once
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                alive.append(pid)
        except psutil.NoSuchProcess:
            pass
    return alive


def _until_none(folder: Path, bound_s: float = 10.0) -> list[int]:
    """The sleepers still running once none is, or once a hang's bound has passed."""
    deadline = time.monotonic() + bound_s
    while _running(folder) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _running(folder)


@linux_only
def test_sigkill_of_the_probe_command_leaves_nothing(tmp_path):
    folder = tmp_path / "sleepers"
    folder.mkdir()
    python = fake_python(tmp_path, "setsid_sleepers.py")
    cli = subprocess.Popen(
        [sys.executable, "-m", "gpuplanner", "probe", "--python", str(python), "--timeout", "60"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=child_env(tmp_path, SLEEPERS_DIR=str(folder)),
        cwd=tmp_path,
    )
    try:
        deadline = time.monotonic() + 30
        while len(_running(folder)) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(_running(folder)) == 4, "the sleepers never started"
        cli.kill()
        cli.wait(10)
        left = _until_none(folder)
    finally:
        for pid in _running(folder):
            psutil.Process(pid).kill()
    assert left == []


@linux_only
def test_a_killed_guard_leaves_no_worker(tmp_path):
    """The guard's own death (SIGKILL: it cannot clean up) still ends the worker, by the
    worker's death signal; the sleepers are then the runner's to end, as before."""
    folder = tmp_path / "sleepers"
    folder.mkdir()
    guard = subprocess.Popen(
        family.guard_command([sys.executable, "-u", str(FAKE / "silent.py")]),
        env=child_env(tmp_path, SILENT_PID_FILE=str(tmp_path / "worker.pid")),
    )
    pid_file = tmp_path / "worker.pid"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not (
        pid_file.exists() and pid_file.read_text(encoding="utf-8").strip()
    ):
        time.sleep(0.05)
    worker = psutil.Process(int(pid_file.read_text(encoding="utf-8")))
    assert worker.ppid() == guard.pid
    guard.kill()
    guard.wait(10)
    try:
        worker.wait(10)
    except psutil.TimeoutExpired:
        worker.kill()
        pytest.fail("the worker outlived its guard")


@linux_only
def test_a_worker_leaving_sleepers_is_ended_by_its_guard_with_the_workers_ending(tmp_path):
    folder = tmp_path / "sleepers"
    folder.mkdir()
    runner = ProbeRunner(
        command=[
            sys.executable,
            "-u",
            str(FAKE / "escapes_group.py"),
            "double-fork",
            "exit",
            str(folder),
        ]
    )
    assert runner.run().status == "ok"
    assert _until_none(folder) == []
    crash = ProbeRunner(command=[sys.executable, "-u", str(FAKE / "crash.py")]).run()
    assert crash.status == "crashed" and "SIGSEGV" in crash.message  # the worker's signal


@linux_only
def test_the_runner_never_reads_the_whole_process_table(tmp_path, monkeypatch):
    """Under the guard, a run lists no process but its own guard's: psutil's process_iter and
    pids, and its children() (a pass over every process), are not called."""
    called = []

    def refuse(name):
        def call(*args, **kwargs):
            called.append(name)
            raise AssertionError(f"{name} walks the process table")

        return call

    monkeypatch.setattr(psutil, "process_iter", refuse("process_iter"))
    monkeypatch.setattr(psutil, "pids", refuse("pids"))
    monkeypatch.setattr(psutil.Process, "children", refuse("children"))
    result = ProbeRunner(command=[sys.executable, "-u", str(FAKE / "finishes.py")]).run()
    assert result.status == "ok" and called == []
