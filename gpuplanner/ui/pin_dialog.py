"""The staff PIN prompt and the staff menu of the kiosk."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QRegularExpression, QTimer
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.kiosk.pin import PinGate

log = logging.getLogger(__name__)


class PinDialog(QDialog):
    """Asks for the PIN; ``gate`` (a PinGate) decides and makes wrong tries wait longer."""

    def __init__(self, gate: PinGate, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.gate = gate
        self.setModal(True)
        self.prompt = QLabel(self)
        self.pin = QLineEdit(self)
        self.pin.setObjectName("pinEdit")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,12}"), self))
        self.message = QLabel(self)
        self.message.setObjectName("pinMessage")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.pin)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.try_pin)
        self.buttons.rejected.connect(self.reject)
        self._ticker = QTimer(self)
        self._ticker.setInterval(250)
        self._ticker.timeout.connect(self._update_wait)
        self.setWindowTitle(self.tr("Staff"))
        self.prompt.setText(self.tr("Staff PIN:"))
        self.prompt.setBuddy(self.pin)
        self.pin.setAccessibleName(self.tr("Staff PIN"))
        self._update_wait()

    def try_pin(self) -> None:
        if self.gate.wait_s() > 0:
            self._update_wait()
            return
        if self.gate.attempt(self.pin.text()):
            log.info("kiosk: staff PIN accepted")
            self.accept()
            return
        log.warning("kiosk: wrong staff PIN (%d in a row)", self.gate.failures)
        self.pin.clear()
        self._update_wait()

    def _update_wait(self) -> None:
        wait = self.gate.wait_s()
        self.ok.setEnabled(wait <= 0)
        if wait > 0:
            self.message.setText(
                tr(
                    "PinDialog",
                    "Wrong PIN. Try again in {seconds} s.",
                    seconds=str(math.ceil(wait)),
                )
            )
            self._ticker.start()
        else:
            self._ticker.stop()
            if self.gate.failures:
                self.message.setText(self.tr("Wrong PIN. Try again."))


class StaffMenu(QDialog):
    """What staff can do once the PIN is right."""

    RESET, EXIT = 10, 11

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModal(True)
        self.setWindowTitle(self.tr("Staff"))
        layout = QVBoxLayout(self)
        self.reset_button = QPushButton(self.tr("Start over for the next customer"), self)
        self.exit_button = QPushButton(self.tr("Leave kiosk mode"), self)
        self.cancel_button = QPushButton(self.tr("Back to the kiosk"), self)
        for button in (self.reset_button, self.exit_button, self.cancel_button):
            layout.addWidget(button)
        self.reset_button.clicked.connect(lambda: self.done(self.RESET))
        self.exit_button.clicked.connect(lambda: self.done(self.EXIT))
        self.cancel_button.clicked.connect(self.reject)
