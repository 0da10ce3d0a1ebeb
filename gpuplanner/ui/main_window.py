"""The main window: a header with language and currency, the wizard pages, and Back/Next."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.languages import (
    LANGUAGE_NATIVE_NAMES,
    SUPPORTED_CURRENCIES,
    SUPPORTED_LANGUAGES,
)
from gpuplanner.core.markets import MARKET_REGIONS
from gpuplanner.core.money import CURRENCY_SYMBOLS
from gpuplanner.core.vocab import Currency, as_currency
from gpuplanner.core.words import fill
from gpuplanner.ui import tab_order
from gpuplanner.ui.pages.base import WizardPage
from gpuplanner.ui.pages.scenario_page import ScenarioPage
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.core.scenarios import Scenario
    from gpuplanner.ui.controller import WizardController

if TYPE_CHECKING:  # the fleet window loads when it is first opened
    from gpuplanner.ui.fleet_window import FleetWindow

# Wizard pages after the first are built when first opened: the first paint must not wait for
# the planning engine, the catalog types or pyqtgraph (issue 7; benchmarks/bench_startup.py measures it).
PAGE_CLASSES = (
    ("gpuplanner.ui.pages.computer_page", "ComputerPage", True),
    ("gpuplanner.ui.pages.probe_page", "ProbePage", True),
    ("gpuplanner.ui.pages.workload_page", "WorkloadPage", True),
    ("gpuplanner.ui.pages.results_page", "ResultsPage", True),
    ("gpuplanner.ui.pages.report_page", "ReportPage", True),
)

PAGE_NAMES = ("scenario", "computer", "probe", "workload", "results", "report")

# Small enough for a 1024×600 netbook or a 1280×720 screen at 125% (issue 41): the pages
# scroll inside the window, the header and Back/Next stay in view.
MIN_WIDTH, MIN_HEIGHT = 960, 480

# Keyboard focus is drawn by the style for buttons, boxes and fields; these panels have none of
# their own, so a Tab that lands on them shows a frame (tests/test_focus.py).
FOCUS_FRAMED = (
    "QScrollArea",
    "QTextBrowser",
    "QTableView",
    "QTableWidget",
    "QTabWidget",
    "QGraphicsView",
)
STYLE = (
    """
