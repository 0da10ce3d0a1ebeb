"""The job page's mix of jobs (issue 53): a list of jobs sharing the machine, each with its
share of the time or its runs a month; empty, the page's one job is planned. What the rows
mean is ``app/job_fields.mixed_jobs``'s; this widget only lists and edits them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.app import choices
from gpuplanner.app.choices import LLMS, MIX_JOBS
from gpuplanner.app.job_fields import mixed_jobs
from gpuplanner.core.scenarios import Scenario
from gpuplanner.report import job_text
from gpuplanner.ui.combos import refill

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.core.job_inputs import MixedJob
    from gpuplanner.ui.controller import WizardController

# The report's task names, looked up at run time (their .ts entries are the report's).
_qt_translate = QCoreApplication.translate


class JobMixList(QWidget):
    """The list, its explanation, and its buttons: add, remove, the scenario's usual jobs, and
    whether the jobs are counted in runs a month. ``changed`` on every edit the user makes."""

    changed = Signal()

    def __init__(self, controller: WizardController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.table = QTableWidget(0, 2, self)
        self.table.setObjectName("jobMix")
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(
            1,
            QHeaderView.ResizeMode.ResizeToContents,  # "Share of the time" in full
        )
        self.table.setMaximumHeight(140)
        self.add_job = QPushButton(self)
        self.add_job.setObjectName("addJob")
        self.remove_job = QPushButton(self)
        self.remove_job.setObjectName("removeJob")
        self.usual_jobs = QPushButton(self)  # the scenario's own mix, where it names several
        self.usual_jobs.setObjectName("usualJobs")
        # Counted in runs a month instead of shares: the plan then gives the month's hours and
        # electricity on each option, and says where a card cannot keep up.
        self.per_month = QCheckBox(self)
        self.per_month.setObjectName("mixPerMonth")
        buttons = QHBoxLayout()
        for button in (self.add_job, self.remove_job, self.usual_jobs, self.per_month):
            buttons.addWidget(button)
        buttons.addStretch(1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.label)
        column.addWidget(self.table)
        column.addLayout(buttons)
        self._loading = False
        self.add_job.clicked.connect(lambda: self._add_job())
        self.remove_job.clicked.connect(self._remove_job)
        self.usual_jobs.clicked.connect(self._usual_jobs)
        self.per_month.toggled.connect(self._counted)

    def load(self, planned: Iterable[MixedJob]) -> None:
        """The rows of ``planned``, counted as it is; no ``changed`` while loading."""
        self._loading = True
        planned = tuple(planned)
        self.table.setRowCount(0)
        self.per_month.setChecked(any(m.runs_per_month is not None for m in planned))
        for mixed in planned:
            self._add_job(mixed.name, round(mixed.share))
        self._loading = False

    def jobs(self) -> tuple[MixedJob, ...]:
        """The mix as the user set it (``InputError`` for a share no job can have)."""
        return mixed_jobs(self._rows(), per_month=self.per_month.isChecked())

    def name_of(self, job: str) -> str:
        """A job of the mix as the list names it (its task, or the LLM preset's name)."""
        return dict(self._items()).get(job, job)

    def show_state(self, has_jobs: bool, scenario: Scenario | None) -> None:
        """Remove and the way of counting only for a mix; the usual jobs where the scenario
        names several."""
        self.remove_job.setEnabled(has_jobs)
        self.per_month.setEnabled(has_jobs)
        self.usual_jobs.setVisible(bool(choices.scenario_mix(scenario or Scenario.STUDENT)))

    def retranslate(self) -> None:
        self._header()
        self.per_month.setText(self.tr("Count b&y runs a month"))
        self.add_job.setText(self.tr("Mi&x in a job"))
        self.remove_job.setText(self.tr("Remo&ve the job"))
        self.usual_jobs.setText(self.tr("The scenario's &usual jobs"))
        for row in range(self.table.rowCount()):
            combo, spin = self.table.cellWidget(row, 0), self.table.cellWidget(row, 1)
            if isinstance(combo, QComboBox):
                refill(combo, self._items())
            if isinstance(spin, QSpinBox):
                self._count_as(spin)

    def _emit(self, *_args: object) -> None:
        if not self._loading:
            self.changed.emit()

    def _add_job(self, name: str | None = None, share: int = 50) -> None:
        """A row of the mix: the job (the first not yet listed, when not given) and its share."""
        listed = {job for job, _ in self._rows()}
        name = name or next((j for j in MIX_JOBS if j not in listed), MIX_JOBS[0])
        row = self.table.rowCount()
        self.table.insertRow(row)
        combo = QComboBox(self.table)
        refill(combo, self._items())
        combo.setCurrentIndex(max(0, combo.findData(name)))
        spin = QSpinBox(self.table)
        self._count_as(spin)
        spin.setValue(share)
        self.table.setCellWidget(row, 0, combo)
        self.table.setCellWidget(row, 1, spin)
        combo.currentIndexChanged.connect(self._emit)
        spin.valueChanged.connect(self._emit)
        self._emit()

    def _count_as(self, spin: QSpinBox) -> None:
        """A row's number as a share of the time (1-100 %) or as runs a month (1-999)."""
        monthly = self.per_month.isChecked()
        spin.setRange(1, 999 if monthly else 100)
        spin.setSuffix(self.tr(" / month") if monthly else " %")  # "1 runs a month" read wrong

    def _counted(self) -> None:
        """Shares became runs a month, or back: every row's number and the column's title."""
        for row in range(self.table.rowCount()):
            spin = self.table.cellWidget(row, 1)
            if isinstance(spin, QSpinBox):
                self._count_as(spin)
        self._header()
        self._emit()

    def _header(self) -> None:
        """The list's explanation and its number's column, as the mix is counted."""
        if self.per_month.isChecked():
            self.label.setText(
                self.tr(
                    "Several jobs sharing the machine: each with how often it runs a month. "
                    "Every job must fit; each option then gives the month's hours and "
                    "electricity."
                )
            )
            share = self.tr("Runs a month")
        else:
            self.label.setText(
                self.tr(
                    "Several jobs sharing the machine: each with its share of the time. Every "
                    "job must fit; leave the list empty to plan the one job on the left."
                )
            )
            share = self.tr("Share of the time")
        self.table.setHorizontalHeaderLabels([self.tr("Job"), share])

    def _usual_jobs(self) -> None:
        """The list becomes the jobs the scenario names, with their usual shares."""
        self.table.setRowCount(0)
        for mixed in choices.scenario_mix(self.controller.session.scenario or Scenario.STUDENT):
            self._add_job(mixed.name, round(mixed.share))

    def _remove_job(self) -> None:
        row = self.table.currentRow()
        self.table.removeRow(row if row >= 0 else self.table.rowCount() - 1)
        self._emit()

    def _rows(self) -> list[tuple[str, int]]:
        """(job, share) of each row of the mix, as the user set them."""
        rows = []
        for row in range(self.table.rowCount()):
            combo, spin = self.table.cellWidget(row, 0), self.table.cellWidget(row, 1)
            if isinstance(combo, QComboBox) and isinstance(spin, QSpinBox):
                rows.append((str(combo.currentData()), spin.value()))
        return rows

    def _items(self) -> list[tuple[object, str]]:
        """The jobs a mix can hold: the Keras presets by their task, the LLM presets by name,
        and the user's own Keras model once one has been read."""
        own = self.controller.session.job.own_model is not None
        return [
            (job, _qt_translate(job_text.CONTEXT, job_text.WORKLOAD[job]))
            if job in job_text.WORKLOAD
            else (job, LLMS[job].name)
            for job in (*MIX_JOBS, *(("own",) if own else ()))
        ]
