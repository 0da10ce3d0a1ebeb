"""Start kiosk mode: check everything first (kiosk.start), then lock the screen."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from gpuplanner import __version__
from gpuplanner.core.errors import EXIT_FAILURE
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.kiosk.config import KioskConfig
from gpuplanner.kiosk.print_quota import PrintQuota
from gpuplanner.kiosk.start import KioskStartError, prepare
from gpuplanner.ui.app import exit_after_first_paint, finish, qt_application, set_app_icon
from gpuplanner.ui.translator import LanguageSwitcher

if TYPE_CHECKING:
    from gpuplanner.app.records import CatalogData, Price
    from gpuplanner.ui.controller import ProbeFactory, Scanner
    from gpuplanner.ui.kiosk import KioskGuard, KioskWindow

log = logging.getLogger(__name__)


def _refuse(app: QApplication | None, message: str) -> int:
    print(f"gpuplanner: kiosk mode not started: {message}", file=sys.stderr)
    log.error("kiosk mode not started: %s", message)
    # A kiosk usually starts without a terminal: say it on the screen too, where there is one.
    if app is not None and QGuiApplication.platformName() not in ("offscreen", "minimal"):
        QMessageBox.critical(
            None,
            "gpuplanner",
            QCoreApplication.translate("KioskApp", "Kiosk mode was not started:")
            + "\n\n"
            + message,
        )
    return EXIT_FAILURE


def build(
    app: QApplication,
    config: KioskConfig,
    catalog: CatalogData,
    prices: tuple[Price, ...],
    scanner: Scanner | None = None,
    probe_factory: ProbeFactory | None = None,
) -> tuple[KioskWindow, KioskGuard]:
    """The kiosk window and its guard (idle reset, swallowed keys), ready to show."""
    from gpuplanner.app.session import Session
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.kiosk import KioskGuard, KioskWindow, logo_url
    from gpuplanner.ui.main_window import MainWindow

    switcher = LanguageSwitcher(app)
    switcher.switch(config.language)
    state: dict[str, str] = {"language": config.language}

    def make_main() -> MainWindow:
        session = Session(
            currency=config.currency,
            language=state["language"],
            job=JobInputs(shop_only=config.in_stock_only and bool(prices)),
        )
        controller = WizardController(
            session,
            scanner=scanner,
            probe_factory=probe_factory,
            shop_prices=prices,
            own_machine=False,  # never the kiosk's own PC: the customer's, as they tell it
        )
        controller.catalog = catalog
        main = MainWindow(state["language"], config.currency, controller, allow_files=False)
        main.hide_pages(set(main_pages_hidden(config)))
        # The shop's own list is the market: its customers do not choose another.
        main.market_label.setVisible(False)
        main.market_combo.setVisible(False)
        main.scenario_page.show_only(set(config.scenarios))
        if config.in_stock_only and prices:
            # A customer sees what is on the shelf; the rest is one tick away.
            main.results_page.show_all.setChecked(False)
        report = main.report_page
        report.shop_name = config.shop_name
        report.logo_url = logo_url(config)
        report.set_kiosk_printer(config.printer, PrintQuota())  # a new quota per customer
        return main

    def set_language(language: str) -> None:
        state["language"] = language
        switcher.switch(language)
        if window.main.controller is not None:
            window.main.controller.session.language = language
        window.main.set_language(language)

    window = KioskWindow(config, make_main, set_language)
    guard = KioskGuard(window)
    window.switcher = switcher  # keep the translators alive as long as the window
    return window, guard


def main_pages_hidden(config: KioskConfig) -> list[str]:
    from gpuplanner.kiosk.config import PAGES

    return [name for name in PAGES if name not in config.pages]


def run(
    argv: list[str],
    config_path: Path,
    smoke_test: bool = False,
    screenshot: Path | None = None,
    page: int = 0,
) -> int:
    app = qt_application(argv)
    app.setApplicationName("gpuplanner")
    app.setApplicationVersion(__version__)
    set_app_icon(app)
    try:
        config, catalog, prices = prepare(config_path)
    except KioskStartError as exc:
        return _refuse(app, str(exc))
    app.setQuitOnLastWindowClosed(False)
    window, _guard = build(app, config, catalog, prices)
    if page:
        window.main.go(page)
    if smoke_test or screenshot:
        exit_after_first_paint(app, window, window.main.controller, screenshot, kiosk=True)
        window.resize(1280, 800)
        window.show()
    else:
        # Cover the screen even where no window manager honours the fullscreen request.
        screen = QGuiApplication.primaryScreen()
        if screen is not None:
            window.setGeometry(screen.geometry())
        window.keep_fullscreen = True  # the guard puts it back if anything outside moves it
        window.showFullScreen()
    log.info("kiosk started for %s", config.shop_name)
    return finish(app.exec())
