"""Import prices…: pick a price pack, see what it changes, import it only on Import."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.report import pack_text
from gpuplanner.ui.table_model import tr_finding
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.app.records import PreparedImport


class PricePackDialog(QDialog):
    """Shows a prepared import (``app.records.PreparedImport``); accepted means import."""

    def __init__(
        self, prepared: PreparedImport, names: dict[str, str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("pricePackDialog")
        self.setWindowTitle(self.tr("Import prices"))
        self.resize(760, 460)
        layout = QVBoxLayout(self)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.table = QTableWidget(0, 6, self)
        self.table.setObjectName("packChanges")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        layout.addWidget(self.table, 1)
        self.buttons = QDialogButtonBox(self)
        self.import_button = self.buttons.addButton(
            self.tr("Import"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._show(prepared, names)

    def _show(self, prepared: PreparedImport, names: dict[str, str]) -> None:
        report = prepared.report
        self.import_button.setEnabled(prepared.ok)
        if not prepared.ok:
            problems = pack_text.problem_rows(report.rejected, tr_finding)
            self.summary.setText(
                tr(
                    "PricePackDialog",
                    "{file} has problems; nothing will be imported:",
                    file=prepared.file_name,
                )
            )
            self.table.setColumnCount(1)
            self.table.setHorizontalHeaderLabels([self.tr("Problem")])
            self.table.setRowCount(len(problems))
            for row, text in enumerate(problems):
                self.table.setItem(row, 0, QTableWidgetItem(text))
            self.table.horizontalHeader().setStretchLastSection(True)
            return
        # A pack without its manifest line still shows its counts (its name is then unknown).
        name, published = (
            (report.manifest.name, report.manifest.published) if report.manifest else ("", "")
        )
        self.summary.setText(
            pack_text.summary(prepared.counts(), name, published, len(report.prices), tr_finding)
        )
        rows = pack_text.change_rows(prepared.changes, names, tr_finding)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Card"),
                self.tr("Condition"),
                self.tr("Region"),
                self.tr("Change"),
                self.tr("Before"),
                self.tr("After"),
            ]
        )
        self.table.setRowCount(len(rows))
        for row, cells in enumerate(rows):
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
