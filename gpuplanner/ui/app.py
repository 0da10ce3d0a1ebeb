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
from gpuplanner.core.languages import pick_currency, pick_language
from gpuplanner.core.markets import launch_market
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
    market: str | None = None  # where the user buys: CN, US
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

        # The command line over memory: a currency or language given there chooses its market;
        # the one chosen last time only when the command line says nothing of it.
        market, why = launch_market(
            asked=options.market,
            currency=options.currency,
            language=options.language,
            saved=read_str(self.settings, "ui/market"),
        )
        self.session = Session(currency=currency, language=language, market=market)
        from gpuplanner.app.machine_entries import MachineMemory

        self.controller = WizardController(self.session, parent=app, memory=MachineMemory())
        self.window = MainWindow(language, currency, self.controller)
        if why in ("currency", "language"):
            self.window.say_market_reason(why, options.currency or options.language or "")
        self.window.language_requested.connect(self.set_language)
        self.window.currency_changed.connect(lambda c: self._save("ui/currency", c))
        self.window.market_changed.connect(lambda m: self._save("ui/market", m))
        self.controller.scan_finished.connect(self._remember_scan)
        self.window.pages.currentChanged.connect(lambda _i: self.controller.remember_entries())
        app.aboutToQuit.connect(self.controller.remember_entries)

    def _remember_scan(self, snapshot: SystemSnapshot | None) -> None:
        """Keep the last scan of this computer, so the next start shows it at once (Scan again
        refreshes it); a report the user opened is never kept as this computer."""
        from gpuplanner.app.scanning import save_snapshot
        from gpuplanner.core import paths

        if snapshot is None or self.controller.machine_file is not None:
            return
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
