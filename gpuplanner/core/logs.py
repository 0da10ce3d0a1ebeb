"""Logging to the platform's user log folder, rotated so a kiosk left on for months stays small."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from gpuplanner.core import paths

LOG_FILE_NAME = "gpuplanner.log"
MAX_BYTES = 1_000_000
BACKUP_COUNT = 5
_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


class RotatingFile(logging.FileHandler):
    """A log file kept under ``maxBytes``, with ``backupCount`` older ones beside it
    (gpuplanner.log.1 the newest), as ``logging.handlers.RotatingFileHandler`` keeps it; that
    module also brings sockets, pickling and queues, about 5 ms of every start (issue 29)."""

    def __init__(self, path: Path, maxBytes: int, backupCount: int) -> None:
        super().__init__(path, encoding="utf-8")
        self.maxBytes, self.backupCount = maxBytes, backupCount

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self.stream is not None and self.stream.tell() + 512 >= self.maxBytes:
                self._rotate()
        except (OSError, ValueError):  # a file another process holds or closed: log on
            self.handleError(record)
        super().emit(record)

    def _rotate(self) -> None:
        if self.stream is not None:
            self.stream.close()
        self.stream = None  # reopened below
        name = self.baseFilename
        for number in range(self.backupCount - 1, 0, -1):
            older = f"{name}.{number}"
            if os.path.exists(older):
                os.replace(older, f"{name}.{number + 1}")
        if os.path.exists(name):
            os.replace(name, f"{name}.1")
        self.stream = self._open()


def setup_logging(verbose: bool = False) -> logging.Handler | None:
    """Send records to a rotating file, and to stderr when ``verbose``.

    Returns the file handler, or ``None`` when the log folder cannot be written (a
    read-only profile must not stop the app: it then logs to stderr only).
    """
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    for handler in list(root.handlers):
        if getattr(handler, "_gpuplanner", False):
            root.removeHandler(handler)
            handler.close()

    file_handler: logging.Handler | None = None
    try:
        log_dir = paths.user_log_dir()
        log_dir.mkdir(parents=True, exist_ok=True)
        file_handler = RotatingFile(
            log_dir / LOG_FILE_NAME, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT
        )
    except OSError as exc:
        print(
            f"gpuplanner: cannot write the log folder ({exc}); logging to stderr", file=sys.stderr
        )

    handlers: list[logging.Handler] = []
    if file_handler is not None:
        handlers.append(file_handler)
    if verbose or file_handler is None:
        stream = logging.StreamHandler(sys.stderr)
        if not verbose:  # the file's stand-in: what the user must see, not the day's record
            stream.setLevel(logging.WARNING)
        handlers.append(stream)
    for handler in handlers:
        handler.setFormatter(logging.Formatter(_FORMAT))
        handler._gpuplanner = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    return file_handler
