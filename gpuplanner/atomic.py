"""Writing a file so that a crash, a kill or a full disk leaves the old file whole, or none.

The new content goes to a hidden file beside the target, is flushed to disk, then renamed over
the target (atomic on one file system). On any failure the hidden file is removed and the error
raised: the user is told, and nothing half-written is left behind.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path


def temp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp")


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write; on success it replaces ``path``, on failure it is removed."""
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
