"""The window's first size: what it would like, never more than the screen offers (issue 41).

On a 1024×700 screen the window once opened at 1100×760 with Back and Next below the edge.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# What the wizard would like where there is room: the results table shows a dozen rows.
WANTED = QSize(1100, 760)
# Before the first show the frame (title bar, borders) is unknown: about this much.
GUESSED_FRAME = QSize(16, 40)


def fitted(available: QRect, wanted: QSize, frame: QSize) -> QRect:
    """The window's client rectangle: ``wanted``, shrunk so that it and its frame (title bar,
    borders: ``frame`` more than the client area) fit ``available``, centred there."""
    room = QSize(available.width() - frame.width(), available.height() - frame.height())
    size = wanted.boundedTo(room)
    left = available.x() + (available.width() - size.width() - frame.width()) // 2
    top = available.y() + (available.height() - size.height() - frame.height()) // 2
    return QRect(left, top, size.width(), size.height())


def fit_to_screen(window: QWidget, wanted: QSize = WANTED) -> None:
    """Size ``window`` for the screen it is on (its available geometry: the taskbar left out)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(wanted)
        return
    frame = (
        window.frameGeometry().size() - window.geometry().size()
        if window.isVisible()
        else GUESSED_FRAME
    )
    rect = fitted(screen.availableGeometry(), wanted, frame)
    window.resize(rect.size())
    window.move(rect.topLeft())
