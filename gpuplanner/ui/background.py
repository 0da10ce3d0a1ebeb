"""Work that can take time, off the GUI thread: the catalog, a scan, a probe, a lab's plans.

A job's result comes back on the GUI thread through a queued signal; a ``UserError`` comes back
as its sentence in the user's language, an ``OSError`` as its message, anything else as a
one-line message while its traceback goes to the log. The window never shows a traceback.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from gpuplanner.core.errors import UserError

log = logging.getLogger(__name__)


class _Signals(QObject):
    done = Signal(object)
    failed = Signal(str)


class _Job(QRunnable):
    def __init__(self, func: Callable[[], Any], language: str) -> None:
        super().__init__()
        self.func = func
        self.language = language
        self.signals = _Signals()

    def run(self) -> None:
        try:
            result = self.func()
        except UserError as exc:  # a file to repair, a choice to change: its words
            from gpuplanner.report.input_text import error_text

            self.signals.failed.emit(error_text(exc, self.language))
        except OSError as exc:  # a disk or a folder the user can see to
            self.signals.failed.emit(str(exc))
        except Exception as exc:  # anything else: logged in full, shown in words
            log.error("background job failed:\n%s", traceback.format_exc())
            self.signals.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            self.signals.done.emit(result)


class Background(QObject):
    """A pool of worker threads that outlives no window: jobs are kept until they report."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._jobs: set[_Job] = set()

    def start(
        self,
        func: Callable[[], Any],
        on_done: Callable[[Any], None],
        on_failed: Callable[[str], None],
        language: str,
    ) -> None:
        job = _Job(func, language)
        self._jobs.add(job)

        def finish(result: Any) -> None:
            self._jobs.discard(job)
            on_done(result)

        def fail(message: str) -> None:
            self._jobs.discard(job)
            on_failed(message)

        job.signals.done.connect(finish)
        job.signals.failed.connect(fail)
        self._pool.start(job)

    def wait(self, msecs: int = 30_000) -> bool:
        return self._pool.waitForDone(msecs)

    @property
    def running(self) -> bool:
        """A worker thread still runs (a job whose window was closed may still be finishing)."""
        return self._pool.activeThreadCount() > 0
