"""Wizard page 1: what the GPU is for (student, small firm, LLM fine-tuning)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QFrame,
    QLabel,
    QRadioButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.money import format_money
from gpuplanner.core.scenarios import PRESETS, Scenario
from gpuplanner.core.vocab import Currency
from gpuplanner.ui.translator import tr


class ScenarioCard(QFrame):
    """One choice: a radio button with a title, what the scenario covers, and its usual budget."""

    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.setObjectName("scenarioCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.radio = QRadioButton(self)
        self.radio.setObjectName(f"scenario_{scenario.value}")
        title_font = self.radio.font()
        title_font.setPointSizeF(title_font.pointSizeF() * 1.2)
        title_font.setBold(True)
        self.radio.setFont(title_font)
        self.description = QLabel(self)
        self.description.setWordWrap(True)
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        self.budget = QLabel(self)
        self.budget.setObjectName("scenarioBudget")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.setSpacing(6)
        layout.addWidget(self.radio)
        layout.addWidget(self.description)
        layout.addWidget(self.budget)
        self.radio.toggled.connect(self._update_state)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        # The whole card is the click target, not just the small radio circle.
        self.radio.setChecked(True)
        self.radio.setFocus(Qt.FocusReason.MouseFocusReason)
        super().mousePressEvent(event)

    def _update_state(self, checked: bool) -> None:
        self.setProperty("selected", checked)
        self.style().unpolish(self)
        self.style().polish(self)

    def set_texts(self, title: str, description: str, budget: str) -> None:
        self.radio.setText(title)
        self.radio.setAccessibleName(title.replace("&", ""))
        self.radio.setAccessibleDescription(description)
        self.description.setText(description)
        self.budget.setText(budget)


class ScenarioPage(QWidget):
    """The first page: pick a scenario. Emits ``scenario_changed`` with the chosen one."""

    scenario_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._currency: Currency = "CNY"
        self.heading = QLabel(self)
        self.heading.setObjectName("pageHeading")
        heading_font = self.heading.font()
        heading_font.setPointSizeF(heading_font.pointSizeF() * 1.6)
        heading_font.setBold(True)
        self.heading.setFont(heading_font)
        self.heading.setWordWrap(True)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.cards = {scenario: ScenarioCard(scenario, self) for scenario in Scenario}
        self.group = QButtonGroup(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 24, 32, 24)
        layout.setSpacing(12)
        layout.addWidget(self.heading)
        layout.addWidget(self.intro)
        layout.addSpacing(8)
        for card in self.cards.values():
            self.group.addButton(card.radio)
            layout.addWidget(card)
        layout.addStretch(1)
        self.group.buttonToggled.connect(self._on_toggled)
        self.retranslate()

    def scenario(self) -> Scenario | None:
        for scenario, card in self.cards.items():
            if card.radio.isChecked():
                return scenario
        return None

    def set_scenario(self, scenario: Scenario | None) -> None:
        if scenario is None:
            self.group.setExclusive(False)
            for card in self.cards.values():
                card.radio.setChecked(False)
            self.group.setExclusive(True)
        else:
            self.cards[scenario].radio.setChecked(True)

    def show_only(self, scenarios: set[str]) -> None:
        """Offer only these scenarios (by value: 'student', 'sme', 'llm'); a kiosk may hide some."""
        for scenario, card in self.cards.items():
            card.setVisible(scenario.value in scenarios)

    def set_currency(self, currency: Currency) -> None:
        self._currency = currency
        self.retranslate()

    def _on_toggled(self, _button: QAbstractButton, checked: bool) -> None:
        if checked:
            self.scenario_changed.emit(self.scenario())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _budget_text(self, scenario: Scenario) -> str:
        budget = PRESETS[scenario].budget(self._currency)
        low = format_money(budget.low, budget.currency)
        high = format_money(budget.high, budget.currency)
        return tr("ScenarioPage", "Typical budget: {low} – {high}", low=low, high=high)

    def retranslate(self) -> None:
        self.heading.setText(self.tr("What will you use the GPU for?"))
        self.intro.setText(
            self.tr(
                "Pick the situation closest to yours. It sets the budget, the workloads and "
                "the checks that matter; you can change everything on later pages."
            )
        )
        self.cards[Scenario.STUDENT].set_texts(
            self.tr("&Student or beginner"),
            self.tr(
                "Tutorials, course projects, CNNs and small Transformers such as DistilBERT, "
                "on a laptop or home PC. Find out whether TensorFlow can use the GPU you have, "
                "and get a card with at least 12 GB that fits your budget and power supply "
                "(8 GB cards are a trap)."
            ),
            self._budget_text(Scenario.STUDENT),
        )
        self.cards[Scenario.SME].set_texts(
            self.tr("Small firm or &research group"),
            self.tr(
                "One workstation that trains and fine-tunes BERT, ResNet or EfficientDet, often "
                "around the clock. 24 GB cards, one or two GPUs, power supply and case checks, "
                "stability for 24/7 use and the cost of each training run."
            ),
            self._budget_text(Scenario.SME),
        )
        self.cards[Scenario.LLM].set_texts(
            self.tr("LLM fine-&tuning"),
            self.tr(
                "Fine-tuning 7B to 70B language models with full training, LoRA or QLoRA. "
                "How much VRAM each method needs, how many cards, NVLink or PCIe, ECC, rack "
                "power, and when renting in the cloud beats buying."
            ),
            self._budget_text(Scenario.LLM),
        )
