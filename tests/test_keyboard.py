"""The wizard by keyboard alone (issue 41): Tab walks each page as it is laid out and leaves
every table; every field has its own Alt+letter, in both languages."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QFormLayout,
    QLabel,
    QRadioButton,
    QWidget,
)

from gpuplanner.core.scenarios import Scenario

PAGES = range(6)
LANGUAGES = ("en", "zh_CN")


def _open(wizard, qtbot, page, language):
    window, controller = wizard(language=language)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(page)
    if page >= 4:
        qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
        window.go(page)  # the plan's widgets (charts, rows) are in place now
    return window


def _takes_tab(widget: QWidget, window: QWidget) -> bool:
    return (
        widget.isVisibleTo(window)
        and widget.isEnabled()
        and widget.focusPolicy() & Qt.FocusPolicy.TabFocus == Qt.FocusPolicy.TabFocus
        and widget.focusProxy() is None
        and not isinstance(widget, QLabel)
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_tab_walks_the_page_to_next_without_going_round(wizard, qtbot, page, language):
    window = _open(wizard, qtbot, page, language)
    current = window.pages.currentWidget()
    on_page = [w for w in current.findChildren(QWidget) if _takes_tab(w, window)]
    assert on_page, "a page with nothing to tab to"
    # The first control of the window: the language box at the top left of its header.
    first = window.language_combo
    first.setFocus(Qt.FocusReason.TabFocusReason)
    assert QApplication.focusWidget() is first
    target = window.next_button if window.next_button.isEnabled() else window.back_button
    visited: list[QWidget] = [QApplication.focusWidget()]
    while visited[-1] is not target:
        QTest.keyClick(visited[-1], Qt.Key.Key_Tab)
        focused = QApplication.focusWidget()
        assert focused is not None, "Tab left the window"
        names = [f"{type(w).__name__} {w.objectName()!r}" for w in (*visited, focused)]
        assert focused not in visited, f"Tab went round: {names}"
        assert len(visited) < 80, names
        visited.append(focused)
    # A group of radio buttons is one stop (the arrow keys choose within it), as everywhere.
    # Each of the page's controls was reached, before Next.
    missed = [
        f"{type(w).__name__} {w.objectName()!r} {getattr(w, 'text', str)()!r}"
        for w in on_page
        if w not in visited and not (isinstance(w, QRadioButton) and not w.isChecked())
    ]
    assert not missed, f"Tab never reached: {missed}"
    # And Shift+Tab walks back out of the page the same way, without a trap.
    QTest.keyClick(target, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is not target


def _mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _field_labels(window: QWidget) -> list[QLabel]:
    labels = [
        w
        for w in window.findChildren(QLabel)
        if w.isVisibleTo(window) and w.buddy() is not None and w.buddy().isVisibleTo(window)
    ]
    for form in window.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            label = item.widget() if item is not None else None
            if isinstance(label, QLabel) and label.isVisibleTo(window) and label not in labels:
                labels.append(label)
    return labels


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_field_has_its_own_alt_letter(wizard, qtbot, page, language):
    window = _open(wizard, qtbot, page, language)
    labels = _field_labels(window)
    boxes = [
        w
        for w in window.findChildren(QAbstractButton)
        if isinstance(w, (QCheckBox, QRadioButton)) and w.isVisibleTo(window)
    ]
    unmarked = [w.text() for w in (*labels, *boxes) if _mnemonic(w.text()) is None]
    assert not unmarked, f"no Alt+letter: {unmarked}"
    assert all(label.buddy() is not None for label in labels), "a label whose letter goes nowhere"
    taken: dict[str, str] = {}
    clashes = []
    buttons = [w for w in window.findChildren(QAbstractButton) if w.isVisibleTo(window)]
    for widget in (*labels, *buttons):
        letter = _mnemonic(widget.text())
        if letter is None:
            continue
        if letter in taken and taken[letter] != widget.text():
            clashes.append((letter, taken[letter], widget.text()))
        taken.setdefault(letter, widget.text())
    assert not clashes, clashes
