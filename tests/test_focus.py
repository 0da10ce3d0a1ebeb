"""Visible keyboard focus everywhere (issue 16: the focused info panel showed no focus)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QSlider,
    QTabBar,
    QWidget,
)

from gpuplanner.core.scenarios import Scenario
from gpuplanner.ui.main_window import FOCUS_FRAMED, STYLE

# Controls whose focus the platform style draws.
STYLED = (QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit, QSlider, QTabBar)


def _framed(widget: QWidget) -> bool:
    names = {cls.__name__ for cls in type(widget).__mro__}
    if widget.objectName() == "scenarioCard":
        return "QFrame#scenarioCard:focus" in STYLE
    return bool(names & set(FOCUS_FRAMED))


@pytest.mark.parametrize("page", range(6))
def test_every_widget_that_takes_tab_focus_shows_it(wizard, qtbot, page):
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(page)
    if page >= 4:
        qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    unframed = [
        f"{type(w).__name__} {w.objectName()!r}"
        for w in window.findChildren(QWidget)
        if w.isVisibleTo(window)
        and w.focusPolicy() & Qt.FocusPolicy.TabFocus
        and not isinstance(w, STYLED)
        and not _framed(w)
        and not isinstance(w.parent(), (QAbstractSpinBox, QComboBox))  # their inner editors
    ]
    assert not unframed, unframed
    for name in FOCUS_FRAMED:
        assert f"{name}:focus" in STYLE


def test_a_file_dialog_gives_the_window_its_focus_back(wizard, qtbot):
    """After a file dialog the page's button has the focus again (Alt+B worked only after a
    click); the dialog itself is replaced by a stand-in that returns at once."""
    window, _controller = wizard()
    window.go(1)
    page = window.computer_page
    page.load_button.setFocus()
    seen = []

    def dialog(parent, *args):
        seen.append((parent, args))
        window.back_button.setFocus()  # a dialog leaves the focus somewhere else
        return "", ""

    assert page.ask(dialog, "title") == ("", "")
    assert seen and seen[0][0] is page
    assert window.focusWidget() is page.load_button
