"""Wizard page 4: the job and the budget. The memory it needs updates as values change."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSlider,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.app import choices, memory_need
from gpuplanner.app.choices import LLMS
from gpuplanner.app.session import asks_nvlink_bridge, resolved_job
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.core.errors import UserError
from gpuplanner.core.money import CURRENCY_SYMBOLS
from gpuplanner.core.scenarios import PRESETS, Scenario
from gpuplanner.core.vocab import Engine
from gpuplanner.core.words import fill
from gpuplanner.report import job_text, memory_text
from gpuplanner.report.input_text import error_text
from gpuplanner.ui.combos import refill
from gpuplanner.ui.job_mix_list import JobMixList
from gpuplanner.ui.own_model_box import OwnModelBox
from gpuplanner.ui.pages.base import WizardPage
from gpuplanner.ui.spin_boxes import UnknownSpinBox
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.ui.controller import WizardController

_qt_translate = QCoreApplication.translate


def tr_memory(text: str) -> str:
    """Qt's translator for the memory breakdown's words (the .ts entries the CLI reads)."""
    return _qt_translate(memory_text.CONTEXT, text)


class WorkloadPage(WizardPage):
    def __init__(
        self,
        controller: WizardController,
        parent: QWidget | None = None,
        allow_files: bool = True,
    ) -> None:
        super().__init__(controller, parent)
        self.workload = QComboBox(self)
        self.workload.setObjectName("workloadCombo")
        self.llm_model = QComboBox(self)
        for model in LLMS.values():
            self.llm_model.addItem(model.name, model.id)
        self.llm_mode = QComboBox(self)
        self.precision = QComboBox(self)
        self.seq = UnknownSpinBox(self)
        self.seq.setRange(0, 131072)
        self.seq.setSingleStep(256)
        self.batch = UnknownSpinBox(self)
        self.batch.setRange(0, 4096)
        self.budget_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.budget_slider.setObjectName("budgetSlider")
        self.budget = QSpinBox(self)
        self.budget.setObjectName("budgetSpin")
        self.budget.setRange(100, 10_000_000)
        self.budget.setSingleStep(500)
        self.used = QCheckBox(self)
        self.all_regions = QCheckBox(self)
        self.max_gpus = QSpinBox(self)
        self.max_gpus.setRange(1, 64)
        self.bits = QComboBox(self)
        self.bits.setObjectName("bitsCombo")
        self.engine = QComboBox(self)
        self.engine.setObjectName("engineCombo")
        self.route = QComboBox(self)
        self.route.setObjectName("routeCombo")
        self.rocm = QCheckBox(self)
        self.keep_psu = QCheckBox(self)
        # The installed pair's NVLink bridge, asked only where two cards take one: no report
        # shows it (app/session.py:asks_nvlink_bridge).
        self.nvlink = QComboBox(self)
        self.nvlink.setObjectName("nvlinkCombo")
        self.nvlink_label = QLabel(self)
        self.nvlink_label.setBuddy(self.nvlink)
        form = QFormLayout()
        self.labels = [QLabel(self) for _ in range(11)]
        budget_box = QWidget(self)  # the slider and the number, one row of the form
        budget_row = QHBoxLayout(budget_box)
        budget_row.setContentsMargins(0, 0, 0, 0)
        budget_row.addWidget(self.budget_slider, 1)
        budget_row.addWidget(self.budget)
        engine_box = QWidget(self)  # the engine and what its predictions are worth
        engine_column = QVBoxLayout(engine_box)
        engine_column.setContentsMargins(0, 0, 0, 0)
        engine_column.setSpacing(2)
        self.engine_note = QLabel(self)
        self.engine_note.setObjectName("engineNote")
        self.engine_note.setWordWrap(True)
        engine_column.addWidget(self.engine)
        engine_column.addWidget(self.engine_note)
        fields: tuple[QWidget, ...] = (
            self.workload,
            self.llm_model,
            self.llm_mode,
            self.precision,
            self.seq,
            self.batch,
            budget_box,
            self.max_gpus,
            self.bits,
            engine_box,
            self.route,
        )
        for label, field in zip(self.labels, fields, strict=True):
            form.addRow(label, field)
        buddies = (*fields[:6], self.budget, self.max_gpus, self.bits, self.engine, self.route)
        for label, buddy in zip(self.labels, buddies, strict=True):
            label.setBuddy(buddy)  # the label's Alt+letter goes to its field
        # Your own Keras model, under the job it becomes (ui/own_model_box.py).
        self.own_model = OwnModelBox(controller, self)
        self.own_model.setVisible(allow_files)  # a kiosk's customer starts no Python
        self.own_model.loaded.connect(self.load_from_session)
        form.insertRow(1, self.own_model)
        form.addRow(self.used)
        form.addRow(self.all_regions)
        form.addRow(self.rocm)
        form.addRow(self.keep_psu)
        form.addRow(self.nvlink_label, self.nvlink)
        # A mix of jobs sharing the machine's time (issue 53); empty, the one job on the left.
        self.mix = JobMixList(controller, self)
        self.mix.changed.connect(self._changed)
        self.vram_label = QLabel(self)
        self.vram_label.setObjectName("vramNeeded")
        font = self.vram_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.vram_label.setFont(font)
        self.vram_label.setWordWrap(True)  # "..., for BERT-large fine-tuning, the largest job"
        self.breakdown = QTableWidget(0, 3, self)
        self.breakdown.verticalHeader().setVisible(False)
        self.breakdown.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.breakdown.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # The mix beside the memory its largest job decides, in view without scrolling: a
        # scenario that names several jobs starts from its own mix (the small firm's).
        right = QVBoxLayout()
        right.addWidget(self.vram_label)
        right.addWidget(self.mix)
        right.addWidget(self.breakdown, 1)
        body = QHBoxLayout()
        body.addLayout(form, 2)
        body.addLayout(right, 3)
        self.layout_.addLayout(body, 1)
        self._loading = False
        for combo in (
            self.workload,
            self.llm_model,
            self.llm_mode,
            self.precision,
            self.bits,
            self.engine,
            self.route,
            self.nvlink,
        ):
            combo.currentIndexChanged.connect(self._changed)
        for spin in (self.seq, self.batch, self.max_gpus):
            spin.valueChanged.connect(self._changed)
        self.budget_slider.valueChanged.connect(lambda v: self.budget.setValue(v))
        self.budget.valueChanged.connect(self._budget_changed)
        for box in (self.used, self.all_regions, self.rocm, self.keep_psu):
            box.toggled.connect(self._changed)
        self.retranslate()

    def entered(self) -> None:
        self.load_from_session()

    def load_from_session(self) -> None:
        session = self.controller.session
        preset = session.preset()
        self._loading = True
        self.budget.setPrefix(CURRENCY_SYMBOLS.get(session.currency, "") + " ")
        budget = preset.budget(session.currency)
        self.budget_slider.setRange(int(budget.low * 0.3), int(budget.high * 3))
        self.budget.setValue(int(session.effective_budget()))
        self.budget_slider.setValue(int(session.effective_budget()))
        self.own_model.offer_in(self.workload)
        self.workload.setCurrentIndex(max(0, self.workload.findData(session.effective_workload())))
        # What the plan uses, filled by the planner's one resolver; a job that is not an LLM
        # starts the (disabled) LLM fields at the LLM scenario's own choice.
        job = resolved_job(session)
        llm_start = PRESETS[Scenario.LLM]
        self.llm_model.setCurrentIndex(
            max(0, self.llm_model.findData(job.request.llm_model or llm_start.llm_model))
        )
        self.llm_mode.setCurrentIndex(
            max(0, self.llm_mode.findData(job.method or job.request.llm_mode or llm_start.llm_mode))
        )
        self.precision.setCurrentIndex(max(0, self.precision.findData(session.job.precision)))
        self.seq.setValue(session.job.seq or 0)
        self.batch.setValue(session.job.batch or 0)
        self.max_gpus.setValue(job.max_gpus)
        self.used.setChecked(session.job.used_ok)
        self.all_regions.setChecked(session.job.show_unavailable)
        self.bits.setCurrentIndex(max(0, self.bits.findData(session.job.bits)))
        self._fill_engines(session.job.bits, session.job.engine)
        self.route.setCurrentIndex(max(0, self.route.findData(session.job.tf_route)))
        self.rocm.setChecked(session.job.accept_rocm)
        self.keep_psu.setChecked(session.job.keep_psu)
        asked = asks_nvlink_bridge(session, self.controller.catalog)
        self.nvlink.setVisible(asked)
        self.nvlink_label.setVisible(asked)
        self.nvlink.setCurrentIndex(max(0, self.nvlink.findData(session.job.nvlink_bridge or "")))
        # The mix planned: the user's, or the scenario's own where nothing of the job was asked.
        self.mix.load(choices.planned_jobs(self.controller.job_request()))
        self._loading = False
        self._changed()

    def _budget_changed(self, value: int) -> None:
        self.budget_slider.blockSignals(True)
        self.budget_slider.setValue(value)
        self.budget_slider.blockSignals(False)
        self._changed()

    def _changed(self, *_args: object) -> None:
        if self._loading:
            return
        with self.controller.session.changes():  # one edit, one plan
            self._edited()

    def _edited(self) -> None:
        session = self.controller.session
        session.update(
            workload=self.workload.currentData(),
            llm_model=self.llm_model.currentData(),
            llm_mode=self.llm_mode.currentData(),
            precision=self.precision.currentData() or "mixed",
            seq=self.seq.value() or None,
            batch=self.batch.value() or None,
        )
        if float(self.budget.value()) != session.job.budget:
            session.set_budget(float(self.budget.value()))
        session.update(
            max_gpus=self.max_gpus.value(),
            used_ok=self.used.isChecked(),
            show_unavailable=self.all_regions.isChecked(),
            bits=self.bits.currentData() or 16,
        )
        self._fill_engines(session.job.bits, self.engine.currentData())
        session.update(
            engine=self.engine.currentData(),
            tf_route=self.route.currentData() or "official",
            accept_rocm=self.rocm.isChecked(),
            keep_psu=self.keep_psu.isChecked(),
            # "" (as the scan shows) and a question not asked leave it to the scan.
            nvlink_bridge=(self.nvlink.currentData() or None)
            if self.nvlink.isVisibleTo(self)
            else None,
            jobs=self.mix.jobs(),
        )
        # A mix's jobs carry their own model, method, precision, sequence and batch.
        single = not session.job.jobs
        for index in range(6):
            self.labels[index].setEnabled(single)
        for widget in (self.workload, self.own_model, self.precision, self.seq, self.batch):
            widget.setEnabled(single)  # your own model is a single job too
        self.mix.show_state(bool(session.job.jobs), session.scenario)
        is_llm = session.job.workload == "llm"
        inference = is_llm and session.job.llm_mode == "inference"
        for widget, label in ((self.bits, self.labels[8]), (self.engine, self.labels[9])):
            widget.setEnabled(inference)
            label.setEnabled(inference)
        self._show_engine_error(session.job.bits, session.job.engine, inference)
        for widget, label in ((self.llm_model, self.labels[1]), (self.llm_mode, self.labels[2])):
            widget.setEnabled(is_llm and single)
            label.setEnabled(is_llm and single)
        self.precision.setEnabled(not is_llm and single)
        self._show_memory()

    def _fill_engines(self, bits: int, chosen: Engine | None) -> None:
        """The engines that load ``bits``-bit weights, the default first; the choice is kept
        where the engine loads them, else the default (stored as None)."""
        items: list[tuple[object, str]] = [
            (
                None,
                tr(
                    "WorkloadPage",
                    "Default: {engine}",
                    engine=_qt_translate(
                        job_text.CONTEXT, job_text.ENGINE[choices.planned_engine(bits, None)]
                    ),
                ),
            )
        ]
        items += [
            (name, _qt_translate(job_text.CONTEXT, job_text.ENGINE[name]))
            for name in choices.engines_for(bits)
        ]
        keep = chosen if chosen is not None and choices.runs(chosen, bits) else None
        self.engine.blockSignals(True)
        self._fill(self.engine, items)
        self.engine.setCurrentIndex(max(0, self.engine.findData(keep)) if keep else 0)
        self.engine.blockSignals(False)

    def _show_engine_error(self, bits: int, engine: Engine | None, inference: bool) -> None:
        """The chosen engine's validated decode error for these weights, and how it was found."""
        params = load_speed_model().engine(choices.planned_engine(bits, engine))
        self.engine_note.setVisible(inference and params is not None)
        if not inference or params is None:
            self.engine_note.clear()
            return
        if not params.validated(bits):
            text = self.tr(
                "Decode speeds: about ±{pct}% (this engine was not validated at these weights)"
            )
        elif params.across_suites:
            text = self.tr("Decode speeds: about ±{pct}% (checked across benchmark suites)")
        else:
            text = self.tr("Decode speeds: about ±{pct}% (checked within one benchmark suite)")
        self.engine_note.setText(fill(text, pct=f"{params.error_pct(bits):.0f}"))

    def _show_memory(self) -> None:
        session = self.controller.session
        request = self.controller.job_request()
        try:
            largest, estimate = memory_need.largest_job(request)
        except UserError as exc:
            self.vram_label.setText(error_text(exc, self.language))
            self.breakdown.setRowCount(0)
            return
        self.vram_label.setText(
            tr(
                "WorkloadPage",
                "Needs {gb} GB of GPU memory on one card",
                gb=f"{estimate.total_gb:g}",
            )
        )
        if largest is not None:  # a mix: the largest job's need is every card's
            self.vram_label.setText(
                tr(
                    "WorkloadPage",
                    "Needs {gb} GB of GPU memory on one card, for {job}, the largest job",
                    gb=f"{estimate.total_gb:g}",
                    job=self.mix.name_of(largest),
                )
            )
        # Only Keras 3 on JAX shards a model; MirroredStrategy needs the whole job on a card.
        shards = session.effective_workload() == "llm" and session.job.tf_route == "keras-other"
        cards = memory_need.cards_needed(estimate, (24,), sharded=shards)[24]
        if cards and cards > 1:
            self.vram_label.setText(
                self.vram_label.text()
                + "\n"
                + tr("WorkloadPage", "or {n} cards of 24 GB with sharding", n=str(cards))
            )
        rows = memory_text.rows(estimate, tr=tr_memory)
        self.breakdown.setRowCount(len(rows))
        for row, (name, gb, how) in enumerate(rows):
            for column, text in enumerate((name, f"{gb:.2f} GB", how)):
                item = QTableWidgetItem(text)
                self.breakdown.setItem(row, column, item)
        self.breakdown.resizeColumnsToContents()

    def retranslate(self) -> None:
        self.heading.setText(self.tr("What will you train, and for how much?"))
        self.intro.setText(
            self.tr(
                "Pick a typical job or a language model, and your budget. The memory the job needs "
                "is shown on the right and updates as you change the values."
            )
        )
        texts = (
            self.tr("&Job:"),
            self.tr("Lan&guage model:"),
            self.tr("Me&thod:"),
            self.tr("&Precision:"),
            self.tr("&Sequence length:"),
            self.tr("Batc&h size:"),
            self.tr("Bu&dget:"),
            self.tr("&Cards at most:"),
            self.tr("&Weights (inference):"),
            self.tr("&Inference engine:"),
            self.tr("Tens&orFlow from:"),
        )
        for label, text in zip(self.labels, texts, strict=True):
            label.setText(text)
        self._fill(
            self.workload,
            [
                ("resnet50", self.tr("Image classification (ResNet-50)")),
                ("ssd", self.tr("Object detection (SSD)")),
                ("bert-base", self.tr("BERT-base fine-tuning")),
                ("bert-large", self.tr("BERT-large fine-tuning")),
                ("transformer", self.tr("A small Transformer from scratch")),
                ("mobilenet-v2", self.tr("Image classification (MobileNetV2)")),
                ("mobilenet-v3-large", self.tr("Image classification (MobileNetV3-Large)")),
                ("mobilenet-v3-small", self.tr("Image classification (MobileNetV3-Small)")),
                ("efficientnet-b0", self.tr("Image classification (EfficientNet-B0)")),
                ("efficientnet-b4", self.tr("Image classification (EfficientNet-B4)")),
                ("efficientdet-d0", self.tr("Object detection (EfficientDet-D0)")),
                ("efficientdet-d4", self.tr("Object detection (EfficientDet-D4)")),
                ("yolov8-s", self.tr("Object detection (YOLOv8-S, KerasCV)")),
                ("vit-b16", self.tr("Vision Transformer fine-tuning (ViT-B/16)")),
                ("vit-l16", self.tr("Vision Transformer fine-tuning (ViT-L/16)")),
                ("distilbert", self.tr("DistilBERT fine-tuning")),
                ("llm", self.tr("Large language model (LLM)")),
            ],
        )
        self.own_model.offer_in(self.workload)
        self.own_model.retranslate()
        self._fill(
            self.llm_mode,
            [
                ("inference", self.tr("Inference only")),
                ("full", self.tr("Full fine-tuning")),
                ("lora", "LoRA"),
                ("lora-int8", self.tr("LoRA on an int8 base (Keras)")),
                ("qlora", self.tr("QLoRA (4-bit base)")),
            ],
        )
        self._fill(
            self.precision,
            [("mixed", self.tr("Mixed precision (FP16)")), ("fp32", self.tr("FP32 / TF32"))],
        )
        self.mix.retranslate()
        self.seq.setSpecialValueText(self.tr("default"))
        self.batch.setSpecialValueText(self.tr("default"))
        self.used.setText(self.tr("Consider us&ed and modified cards"))
        self.all_regions.setText(
            self.tr(
                "&Also show cards not sold where I buy (China-only, export-restricted, discontinued)"
            )
        )
        self._fill(
            self.bits,
            [
                (16, self.tr("16-bit (FP16/BF16)")),
                (8, self.tr("8-bit (INT8)")),
                (4, self.tr("4-bit (GPTQ/AWQ/GGUF Q4)")),
            ],
        )
        self._fill_engines(self.bits.currentData() or 16, self.engine.currentData())
        self._fill(
            self.route,
            [
                ("official", self.tr("Official pip wheels (pip install tensorflow)")),
                ("ngc", self.tr("NVIDIA NGC container (Linux/WSL2, Docker)")),
                ("keras-other", self.tr("Keras 3 on JAX or PyTorch")),
            ],
        )
        self.route.setToolTip(
            self.tr(
                "Official wheels have no kernels for RTX 50 / Blackwell cards and use the GPU on "
                "native Windows only up to TensorFlow 2.10. NVIDIA's container runs Blackwell."
            )
        )
        self.rocm.setText(self.tr("AMD cards through &ROCm on Linux are fine"))
        self.keep_psu.setText(self.tr("&Keep my power supply (no options that need a new one)"))
        self.nvlink_label.setText(self.tr("&NVLink bridge between your two cards"))
        self._fill(
            self.nvlink,
            [
                ("", self.tr("As the scan shows (a data-centre pair: assumed fitted)")),
                ("fitted", self.tr("Fitted")),
                ("none", self.tr("None")),
            ],
        )
        self.budget.setPrefix(CURRENCY_SYMBOLS.get(self.controller.session.currency, "") + " ")
        self.budget_slider.setAccessibleName(self.tr("Budget"))
        self.breakdown.setHorizontalHeaderLabels(
            [self.tr("Part"), self.tr("Size"), self.tr("How it is counted")]
        )
        self._show_memory()

    @staticmethod
    def _fill(combo: QComboBox, items: Iterable[tuple[object, str]]) -> None:
        refill(combo, items)
