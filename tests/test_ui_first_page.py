"""The first page, driven as a user would: keyboard, mouse, language and currency switches."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel

from gpuplanner.core.languages import CHINESE, CNY, ENGLISH, USD
from gpuplanner.core.scenarios import Scenario
from gpuplanner.ui.app import Application, LaunchOptions
from gpuplanner.ui.main_window import MIN_HEIGHT, MIN_WIDTH

CJK = re.compile(r"[\u4e00-\u9fff]")
# Texts that stay the same in every language: the language names themselves, currency codes.
LANGUAGE_NEUTRAL = {"English", "简体中文", "CNY (¥)", "USD ($)", ""}


@pytest.fixture
def application(qapp, qtbot):
    application = Application(qapp, LaunchOptions(language=ENGLISH, currency=USD))
    qtbot.addWidget(application.window)
    application.window.show()
    qtbot.waitExposed(application.window)
    yield application
    application.switcher.switch(ENGLISH)


def visible_texts(window) -> list[str]:
    texts = []
    for widget in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        if widget.isVisibleTo(window):
            texts.append(widget.text())
    for combo in window.findChildren(QComboBox):
        if combo.isVisibleTo(window):
            texts.extend(combo.itemText(i) for i in range(combo.count()))
    texts.append(window.windowTitle())
    return texts


def test_window_opens_on_the_scenario_page_with_nothing_chosen(application):
    window = application.window
    assert window.pages.currentWidget() is window.scenario_page
    assert window.scenario_page.scenario() is None
    assert window.minimumWidth() == MIN_WIDTH and window.minimumHeight() == MIN_HEIGHT
    assert window.scenario_page.heading.text() == "What will you use the GPU for?"


def test_clicking_a_card_chooses_its_scenario(application, qtbot):
    page = application.window.scenario_page
    with qtbot.waitSignal(page.scenario_changed) as signal:
        qtbot.mouseClick(page.cards[Scenario.LLM], Qt.MouseButton.LeftButton)
    assert signal.args == [Scenario.LLM]
    assert page.scenario() is Scenario.LLM
    assert page.cards[Scenario.LLM].property("selected") is True


def test_keyboard_alone_can_choose(application, qtbot):
    page = application.window.scenario_page
    page.cards[Scenario.STUDENT].radio.setFocus()
    qtbot.keyClick(page.cards[Scenario.STUDENT].radio, Qt.Key.Key_Space)
    assert page.scenario() is Scenario.STUDENT
    qtbot.keyClick(page.cards[Scenario.STUDENT].radio, Qt.Key.Key_Down)
    assert page.scenario() is Scenario.SME


def test_every_choice_has_an_accessible_name(application):
    for card in application.window.scenario_page.cards.values():
        assert card.radio.accessibleName()
        assert card.radio.accessibleDescription()
    assert application.window.language_combo.accessibleName() == "Language"


def test_currency_switch_changes_budgets_and_persists(application, qtbot):
    window = application.window
    budget = window.scenario_page.cards[Scenario.STUDENT].budget
    assert budget.text() == "Typical budget: $350 – $500"
    window.currency_combo.setCurrentIndex(window.currency_combo.findData(CNY))
    assert budget.text() == "Typical budget: ¥2,500 – ¥3,500"
    assert application.settings.value("ui/currency") == CNY


def test_language_switch_translates_everything_at_run_time(application, qtbot):
    window = application.window
    window.language_combo.setCurrentIndex(window.language_combo.findData(CHINESE))
    qtbot.waitUntil(lambda: window.scenario_page.heading.text() == "您打算用 GPU 做什么？")
    untranslated = [
        t for t in visible_texts(window) if t not in LANGUAGE_NEUTRAL and not CJK.search(t)
    ]
    assert untranslated == []
    assert application.settings.value("ui/language") == CHINESE
    window.language_combo.setCurrentIndex(window.language_combo.findData(ENGLISH))
    qtbot.waitUntil(lambda: window.scenario_page.heading.text() == "What will you use the GPU for?")
    assert not any(CJK.search(t) for t in visible_texts(window) if t not in LANGUAGE_NEUTRAL)


@pytest.mark.parametrize("language", [ENGLISH, CHINESE])
def test_nothing_is_clipped_at_the_minimum_size(application, qtbot, language):
    window = application.window
    application.set_language(language)
    window.resize(MIN_WIDTH, MIN_HEIGHT)
    qtbot.wait(50)
    for widget in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        if not widget.isVisibleTo(window):
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            needed = widget.heightForWidth(widget.width())
            assert widget.height() >= needed, widget.text()
        else:
            assert widget.width() >= widget.sizeHint().width(), widget.text()
    assert window.scenario_page.height() >= window.scenario_page.minimumSizeHint().height()


def test_saved_choices_come_back_next_run(qapp, qtbot):
    first = Application(qapp, LaunchOptions())
    qtbot.addWidget(first.window)
    first.set_language(CHINESE)
    first.window.currency_combo.setCurrentIndex(first.window.currency_combo.findData(USD))
    first.switcher.switch(ENGLISH)
    second = Application(qapp, LaunchOptions())
    qtbot.addWidget(second.window)
    try:
        assert second.switcher.language == CHINESE
        assert second.window.currency() == USD
    finally:
        second.switcher.switch(ENGLISH)