QFrame#header { border-bottom: 1px solid palette(mid); }
QLabel#appTitle { font-weight: bold; }
QFrame#scenarioCard { border: 1px solid palette(mid); border-radius: 8px; }
QFrame#scenarioCard[selected="true"] { border: 2px solid palette(highlight); }
QLabel#errorBanner { background: #fdecea; color: #611a15; padding: 6px 16px; }
QLabel#marketNote { background: #e8f0fe; color: #174ea6; padding: 6px 16px; }
QFrame#scenarioCard:focus { border: 2px dashed palette(highlight); }
QAbstractSpinBox { min-height: 1.5em; }
QRadioButton, QCheckBox { border: 2px solid transparent; border-radius: 4px; padding: 1px 2px; }
QRadioButton:focus, QCheckBox:focus { border: 2px dashed palette(highlight); }
"""
    + ", ".join(f"{name}:focus" for name in FOCUS_FRAMED)
    + " { border: 2px solid palette(highlight); }\n"
)


CLOSE_WAIT_MS = 5_000  # a cancelled probe ends its tree within 2 s


class MainWindow(QMainWindow):
    language_requested = Signal(str)
    currency_changed = Signal(str)
    market_changed = Signal(str)

    def __init__(
        self,
        language: str,
        currency: Currency,
        controller: WizardController | None = None,
        parent: QWidget | None = None,
        allow_files: bool = True,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setMinimumSize(MIN_WIDTH, MIN_HEIGHT)
        self.setStyleSheet(STYLE)

        self.title_label = QLabel(self)
        self.title_label.setObjectName("appTitle")
        self.language_label = QLabel(self)
        self.language_combo = QComboBox(self)
        self.language_combo.setObjectName("languageCombo")
        for code in SUPPORTED_LANGUAGES:
            self.language_combo.addItem(LANGUAGE_NATIVE_NAMES[code], code)
        self.language_label.setBuddy(self.language_combo)
        self.currency_label = QLabel(self)
        self.currency_combo = QComboBox(self)
        self.currency_combo.setObjectName("currencyCombo")
        for money in SUPPORTED_CURRENCIES:  # not "currency": the window's own is a parameter
            self.currency_combo.addItem(f"{money} ({CURRENCY_SYMBOLS[money]})", money)
        self.currency_label.setBuddy(self.currency_combo)
        # Where the user buys: the prices, the wall socket and the electricity price follow it;
        # the language and the currency never change it (a currency only converts for display).
        self.market_label = QLabel(self)
        self.market_combo = QComboBox(self)
        self.market_combo.setObjectName("marketCombo")
        for region in MARKET_REGIONS:
            self.market_combo.addItem("", region)
        self.market_label.setBuddy(self.market_combo)
        self.market_label.setVisible(controller is not None)
        self.market_combo.setVisible(controller is not None)
        # Sized to the longest item in the language shown: sized once, in Chinese, the market
        # read "Chin" after a switch to English.
        for combo in (self.language_combo, self.currency_combo, self.market_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        # Why the window opened on its market, when the command line chose it.
        self.market_note = QLabel(self)
        self.market_note.setObjectName("marketNote")
        self.market_note.setWordWrap(True)
        self.market_note.setVisible(False)
        self._market_reason: tuple[str, str] | None = None

        header = QFrame(self)
        header.setObjectName("header")
        header_layout = QHBoxLayout(header)
        header_layout.setContentsMargins(16, 8, 16, 8)
        header_layout.addWidget(self.title_label)
        header_layout.addStretch(1)
        header_layout.addWidget(self.language_label)
        header_layout.addWidget(self.language_combo)
        header_layout.addSpacing(12)
        header_layout.addWidget(self.currency_label)
        header_layout.addWidget(self.currency_combo)
        header_layout.addSpacing(12)
        header_layout.addWidget(self.market_label)
        header_layout.addWidget(self.market_combo)
        self.fleet_button = QPushButton(self)
        self.fleet_button.setObjectName("fleetButton")
        # The fleet view reads folders of files: not for a kiosk's customers.
        self.fleet_button.setVisible(allow_files and controller is not None)
        self.fleet_button.clicked.connect(self.open_fleet)
        self.fleet_window: FleetWindow | None = None
        header_layout.addSpacing(12)
        header_layout.addWidget(self.fleet_button)

        self.pages = QStackedWidget(self)
        self.scenario_page = ScenarioPage(self)
        self.pages.addWidget(self.scenario_page)
        self._allow_files = allow_files
        self._built: dict[int, WizardPage] = {}
        self._hidden: set[int] = set()
        if controller is not None:
            for _ in PAGE_CLASSES:
                self.pages.addWidget(QWidget(self))  # empty stand-in: page() builds the real one
            self.scenario_page.scenario_changed.connect(self._scenario_chosen)
            self.error_label = QLabel(self)
            self.error_label.setObjectName("errorBanner")
            self.error_label.setWordWrap(True)
            self.error_label.setVisible(False)
            controller.error.connect(self.show_error)

        self.back_button = QPushButton(self)
        self.next_button = QPushButton(self)
        self.next_button.setDefault(True)
        # Alt+Left and Alt+Right beside the buttons' own Alt+letters (a button has one shortcut,
        # and its text's "&B" and "&N" replaced these).
        for key, button in (
            (Qt.Key.Key_Left, self.back_button),
            (Qt.Key.Key_Right, self.next_button),
        ):
            shortcut = QShortcut(QKeySequence(Qt.Modifier.ALT | key), self)
            shortcut.activated.connect(lambda b=button: b.isEnabled() and b.click())
        self.back_button.clicked.connect(lambda: self.go(self._neighbour(-1)))
        self.next_button.clicked.connect(lambda: self.go(self._neighbour(+1)))
        self.step_label = QLabel(self)
        self.footer = QFrame(self)
        footer_layout = QHBoxLayout(self.footer)
        footer_layout.setContentsMargins(16, 8, 16, 12)
        footer_layout.addWidget(self.step_label)
        footer_layout.addStretch(1)
        footer_layout.addWidget(self.back_button)
        footer_layout.addWidget(self.next_button)

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(header)
        layout.addWidget(self.market_note)
        if controller is not None:
            layout.addWidget(self.error_label)
        # The page scrolls when the window is smaller than it; Back and Next stay below it.
        self.page_scroll = QScrollArea(self)
        self.page_scroll.setObjectName("pageScroll")
        self.page_scroll.setWidgetResizable(True)
        self.page_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.page_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its controls take Tab
        self.page_scroll.setWidget(self.pages)
        layout.addWidget(self.page_scroll, 1)
        layout.addWidget(self.footer)
        self.setCentralWidget(central)

        self.set_language(language)
        self.set_currency(currency)
        self.language_combo.currentIndexChanged.connect(self._on_language_picked)
        self.currency_combo.currentIndexChanged.connect(self._on_currency_picked)
        if controller is not None:
            self.set_market(controller.session.region())
        self.market_combo.currentIndexChanged.connect(self._on_market_picked)
        self.scenario_page.scenario_changed.connect(lambda _s: self._update_navigation())
        self.retranslate()
        self._update_navigation()
        self.order_tabs()

    # -- navigation -------------------------------------------------------------------

    def page(self, index: int) -> QWidget:
        """The wizard page at ``index``, built on first use."""
        if index == 0:
            return self.scenario_page
        if index not in self._built:
            import importlib

            module, name, files = PAGE_CLASSES[index - 1]
            cls = getattr(importlib.import_module(module), name)
            page = (
                cls(self.controller, self, self._allow_files)
                if files
                else cls(self.controller, self)
            )
            stand_in = self.pages.widget(index)
            if stand_in is not None:
                self.pages.removeWidget(stand_in)
                stand_in.deleteLater()
            self.pages.insertWidget(index, page)
            self._built[index] = page
            page.load_from_session()
        return self._built[index]

    computer_page = property(lambda self: self.page(1))
    probe_page = property(lambda self: self.page(2))
    workload_page = property(lambda self: self.page(3))
    results_page = property(lambda self: self.page(4))
    report_page = property(lambda self: self.page(5))

    def hide_pages(self, names: set[str]) -> None:
        """Leave pages out of Back/Next (a shop kiosk usually hides the probe)."""
        self._hidden = {i for i, name in enumerate(PAGE_NAMES) if name in names and i}
        self._update_navigation()

    def visible_indexes(self) -> list[int]:
        return [i for i in range(self.pages.count()) if i not in self._hidden]

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter in a field (a spin box or a line edit pass it up) goes on, as a dialog's default
        # button would; a QMainWindow has no default button of its own.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.next_button.isEnabled():
            self.next_button.click()
            return
        super().keyPressEvent(event)

    def _neighbour(self, step: int) -> int:
        shown = self.visible_indexes()
        current = self.pages.currentIndex()
        later = [i for i in shown if (i - current) * step > 0]
        if not later:
            return -1
        return min(later) if step > 0 else max(later)

    def go(self, index: int) -> None:
        if 0 <= index < self.pages.count() and index not in self._hidden:
            self.page(index)
            self.pages.setCurrentIndex(index)
            if self.controller is not None:
                self.error_label.setVisible(False)
            page = self.pages.currentWidget()
            if isinstance(page, WizardPage):
                page.entered()
            self._update_navigation()
            self.order_tabs()

    def order_tabs(self) -> None:
        """Tab goes header, the current page as laid out, then Back and Next; never round
        inside a table (issue 41). Pages build some widgets late (charts), so this runs on
        every page change."""
        page = self.pages.currentWidget()
        tab_order.release_tab(page)
        tab_order.chain(
            [
                self.language_combo,
                self.currency_combo,
                self.fleet_button,
                *tab_order.in_layout_order(page),
                self.back_button,
                self.next_button,
            ]
        )

    def _scenario_chosen(self, scenario: Scenario) -> None:
        if self.controller is None:  # a window shown without a wizard behind it
            return
        self.controller.session.choose_scenario(scenario)

    def open_fleet(self) -> FleetWindow:
        from gpuplanner.ui.fleet_window import FleetWindow

        window = self.fleet_window or FleetWindow(
            self.controller.session.language if self.controller else "en", self.currency()
        )
        self.fleet_window = window
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def show_error(self, message: str) -> None:
        self.error_label.setText("⚠ " + message)
        self.error_label.setVisible(True)

    def _update_navigation(self) -> None:
        index, shown = self.pages.currentIndex(), self.visible_indexes()
        # A one-page wizard needs no Back/Next; the footer appears as pages are added.
        self.footer.setVisible(len(shown) > 1)
        self.back_button.setEnabled(self._neighbour(-1) >= 0)
        ready = index != 0 or self.scenario_page.scenario() is not None
        self.next_button.setEnabled(self._neighbour(+1) >= 0 and ready)
        step = shown.index(index) + 1 if index in shown else 1
        self.step_label.setText(
            tr("MainWindow", "Step {step} of {steps}", step=str(step), steps=str(len(shown)))
        )

    # -- language and currency ----------------------------------------------------------

    def set_language(self, language: str) -> None:
        index = self.language_combo.findData(language)
        if index >= 0 and index != self.language_combo.currentIndex():
            self.language_combo.blockSignals(True)
            self.language_combo.setCurrentIndex(index)
            self.language_combo.blockSignals(False)

    def set_currency(self, currency: Currency) -> None:
        index = self.currency_combo.findData(currency)
        if index >= 0:
            self.currency_combo.blockSignals(True)
            self.currency_combo.setCurrentIndex(index)
            self.currency_combo.blockSignals(False)
        self.scenario_page.set_currency(currency)
        if self.controller is not None:
            session = self.controller.session
            # Only a switch converts the budget, at the catalog's rate: the window's first
            # currency is the session's own, and reading the rate then held up the first paint.
            if currency != session.currency:
                self.controller.ensure_exchange_rate()
            session.set_currency(currency)

    def set_market(self, region: str) -> None:
        """Show (and, with a wizard behind the window, plan for) the market ``region``."""
        index = self.market_combo.findData(region)
        if index >= 0 and index != self.market_combo.currentIndex():
            self.market_combo.blockSignals(True)
            self.market_combo.setCurrentIndex(index)
            self.market_combo.blockSignals(False)
        if self.controller is not None:
            self.controller.session.market = region

    def market(self) -> str:
        return str(self.market_combo.currentData())

    def say_market_reason(self, reason: str, given: str) -> None:
        """Say that the market follows the command line's ``--currency`` or ``--language``."""
        self._market_reason = (reason, given)
        self.market_note.setVisible(True)
        self._word_market_reason()

    def _word_market_reason(self) -> None:
        if self._market_reason is None:
            return
        reason, given = self._market_reason
        name = self.market_combo.currentText()
        if reason == "currency":
            text = self.tr(
                "Planning for the {market} market, because the command line asked for prices in"
                " {given}."
                " Choose another market above if you buy elsewhere."
            )
        else:
            given = LANGUAGE_NATIVE_NAMES.get(given, given)
            text = self.tr(
                "Planning for the {market} market, because the command line asked for {given}."
                " Choose another market above if you buy elsewhere."
            )
        self.market_note.setText(fill(text, market=name, given=given))

    def _on_market_picked(self, _index: int) -> None:
        self._market_reason = None  # chosen here: nothing to explain
        self.market_note.setVisible(False)
        self.set_market(self.market())
        page = self.pages.currentWidget()
        if isinstance(page, WizardPage):
            page.retranslate()
            page.entered()
        self.market_changed.emit(self.market())

    def currency(self) -> Currency:
        return as_currency(str(self.currency_combo.currentData()))

    def _on_language_picked(self, _index: int) -> None:
        self.language_requested.emit(self.language_combo.currentData())

    def _on_currency_picked(self, _index: int) -> None:
        currency = self.currency()
        self.set_currency(currency)
        page = self.pages.currentWidget()
        if isinstance(page, WizardPage):
            page.retranslate()
            page.entered()
        self.currency_changed.emit(currency)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window cancels a running probe and waits for the background jobs: a
        probe once ran on windowless until its timeout, then ended in "Signal source has been
        deleted" (issue 42)."""
        if self.controller is not None:
            self.controller.cancel_probe()
            self.controller.wait(CLOSE_WAIT_MS)
        super().closeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("gpuplanner – choose a GPU for TensorFlow"))
        self.title_label.setText(self.tr("gpuplanner – choose a GPU for TensorFlow"))
        self.language_label.setText(self.tr("&Language:"))
        self.currency_label.setText(self.tr("C&urrency:"))
        self.language_combo.setAccessibleName(self.tr("Language"))
        self.currency_combo.setAccessibleName(self.tr("Currency"))
        self.market_label.setText(self.tr("&Market:"))
        self.market_combo.setAccessibleName(self.tr("Market"))
        self.market_combo.setToolTip(
            self.tr(
                "Where you buy: the prices, the wall socket and the electricity price are that "
                "market's. The currency only changes how money is shown."
            )
        )
        names = {"CN": self.tr("China"), "US": self.tr("United States")}
        for i in range(self.market_combo.count()):
            self.market_combo.setItemText(i, names.get(str(self.market_combo.itemData(i)), ""))
        self._word_market_reason()
        self.fleet_button.setText(self.tr("Lab &fleet…"))
        self.fleet_button.setToolTip(
            self.tr("Plan upgrades for many machines from their saved scans and nvidia-smi reports")
        )
        self.back_button.setText(self.tr("< &Back"))
        self.next_button.setText(self.tr("&Next >"))
        self._update_navigation()
