"""What every wizard page shares: a heading, an intro line, and retranslation on language change."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.ui.controller import WizardController


T = TypeVar("T")


class WizardPage(QWidget):
    def __init__(self, controller: WizardController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.heading = QLabel(self)
        self.heading.setObjectName("pageHeading")
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setWordWrap(True)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(32, 20, 32, 16)
        self.layout_.setSpacing(10)
        self.layout_.addWidget(self.heading)
        self.layout_.addWidget(self.intro)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Set every text; called at start and on every language change."""

    def ask(self, dialog: Callable[..., T], *args: object) -> T:
        """Run a modal file dialog, then give the window back its activation and focus: without
        it the window's Alt shortcuts (Alt+B, Alt+N) did nothing until the next click."""
        opener = self.focusWidget() or self
        try:
            return dialog(self, *args)
        finally:
            self.window().activateWindow()
            opener.setFocus(Qt.FocusReason.OtherFocusReason)

    def entered(self) -> None:
        """The page became the current one."""

    def load_from_session(self) -> None:
        """Show what the session holds (a restored or loaded state); called once it is built."""

    @property
    def language(self) -> str:
        return self.controller.session.language
