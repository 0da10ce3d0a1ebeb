"""Wizard page 3: the probe. Start, watch, cancel; the result against the card's catalog peak."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.languages import ENGLISH
from gpuplanner.core.words import fill
from gpuplanner.ui.pages.base import WizardPage
from gpuplanner.ui.probe_view import bars, detail_words, diagnosis_words, ended_words, headline
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # pyqtgraph loads when the chart is first shown
    from gpuplanner.app.records import GpuSpec, ProbeEvent, ProbeResult
    from gpuplanner.ui.charts import ProbeChart
    from gpuplanner.ui.controller import WizardController

_qt_translate = QCoreApplication.translate


class ProbePage(WizardPage):
    def __init__(
        self,
        controller: WizardController,
        parent: QWidget | None = None,
        allow_files: bool = True,
    ) -> None:
        super().__init__(controller, parent)
        from gpuplanner.app.probing import bundle_has_tensorflow

        self._lite = not bundle_has_tensorflow()
        # Which Python's TensorFlow to measure. Not in a kiosk: a customer must not start programs.
        self.python_label = QLabel(self)
        self.python_edit = QLineEdit(self)
        self.python_edit.setObjectName("probePython")
        self.python_label.setBuddy(self.python_edit)
        self.python_browse = QPushButton(self)
        self.python_browse.clicked.connect(self._browse_python)
        python_row = QHBoxLayout()
        python_row.addWidget(self.python_label)
        python_row.addWidget(self.python_edit, 1)
        python_row.addWidget(self.python_browse)
        for widget in (self.python_label, self.python_edit, self.python_browse):
            widget.setVisible(allow_files)
        self.layout_.addLayout(python_row)
        self.start_button = QPushButton(self)
        self.start_button.setObjectName("startProbe")
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("cancelProbe")
        self.cancel_button.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(self.start_button)
        row.addWidget(self.cancel_button)
        row.addStretch(1)
        self.layout_.addLayout(row)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 100)
        self.step_label = QLabel(self)
        self.layout_.addWidget(self.progress)
        self.layout_.addWidget(self.step_label)
        self.result_label = QLabel(self)
        self.result_label.setObjectName("probeResult")
        self.result_label.setWordWrap(True)
        self.layout_.addWidget(self.result_label)
        self.chart_holder = QWidget(self)
        self.chart_column = QVBoxLayout(self.chart_holder)
        self.chart_column.setContentsMargins(0, 0, 0, 0)
        self.layout_.addWidget(self.chart_holder, 1)
        self.chart: ProbeChart | None = (
            None  # pyqtgraph loads when the page is first shown, never at start-up
        )
        self.start_button.clicked.connect(self._start)
        self.cancel_button.clicked.connect(controller.cancel_probe)
        controller.probe_event.connect(self._event)
        controller.probe_finished.connect(self._finished)
        self.retranslate()

    def entered(self) -> None:
        self._ensure_chart()
        self._word_intro()
        if self.controller.session.probe is not None:
            self._finished(self.controller.session.probe)

    def _ensure_chart(self) -> None:
        if self.chart is not None:
            return
        from gpuplanner.ui.charts import ProbeChart

        self.chart = ProbeChart(self.chart_holder)
        self.chart_column.addWidget(self.chart)
        self.chart.setVisible(False)  # an empty chart says nothing: shown with the first result
        self.chart.setAccessibleName(self.tr("Measured rate as a share of the catalog peak"))

    def _start(self) -> None:
        self._ensure_chart()
        # A new run starts clean: the last run's words and bars are not this run's.
        self.result_label.clear()
        if self.chart is not None:
            self.chart.setVisible(False)
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.step_label.setText(self.tr("Loading TensorFlow in a separate process…"))
        self.progress.setRange(0, 0)
        self.controller.start_probe(python=self.python_edit.text().strip() or None)

    def _browse_python(self) -> None:
        path, _ = self.ask(QFileDialog.getOpenFileName, self.tr("The Python you train with"))
        if path:
            self.python_edit.setText(path)

    def _event(self, event: ProbeEvent) -> None:
        if event.type == "progress" and event.step:
            steps = (
                "import",
                "env",
                "matmul",
                "bandwidth",
                "transfer",
                "training",
                "input",
                "allreduce",
            )
            index = steps.index(event.step) if event.step in steps else 0
            fraction = event.fraction or 0.0
            # Importing TensorFlow takes seconds with no steps to count: a busy bar, not 0%.
            loading = event.step == "import" and fraction < 1.0
            self.progress.setRange(0, 0 if loading else 100)
            if not loading:
                self.progress.setValue(int((index + fraction) / len(steps) * 100))
            detail = detail_words(event.text, lambda s: _qt_translate("ProbePage", s))
            self.step_label.setText(
                tr("ProbePage", "{step}: {detail}", step=self._step_name(event.step), detail=detail)
            )
        elif event.type == "error":
            self.step_label.setText(
                tr(
                    "ProbePage",
                    "Problem in step {step}: {detail}",
                    step=self._step_name(str(event.step)),
                    detail=detail_words(event.text, lambda s: _qt_translate("ProbePage", s)),
                )
            )

    def _finished(self, result: ProbeResult) -> None:
        self.start_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setRange(0, 100)
        earlier = self.controller.session.probe
        if earlier is not None and earlier is not result:
            # A re-run that ended early: the earlier good result stays, and says so.
            self._show(earlier)
            ended = {
                "cancelled": self.tr("Cancelled after {seconds} s; the earlier result is kept."),
                "timeout": self.tr(
                    "Stopped after {seconds} s (time limit); the earlier result is kept."
                ),
            }.get(
                result.status,
                self.tr("The new run failed after {seconds} s; the earlier result is kept."),
            )
            self.step_label.setText(fill(ended, seconds=f"{result.seconds:.0f}"))
            return
        if result.status in ("ok", "partial"):
            self.progress.setValue(100)
        self._show(result)
        ended = {
            "cancelled": self.tr("Cancelled after {seconds} s; nothing was measured after that."),
            "timeout": self.tr(
                "Stopped after {seconds} s: the probe took longer than its time limit."
            ),
        }.get(result.status, self.tr("Finished in {seconds} s."))
        self.step_label.setText(fill(ended, seconds=f"{result.seconds:.0f}"))

    def _show(self, result: ProbeResult) -> None:
        """The result's numbers in words and the chart."""
        card = self._current_card()
        info = headline(result, card)
        lines = []
        if result.status in ("cancelled", "timeout"):
            pass  # the line under the progress bar says how it ended, once
        elif result.status not in ("ok", "partial"):
            # The runner's message is English, with its details (the signal, the Python);
            # in another language the status's own words, never half English (issue 41).
            why = (
                result.message
                if self.language == ENGLISH and result.message
                else ended_words(result.status, lambda t: _qt_translate("ProbePage", t))
            )
            lines.append(tr("ProbePage", "The probe stopped: {why}", why=why))
        elif info["on_gpu"] and info["best_percent"] is not None:
            lines.append(
                tr(
                    "ProbePage",
                    "Your {card} reaches {percent}% of its {peak} peak.",
                    card=info["card"],
                    percent=f"{info['best_percent']:.0f}",
                    peak=info["best_label"],
                )
            )
        elif info["fp32_tflops"] is not None:
            lines.append(
                tr(
                    "ProbePage",
                    "TensorFlow runs on the CPU here: {tflops} TFLOPS in FP32 matrix multiply.",
                    tflops=f"{info['fp32_tflops']:.2f}",
                )
            )
        if info["images_s"]:
            lines.append(
                tr(
                    "ProbePage",
                    "Your CPU can feed about {images} images/s.",
                    images=f"{info['images_s']:,}",
                )
            )
        for item in result.diagnosis:
            if item.severity != "info":
                lines.append("⚠ " + diagnosis_words(item, lambda t: _qt_translate("Diagnosis", t)))
        self.result_label.setText("\n".join(lines))
        if self.chart is not None:
            measured = bars(result, card, info["on_gpu"])
            self.chart.setVisible(bool(measured))
            words = [replace(b, label=_qt_translate("ProbePage", b.label)) for b in measured]
            self.chart.show_bars(words, self.tr("peak"))

    def _current_card(self) -> GpuSpec | None:
        """The card the probe ran on: this computer's (a recorded report's are not measured)."""
        session, catalog = self.controller.session, self.controller.catalog
        snapshot = session.snapshot
        if snapshot is None or catalog is None or not session.local_machine:
            return None
        ids = [g.catalog_id for g in snapshot.gpus if g.catalog_id]
        return next((g for g in catalog.gpus if ids and g.id == ids[0]), None)

    def _word_intro(self) -> None:
        recorded = getattr(self.controller, "machine_file", None)
        if recorded is None:
            self.intro.setText(
                self.tr(
                    "A quick probe (under a minute) measures this computer's TensorFlow in a "
                    "separate process. It is optional: skip it with Next."
                )
            )
            return
        self.intro.setText(
            tr(
                "ProbePage",
                "The plan is for the machine recorded in {file}, which this probe cannot reach:"
                " it would measure the computer gpuplanner runs on, and that machine's plan does"
                " not use its result. Skip it with Next.",
                file=recorded.name,
            )
        )

    def _step_name(self, step: str) -> str:
        names = {
            "import": self.tr("Loading TensorFlow"),
            "env": self.tr("Checking the installation"),
            "matmul": self.tr("Matrix multiply"),
            "bandwidth": self.tr("Memory bandwidth"),
            "transfer": self.tr("Host-device copies"),
            "training": self.tr("Training steps"),
            "input": self.tr("Input pipeline"),
            "allreduce": self.tr("All-reduce"),
        }
        return names.get(step, step)

    def retranslate(self) -> None:
        self.heading.setText(self.tr("How fast is TensorFlow here?"))
        self._word_intro()
        self.python_label.setText(self.tr("P&ython:"))
        self.python_browse.setText(self.tr("Bro&wse…"))
        self.python_edit.setPlaceholderText(
            self.tr("required: this build has no TensorFlow; name a Python that has it")
            if self._lite
            else self.tr("this app's own Python (or name the one you train with)")
        )
        self.start_button.setText(self.tr("&Start the probe"))
        self.cancel_button.setText(self.tr("&Cancel"))
        self.progress.setAccessibleName(self.tr("Probe progress"))
        if not self.step_label.text():
            self.step_label.setText(self.tr("Not run yet."))
