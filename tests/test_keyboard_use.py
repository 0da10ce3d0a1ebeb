"""A keyboard user's window (issue 50, item 6): Alt+N and Alt+B from every page, and a spin box
with "unknown" goes back to it by clearing it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gpuplanner.core.scenarios import Scenario


def _shown(window, qtbot):
    window.resize(1024, 700)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)


def test_alt_n_advances_and_alt_b_goes_back(wizard, qtbot):
    window, _controller = wizard()
    _shown(window, qtbot)
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.scenario_page.cards[Scenario.STUDENT].radio.setFocus()
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == 1, timeout=5000)
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == 0, timeout=5000)
    # Alt+Right and Alt+Left as well (the buttons' Alt+letters had replaced them).
    qtbot.keyClick(
        window.focusWidget() or window, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier
    )
    qtbot.waitUntil(lambda: window.pages.currentIndex() == 1, timeout=5000)
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == 0, timeout=5000)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_alt_n_advances_from_every_page(wizard, qtbot, qapp, language):
    from gpuplanner.ui.translator import LanguageSwitcher

    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch(language)
        window, controller = wizard()
        controller.session.language = language
        window.set_language(language)
        _shown(window, qtbot)
        window.scenario_page.set_scenario(Scenario.STUDENT)
        for index in range(5):
            window.go(index)
            controller.wait()
            qtbot.wait(50)
            target = window.focusWidget() or window
            qtbot.keyClick(target, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
            qtbot.waitUntil(lambda i=index: window.pages.currentIndex() == i + 1, timeout=5000)
    finally:
        switcher.switch("en")


@pytest.mark.parametrize("field", ["psu_watts", "clearance", "psu_8pin", "free_slots", "tariff"])
def test_a_cleared_spin_box_goes_back_to_unknown(wizard, qtbot, field):
    """Issue 50: Ctrl+A, Backspace and Tab silently restored the old value."""
    window, controller = wizard()
    _shown(window, qtbot)
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(1)
    page = window.computer_page
    box = getattr(page, field)
    box.setValue(box.minimum() + (0.5 if field == "tariff" else 2))
    box.setFocus()
    qtbot.waitUntil(box.hasFocus, timeout=5000)
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(box, Qt.Key.Key_Backspace)
    qtbot.keyClick(box, Qt.Key.Key_Tab)
    assert box.value() == box.minimum()
    assert box.text() == box.specialValueText()
    session = controller.session
    stored = {
        "psu_watts": session.psu_watts,
        "clearance": session.gpu_clearance_mm,
        "psu_8pin": session.psu_8pin,
        "free_slots": session.free_slots,
        "tariff": session.job.tariff,
    }
    assert stored[field] is None


def test_a_cleared_sequence_length_goes_back_to_the_default(wizard, qtbot):
    window, _controller = wizard()
    _shown(window, qtbot)
    window.scenario_page.set_scenario(Scenario.LLM)
    window.go(3)
    box = window.workload_page.batch
    box.setValue(8)
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(box, Qt.Key.Key_Backspace)
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == box.minimum() and box.text() == box.specialValueText()


def test_a_focused_radio_button_or_check_box_looks_focused(wizard, qtbot):
    """Issue 50: a scenario's radio button drew no focus at all (not one pixel changed)."""
    window, _controller = wizard()
    _shown(window, qtbot)
    card = window.scenario_page.cards[Scenario.SME]
    window.language_combo.setFocus()
    qtbot.waitUntil(window.language_combo.hasFocus, timeout=5000)
    before = card.grab().toImage()
    card.radio.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(card.radio.hasFocus, timeout=5000)
    assert card.grab().toImage() != before
    window.go(1)
    box = window.computer_page.psu_12v2x6
    window.computer_page.psu_watts.setFocus()
    qtbot.waitUntil(window.computer_page.psu_watts.hasFocus, timeout=5000)
    before = box.grab().toImage()
    box.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(box.hasFocus, timeout=5000)
    assert box.grab().toImage() != before
