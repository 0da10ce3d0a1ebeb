"""Keyboard order that follows the page (issue 41).

Qt tabs through widgets in the order they were made, which is not the order a page shows them
(Budget went to two check boxes, then back up to "Cards at most"), and a table took Tab for its
own cells, so Tab never left it. Here the order is read from the layouts, top to bottom and left
to right as laid out, and every list and table gives Tab back to the window.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGraphicsView,
    QLabel,
    QLayout,
    QLineEdit,
    QScrollArea,
    QSlider,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QTextEdit,
    QWidget,
)

# Controls whose insides are theirs: Tab stops on them once and goes on.
LEAVES = (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGraphicsView,
    QLineEdit,
    QSlider,
    QTextEdit,
)


def takes_tab(widget: QWidget) -> bool:
    return (
        not isinstance(widget, QLabel)
        and widget.focusPolicy() & Qt.FocusPolicy.TabFocus == Qt.FocusPolicy.TabFocus
    )


def in_layout_order(widget: QWidget | None) -> Iterator[QWidget]:
    """``widget`` and the controls inside it that take Tab, in the order they are laid out."""
    if widget is None:
        return
    if takes_tab(widget):
        yield widget
    if isinstance(widget, LEAVES):
        return
    if isinstance(widget, QScrollArea):
        yield from in_layout_order(widget.widget())
        return
    if isinstance(widget, QTabWidget):
        yield widget.tabBar()
        for index in range(widget.count()):
            yield from in_layout_order(widget.widget(index))
        return
    if isinstance(widget, (QSplitter, QStackedWidget)):
        for index in range(widget.count()):
            yield from in_layout_order(widget.widget(index))
        return
    layout = widget.layout()
    if layout is not None:
        yield from _layout_order(layout)


def _layout_order(layout: QLayout) -> Iterator[QWidget]:
    for index in range(layout.count()):
        item = layout.itemAt(index)
        inner = item.layout() if item is not None else None
        if item is not None and item.widget() is not None:
            yield from in_layout_order(item.widget())
        elif inner is not None:
            yield from _layout_order(inner)


def release_tab(root: QWidget | None) -> None:
    """Tables and lists move between cells with the arrow keys; Tab leaves them."""
    if root is None:
        return
    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)
    for text in root.findChildren(QTextEdit):
        text.setTabChangesFocus(True)


def chain(widgets: list[QWidget]) -> None:
    """Tab visits ``widgets`` in this order (each once, the first occurrence kept)."""
    seen: list[QWidget] = []
    for widget in widgets:
        if widget not in seen:
            seen.append(widget)
    for first, second in pairwise(seen):
        QWidget.setTabOrder(first, second)
