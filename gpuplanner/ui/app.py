"""Start the desktop application: translators, settings, the main window, the smoke test."""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QLocale, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from gpuplanner import __version__
from gpuplanner.app.saved_entries import SAVED_ENTRY_RANGES, saved_entry
from gpuplanner.core.errors import InputError
from gpuplanner.core.languages import pick_currency, pick_language
from gpuplanner.core.markets import MARKET_REGIONS
from gpuplanner.core.vocab import Currency
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.screen_fit import fit_to_screen
from gpuplanner.ui.settings import open_settings, read_str
from gpuplanner.ui.translator import LanguageSwitcher

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.app.records import SystemSnapshot
    from gpuplanner.ui.controller import WizardController

log = logging.getLogger(__name__)

LAST_SCAN = "last-scan.json"
# A first paint that takes this long means the app is broken, not slow.
SMOKE_TEST_TIMEOUT_MS = 60_000
NEVER_PAINTED = 3


@dataclass(frozen=True, kw_only=True)
class LaunchOptions:
    language: str | None = None
    currency: Currency | None = None
    smoke_test: bool = False
    screenshot: Path | None = None
    page: int = 0  # open on this wizard page (screenshots, tests)
    fleet: Path | None = None  # open the fleet view; a folder other than "." is loaded


class FirstPaintWatcher(QObject):
    """Calls back once, right after the window has painted for the first time."""

    def __init__(self, window: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(window)
        self._callback = callback
        self._fired = False
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
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
        from gpuplanner.app.session import Session
        from gpuplanner.ui.controller import WizardController

        saved_market = read_str(self.settings, "ui/market")
        self.session = Session(
            currency=currency,
            language=language,
            # The market chosen last time; else the first currency's country.
            market=saved_market if saved_market in MARKET_REGIONS else None,
        )
        self._restore_entries()
        self.controller = WizardController(self.session, parent=app)
        self.window = MainWindow(language, currency, self.controller)
        self.window.language_requested.connect(self.set_language)
        self.window.currency_changed.connect(lambda c: self._save("ui/currency", c))
        self.window.market_changed.connect(lambda m: self._save("ui/market", m))
        self.controller.scan_finished.connect(self._remember_scan)
        self.window.pages.currentChanged.connect(lambda _i: self._remember_entries())

    # Entries a user would not want to type twice: PSU, case, tariff (a job input).
    ENTRY_KEYS = (
        "psu_watts",
        "psu_rating",
        "psu_atx",
        "psu_8pin",
        "psu_12v2x6",
        "case_form",
        "gpu_clearance_mm",
        "free_slots",
    )
    JOB_ENTRY_KEYS = ("tariff",)

    def _restore_entries(self) -> None:
        for key in self.ENTRY_KEYS:
            value = self.settings.value(f"machine/{key}")
            if value in (None, ""):
                continue
            current = getattr(self.session, key)
            if key == "psu_12v2x6":
                value = str(value).lower() == "true"
            elif key in SAVED_ENTRY_RANGES:
                number = saved_entry(key, value)
                if number is None:  # not a number, or none the window could hold (-350 W)
                    log.warning("ignoring a bad saved setting %s=%r", key, value)
                    continue
                value = number
            if current is None or isinstance(current, bool | str):
                setattr(self.session, key, value)
        for key in self.JOB_ENTRY_KEYS:
            saved = self.settings.value(f"machine/{key}")
            if saved in (None, ""):
                continue
            try:
                self.session.update(**{key: float(saved)})
            except (TypeError, ValueError, InputError):  # a hand-edited or foreign setting
                log.warning("ignoring a bad saved setting %s=%r", key, saved)

    def _remember_entries(self) -> None:
        for key in self.ENTRY_KEYS:
            value = getattr(self.session, key)
            self.settings.setValue(f"machine/{key}", "" if value is None else value)
        for key in self.JOB_ENTRY_KEYS:
            value = getattr(self.session.job, key)
            self.settings.setValue(f"machine/{key}", "" if value is None else value)
        self.settings.sync()

    def _remember_scan(self, snapshot: SystemSnapshot) -> None:
        """Keep the last scan, so the next start shows it at once (Scan again refreshes it)."""
        from gpuplanner.app.scanning import save_snapshot
        from gpuplanner.core import paths

        self._remember_entries()
        try:
            folder = paths.user_data_dir()
            folder.mkdir(parents=True, exist_ok=True)
            save_snapshot(snapshot, folder / LAST_SCAN)
        except OSError as exc:
            log.warning("could not keep the last scan: %s", exc)

    def set_language(self, language: str) -> None:
        self.switcher.switch(language)
        self.session.language = language
        self.window.set_language(language)
        self._save("ui/language", language)

    def _save(self, key: str, value: str) -> None:
        self.settings.setValue(key, value)
        self.settings.sync()


def qt_application(argv: list[str]) -> QApplication:
    """The process's QApplication: the one a test harness made, else a new one."""
    app = QApplication.instance()
    return app if isinstance(app, QApplication) else QApplication(argv)


def set_app_icon(app: QApplication) -> None:
    from PySide6.QtGui import QIcon

    from gpuplanner.core import paths

    app.setWindowIcon(QIcon(str(paths.resource_path("icons", "gpuplanner.png"))))
    # Lets Wayland and X11 docks match the window to gpuplanner.desktop and its icon.
    QGuiApplication.setDesktopFileName("gpuplanner")


def _save_screenshot(window: QWidget, path: Path) -> bool:
    """Grab what the display server shows (X11, Wayland); fall back to the widget's own paint."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    pixmap = screen.grabWindow(window.winId()) if screen is not None else None
    if pixmap is None or pixmap.isNull():
        pixmap = window.grab()
    path.parent.mkdir(parents=True, exist_ok=True)
    return pixmap.save(str(path))


def exit_after_first_paint(
    app: QApplication,
    window: QWidget,
    controller: WizardController | None,
    screenshot: Path | None,
    **info: object,
) -> None:
    """--smoke-test and --screenshot: after the first paint, print a JSON line and exit.

    Exits with NEVER_PAINTED if the window has not painted within SMOKE_TEST_TIMEOUT_MS.
    """
    outcome = {"code": NEVER_PAINTED}

    def after_first_paint() -> None:
        outcome["code"] = 0
        if screenshot:
            # Let background work (scan, catalog) finish so the picture shows a settled page.
            for _ in range(3):
                if controller is not None:
                    controller.wait(60_000)
                app.processEvents()
                time.sleep(0.05)
                app.processEvents()
            if not _save_screenshot(window, screenshot):
                print(f"gpuplanner: could not write {screenshot}", file=sys.stderr)
                outcome["code"] = 1
        import json  # the smoke test's one line, after the paint

        print(json.dumps({"first_paint_epoch": time.time(), "version": __version__, **info}))
        sys.stdout.flush()
        app.exit(outcome["code"])

    FirstPaintWatcher(window, after_first_paint)
    QTimer.singleShot(SMOKE_TEST_TIMEOUT_MS, lambda: app.exit(outcome["code"]))


def finish(code: int) -> int:
    if code == NEVER_PAINTED:
        print("gpuplanner: the main window never painted", file=sys.stderr)
    return code


def run(argv: list[str], options: LaunchOptions) -> int:
    app = qt_application(argv)
    app.setApplicationName("gpuplanner")
    app.setApplicationDisplayName("gpuplanner")
    app.setApplicationVersion(__version__)
    set_app_icon(app)
    application = Application(app, options)
    main = application.window
    window: QWidget = main
    if options.fleet is not None:
        fleet = main.open_fleet()
        if options.fleet != Path():
            fleet.load([options.fleet])
        window = fleet
    if options.smoke_test or options.screenshot:
        exit_after_first_paint(app, window, application.controller, options.screenshot)
    fit_to_screen(window)
    if options.page and options.fleet is None:
        main.go(options.page)
    window.show()
    log.info("main window shown")
    return finish(app.exec())
