"""The job page's "Your own Keras model…": a .keras file or a SavedModel's folder, read off the
GUI thread in the probe's child Python (app/model_info.py), its figures shown, and the model
made the session's job (``model_info.take_as_job``); a file that cannot be read shows the
sentence ``model-info`` gives and leaves the job as it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QProgressBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.app import model_info
from gpuplanner.report.model_text import figure_rows, refusal_text
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.ui.controller import WizardController

T = TypeVar("T")
OWN = "own"  # the workload a model of the user's own is (core/vocab.py)


class OwnModelBox(QWidget):
    loaded = Signal()  # the session's job is now the model read

    def __init__(self, controller: WizardController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.button = QToolButton(self)
        self.button.setObjectName("ownModelButton")
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.menu = QMenu(self.button)
        self.file_action = self.menu.addAction("")
        self.folder_action = self.menu.addAction("")
        self.file_action.triggered.connect(self.choose_file)
        self.folder_action.triggered.connect(self.choose_folder)
        self.button.setMenu(self.menu)
        self.button.clicked.connect(self.choose_file)
        self.progress = QProgressBar(self)
        self.progress.setObjectName("ownModelProgress")
        self.progress.setRange(0, 0)  # busy: the child Python says nothing until it is done
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(12)
        self.progress.hide()
        self.status = QLabel(self)
        self.status.setObjectName("ownModelStatus")
        self.status.setWordWrap(True)
        self.figures = QWidget(self)
        self.figures.setObjectName("ownModelFigures")
        self.figures_form = QFormLayout(self.figures)
        self.figures_form.setContentsMargins(0, 0, 0, 0)
        self.figures.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.button)
        row.addWidget(self.progress, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.status)
        column.addWidget(self.figures)
        self._facts: dict[str, Any] | None = None
        self._busy = False
        self.retranslate()

    def choose_file(self) -> None:
        path, _ = self._ask(
            QFileDialog.getOpenFileName,
            self.tr("Your own Keras model"),
            "",
            self.tr("Keras models (*.keras)"),
        )
        if path:
            self.read(Path(path))

    def choose_folder(self) -> None:
        path = self._ask(QFileDialog.getExistingDirectory, self.tr("A SavedModel's folder"))
        if path:
            self.read(Path(path))

    def _ask(self, dialog: Callable[..., T], *args: object) -> T:
        """A modal file dialog, then the window's activation and focus back, as a page's
        ``ask`` does (without it the window's Alt shortcuts did nothing until a click)."""
        opener = self.focusWidget() or self.button
        try:
            return dialog(self, *args)
        finally:
            self.window().activateWindow()
            opener.setFocus(Qt.FocusReason.OtherFocusReason)

    def read(self, path: Path) -> None:
        """Read ``path`` in the background: TensorFlow loads in a child Python (seconds)."""
        if self._busy:
            return
        self._busy = True
        self.button.setEnabled(False)
        self.progress.show()
        self.status.setText(tr("OwnModelBox", "Reading {file} with TensorFlow…", file=path.name))
        self.controller.start(lambda: model_info.read_job(path), self._read, self._failed)

    def _read(self, result: model_info.OwnJob | model_info.Refusal) -> None:
        self._done()
        if isinstance(result, model_info.Refusal):
            self.status.setText(refusal_text(result, self.controller.session.language))
            return
        self._facts = result.facts
        model_info.take_as_job(self.controller.session, result.model)
        self._show()
        self.loaded.emit()

    def _failed(self, message: str) -> None:
        self._done()
        self.status.setText(message)

    def _done(self) -> None:
        self._busy = False
        self.button.setEnabled(True)
        self.progress.hide()

    def _show(self) -> None:
        """The figures of the model read, in the user's language."""
        while self.figures_form.rowCount():
            self.figures_form.removeRow(0)
        own = self.controller.session.job.own_model
        if self._facts is None or own is None:
            self.figures.hide()
            return
        self.status.setText(tr("OwnModelBox", "Planned as the job: {file}", file=own.name))
        for name, value in figure_rows(self._facts, self.controller.session.language):
            shown = QLabel(value, self.figures)
            self.figures_form.addRow(name, shown)
        self.figures.show()

    def offer_in(self, combo: QComboBox) -> None:
        """The model read as one of the jobs of ``combo``, named by its file, once there is one."""
        own = self.controller.session.job.own_model
        at = combo.findData(OWN)
        combo.blockSignals(True)
        if own is None and at >= 0:
            combo.removeItem(at)
        elif own is not None:
            text = tr("OwnModelBox", "Your own Keras model: {file}", file=own.name)
            if at < 0:
                combo.addItem(text, OWN)
            else:
                combo.setItemText(at, text)
            if self.controller.session.job.workload == OWN:  # kept through a refill
                combo.setCurrentIndex(combo.findData(OWN))
        combo.blockSignals(False)

    def retranslate(self) -> None:
        self.button.setText(self.tr("Your own Keras model…"))
        self.button.setToolTip(
            self.tr(
                "Plan for a model of your own: a .keras file or a SavedModel's folder, read "
                "with Keras's safe mode in a separate Python"
            )
        )
        self.file_action.setText(self.tr("A .keras file…"))
        self.folder_action.setText(self.tr("A SavedModel's folder…"))
        self._show()
