"""Every process the probe worker starts, found again however it left the worker's group.

The worker runs in a process group of its own, and a kill of the group ends everything that
stayed in it. A child that calls ``setsid`` or ``setpgid``, or is double-forked (its parent
gone, it is adopted by init), leaves the group and the tree. Two things still find it:

- the walk: the worker's descendants are listed while the worker runs and once more before
  any kill, and every process seen is remembered, whatever group it moves to later;
- the mark: the worker starts with an environment variable holding a token of this run, which
  every descendant inherits, and at the end every process carrying it is one of ours.

- the adoption (Linux): the runner's process is a child subreaper, so a process orphaned by
  a double fork is adopted by it, not by init, and found among its own children that were
  not there before the run. A grandchild that called setsid, double-forked and started again
  with an empty environment once outlived the command (issue 42).

Elsewhere a process that both clears its environment and leaves between two walks is the one
this does not see; a probe worker is TensorFlow code, not an adversary of the machine it runs on.

On Linux the worker runs under its guard (guard.py) instead: a child subreaper between the
runner and the worker that holds the whole tree, ends it when the worker exits or the runner
dies (a parent-death signal, so a SIGKILL of ``gpuplanner probe`` leaves nothing, issue 51),
and lists only its own descendants. The runner then neither walks nor marks nor adopts: it
reads no process but the guard's tree, and that only when it must end a run early.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import secrets
import signal
import sys
import time
from collections.abc import Callable

import psutil

from gpuplanner.probe import guard as guard_module

MARK_ENV = "GPUPLANNER_PROBE_RUN"


PR_SET_CHILD_SUBREAPER = 36
KILL_ROUNDS = 50


def become_subreaper() -> bool:
    """Make this process the one orphans of its descendants are given to (Linux 3.4 and
    later); False where that cannot be done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


PR_SET_PDEATHSIG = 1


def death_signal_setter() -> Callable[[], None] | None:
    """For ``Popen(preexec_fn=...)``: the child is killed when the thread that started it ends,
    so a SIGKILL to ``gpuplanner probe`` ends a silent worker too (issue 42; it once ran on).
    The libc function is found here, in the parent, so the child between fork and exec only
    calls it. None where Linux's prctl is not there."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None

    def set_death_signal() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

    return set_death_signal


def guarded() -> bool:
    """Whether the worker runs under its guard (guard.py): Linux, where a child subreaper and a
    parent-death signal keep its whole tree below one process the runner owns."""
    return sys.platform.startswith("linux")


def guard_command(command: list[str]) -> list[str]:
    """``command`` run under the guard: this Python (isolated, the standard library only), or
    this frozen app with ``--probe-guard``."""
    head = (
        [sys.executable, "--probe-guard"]
        if getattr(sys, "frozen", False)
        else [sys.executable, "-I", "-S", guard_module.__file__]
    )
    return [*head, str(os.getpid()), "--", *command]


class ProcessFamily:
    def __init__(self, guarded: bool = False) -> None:
        self.token = secrets.token_hex(8)
        self._root: psutil.Process | None = None
        self._seen: dict[int, psutil.Process] = {}
        self._me = psutil.Process()
        # Under the guard, the tree is the guard's: this process walks nothing while the worker
        # runs, never becomes a subreaper, and never reads the whole process table (issue 51:
        # ~10 passes a run over 11,800 processes took 7-10 s). Without it, the walk, the mark
        # and the adoption below.
        self.guarded = guarded
        self._adopting = False if guarded else become_subreaper()
        self._children_before = set() if guarded else {p.pid for p in self._children()}

    def _children(self) -> list[psutil.Process]:
        try:
            return list(self._me.children())
        except psutil.Error:
            return []

    def environment(self) -> dict[str, str]:
        """What the worker's environment adds: the mark its descendants inherit."""
        return {MARK_ENV: self.token}

    def adopt(self, pid: int) -> None:
        with contextlib.suppress(psutil.Error):
            self._root = psutil.Process(pid)
            self._seen[pid] = self._root

    def walk(self) -> None:
        """Remember the worker's descendants as they are now (under the guard, only while the
        guard lives: it holds them all)."""
        if self._root is None:
            return
        if self.guarded and not _running(self._root):
            return
        with contextlib.suppress(psutil.Error):
            for child in self._root.children(recursive=True):
                self._seen.setdefault(child.pid, child)
        if self._adopting:
            self._adopt_orphans()

    def _adopt_orphans(self) -> None:
        """The processes given to this one since the run began, and theirs, in one pass over
        the process table; an adopted one that has ended is reaped at once (a fork chain
        leaves a zombie per link, and walking thousands of them once stalled the end)."""
        try:
            descendants = self._me.children(recursive=True)
        except psutil.Error:
            return
        root = self._root.pid if self._root is not None else None
        for process in descendants:
            if process.pid in self._children_before or process.pid == root:
                continue
            try:
                ended = process.status() == psutil.STATUS_ZOMBIE
                mine = process.ppid() == self._me.pid
            except psutil.Error:
                continue
            if ended:
                if mine:
                    with contextlib.suppress(ChildProcessError, OSError):
                        os.waitpid(process.pid, os.WNOHANG)
                continue
            self._seen.setdefault(process.pid, process)

    def _marked(self) -> list[psutil.Process]:
        if self.guarded:
            return []  # the guard's tree is the family: no pass over every process
        found = []
        me = os.getpid()
        for process in psutil.process_iter():
            if process.pid == me:
                continue
            with contextlib.suppress(psutil.Error, OSError):
                if process.environ().get(MARK_ENV) == self.token:
                    found.append(process)
        return found

    def alive(self) -> list[psutil.Process]:
        """Every process of the family still running (the worker itself included)."""
        self.walk()
        members = {p.pid: p for p in self._seen.values()}
        for process in self._marked():
            members.setdefault(process.pid, process)
        # psutil's Process compares the start time too: a pid reused since is not ours.
        return [p for p in members.values() if _running(p)]

    def end(self, grace_s: float) -> None:
        """SIGTERM to every member, SIGKILL to those left after ``grace_s``, then wait until
        none runs (so "no process left" holds when this returns)."""
        members = self.alive()
        for process in members:
            with contextlib.suppress(psutil.Error):
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace_s
        while any(_running(p) for p in members) and time.monotonic() < deadline:
            time.sleep(0.02)
        # Whatever was started during the grace, and whatever ignored the request: stopped
        # first, so a link of a fork chain cannot start the next, then killed, round after
        # round until none is left (a setsid fork loop ignoring SIGTERM once left one).
        for _ in range(KILL_ROUNDS):
            members = self.alive()
            if not members:
                break
            for process in members:
                with contextlib.suppress(psutil.Error):
                    process.suspend()
            for process in members:
                with contextlib.suppress(psutil.Error):
                    process.kill()
            wait_gone(members)
            self._reap()

    def _reap(self) -> None:
        """Collect the exit of every adopted orphan (the worker is the subprocess module's):
        an adopted process that ends stays a zombie until its new parent waits for it."""
        root = self._root.pid if self._root is not None else None
        for pid in list(self._seen):
            if pid == root or pid in self._children_before:
                continue
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, os.WNOHANG)


def _running(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def wait_gone(processes: list[psutil.Process], timeout_s: float = 2.0) -> None:
    """Until every one has ended (a zombie has: it only waits for its parent to reap it)."""
    deadline = time.monotonic() + timeout_s
    while any(_running(p) for p in processes) and time.monotonic() < deadline:
        time.sleep(0.02)
