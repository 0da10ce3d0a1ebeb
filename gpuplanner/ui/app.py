"""Start the desktop application: translators, settings, the main window, the smoke test."""

from __future__ import annotations

import json
import logging
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QLocale, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from gpuplanner import __version__
from gpuplanner.languages import pick_currency, pick_language
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.settings import open_settings, read_str
from gpuplanner.ui.translator import LanguageSwitcher

log = logging.getLogger(__name__)

# A first paint that takes this long means the app is broken, not slow.
SMOKE_TEST_TIMEOUT_MS = 60_000


@dataclass(frozen=True)
class LaunchOptions:
    language: str | None = None
    currency: str | None = None
    smoke_test: bool = False
    screenshot: Path | None = None


class FirstPaintWatcher(QObject):
    """Calls back once, right after the window has painted for the first time."""

    def __init__(self, window, callback) -> None:
        super().__init__(window)
        self._callback = callback
        self._fired = False
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if not self._fired and event.type() == QEvent.Type.Paint:
            self._fired = True
            # Let the paint finish and reach the screen before acting on it.
            QTimer.singleShot(0, self._callback)
        return False


class Application:
    """Owns the QApplication-wide pieces: settings, the language switcher, the window."""

    def __init__(self, app: QApplication, options: LaunchOptions) -> None:
        self.app = app
        self.settings = open_settings()
        locale_name = QLocale.system().name()
        language = pick_language(
            options.language or read_str(self.settings, "ui/language"), locale_name
        )
        currency = pick_currency(
            options.currency or read_str(self.settings, "ui/currency"), locale_name
        )
        self.switcher = LanguageSwitcher(app)
        self.switcher.switch(language)
        self.window = MainWindow(language, currency)
        self.window.language_requested.connect(self.set_language)
        self.window.currency_changed.connect(lambda c: self._save("ui/currency", c))

    def set_language(self, language: str) -> None:
        self.switcher.switch(language)
        self.window.set_language(language)
        self._save("ui/language", language)

    def _save(self, key: str, value: str) -> None:
        self.settings.setValue(key, value)
        self.settings.sync()


def _save_screenshot(window, path: Path) -> bool:
    """Grab what the display server shows (X11, Wayland); fall back to the widget's own paint."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    pixmap = screen.grabWindow(window.winId()) if screen is not None else None
    if pixmap is None or pixmap.isNull():
        pixmap = window.grab()
    path.parent.mkdir(parents=True, exist_ok=True)
    return pixmap.save(str(path))


def run(argv: list[str], options: LaunchOptions) -> int:
    app = QApplication.instance() or QApplication(argv)
    app.setApplicationName("gpuplanner")
    app.setApplicationDisplayName("gpuplanner")
    app.setApplicationVersion(__version__)
    application = Application(app, options)
    window = application.window
    if options.smoke_test or options.screenshot:
        outcome = {"code": 3}

        def after_first_paint() -> None:
            outcome["code"] = 0
            if options.screenshot and not _save_screenshot(window, options.screenshot):
                print(f"gpuplanner: could not write {options.screenshot}", file=sys.stderr)
                outcome["code"] = 1
            print(json.dumps({"first_paint_epoch": time.time(), "version": __version__}))
            sys.stdout.flush()
            app.exit(outcome["code"])

        FirstPaintWatcher(window, after_first_paint)
        QTimer.singleShot(SMOKE_TEST_TIMEOUT_MS, lambda: app.exit(outcome["code"]))
    window.resize(max(window.minimumWidth(), 1100), max(window.minimumHeight(), 760))
    window.show()
    log.info("main window shown")
    code = app.exec()
    if code == 3:
        print("gpuplanner: the main window never painted", file=sys.stderr)
    return code
