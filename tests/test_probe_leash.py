"""The probe child on a leash (issue 18.4): a worker that prints a gigabyte on one line, floods
events, leaves children behind or sends hostile fields never takes the app down with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest
from conftest import REPO_ROOT, child_env
from helpers.fake_python import fake_python

from gpuplanner.probe.protocol import clean_text, iter_lines
from gpuplanner.probe.runner import ProbeRunner

FAKE = Path(__file__).parent / "fakeworkers"
MB = 1024 * 1024
LIMIT_MB = 300
# How long a flood runs before the probe's timeout ends it. flood.py writes as fast as the
# runner reads: in 4 s the runner reads about 560 MB, two million messages (counted once by
# wrapping its ProtocolReader). A reader that kept 150 bytes of each would pass LIMIT_MB, and
# each second of the flood keeps two processes busy on the suite's two cores.
FLOOD_S = 4

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and /proc")


def _run_measured(
    command: list[str], env: dict
) -> tuple[subprocess.CompletedProcess, float, float]:
    """Run ``command``; its peak resident memory (MB, the process itself) and wall time."""
    start = time.monotonic()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=REPO_ROOT
    )
    peak = [0.0]

    def watch() -> None:
        with_ps = psutil.Process(process.pid)
        while process.poll() is None:
            try:
                peak[0] = max(peak[0], with_ps.memory_info().rss / MB)
            except psutil.Error:
                return
            time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    out, err = process.communicate(timeout=120)
    watcher.join(2)
    done = subprocess.CompletedProcess(command, process.returncode, out.decode(), err.decode())
    return done, peak[0], time.monotonic() - start


def _cli(tmp_path: Path, script: str, timeout_s: int):
    command = [sys.executable, "-m", "gpuplanner", "probe", "--python"]
    command += [str(fake_python(tmp_path, script)), "--timeout", str(timeout_s)]
    command += ["--no-history", "--json"]
    return _run_measured(command, child_env(tmp_path))


def _leftovers(marker: str) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        with_cmd = " ".join(process.info.get("cmdline") or [])
        if marker in with_cmd and process.pid != os.getpid():
            found.append(process)
    return found


@pytest.mark.slow
def test_a_gigabyte_line_stays_small_and_ends_in_time_in_the_cli(tmp_path):
    result, peak_mb, seconds = _cli(tmp_path, "huge_line.py", 10)
    assert "Traceback" not in result.stderr
    data = json.loads(result.stdout)
    assert data["status"] == "timeout" and peak_mb < LIMIT_MB, (peak_mb, data["status"])
    assert seconds < 10 + 5 + 3  # the timeout, its 5 s, and the CLI's own start
    assert not _leftovers("huge_line.py")


@pytest.mark.slow
def test_an_event_flood_stays_small_and_ends_in_time_in_the_cli(tmp_path):
    result, peak_mb, seconds = _cli(tmp_path, "flood.py", FLOOD_S)
    assert "Traceback" not in result.stderr
    data = json.loads(result.stdout)
    assert data["status"] == "timeout" and peak_mb < LIMIT_MB, (peak_mb, data["status"])
    assert seconds < FLOOD_S + 5 + 3
    assert not _leftovers("flood.py")


def test_children_left_by_a_worker_that_exits_normally_are_ended():
    runner = ProbeRunner(command=[sys.executable, "-u", str(FAKE / "forks_then_exits.py")])
    grandchild = []
    runner.on_event = lambda e: (
        grandchild.append(e.data.get("grandchild")) if e.type == "hello" else None
    )
    result = runner.run()
    assert result.status == "ok"
    pid = next(p for p in grandchild if p)
    time.sleep(0.2)
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


def test_hostile_fields_are_cleaned_and_never_become_measurements():
    seen = []
    runner = ProbeRunner(
        command=[sys.executable, "-u", str(FAKE / "hostile_fields.py")], on_event=seen.append
    )
    result = runner.run()
    assert result.status == "failed"  # "total-victory" is not a status
    shown = [e.text for e in seen] + [e.step or "" for e in seen] + list(result.errors)
    assert all("\x1b" not in t and "\x07" not in t and "\x9b" not in t for t in shown)
    matmul = next(s for s in result.steps if s.step.startswith("matmul"))
    assert matmul.status == "failed"  # "owned..." is not a step status
    assert [m.name for m in matmul.metrics] == ["fine"]  # the negative and NaN figures dropped
    fine = matmul.metrics[0]
    assert fine.value == 12.5 and fine.spread_pct is None and fine.runs is None
    progress = next(e for e in seen if e.type == "progress")
    assert progress.fraction is None  # infinity is no fraction


@pytest.mark.parametrize(("script", "timeout_s"), [("flood.py", FLOOD_S), ("huge_line.py", 6)])
def test_the_window_survives_a_flood_and_a_huge_line(qtbot, script, timeout_s):
    from gpuplanner.app.session import Session
    from gpuplanner.ui.controller import WizardController

    me = psutil.Process()
    controller = WizardController(
        Session(),
        probe_factory=lambda on_event: ProbeRunner(
            command=[sys.executable, "-u", str(FAKE / script)],
            timeout_s=timeout_s,
            on_event=on_event,
        ),
    )
    events, done = [], []
    controller.probe_event.connect(lambda event: events.append(event.type))
    controller.probe_finished.connect(done.append)
    baseline = me.memory_info().rss / MB
    peak = baseline
    start = time.monotonic()
    controller.start_probe()
    while not done and time.monotonic() - start < 30:
        peak = max(peak, me.memory_info().rss / MB)
        qtbot.wait(50)
    assert done and done[0].status == "timeout"
    assert time.monotonic() - start < timeout_s + 5
    assert peak - baseline < LIMIT_MB, peak - baseline
    # Progress reaches the window at most 20 times a second, for as long as the flood is read:
    # the timeout, the kill's grace and the readers' 3 s to drain (ProbeRunner.run).
    assert len(events) < 20 * (timeout_s + 6)
    assert not _leftovers(script)


def test_lines_are_bounded_and_split_across_chunks():
    data = b'{"a": 1}\n' + b"y" * 5000 + b"\n" + b'{"b": 2}\n' + b"tail"
    pieces = [data[i : i + 7] for i in range(0, len(data), 7)]

    def read(_size: int) -> bytes:
        return pieces.pop(0) if pieces else b""

    lines = list(iter_lines(read, threading.Event(), max_line=1000))
    assert lines == [b'{"a": 1}', None, b'{"b": 2}', b"tail"]
    assert clean_text("a\x1b[31mb\x07c\td") == "a[31mbc\td"


def _left_running(folder: Path) -> list[int]:
    # Each fake writes "PID.pid": the name says the pid the moment the file exists, where its
    # text may still be empty (a process ended between opening and writing it).
    pids = [int(p.stem) for p in folder.glob("*.pid")]

    def running(pid: int) -> bool:
        try:
            return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False

    return [pid for pid in pids if running(pid)]


@pytest.mark.parametrize("ending", ["exit", "hang", "cancel"])
@pytest.mark.parametrize("how", ["setsid", "setpgid", "double-fork", "double-fork-bare"])
def test_children_that_leave_the_process_group_are_ended_too(tmp_path, how, ending):
    """Issue 30 (13): a sleeper that leaves the group (and ignores SIGTERM) is found by the
    walk or by the run's mark in its environment, after a normal end, a timeout or a cancel.
    Issue 42: one that also starts again with an empty environment is adopted by the runner
    (a child subreaper on Linux) and found among the runner's own children."""
    folder = tmp_path / "pids"
    folder.mkdir()
    runner = ProbeRunner(
        command=[
            sys.executable,
            "-u",
            str(FAKE / "escapes_group.py"),
            how,
            "hang" if ending == "cancel" else ending,
            str(folder),
        ],
        timeout_s=3,
    )
    if ending == "cancel":
        runner.on_event = lambda e: runner.cancel() if e.type == "hello" else None
    started = time.monotonic()
    result = runner.run()
    assert result.status == {"exit": "ok", "hang": "timeout", "cancel": "cancelled"}[ending]
    assert list(folder.glob("*.pid")), "the sleeper never started"
    assert _left_running(folder) == []
    if ending == "cancel":
        assert time.monotonic() - started < 4


