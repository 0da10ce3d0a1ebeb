"""Any screen from 1024×600 up (issue 41): the window opens no larger than the screen's
available area, the pages scroll inside it, and Back/Next are always in view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect

from gpuplanner.core.scenarios import Scenario
from gpuplanner.ui.screen_fit import GUESSED_FRAME, WANTED, fit_to_screen, fitted

SCREENS = {  # available geometry: the screen less a 30-40 px taskbar
    "1024x600": QRect(0, 0, 1024, 570),
    "1366x768": QRect(0, 0, 1366, 728),
    "1920x1080": QRect(0, 40, 1920, 1040),
}
FRAME = GUESSED_FRAME


@pytest.mark.parametrize("screen", SCREENS)
def test_the_first_size_fits_the_available_area(screen):
    available = SCREENS[screen]
    rect = fitted(available, WANTED, FRAME)
    outer = QRect(rect.topLeft(), rect.size() + FRAME)
    assert available.contains(outer), (screen, outer)
    if available.width() >= WANTED.width() + FRAME.width():
        assert rect.width() == WANTED.width()  # where there is room, the wanted size
    else:
        assert rect.width() == available.width() - FRAME.width()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("screen", SCREENS)
def test_every_page_keeps_back_and_next_in_view(wizard, qtbot, screen, language):
    window, controller = wizard(language=language)
    rect = fitted(SCREENS[screen], WANTED, FRAME)
    window.setGeometry(rect)
    window.show()
    qtbot.waitExposed(window)
    assert window.width() <= rect.width() and window.height() <= rect.height(), (
        "the window is larger than the screen: its minimum size is too big"
    )
    window.scenario_page.set_scenario(Scenario.STUDENT)
    for page in range(6):
        window.go(page)
        if page >= 4:
            qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
        qtbot.wait(1)
        for button in (window.back_button, window.next_button):
            corner = button.mapTo(window, QPoint(button.width(), button.height()))
            assert button.isVisible() and window.rect().contains(corner), (page, button.text())
        # What does not fit scrolls: the page is never cut off without a scroll bar.
        scroll = window.page_scroll
        view = scroll.viewport().size()
        needs = window.pages.currentWidget().minimumSizeHint()
        if needs.height() > view.height():
            assert scroll.verticalScrollBar().maximum() > 0, page


def test_the_window_is_sized_for_the_screen_it_opens_on(wizard):
    """The window asks its own screen (Qt's offscreen one here, 800x800: narrower than the
    1024 px the wizard is made for, so the width stops at the window's minimum)."""
    window, _controller = wizard()
    fit_to_screen(window)
    available = window.screen().availableGeometry()
    expected = fitted(available, WANTED, FRAME).size().expandedTo(window.minimumSize())
    assert window.size() == expected
    assert window.height() < WANTED.height() or available.height() >= WANTED.height()
    assert available.contains(window.geometry().topLeft())


def test_the_focused_control_scrolls_into_view(wizard, qtbot):
    """On a small screen the job page scrolls; Tab to its last check box brings it in."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    window, _controller = wizard()
    window.setGeometry(QRect(0, 0, 1000, window.minimumHeight()))  # the smallest it goes
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(3)
    qtbot.wait(20)  # the layout settles
    page, scroll = window.workload_page, window.page_scroll
    assert scroll.verticalScrollBar().maximum() > 0, "the page fits: nothing to scroll"
    page.workload.setFocus(Qt.FocusReason.TabFocusReason)
    for _ in range(40):
        if QApplication.focusWidget() is page.keep_psu:
            break
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is page.keep_psu
    box = page.keep_psu
    corner = box.mapTo(scroll.viewport(), QPoint(0, box.height()))
    assert scroll.viewport().rect().contains(corner), corner
