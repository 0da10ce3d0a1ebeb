"""The probe worker's guard (Linux): the one process between the runner and the worker, so that
nothing the worker starts outlives the run, whatever ends the runner.

``gpuplanner probe`` killed with SIGKILL once left three grandchildren of the worker running:
they had called ``setsid`` and ignored SIGTERM, and the runner that would have ended them was
gone (issue 51). The guard

- is a child subreaper: every process the worker's tree orphans (a double fork, a parent that
  exits) is given to the guard, never to init, so the whole tree stays its descendants;
- is told when the runner dies (a parent-death signal, SIGTERM) and then ends the tree;
- runs the worker with a parent-death signal of SIGKILL, should the guard itself be killed;
- after the worker exits, ends whatever it left behind, then exits as the worker did (its
  code, or by its signal), so the runner reads the worker's ending from the guard's.

It lists its descendants only when it must end them, and only when it has any: a guard with
no child left has no descendant (each one's line of parents ends in a child of the guard).
The list comes from ``/proc/PID/task/TID/children`` where the kernel has it, else from one
pass over ``/proc``. The standard library only: it runs as ``python -I -S guard.py``, or as
``gpuplanner --probe-guard`` in a frozen build.

argv: the runner's pid, ``--``, the worker's command.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
END_ROUNDS = 50
_STOPS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


class _Stop(Exception):
    """The runner died, or asked the run to end."""


def _prctl(option: int, value: int) -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _state(pid: int) -> str:
    """The process's state letter ("Z" a zombie, "" gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rpartition(b")")[2].split()[0].decode()
    except (OSError, IndexError):
        return ""


def _children_listed(pid: int) -> list[int] | None:
    """The process's children from /proc/PID/task/*/children; None where the kernel has none."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    children: list[int] = []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as listed:
                children += [int(c) for c in listed.read().split()]
        except FileNotFoundError:
            return None  # CONFIG_PROC_CHILDREN is off: no such file for any process
        except (OSError, ValueError):
            continue
    return children


def _parents() -> dict[int, list[int]]:
    """Every process's children, from one pass over /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                parent = int(stat.read().rpartition(b")")[2].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    return children


def descendants(root: int) -> list[int]:
    """Every process below ``root``, its own tree only where the kernel lists children."""
    table: dict[int, list[int]] | None = None
    found: list[int] = []
    waiting = [root]  # the processes whose children are yet to be listed
    while waiting:
        pid = waiting.pop()
        listed = _children_listed(pid) if table is None else None
        if listed is None:
            table = table if table is not None else _parents()
            listed = table.get(pid, [])
        found += listed
        waiting += listed
    return found


def _reap() -> bool:
    """Collect every child that has ended; whether any child is left."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid == 0:
            return True


def end_tree() -> None:
    """Stop and kill every descendant, round after round, until none is left: stopped first so
    a fork loop cannot start the next link, killed, and reaped as they come to the guard."""
    me = os.getpid()
    for _ in range(END_ROUNDS):
        if not _reap():
            return  # no child at all: no descendant either
        living = [pid for pid in descendants(me) if _state(pid) not in ("", "Z")]
        if not living:
            _reap()
            return
        for sig in (signal.SIGSTOP, signal.SIGKILL):
            for pid in living:
                with contextlib.suppress(OSError):
                    os.kill(pid, sig)
        deadline = time.monotonic() + 1.0
        while any(_state(pid) not in ("", "Z") for pid in living):
            if time.monotonic() > deadline:
                break
            _reap()
            time.sleep(0.01)


def _stop(signum: int, frame: object) -> None:
    raise _Stop(signum)


def _exit_as(status: int) -> None:
    """End the way the worker ended: its exit code, or its signal (no core file of ours)."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            import resource

            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        except (ImportError, OSError, ValueError):
            pass
        signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
        os._exit(128 + number)  # a signal that does not end a process by default
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


def _start(command: list[str]) -> int:
    pid = os.fork()
    if pid:
        return pid
    try:  # the worker: default signals, killed should the guard die
        for sig in _STOPS:
            signal.signal(sig, signal.SIG_DFL)
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        os.execvp(command[0], command)
    except BaseException as exc:
        reason = getattr(exc, "strerror", None) or exc
        try:
            os.write(2, f"cannot start {command[0]}: {reason}\n".encode(errors="replace"))
        finally:
            os._exit(127)
    return 0  # not reached


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        os.write(2, b"usage: guard.py RUNNER_PID -- COMMAND...\n")
        return 2
    runner, command = int(argv[0]), argv[2:]
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    for sig in _STOPS:
        signal.signal(sig, _stop)
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    worker = 0
    try:
        if os.getppid() != runner:
            return 1  # the runner died before the death signal was set: start nothing
        worker = _start(command)
        while True:
            try:
                pid, status = os.waitpid(-1, 0)
            except ChildProcessError:
                return 1
            if pid == worker:
                break
        _hold_signals()
        end_tree()  # what the worker left behind
        _exit_as(status)
    except _Stop as stop:
        _hold_signals()
        end_tree()
        return 128 + int(stop.args[0])
    return 0


def _hold_signals() -> None:
    """Ending the tree is not interrupted by a second request to end it."""
    for sig in _STOPS:
        signal.signal(sig, signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