@pytest.mark.slow
@pytest.mark.parametrize("signum", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_signal_to_the_probe_command_cancels_and_ends_the_whole_tree(tmp_path, signum):
    """Issue 30 (14): Ctrl-C, SIGTERM or SIGHUP to ``gpuplanner probe`` cancel the run: the
    "cancelled" result is shown, and no process of the worker's tree is left."""
    folder = tmp_path / "pids"
    folder.mkdir()
    python = tmp_path / "python-escapes"
    python.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -u "{FAKE / "escapes_group.py"}"'
        f' double-fork hang "{folder}"\n',
        encoding="utf-8",
    )
    python.chmod(0o755)
    cli = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gpuplanner",
            "probe",
            "--python",
            str(python),
            "--timeout",
            "60",
            "--no-history",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(tmp_path),
        cwd=tmp_path,
    )
    deadline = time.monotonic() + 30
    while not list(folder.glob("*.pid")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # the worker has said hello and hangs
    sent = time.monotonic()
    cli.send_signal(getattr(__import__("signal"), signum))
    out, err = cli.communicate(timeout=15)
    assert time.monotonic() - sent < 5
    assert cli.returncode == 1, err
    assert "cancelled" in out.lower(), out + err
    assert "Traceback" not in err
    assert _left_running(folder) == []


@pytest.mark.slow
def test_large_nested_messages_stay_small_in_the_cli(tmp_path):
    """Issue 30 (5): 150 result messages of 1 MB of nested lists (once 5.4 GB and a
    MemoryError in the reader): each refused by size before it is parsed."""
    result, peak_mb, _ = _cli(tmp_path, "nested_results.py", 60)
    assert "Traceback" not in result.stderr
    data = json.loads(result.stdout)
    assert peak_mb < LIMIT_MB, peak_mb
    assert data["steps"] == []  # none of the oversized results became a step


def test_kept_messages_are_bounded_in_number_structure_and_bytes():
    import tracemalloc

    from gpuplanner.probe.protocol import (
        MAX_CONTAINERS,
        MAX_KEPT_BYTES,
        MAX_MESSAGE,
        ProtocolReader,
    )

    reader = ProtocolReader(lambda message: None)
    deep = b'{"v": 1, "type": "result", "step": "x", "metrics": ' + b"[[]," * MAX_CONTAINERS + b"]}"
    big = b'{"v": 1, "type": "result", "step": "x", "pad": "' + b"x" * MAX_MESSAGE + b'"}'
    just = (
        b'{"v": 1, "type": "error", "step": "x", "message": "' + b"y" * (MAX_MESSAGE - 100) + b'"}'
    )
    tracemalloc.start()
    try:
        for _ in range(2000):
            reader.feed(deep)
            reader.feed(big)
            reader.feed(just)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(reader.events) == MAX_KEPT_BYTES // len(just)
    assert all(e["type"] == "error" for e in reader.events)
    assert peak < 3 * MAX_KEPT_BYTES
    assert reader.garbage[-1].startswith("... and")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl's death signal")
def test_a_silent_worker_ends_when_the_probe_command_is_killed(tmp_path):
    """Issue 42: after SIGKILL to ``gpuplanner probe``, a worker that never says anything ran
    on; it now has a death signal for when its parent goes."""
    pid_file = tmp_path / "worker.pid"
    fake = str(fake_python(tmp_path, "silent.py"))
    cli = subprocess.Popen(
        [sys.executable, "-m", "gpuplanner", "probe", "--python", fake, "--timeout", "60"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=child_env(tmp_path, SILENT_PID_FILE=str(pid_file)),
        cwd=tmp_path,
    )
    deadline = time.monotonic() + 30
    # The file appears before its number is written: wait for the number, not the file.
    while time.monotonic() < deadline and not (
        pid_file.exists() and pid_file.read_text(encoding="utf-8").strip()
    ):
        time.sleep(0.05)
    worker = psutil.Process(int(pid_file.read_text(encoding="utf-8")))
    cli.kill()
    cli.wait(10)
    try:
        worker.wait(10)
    except psutil.TimeoutExpired:
        worker.kill()
        pytest.fail("the worker outlived the killed command")


def test_a_chain_of_forks_ignoring_sigterm_is_ended_whole(tmp_path):
    """Issue 42: a setsid fork loop, each link ignoring SIGTERM, once left one process."""
    folder = tmp_path / "pids"
    folder.mkdir()
    runner = ProbeRunner(command=[sys.executable, "-u", str(FAKE / "fork_loop.py"), str(folder)])
    result = runner.run()
    assert result.status == "ok"
    time.sleep(0.3)  # a link that outlived the end would have forked again by now
    assert _left_running(folder) == []
