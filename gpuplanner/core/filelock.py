"""An exclusive lock between processes, held on a small file beside what it protects.

Used where two copies of the app could act on one file at once and the second must see what
the first did (setting a damaged database aside). POSIX ``flock``, Windows ``msvcrt.locking``;
the lock goes with the process, so a killed holder never leaves it held.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path


class LockTimeout(OSError):
    def __init__(self, path: Path) -> None:
        super().__init__(f"another copy of gpuplanner holds {path.name}")
        self.path = path


@contextlib.contextmanager
def exclusive(path: Path, timeout_s: float = 30.0) -> Iterator[None]:
    """Hold the lock file ``path`` (created if missing) until the block ends."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _acquire(fd, path, timeout_s)
        try:
            yield
        finally:
            _release(fd)
    finally:
        os.close(fd)


if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _acquire(fd: int, path: Path, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]  # Windows
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise LockTimeout(path) from None
                time.sleep(0.05)

    def _release(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]  # Windows

else:
    import fcntl

    def _acquire(fd: int, path: Path, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise LockTimeout(path) from None
                time.sleep(0.02)

    def _release(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
