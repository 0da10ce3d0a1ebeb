"""Wizard page 6: the report. Save as PDF or HTML, print, copy, QR code, JSON."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.kiosk.print_quota import PrintQuota
from gpuplanner.report.context import report_context
from gpuplanner.report.files import (
    printable_document,
    qr_png,
    write_html,
    write_json,
    write_pdf,
)
from gpuplanner.report.html import plan_html
from gpuplanner.report.json_export import plan_json
from gpuplanner.report.summary import summary_text
from gpuplanner.ui.pages.base import WizardPage
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # for the annotations only
    from gpuplanner.ui.controller import WizardController


class ReportPage(WizardPage):
    def __init__(
        self,
        controller: WizardController,
        parent: QWidget | None = None,
        allow_files: bool = True,
    ) -> None:
        super().__init__(controller, parent)
        self.preview = QTextBrowser(self)
        self.preview.setObjectName("reportPreview")
        self.qr = QLabel(self)
        self.qr.setObjectName("qrCode")
        self.qr_caption = QLabel(self)
        self.qr_caption.setWordWrap(True)
        self.buttons = {
            name: QPushButton(self) for name in ("pdf", "html", "print", "copy", "json")
        }
        # A kiosk has no file dialogs, no print dialog and no clipboard a next customer could read.
        for name in ("pdf", "html", "json", "copy", "print"):
            self.buttons[name].setVisible(allow_files)
        self._allow_files = allow_files
        self.kiosk_printer: str | None = None
        self.print_quota: PrintQuota | None = None
        row = QHBoxLayout()
        for button in self.buttons.values():
            row.addWidget(button)
        row.addStretch(1)
        side = QVBoxLayout()
        side.addWidget(self.qr)
        side.addWidget(self.qr_caption)
        side.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.preview, 3)
        body.addLayout(side, 1)
        self.layout_.addLayout(row)
        self.layout_.addLayout(body, 1)
        self.status = QLabel(self)
        self.layout_.addWidget(self.status)
        self.buttons["pdf"].clicked.connect(lambda: self._save("pdf"))
        self.buttons["html"].clicked.connect(lambda: self._save("html"))
        self.buttons["json"].clicked.connect(lambda: self._save("json"))
        self.buttons["print"].clicked.connect(self._print)
        self.buttons["copy"].clicked.connect(self._copy)
        self.shop_name: str | None = None
        self.logo_url: str | None = None
        self.retranslate()

    def set_kiosk_printer(self, spec: str | None, quota: PrintQuota | None = None) -> None:
        """Print without a dialog: to a printer by name, or as PDF into a folder ("pdf:<folder>"),
        as often as ``quota`` allows."""
        self.kiosk_printer = spec
        self.print_quota = quota
        self.buttons["print"].setVisible(spec is not None)
        self.retranslate()  # the intro says what this page offers now

    def html(self, printed: bool = False) -> str:
        plan, catalog = self.controller.plan, self.controller.catalog
        request = self.controller.request  # the request this plan was made for
        if plan is None or catalog is None or request is None:  # made from a loaded catalog
            return ""
        session = self.controller.session
        context = report_context(
            plan,
            self.language,
            catalog,
            request=request,
            snapshot=session.snapshot,
            probe=session.planning_probe(),
            shop=self.shop_name,
            logo_url=self.logo_url,
        )
        return plan_html(plan, self.language, context, printed)

    def entered(self) -> None:
        self.controller.want_plan()  # made by the session as it changed; here if not yet
        plan = self.controller.plan
        if plan is None:
            return
        self.preview.setHtml(self.html())
        pixmap = QPixmap()
        pixmap.loadFromData(qr_png(summary_text(plan, self.language), scale=4))
        self.qr.setPixmap(pixmap)

    def save_to(self, kind: str, path: Path) -> None:
        plan = self.controller.plan
        if plan is None:  # the buttons are shown with a plan only
            return
        if kind == "pdf":
            write_pdf(path, self.html(printed=True), print_size=True)
        elif kind == "html":
            write_html(path, self.html())
        else:
            write_json(path, plan_json(plan))
        self.status.setText(tr("ReportPage", "Saved {file}", file=str(path)))

    def _save(self, kind: str) -> None:
        filters = {
            "pdf": self.tr("PDF (*.pdf)"),
            "html": self.tr("Web page (*.html)"),
            "json": self.tr("JSON (*.json)"),
        }
        path, _ = self.ask(
            QFileDialog.getSaveFileName,
            self.tr("Save the report"),
            f"gpuplanner-plan.{kind}",
            filters[kind],
        )
        if path:
            try:
                self.save_to(kind, Path(path))
            except OSError as exc:
                self.status.setText(
                    tr("ReportPage", "Could not save: {why}", why=exc.strerror or str(exc))
                )

    def _print(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        if self.kiosk_printer is not None:
            refusal = self.print_quota.take() if self.print_quota is not None else None
            if refusal is None:
                self._print_direct(self.kiosk_printer)
            elif refusal.reason == "used-up":
                self.status.setText(
                    self.tr("The prints for this visit are used up; please ask the staff.")
                )
            else:
                self.status.setText(
                    tr(
                        "ReportPage",
                        "Please wait {seconds} s before printing again.",
                        seconds=str(refusal.wait_s),
                    )
                )
            return
        printer = QPrinter()
        dialog = QPrintDialog(printer, self)
        if dialog.exec():
            printable_document(self.html(printed=True), printer, print_size=True).print_(printer)

    def _print_direct(self, spec: str) -> None:
        from PySide6.QtPrintSupport import QPrinter

        if self.controller.plan is None:
            return
        if spec.startswith("pdf:"):
            from datetime import datetime

            folder = Path(spec[4:]).expanduser()
            name = f"gpuplanner-{datetime.now():%Y%m%d-%H%M%S-%f}.pdf"
            try:
                write_pdf(folder / name, self.html(printed=True), print_size=True)
            except OSError as exc:
                self.status.setText(
                    tr("ReportPage", "Could not print: {why}", why=exc.strerror or str(exc))
                )
                return
            self.status.setText(tr("ReportPage", "Printed to {file}", file=name))
            return
        printer = QPrinter()
        printer.setPrinterName(spec)
        if not printer.isValid():
            self.status.setText(
                tr(
                    "ReportPage",
                    "The printer {printer} is not available; please ask the staff.",
                    printer=spec,
                )
            )
            return
        printable_document(self.html(printed=True), printer, print_size=True).print_(printer)
        self.status.setText(tr("ReportPage", "Sent to the printer {printer}", printer=spec))

    def _copy(self) -> None:
        if self.controller.plan is not None:
            QGuiApplication.clipboard().setText(summary_text(self.controller.plan, self.language))
            self.status.setText(self.tr("The summary is on the clipboard."))

    def retranslate(self) -> None:
        self.heading.setText(self.tr("Your report"))
        # Only what the page offers: a kiosk saves nothing and may print (issue 41).
        if self._allow_files:
            intro = self.tr(
                "Save it, print it, or scan the code with your phone to take the summary with you."
            )
        elif self.kiosk_printer is not None:
            intro = self.tr(
                "Print it, or scan the code with your phone to take the summary with you."
            )
        else:
            intro = self.tr("Scan the code with your phone to take the summary with you.")
        self.intro.setText(intro)
        labels = {
            "pdf": self.tr("Save &PDF…"),
            "html": self.tr("Save &HTML…"),
            "print": self.tr("P&rint…"),
            "copy": self.tr("&Copy summary"),
            "json": self.tr("Export &JSON…"),
        }
        for name, text in labels.items():
            self.buttons[name].setText(text)
        self.qr_caption.setText(self.tr("The summary as a QR code"))
        self.qr.setAccessibleName(self.tr("QR code with the summary"))
        if self.controller.plan is not None and self.isVisible():
            self.entered()
