"""The lab fleet window: machines from a folder of scans and reports, and their upgrade plan."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QPushButton,
    QRadioButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.app.fleet import FleetPlan, load_fleet
from gpuplanner.app.session import FleetRequest, FleetSession
from gpuplanner.core.languages import ENGLISH
from gpuplanner.core.scenarios import PRESETS, Scenario
from gpuplanner.core.vocab import Currency
from gpuplanner.report.files import write_pdf
from gpuplanner.report.fleet_export import (
    fleet_html,
    machine_header,
    machine_rows,
    plan_header,
    plan_rows,
    unit_text,
    write_plan_csv,
)
from gpuplanner.report.plan_text import currency_text
from gpuplanner.ui.background import Background
from gpuplanner.ui.screen_fit import fit_to_screen
from gpuplanner.ui.table_model import tr_finding
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:
    from gpuplanner.app.errors import SnapshotError
    from gpuplanner.app.records import CatalogData

log = logging.getLogger(__name__)


def _fill(table: QTableWidget, header: list[str], rows: list[list[object]]) -> None:
    table.clear()
    table.setColumnCount(len(header))
    table.setHorizontalHeaderLabels(header)
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem("" if value is None else str(value))
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            if isinstance(value, int | float):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()


class FleetWindow(QMainWindow):
    loaded = Signal()  # the lab's files are read (and their plan asked for)
    planned = Signal(object)  # FleetPlan

    def __init__(
        self, language: str = "en", currency: Currency = "CNY", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._background = Background(self)
        self.language, self.currency = language, currency
        self.catalog: CatalogData | None = None
        self.machines: list = []
        self.problems: list = []
        self.plan: FleetPlan | None = None
        # What the lab is planned with: any change asks for a new plan, made off the GUI
        # thread; only the newest request's plan is shown (an older one arriving late is
        # dropped, so a quick series of edits ends on the plan of the last).
        budget = PRESETS[Scenario.SME].budget(currency).high * 2
        self.fleet = FleetSession(currency=currency, budget=budget)
        self.fleet.asked.connect(self._plan_off_thread)
        self._newest: FleetRequest | None = None
        fit_to_screen(self, QSize(1200, 760))  # never larger than the screen

        self.open_button = QPushButton(self)
        self.open_button.clicked.connect(self._choose_folder)
        self.source_label = QLabel(self)
        self.source_label.setWordWrap(True)
        self.machines_table = QTableWidget(self)
        self.machines_table.setObjectName("fleetMachines")
        self.scenario_label = QLabel(self)
        self.scenario_combo = QComboBox(self)
        for scenario in Scenario:
            self.scenario_combo.addItem("", scenario.value)
        self.scenario_combo.setCurrentIndex(self.scenario_combo.findData(self.fleet.scenario.value))
        self.scenario_label.setBuddy(self.scenario_combo)
        self.each_radio = QRadioButton(self)
        self.lab_radio = QRadioButton(self)
        self.lab_radio.setChecked(True)
        self.budget_label = QLabel(self)
        self.budget = QDoubleSpinBox(self)
        self.budget.setObjectName("fleetBudget")
        self.budget.setRange(100, 100_000_000)
        self.budget.setDecimals(0)
        self.budget.setSingleStep(1000)
        self.budget.setGroupSeparatorShown(True)
        self.budget.setValue(budget)
        self.budget_label.setBuddy(self.budget)
        self.scenario_combo.currentIndexChanged.connect(self._scenario_picked)
        self.lab_radio.toggled.connect(self._whole_lab_picked)
        self.budget.valueChanged.connect(self._budget_typed)
        self.plan_table = QTableWidget(self)
        self.plan_table.setObjectName("fleetPlan")
        self.total_label = QLabel(self)
        self.total_label.setObjectName("fleetTotal")
        self.csv_button = QPushButton(self)
        self.pdf_button = QPushButton(self)
        self.csv_button.clicked.connect(lambda: self._export("csv"))
        self.pdf_button.clicked.connect(lambda: self._export("pdf"))
        self.status = QLabel(self)
        self.close_button = QPushButton(self)
        self.close_button.setObjectName("fleetClose")
        self.close_button.clicked.connect(self.close)

        top = QHBoxLayout()
        top.addWidget(self.open_button)
        top.addWidget(self.source_label, 1)
        controls = QHBoxLayout()
        controls.addWidget(self.scenario_label)
        controls.addWidget(self.scenario_combo)
        controls.addSpacing(16)
        controls.addWidget(self.each_radio)
        controls.addWidget(self.lab_radio)
        controls.addSpacing(16)
        controls.addWidget(self.budget_label)
        controls.addWidget(self.budget)
        controls.addStretch(1)
        lower = QWidget(self)
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addLayout(controls)
        lower_layout.addWidget(self.plan_table, 1)
        lower_layout.addWidget(self.total_label)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.machines_table)
        splitter.addWidget(lower)
        exports = QHBoxLayout()
        exports.addWidget(self.status, 1)
        exports.addWidget(self.csv_button)
        exports.addWidget(self.pdf_button)
        exports.addSpacing(16)
        exports.addWidget(self.close_button)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addLayout(exports)
        self.setCentralWidget(central)
        for table in (self.machines_table, self.plan_table):
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
            table.setAlternatingRowColors(True)
            table.setTabKeyNavigation(False)  # arrows move between cells; Tab leaves the table
        self.retranslate()
        self._update_buttons()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Esc closes the window like a dialog's Cancel: it opens from the main window's header.
        if event.key() == Qt.Key.Key_Escape:
            self.close()
            return
        super().keyPressEvent(event)

    # -- data ------------------------------------------------------------------------------------

    def _catalog(self) -> CatalogData:
        if self.catalog is None:  # on a worker thread: the catalog may take a moment
            self.catalog = load_catalog().data  # with the imported price packs
        return self.catalog

    def load(self, paths: list[Path]) -> None:
        """Read the lab's scans and reports off the GUI thread, then plan them."""
        self.status.setText(
            tr("FleetWindow", "Reading {files} ...", files=", ".join(p.name for p in paths))
        )
        self._background.start(
            lambda: load_fleet(paths, self._catalog()),
            lambda loaded: self._loaded(paths, *loaded),
            self._failed,
            self.language,
        )

    def _failed(self, message: str) -> None:
        self.status.setText(message)
        self._update_buttons()

    def _loaded(self, paths: list[Path], machines: list, problems: list) -> None:
        self.status.clear()
        self.machines, self.problems = machines, problems
        self.plan = None
        _fill(
            self.machines_table,
            machine_header(self.language),
            machine_rows(self.machines, self.language),
        )
        text = tr(
            "FleetWindow",
            "{n} machine(s) from {files}",
            n=str(len(self.machines)),
            files=", ".join(p.name for p in paths),
        )
        if self.problems:
            text += " · " + tr(
                "FleetWindow",
                "{n} file(s) could not be read: {problems}",
                n=str(len(self.problems)),
                problems="; ".join(self._problem(p) for p in self.problems[:3]),
            )
        self.source_label.setText(text)
        # Every file's fate: the table has the machines, the tip every file not read and why.
        self.source_label.setToolTip("\n".join(self._problem(p) for p in self.problems))
        self.plan_table.setRowCount(0)
        self.total_label.clear()
        with self.fleet.changes():  # read on the worker thread with the machines
            self.fleet.catalog = self.catalog
            self.fleet.machines = tuple(self.machines)
        self._update_buttons()
        self.loaded.emit()

    def _scenario_picked(self, _index: int) -> None:
        self.fleet.scenario = Scenario(self.scenario_combo.currentData())

    def _whole_lab_picked(self, whole_lab: bool) -> None:
        self.fleet.whole_lab = whole_lab

    def _budget_typed(self, value: float) -> None:
        self.fleet.budget = value

    def _plan_off_thread(self, request: FleetRequest) -> None:
        """Plan every machine off the GUI thread (each is a full plan: a lab of fifty takes a
        second); the table fills when the newest request's plans arrive."""
        self._newest = request
        self._background.start(
            request.plan,
            lambda plan: self._planned(plan, request),
            lambda message: self._failed(message) if request is self._newest else None,
            self.language,
        )

    def _planned(self, plan: FleetPlan, request: FleetRequest) -> None:
        if request is not self._newest:  # the lab was changed since: a newer plan is coming
            return
        lab = request.whole_lab
        self.plan = plan
        _fill(
            self.plan_table,
            plan_header(self.language),
            plan_rows(plan, self.machines, self.language),
        )
        self.total_label.setText(
            tr(
                "FleetWindow",
                "Total: {total} {currency} of {budget}; added training throughput {gain} {unit}",
                total=f"{plan.total_cost:,.0f}",
                currency=currency_text(plan.currency, tr_finding),
                budget=f"{plan.budget:,.0f}" + ("" if lab else self.tr(" per machine")),
                gain=f"{plan.total_gain:,.1f}",
                unit=unit_text(plan.unit, self.language),
            )
        )
        self._update_buttons()
        self.planned.emit(plan)

    # -- files -----------------------------------------------------------------------------------

    def _choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Folder of saved scans and nvidia-smi reports")
        )
        if folder:
            self.load([Path(folder)])

    def export_to(self, kind: str, path: Path) -> None:
        if self.plan is None:  # the buttons are off until a plan arrives
            return
        if kind == "csv":
            write_plan_csv(path, self.plan, self.machines, self.language)
        else:
            write_pdf(path, fleet_html(self.plan, self.machines, self.language))
        self.status.setText(tr("FleetWindow", "Saved {file}", file=str(path)))

    def _export(self, kind: str) -> None:
        filters = {"csv": self.tr("CSV (*.csv)"), "pdf": self.tr("PDF (*.pdf)")}
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export the plan"), f"lab-plan.{kind}", filters[kind]
        )
        if path:
            try:
                self.export_to(kind, Path(path))
            except OSError as exc:
                self.status.setText(
                    tr("FleetWindow", "Could not save: {why}", why=exc.strerror or str(exc))
                )

    # -- text ------------------------------------------------------------------------------------

    def _problem(self, error: SnapshotError) -> str:
        """A file that could not be read: the parser's own reason in English, a sentence in
        other languages (the reason is in the log either way)."""
        if self.language == ENGLISH:
            return str(error)
        return tr(
            "FleetWindow",
            "{file} (not a readable scan or nvidia-smi report)",
            file=error.file,  # its place under the folder: rooms may hold the same names
        )

    def _update_buttons(self) -> None:
        for button in (self.csv_button, self.pdf_button):
            button.setEnabled(self.plan is not None)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("gpuplanner – lab fleet"))
        self.open_button.setText(self.tr("&Open folder…"))
        self.close_button.setText(self.tr("&Close"))
        if not self.machines:
            self.source_label.setText(
                self.tr(
                    "Open a folder of saved scans (gpuplanner scan --save) and nvidia-smi -q -x "
                    "reports, one file per machine."
                )
            )
        self.scenario_label.setText(self.tr("&Scenario:"))
        names = {
            "student": self.tr("Student or beginner"),
            "sme": self.tr("Small firm or research group"),
            "llm": self.tr("LLM fine-tuning"),
        }
        for index in range(self.scenario_combo.count()):
            self.scenario_combo.setItemText(index, names[self.scenario_combo.itemData(index)])
        self.each_radio.setText(self.tr("&Each machine (budget per machine)"))
        self.lab_radio.setText(self.tr("&Whole lab (one budget)"))
        self.budget_label.setText(self.tr("&Budget:"))
        self.budget.setSuffix(f" {self.currency}")
        self.csv_button.setText(self.tr("Export &CSV…"))
        self.pdf_button.setText(self.tr("Export P&DF…"))
