"""The main window: a header with language and currency, the wizard pages, and Back/Next."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.languages import (
    CURRENCY_SYMBOLS,
    LANGUAGE_NATIVE_NAMES,
    SUPPORTED_CURRENCIES,
    SUPPORTED_LANGUAGES,
)
from gpuplanner.ui.pages.scenario_page import ScenarioPage

MIN_WIDTH, MIN_HEIGHT = 1024, 700

STYLE = """
QFrame#header { border-bottom: 1px solid palette(mid); }
QLabel#appTitle { font-weight: bold; }
QFrame#scenarioCard { border: 1px solid palette(mid); border-radius: 8px; }
QFrame#scenarioCard[selected="true"] { border: 2px solid palette(highlight); }
"""


class MainWindow(QMainWindow):
    language_requested = Signal(str)
    currency_changed = Signal(str)

    def __init__(self, language: str, currency: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
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
        for code in SUPPORTED_CURRENCIES:
            self.currency_combo.addItem(f"{code} ({CURRENCY_SYMBOLS[code]})", code)
        self.currency_label.setBuddy(self.currency_combo)

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

        self.pages = QStackedWidget(self)
        self.scenario_page = ScenarioPage(self)
        self.pages.addWidget(self.scenario_page)

        self.back_button = QPushButton(self)
        self.back_button.setShortcut(QKeySequence(Qt.Modifier.ALT | Qt.Key.Key_Left))
        self.next_button = QPushButton(self)
        self.next_button.setDefault(True)
        self.next_button.setShortcut(QKeySequence(Qt.Modifier.ALT | Qt.Key.Key_Right))
        self.back_button.clicked.connect(lambda: self.go(self.pages.currentIndex() - 1))
        self.next_button.clicked.connect(lambda: self.go(self.pages.currentIndex() + 1))
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
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.footer)
        self.setCentralWidget(central)

        self.set_language(language)
        self.set_currency(currency)
        self.language_combo.currentIndexChanged.connect(self._on_language_picked)
        self.currency_combo.currentIndexChanged.connect(self._on_currency_picked)
        self.scenario_page.scenario_changed.connect(lambda _s: self._update_navigation())
        self.retranslate()
        self._update_navigation()

    # -- navigation -------------------------------------------------------------------

    def go(self, index: int) -> None:
        if 0 <= index < self.pages.count():
            self.pages.setCurrentIndex(index)
            self._update_navigation()

    def _update_navigation(self) -> None:
        index, count = self.pages.currentIndex(), self.pages.count()
        # A one-page wizard needs no Back/Next; the footer appears as pages are added.
        self.footer.setVisible(count > 1)
        self.back_button.setEnabled(index > 0)
        ready = index != 0 or self.scenario_page.scenario() is not None
        self.next_button.setEnabled(index < count - 1 and ready)
        self.step_label.setText(
            self.tr("Step %1 of %2").replace("%1", str(index + 1)).replace("%2", str(count))
        )

    # -- language and currency ----------------------------------------------------------

    def set_language(self, language: str) -> None:
        index = self.language_combo.findData(language)
        if index >= 0 and index != self.language_combo.currentIndex():
            self.language_combo.blockSignals(True)
            self.language_combo.setCurrentIndex(index)
            self.language_combo.blockSignals(False)

    def set_currency(self, currency: str) -> None:
        index = self.currency_combo.findData(currency)
        if index >= 0:
            self.currency_combo.blockSignals(True)
            self.currency_combo.setCurrentIndex(index)
            self.currency_combo.blockSignals(False)
        self.scenario_page.set_currency(currency)

    def currency(self) -> str:
        return self.currency_combo.currentData()

    def _on_language_picked(self, _index: int) -> None:
        self.language_requested.emit(self.language_combo.currentData())

    def _on_currency_picked(self, _index: int) -> None:
        currency = self.currency()
        self.scenario_page.set_currency(currency)
        self.currency_changed.emit(currency)

    def changeEvent(self, event) -> None:
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
        self.back_button.setText(self.tr("< &Back"))
        self.next_button.setText(self.tr("&Next >"))
        self._update_navigation()
