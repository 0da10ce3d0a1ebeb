"""Writing a file so that a crash, a kill, a full disk or a second writer leaves the old file
whole, or the new one, never a mix.

The new content goes to a hidden file of its own beside the target (created with O_EXCL, so a
link planted there is never followed and two writers never share one), is flushed to disk, then
renamed over the target (atomic on one file system). On any failure the hidden file is removed
and the error raised. A writer killed mid-save leaves its hidden file (and SQLite, writing a
catalog there, its ``-journal``); the next save of the same target removes those whose process
is gone.

The new file takes the old one's mode and owner: a 0600 ``kiosk.json`` once came back 0644
root:root from ``kiosk set-pin``, its PIN hash readable by all (issue 42). A new file follows
the user's umask, or is 0600 when it holds a secret. The hidden name fits the file system's
limit on a name: a valid name of 250 bytes once failed with "File name too long".
"""

from __future__ import annotations

import contextlib
import errno
import glob
import hashlib
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from gpuplanner.core.terminal import escape_bytes

# What a hidden name adds to its prefix: ".<pid>.<8 hex>.tmp" and SQLite's "-journal".
_TAIL_BYTES = len(".4294967295.01234567.tmp-journal")


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # Windows has no pathconf
        return 255


def _prefix(path: Path) -> str:
    """``.<name>.``, or for a name too long to carry a tail, its start and a digest of the
    whole (the same every time, so a later save sweeps what a killed one left)."""
    whole = f".{path.name}."
    room = _name_max(path.parent) - _TAIL_BYTES
    if len(os.fsencode(whole)) <= room:
        return whole
    digest = hashlib.sha256(os.fsencode(path.name)).hexdigest()[:12]
    start = os.fsencode(path.name)[: max(room - len(digest) - 3, 1)]
    return f".{start.decode('utf-8', 'ignore')}~{digest}."  # cut between characters


def temp_path(path: Path, mode: int = 0o666, private: bool = False) -> Path:
    """A new, empty, exclusively created file beside ``path`` that only this call owns, with the
    mode and owner ``path`` has when it exists, else ``mode`` under the umask; ``private``: never
    readable by the group or others, whatever the old mode (a PIN hash once stayed 0644)."""
    try:
        old: os.stat_result | None = os.stat(path)
    except OSError:
        old = None
    for _ in range(100):
        candidate = path.with_name(f"{_prefix(path)}{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        except FileExistsError:
            continue
        try:
            if old is not None and stat.S_ISREG(old.st_mode):
                _keep_owner_and_mode(fd, old, private)
        except BaseException:
            os.close(fd)
            candidate.unlink(missing_ok=True)
            raise
        os.close(fd)
        return candidate
    raise FileExistsError(f"no free temporary name beside {path}")


def _keep_owner_and_mode(fd: int, old: os.stat_result, private: bool = False) -> None:
    """The old file's owner, then its mode (chown clears set-id bits, so mode comes last). A
    user who may not give the file away keeps it theirs, with the old mode."""
    if hasattr(os, "fchown") and (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
        with contextlib.suppress(PermissionError):
            os.fchown(fd, old.st_uid, old.st_gid)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, stat.S_IMODE(old.st_mode) & (0o700 if private else 0o7777))


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


_SIDE_FILES = ("-journal", "-wal", "-shm")


def _sweep(path: Path) -> None:
    """Remove hidden files left beside ``path`` by writers that no longer run."""
    prefix = _prefix(path)
    with contextlib.suppress(OSError):
        for leftover in path.parent.glob(f"{glob.escape(prefix)}*.tmp*"):
            rest = leftover.name[len(prefix) :]
            for side in _SIDE_FILES:  # a killed catalog build's SQLite journal
                if rest.endswith(side):
                    rest = rest[: -len(side)]
                    break
            parts = rest.split(".")
            if (
                len(parts) == 3
                and parts[2] == "tmp"
                and parts[0].isdigit()
                and not _alive(int(parts[0]))
            ):
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
def replacing(path: Path, secret: bool = False) -> Iterator[Path]:
    """Yield a temporary path to write; on success it replaces ``path``, on failure it is removed.
    A file holding a ``secret`` is for its owner only (0600 when new); another keeps its mode."""
    check_target(path)
    _sweep(path)
    tmp = temp_path(path, 0o600 if secret else 0o666, private=secret)
    try:
        yield tmp
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def write_bytes(path: Path, data: bytes, secret: bool = False) -> None:
    with replacing(path, secret) as tmp:
        tmp.write_bytes(data)


def write_text(path: Path, text: str, encoding: str = "utf-8", secret: bool = False) -> None:
    """``text`` written in ``encoding``; a name the system gave as undecodable bytes (a GBK
    file name in a report or a probe result) is written with those bytes as \\xNN."""
    write_bytes(path, escape_bytes(text).encode(encoding), secret)


def write_with(path: Path, writer: Callable[[Path], None]) -> None:
    """For writers that need a path of their own (openpyxl, Qt's PDF writer)."""
    with replacing(path) as tmp:
        writer(tmp)
