"""Writing a file so that a crash, a kill, a full disk or a second writer leaves the old file
whole, or the new one, never a mix.

The new content goes to a hidden file of its own beside the target (created with O_EXCL, so a
link planted there is never followed and two writers never share one), is flushed to disk, then
renamed over the target (atomic on one file system). On any failure the hidden file is removed
and the error raised. A writer killed mid-save leaves its hidden file; the next save of the
same target removes those whose process is gone.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path


def _prefix(path: Path) -> str:
    return f".{path.name}."


def temp_path(path: Path) -> Path:
    """A new, empty, exclusively created file beside ``path`` that only this call owns."""
    for _ in range(100):
        candidate = path.with_name(f"{_prefix(path)}{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        os.close(fd)
        return candidate
    raise FileExistsError(f"no free temporary name beside {path}")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process, or a platform without signals: leave it
    return True


def _sweep(path: Path) -> None:
    """Remove hidden files left beside ``path`` by writers that no longer run."""
    with contextlib.suppress(OSError):
        for leftover in path.parent.glob(f"{_prefix(path)}*.tmp"):
            parts = leftover.name[len(_prefix(path)) :].split(".")
            if len(parts) == 3 and parts[0].isdigit() and not _alive(int(parts[0])):
                with contextlib.suppress(OSError):
                    leftover.unlink()


class NotARegularFile(OSError):
    """A save target that exists and is a device, a FIFO, a socket or a folder."""


def check_target(path: Path) -> None:
    """Refuse to replace what is not a regular file: renaming over ``/dev/full`` or a FIFO would
    put a file where a device was (run as root), and over a folder fails late. A symbolic link is
    replaced itself, never what it points to."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise NotARegularFile(errno.EINVAL, f"{kind}: refusing to replace it", str(path))


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write; on success it replaces ``path``, on failure it is removed."""
    check_target(path)
    _sweep(path)
    tmp = temp_path(path)
    try:
        yield tmp
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def write_bytes(path: Path, data: bytes) -> None:
    with replacing(path) as tmp:
        tmp.write_bytes(data)


def write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    write_bytes(path, text.encode(encoding))


def write_with(path: Path, writer: Callable[[Path], None]) -> None:
    """For writers that need a path of their own (openpyxl, Qt's PDF writer)."""
    with replacing(path) as tmp:
        writer(tmp)
