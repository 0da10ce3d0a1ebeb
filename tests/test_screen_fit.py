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
