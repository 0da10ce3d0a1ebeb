"""Wizard page 2: this computer. The scan in plain words, and what cannot be detected."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.markets import market
from gpuplanner.core.vocab import ATX_VERSIONS, CASE_FORMS, PSU_RATINGS, TOLD_SOURCE
from gpuplanner.report.machine_view import machine_view
from gpuplanner.report.plan_text import SEVERITY_MARK
from gpuplanner.ui.combos import refill
from gpuplanner.ui.pages.base import WizardPage
from gpuplanner.ui.spin_boxes import UnknownDoubleSpinBox, UnknownSpinBox
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:
    from gpuplanner.app.records import SystemSnapshot
    from gpuplanner.ui.controller import WizardController

RATINGS = ("", *PSU_RATINGS)  # "": unknown
CASES = ("", *CASE_FORMS)


class ComputerPage(WizardPage):
    def __init__(
        self,
        controller: WizardController,
        parent: QWidget | None = None,
        allow_files: bool = True,
    ) -> None:
        super().__init__(controller, parent)
        # At a kiosk the page is the customer's computer, as they tell it: no scan of the PC
        # the kiosk runs on, no file of it; their card is chosen from the catalog instead.
        self.customer = not getattr(controller, "own_machine", True)
        self.scan_button = QPushButton(self)
        self.scan_button.setObjectName("scanButton")
        self.scan_button.setVisible(not self.customer)
        self.load_button = QPushButton(self)
        self.load_button.setVisible(allow_files and not self.customer)
        # A report opened in an earlier run, offered (never used without asking).
        self.earlier_button = QPushButton(self)
        self.earlier_button.setObjectName("earlierFile")
        self.earlier_button.setVisible(False)
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)
        self.busy.setVisible(False)
        self.busy.setMaximumWidth(200)
        self.your_card_label = QLabel(self)
        self.your_card = QComboBox(self)
        self.your_card.setObjectName("yourCard")
        self.your_card_label.setBuddy(self.your_card)
        self.your_card_label.setVisible(self.customer)
        self.your_card.setVisible(self.customer)
        buttons = QHBoxLayout()
        buttons.addWidget(self.scan_button)
        buttons.addWidget(self.load_button)
        buttons.addWidget(self.earlier_button)
        buttons.addWidget(self.your_card_label)
        buttons.addWidget(self.your_card, 1)
        buttons.addWidget(self.busy)
        buttons.addStretch(1)
        self.layout_.addLayout(buttons)

        self.summary = QLabel(self)
        self.summary.setObjectName("scanSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        holder = QWidget(scroll)
        column = QVBoxLayout(holder)
        column.addWidget(self.summary)
        column.addStretch(1)
        scroll.setWidget(holder)

        self.psu_box = QGroupBox(self)
        self.psu_watts = UnknownSpinBox(self)
        self.psu_watts.setRange(0, 3000)
        self.psu_watts.setSingleStep(50)
        self.psu_watts.setObjectName("psuWatts")
        self.psu_rating = QComboBox(self)
        self.psu_atx = QComboBox(self)
        self.psu_8pin = UnknownSpinBox(self)
        self.psu_8pin.setRange(-1, 8)
        self.psu_8pin.setValue(-1)
        self.psu_12v2x6 = QCheckBox(self)
        psu_form = QFormLayout(self.psu_box)
        self.psu_labels = [QLabel(self) for _ in range(4)]
        psu_form.addRow(self.psu_labels[0], self.psu_watts)
        psu_form.addRow(self.psu_labels[1], self.psu_rating)
        psu_form.addRow(self.psu_labels[2], self.psu_atx)
        psu_form.addRow(self.psu_labels[3], self.psu_8pin)
        psu_form.addRow(self.psu_12v2x6)
        psu_fields = (self.psu_watts, self.psu_rating, self.psu_atx, self.psu_8pin)
        for label, field in zip(self.psu_labels, psu_fields, strict=True):
            label.setBuddy(field)  # the label's Alt+letter goes to its field

        self.case_box = QGroupBox(self)
        self.case_form = QComboBox(self)
        self.clearance = UnknownSpinBox(self)
        self.clearance.setRange(0, 500)
        self.clearance.setSingleStep(10)
        self.free_slots = UnknownSpinBox(self)
        self.free_slots.setRange(-1, 10)
        self.free_slots.setValue(-1)
        self.tariff = UnknownDoubleSpinBox(self)
        self.tariff.setRange(0.0, 10.0)
        self.tariff.setDecimals(2)
        self.tariff.setSingleStep(0.05)
        case_form = QFormLayout(self.case_box)
        self.case_labels = [QLabel(self) for _ in range(4)]
        case_form.addRow(self.case_labels[0], self.case_form)
        case_form.addRow(self.case_labels[1], self.clearance)
        case_form.addRow(self.case_labels[2], self.free_slots)
        case_form.addRow(self.case_labels[3], self.tariff)
        case_fields = (self.case_form, self.clearance, self.free_slots, self.tariff)
        for label, field in zip(self.case_labels, case_fields, strict=True):
            label.setBuddy(field)

        self.recalled_label = QLabel(self)
        self.recalled_label.setObjectName("recalledEntries")
        self.recalled_label.setWordWrap(True)
        self.recalled_label.setVisible(False)
        side = QVBoxLayout()
        side.addWidget(self.recalled_label)
        side.addWidget(self.psu_box)
        side.addWidget(self.case_box)
        side.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addLayout(side, 2)
        self.layout_.addLayout(body, 1)

        self.scan_button.clicked.connect(controller.scan)
        self.load_button.clicked.connect(self._load_file)
        self.earlier_button.clicked.connect(self._load_earlier)
        controller.scan_started.connect(self._busy)
        controller.scan_finished.connect(self._show)
        # A bound method, not a lambda: the connection ends with the page, and a reset kiosk
        # frees the last customer's controller (a lambda kept 60 of them alive; issue 42).
        controller.error.connect(self._error_seen)
        for widget in (self.psu_watts, self.psu_8pin, self.clearance, self.free_slots):
            widget.valueChanged.connect(self._store)
        self.tariff.valueChanged.connect(self._store)
        for combo in (self.psu_rating, self.psu_atx, self.case_form):
            combo.currentIndexChanged.connect(self._store)
        self.psu_12v2x6.toggled.connect(self._store)
        self.your_card.currentIndexChanged.connect(self._card_told)
        self._scanned_once = False
        self.retranslate()

    # -- scanning ------------------------------------------------------------------------------

    def entered(self) -> None:
        if self.customer:
            self._fill_cards()
            snapshot = self.controller.session.snapshot
            if snapshot is not None:
                self._show(snapshot)
            else:
                self.summary.setText(self._customer_words())
            return
        if not self._scanned_once and self.controller.session.snapshot is None:
            self._scanned_once = True
            from gpuplanner.core import paths

            last = paths.user_data_dir() / "last-scan.json"
            if last.is_file():
                self.controller.load_last_scan(last)  # instant; "Scan again" refreshes it
            else:
                self.controller.scan()
        elif self.controller.session.snapshot is not None:
            self._show(self.controller.session.snapshot)
        self._show_earlier()

    def _fill_cards(self) -> None:
        if self.your_card.count():
            return
        self.your_card.blockSignals(True)
        self.your_card.addItem(self.tr("none, or not sure"), "")
        for gpu_id, name in self.controller.card_choices():
            self.your_card.addItem(name, gpu_id)
        self.your_card.blockSignals(False)

    def _card_told(self, _index: int) -> None:
        self.controller.tell_card(self.your_card.currentData() or None)

    def _customer_words(self) -> str:
        return (
            "<h3>"
            + html.escape(self.tr("Your computer"))
            + "</h3><p>"
            + html.escape(
                self.tr(
                    "Choose the graphics card you have now, if any, and tell us your power "
                    "supply and case: the plan is for your computer at home."
                )
            )
            + "</p>"
        )

    def _busy(self) -> None:
        self.busy.setVisible(True)
        self.scan_button.setEnabled(False)
        self.summary.setText(self.tr("Looking at this computer…"))

    def _error_seen(self, _message: str) -> None:
        self._idle()

    def _idle(self) -> None:
        self.busy.setVisible(False)
        self.scan_button.setEnabled(True)

    def _load_file(self) -> None:
        path, _ = self.ask(
            QFileDialog.getOpenFileName,
            self.tr("Open a saved scan or an nvidia-smi report"),
            "",
            self.tr("Scans and reports (*.json *.xml *.txt *.csv);;All files (*)"),
        )
        if path:
            self.controller.load_snapshot(Path(path))

    def _load_earlier(self) -> None:
        earlier = self.controller.earlier_file
        if earlier is not None:
            self.controller.load_snapshot(Path(earlier.path))

    def _show_earlier(self) -> None:
        earlier = self.controller.earlier_file
        self.earlier_button.setVisible(earlier is not None and not self.customer)
        if earlier is not None:
            self.earlier_button.setText(
                tr(
                    "ComputerPage",
                    "Continue with {file} from {date}?",
                    file=Path(earlier.path).name,
                    date=earlier.recorded,
                )
            )
            self.earlier_button.setToolTip(earlier.path)

    def _show_recalled(self) -> None:
        recalled = self.controller.entries_recalled()
        self.recalled_label.setVisible(recalled is not None)
        if recalled is not None:
            self.recalled_label.setText(
                tr(
                    "ComputerPage",
                    "From your last visit ({date}): the power supply, case and electricity price"
                    " you entered for this machine.",
                    date=recalled.saved,
                )
            )

    def _show(self, snapshot: SystemSnapshot | None) -> None:
        self._idle()
        self._show_earlier()
        if snapshot is None:  # the customer took their card back: nothing is known
            self.summary.setText(self._customer_words())
            return
        self.summary.setText(self.describe(snapshot))
        self.load_from_session()  # a loaded machine's supply and case replace the old entries
        self._show_recalled()

    def describe(self, snapshot: SystemSnapshot) -> str:
        """The machine as report/machine_view.py words it, laid out as the page's HTML."""
        e = html.escape
        kind = self.controller.machine_kind(snapshot) if snapshot.source != TOLD_SOURCE else None
        view = machine_view(snapshot, self.language, kind)
        parts = [f"<h3>{e(view.title)}</h3>"]
        for line in view.lines:
            hint = f"<br><i>{e(line.hint)}</i>" if line.hint else ""
            parts.append(f"<p><b>{e(line.label)}{e(view.colon)}</b>{e(line.value)}{hint}</p>")
        if view.findings:
            items = "".join(
                f"<li>{SEVERITY_MARK[said.severity]} {e(said.text)}</li>" for said in view.findings
            )
            parts.append(f"<ul>{items}</ul>")
        return "".join(parts)

    # -- entered facts --------------------------------------------------------------------------

    def _store(self, *_args: object) -> None:
        session = self.controller.session
        with session.changes():  # one edit, one plan (the fields that did not change: none)
            session.psu_watts = self.psu_watts.value() or None
            session.psu_rating = self.psu_rating.currentData() or None
            session.psu_atx = self.psu_atx.currentData() or ""
            session.psu_8pin = self.psu_8pin.value() if self.psu_8pin.value() >= 0 else None
            session.psu_12v2x6 = self.psu_12v2x6.isChecked()
            session.case_form = self.case_form.currentData() or None
            session.gpu_clearance_mm = self.clearance.value() or None
            session.free_slots = self.free_slots.value() if self.free_slots.value() >= 0 else None
            session.update(tariff=self.tariff.value() or None)
        self._show_recalled()  # changed: no longer the last visit's

    def load_from_session(self) -> None:
        session = self.controller.session
        widgets = (
            self.psu_watts,
            self.psu_8pin,
            self.psu_12v2x6,
            self.clearance,
            self.free_slots,
            self.tariff,
            self.psu_rating,
            self.psu_atx,
            self.case_form,
        )
        for widget in widgets:  # setting one must not store the others' stale values
            widget.blockSignals(True)
        self.psu_watts.setValue(session.psu_watts or 0)
        self.psu_8pin.setValue(session.psu_8pin if session.psu_8pin is not None else -1)
        self.psu_12v2x6.setChecked(session.psu_12v2x6)
        self.clearance.setValue(session.gpu_clearance_mm or 0)
        self.free_slots.setValue(session.free_slots if session.free_slots is not None else -1)
        self.tariff.setValue(session.job.tariff or 0.0)
        self.psu_rating.setCurrentIndex(max(0, self.psu_rating.findData(session.psu_rating or "")))
        self.psu_atx.setCurrentIndex(max(0, self.psu_atx.findData(session.psu_atx)))
        self.case_form.setCurrentIndex(max(0, self.case_form.findData(session.case_form or "")))
        for widget in widgets:
            widget.blockSignals(False)
        if session.snapshot is None:
            self.summary.setText(self.tr("Not scanned yet."))

    def retranslate(self) -> None:
        if self.customer:
            self.heading.setText(self.tr("Your computer"))
            self.intro.setText(
                self.tr(
                    "This kiosk does not look at the computer it runs on. Tell it about yours: "
                    "the graphics card you have now, the power supply and the case."
                )
            )
        else:
            self.heading.setText(self.tr("This computer"))
            self.intro.setText(
                self.tr(
                    "What gpuplanner found, and what you can tell it that no scan can see: "
                    "the power supply, the case and your electricity price."
                )
            )
        self.your_card_label.setText(self.tr("Your &graphics card now:"))
        if self.your_card.count():
            self.your_card.setItemText(0, self.tr("none, or not sure"))
        self.scan_button.setText(self.tr("&Scan again"))
        self.load_button.setText(self.tr("&Open a saved scan or report…"))
        self.busy.setAccessibleName(self.tr("Scanning"))
        self._show_earlier()
        self._show_recalled()
        self.psu_box.setTitle(self.tr("Power supply"))
        for label, text in zip(
            self.psu_labels,
            (
                self.tr("&Wattage:"),
                self.tr("80 PLUS &rating:"),
                self.tr("&ATX version:"),
                self.tr("&PCIe 8-pin cables:"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.psu_watts.setSpecialValueText(self.tr("unknown"))
        self.psu_watts.setSuffix(" W")
        self.psu_8pin.setSpecialValueText(self.tr("unknown"))
        self.psu_12v2x6.setText(self.tr("&Has a 12V-2x6 (12VHPWR) cable"))
        self._fill(
            self.psu_rating,
            RATINGS,
            {
                "": self.tr("unknown"),
                "white": self.tr("White"),
                "bronze": self.tr("Bronze"),
                "silver": self.tr("Silver"),
                "gold": self.tr("Gold"),
                "platinum": self.tr("Platinum"),
                "titanium": self.tr("Titanium"),
            },
        )
        self._fill(
            self.psu_atx,
            ("", *ATX_VERSIONS),
            {
                "": self.tr("unknown (planned as 2.x)"),
                "2": self.tr("ATX 2.x (older)"),
                "3": self.tr("ATX 3.x"),
            },
        )
        self.case_box.setTitle(self.tr("Case and electricity"))
        for label, text in zip(
            self.case_labels,
            (
                self.tr("&Case size:"),
                self.tr("Longest card that fi&ts:"),
                self.tr("Free e&xpansion slots:"),
                self.tr("&Electricity price per kWh:"),
            ),
            strict=True,
        ):
            label.setText(text)
        self._fill(
            self.case_form,
            CASES,
            {
                "": self.tr("unknown"),
                "mini-itx": "Mini-ITX",
                "micro-atx": "Micro-ATX",
                "atx": "ATX",
                "e-atx": "E-ATX",
                "server": self.tr("Server chassis"),
            },
        )
        self.clearance.setSpecialValueText(self.tr("unknown"))
        self.clearance.setSuffix(" mm")
        self.free_slots.setSpecialValueText(self.tr("unknown"))
        usual = market(self.controller.session.region())
        self.tariff.setSpecialValueText(
            tr(
                "ComputerPage",
                "default ({tariff})",
                tariff=f"{usual.tariff_per_kwh:g} {usual.currency}",
            )
        )
        self.psu_watts.setAccessibleName(self.tr("Power supply wattage"))
        self.clearance.setAccessibleName(self.tr("Longest card that fits"))
        if self.controller.session.snapshot is not None:
            self.summary.setText(self.describe(self.controller.session.snapshot))
        elif not self.busy.isVisible():
            self.summary.setText(self.tr("Not scanned yet."))

    @staticmethod
    def _fill(combo: QComboBox, keys: Sequence[str], labels: dict[str, str]) -> None:
        refill(combo, ((key, labels[key]) for key in keys))
