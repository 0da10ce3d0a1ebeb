"""Wizard page 5: recommendations. Table, details, value scatter, power bar, comparison."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.core.errors import UserError
from gpuplanner.core.money import format_money
from gpuplanner.core.words import fill
from gpuplanner.report import plan_text
from gpuplanner.report.chart_data import power_bar, power_legend, value_chart
from gpuplanner.report.input_text import error_text
from gpuplanner.report.plan_view import Headline, headline
from gpuplanner.ui.pages.base import WizardPage
from gpuplanner.ui.results_view import comparison_rows
from gpuplanner.ui.table_model import OptionsModel, OptionsProxy, tr_finding
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # pyqtgraph loads when the chart is first shown
    from gpuplanner.app.records import GpuSpec, Option, Plan, PlanRequest
    from gpuplanner.report.chart_data import PowerBar
    from gpuplanner.ui.charts import ValueScatter
    from gpuplanner.ui.controller import WizardController

SEVERITY_MARK = plan_text.SEVERITY_MARK


class PowerBarWidget(QWidget):
    """CPU, GPUs and platform as a stacked bar, the transient band after it, the PSU and 80% lines."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar: PowerBar | None = None
        self.labels: tuple[str, ...] = ("CPU", "GPU", "Platform", "PSU", "80%")
        self.legend = ""
        self.setMinimumHeight(96)

    def set_bar(self, bar: PowerBar, labels: tuple[str, ...], legend: str) -> None:
        self.bar, self.labels, self.legend = bar, labels, legend
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        if self.bar is None:
            return
        painter = QPainter(self)
        metrics = painter.fontMetrics()
        line = metrics.height()
        # Rows: the 80% line's words above the bar, the supply's below it, the legend last, so
        # no text covers another whatever the language.
        width, top, height = self.width() - 20, line + 6, 24
        scale = width / self.bar.scale_w
        x = 10.0
        palette = self.palette()
        for value, color in (
            (self.bar.cpu_w, "#5b8def"),
            (self.bar.gpus_w, "#e0843a"),
            (self.bar.platform_w, "#8f9aa8"),
        ):
            painter.fillRect(QRectF(x, top, value * scale, height), QColor(color))
            x += value * scale
        sustained_end = x
        transient = max(
            0.0, self.bar.transient_w - (self.bar.cpu_w + self.bar.gpus_w + self.bar.platform_w)
        )
        painter.fillRect(
            QRectF(sustained_end, top + 6, transient * scale, height - 12), QColor(224, 132, 58, 90)
        )
        text_pen = QPen(palette.color(palette.ColorRole.Text))
        for watts, label, style, baseline in (
            (self.bar.limit_w, self.labels[4], Qt.PenStyle.DashLine, top - 4),
            (self.bar.psu_w, self.labels[3], Qt.PenStyle.SolidLine, top + height + line),
        ):
            if not watts:
                continue
            px = 10 + watts * scale
            painter.setPen(QPen(QColor("#c0392b"), 2, style))
            painter.drawLine(int(px), top - 3, int(px), top + height + 3)
            painter.setPen(text_pen)
            words = f"{label} {watts:.0f} W"
            text_w = metrics.horizontalAdvance(words)
            tx = px + 4 if px + 4 + text_w <= self.width() - 4 else px - 4 - text_w
            painter.drawText(int(max(4, tx)), int(baseline), words)
        painter.setPen(text_pen)
        painter.drawText(10, top + height + 2 * line + 4, self.legend)
        painter.end()


class ResultsPage(WizardPage):
    def __init__(
        self,
        controller: WizardController,
        parent: QWidget | None = None,
        allow_files: bool = True,
    ) -> None:
        super().__init__(controller, parent)
        self.banner = QLabel(self)
        self.banner.setObjectName("planBanner")
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setVisible(False)
        self.layout_.addWidget(self.banner)
        # What fits comes first; the cards that do not fit wait behind their count (issue 41).
        self.show_all = QCheckBox(self)
        self.show_all.setChecked(False)
        # A kiosk's prices are the shop's: no file dialog for customers.
        self.import_prices = QPushButton(self)
        self.import_prices.setObjectName("importPrices")
        self.import_prices.setVisible(allow_files)
        self.import_prices.clicked.connect(self._import_prices)
        # The price you see: typed over a purchase's total (per card), kept until removed.
        self.typing_hint = QLabel(self)
        self.typing_hint.setObjectName("typingHint")
        self.forget_price = QPushButton(self)
        self.forget_price.setObjectName("forgetPrice")
        self.forget_price.setEnabled(False)
        self.forget_price.clicked.connect(self._forget_price)
        typing = bool(getattr(controller, "can_type_prices", False))
        self.typing_hint.setVisible(typing)
        self.forget_price.setVisible(typing)
        top = QHBoxLayout()
        top.addWidget(self.show_all)
        top.addStretch(1)
        top.addWidget(self.typing_hint)
        top.addWidget(self.forget_price)
        top.addWidget(self.import_prices)
        self.layout_.addLayout(top)
        self.model = OptionsModel(self)
        self.model.prices_editable = typing
        if typing:
            self.model.price_typed.connect(controller.type_price)
        self.proxy = OptionsProxy(self)
        self.proxy.show_all = False
        self.proxy.setSourceModel(self.model)
        self.table = QTableView(self)
        self.table.setObjectName("optionsTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self._fit_columns()
        self.table.verticalHeader().setVisible(False)
        self.details = QLabel(self)
        self.details.setObjectName("optionDetails")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.power = PowerBarWidget(self)
        self.tabs = QTabWidget(self)
        details_tab = QWidget(self)
        details_layout = QVBoxLayout(details_tab)
        # The details scroll inside a fixed area: a longer text once grew the tab widget and
        # moved its tab bar under the mouse, so clicks on "Compare" missed.
        self.details_scroll = QScrollArea(details_tab)
        self.details_scroll.setWidgetResizable(True)
        self.details_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.details_scroll.setWidget(self.details)
        details_layout.addWidget(self.details_scroll, 1)
        details_layout.addWidget(self.power)
        self.scatter_tab = QWidget(self)
        self.scatter_column = QVBoxLayout(self.scatter_tab)
        self.scatter: ValueScatter | None = None  # pyqtgraph loads when the tab is first shown
        self.compare = QTableWidget(0, 0, self)
        self.compare.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.tabs.addTab(details_tab, "")
        self.tabs.addTab(self.scatter_tab, "")
        self.tabs.addTab(self.compare, "")
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.table)
        splitter.addWidget(self.tabs)
        splitter.setSizes([300, 260])
        self.layout_.addWidget(splitter, 1)
        self.show_all.toggled.connect(self._filter)
        self.table.selectionModel().selectionChanged.connect(self._selected)
        controller.plan_changed.connect(self._show_plan)
        self.retranslate()

    def entered(self) -> None:
        if self.scatter is None:
            from gpuplanner.ui.charts import ValueScatter

            self.scatter = ValueScatter(self.scatter_tab)
            self.scatter.picked.connect(self._pick)
            self.scatter_column.addWidget(self.scatter)
            if self.controller.plan is not None and self.controller.request is not None:
                self._scatter(self.controller.request, self.controller.plan)
        self.controller.want_plan()  # the session plans as it changes: here only the first time

    def load_from_session(self) -> None:
        """A plan the session made before the page was built is shown as the page opens."""
        if self.controller.plan is not None and self.controller.request is not None:
            self._show_plan(self.controller.request, self.controller.plan)

    def _import_prices(self) -> None:
        path, _ = self.ask(
            QFileDialog.getOpenFileName,
            self.tr("Open a price pack"),
            "",
            self.tr("Price packs (*.csv);;All files (*)"),
        )
        if path:
            self.open_price_pack(Path(path))

    def open_price_pack(self, path: Path) -> None:
        """Preview ``path`` in a dialog; import and re-rank only when the user says Import."""
        from gpuplanner.ui.price_pack_dialog import PricePackDialog

        try:
            prepared, names = self.controller.prepare_price_pack(path)
        except UserError as exc:  # not a pack, a damaged one, a database that cannot open
            QMessageBox.warning(self, self.tr("Import prices"), error_text(exc, self.language))
            return
        self.pack_dialog = PricePackDialog(prepared, names, self)
        accepted = self.pack_dialog.exec() == QDialog.DialogCode.Accepted
        if accepted and prepared.ok:
            try:
                self.controller.import_price_pack(prepared)
            except UserError as exc:
                QMessageBox.warning(self, self.tr("Import prices"), error_text(exc, self.language))

    def _filter(self, checked: bool) -> None:
        if hasattr(self.proxy, "beginFilterChange"):  # Qt 6.10+
            self.proxy.beginFilterChange()
            self.proxy.show_all = checked
            self.proxy.endFilterChange(self.proxy.Direction.Rows)
        else:
            self.proxy.show_all = checked
            self.proxy.invalidateRowsFilter()
        # The details pane always shows a row of the table: a hidden selection moves to the top.
        if not self.table.selectionModel().selectedRows() and self.proxy.rowCount():
            self.table.selectionModel().select(
                self.proxy.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            self.table.scrollToTop()

    def _show_plan(self, request: PlanRequest, plan: Plan) -> None:
        self.model.set_plan(plan, self.language)
        headers = list(self.model.headers)
        headers[6] = self._value_header(plan)  # the value column: of all speed, or of the added
        self.model.set_headers(headers)
        self.proxy.sort(-1)
        self.table.horizontalHeader().setSortIndicatorShown(False)
        head = headline(plan, self.language)
        self._show_all_text(plan)
        if not head.fitting and plan.options:  # nothing fits: the reasons are the answer
            self.show_all.setChecked(True)
        self.heading.setText(
            tr("ResultsPage", "Recommendations: {n} fit your needs", n=str(head.fitting))
        )
        self.intro.setText(head.summary + self.tr(". Select two or three rows to compare them."))
        self._banner(head)
        if self.model.rowCount():
            self.table.selectionModel().select(
                self.proxy.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            # The new #1 in view: the details show it, the table must too.
            self.table.scrollToTop()
        self._scatter(request, plan)

    # The card's name gives way (elided) when the window is narrow; every other column keeps
    # the width of its longest entry, whichever rows are shown ("1…" and "9… W" were a speed
    # and a power, sized while the rows that did not fit were hidden).
    NAME_COLUMN = OptionsModel.COLUMNS.index("gpu")

    def _fit_columns(self) -> None:
        header = self.table.horizontalHeader()
        for column in range(self.model.columnCount()):
            header.setSectionResizeMode(
                column,
                QHeaderView.ResizeMode.Stretch
                if column == self.NAME_COLUMN
                else QHeaderView.ResizeMode.ResizeToContents,
            )

    def _value_header(self, plan: Plan | None) -> str:
        """What the value column divides, said (issue 41): the whole speed for a first card,
        only the speed added where the installed cards already run the job."""
        currency = plan.currency if plan is not None else self.controller.session.currency
        upgrade = plan is not None and any(o.action == "keep" and o.offered for o in plan.options)
        text = (
            self.tr("Speed added per 1,000 {currency}")
            if upgrade
            else self.tr("Speed per 1,000 {currency}")
        )
        return fill(text, currency=plan_text.currency_text(currency, tr_finding))

    def _show_all_text(self, plan: Plan | None) -> None:
        hidden = 0 if plan is None else len(plan.options) - len(plan.fitting())
        if hidden == 1:
            text = self.tr("Also &show the card that does not fit (with the reason)")
        elif hidden:
            text = tr(
                "ResultsPage",
                "Also &show the {n} cards that do not fit (with the reason)",
                n=str(hidden),
            )
        else:
            text = self.tr("Also &show cards that do not fit (with the reason)")
        self.show_all.setText(text)
        self.show_all.setEnabled(hidden > 0)

    def _banner(self, head: Headline) -> None:
        """The plan's headline (report/plan_view.py): how old the prices are, no purchase
        needed, a better route, or the ways forward."""
        e = html.escape
        lines = []
        if head.market is not None:
            lines.append(f"<b>{e(head.market)}</b>")
        if head.stretch is not None:  # the budget's edge, before the market's words
            lines.insert(0, f"<b>{e(head.stretch)}</b>")
        if head.confirm_all is not None:
            lines.append(f"<b>{e(head.confirm_all)}</b>")
        elif head.confirm_group is not None:  # the rows whose rank carries ✎
            lines.append(e(head.confirm_group))
        if head.ask_price is not None:
            lines.append(f"<b>{e(head.ask_price)}</b>")
        if head.price_age is not None:
            lines.append(f"<i>{e(head.price_age)}</i>")
        if head.no_purchase is not None:
            lines.append(f"<b>{e(head.no_purchase)}</b>")
            lines += [e(line) for line in head.keep]
        if head.route_alternative is not None:
            lines.append(e(head.route_alternative))
        if head.probe_cap is not None:  # why every faster card shows the same speed
            lines.append(e(head.probe_cap))
        if head.ways_forward is not None:
            lines.append(f"<b>{e(head.ways_forward)}</b>")
            lines += ["→ " + e(line) for line in head.alternatives]
        self.banner.setText("<br>".join(lines))
        self.banner.setVisible(bool(lines))

    def _scatter(self, request: PlanRequest, plan: Plan) -> None:
        if self.scatter is None:
            return
        facts = request.machine
        rows = self.selected_rows()
        selected = rows[0] if rows else None
        self.scatter.show_chart(
            value_chart(plan, facts.current_gpu_id),
            tr(
                "ResultsPage",
                "Price ({currency})",
                currency=plan_text.currency_text(plan.currency, tr_finding),
            ),
            tr("ResultsPage", "Speed (× {gpu})", gpu=plan.reference_gpu),
            selected,
        )

    def _pick(self, index: int) -> None:
        """A click on the chart selects that option's row (and shows it) in the table."""
        source = self.model.index(index, 0)
        row = self.proxy.mapFromSource(source)
        if not row.isValid():
            self.show_all.setChecked(True)
            row = self.proxy.mapFromSource(source)
        self.table.selectionModel().select(
            row,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(row)

    def selected_rows(self) -> list[int]:
        """The selected options' places in plan.options (the model's rows), top first."""
        return sorted(
            {self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()}
        )

    def selected_options(self) -> list[Option]:
        return [self.model.options[r] for r in self.selected_rows()]

    def _forget_price(self) -> None:
        options = self.selected_options()
        if options:
            self.controller.forget_price(options[0].gpu_id)

    def _selected(self, *_args: object) -> None:
        options = self.selected_options()
        if not options:
            return
        option = options[0]
        skipped = {p.gpu_id for p in self.controller.skipped_prices if p.origin == "user"}
        self.forget_price.setEnabled(
            (option.price_each is not None and option.price_each.origin == "user")
            or option.gpu_id in skipped  # a stored price left out as implausible (issue 42)
        )
        if self.scatter is not None:
            self.scatter.select(self.selected_rows()[0])
        e = html.escape
        row = self.model.rows[self.selected_rows()[0]]
        heading = tr("ResultsPage", "{action}: {gpu}", action=row.action, gpu=row.gpu)
        parts = [f"<h3>{e(heading)}</h3>"]
        if row.reason is not None:
            parts.append(f"<div><i>{e(row.reason)}</i></div>")
        each = option.price_each
        if each is not None:
            parts.append(
                "<div>"
                + e(
                    tr(
                        "ResultsPage",
                        "Price {price} each: {date}, {condition}, {market}, source {source}",
                        price=format_money(each.amount, each.currency),
                        date=each.date,
                        condition=plan_text.condition_text(each.condition, tr_finding),
                        market=plan_text.region_text(each.where, tr_finding),
                        source=plan_text.source_text(each, self.language),
                    )
                )
                + "</div>"
            )
        parts += [f"<div>＋ {e(need)}</div>" for need in row.needs]
        parts += [
            f"<div>{SEVERITY_MARK[said.severity]} {e(said.text)}</div>"
            for said in (*row.warnings, *row.notes)
        ]
        if each is not None and each.shop:
            parts.append(
                "<div>"
                + e(
                    tr(
                        "ResultsPage",
                        "At {shop}: SKU {sku}, shelf {shelf}, {stock} in stock",
                        shop=each.shop,
                        sku=each.sku or "-",
                        shelf=each.location or "-",
                        stock="?" if each.stock is None else str(each.stock),
                    )
                )
                + "</div>"
            )
        self.details.setText("".join(parts))
        bar = power_bar(option)
        labels = (self.tr("CPU"), self.tr("GPUs"), self.tr("Platform"), self.tr("PSU"), "80%")
        legend = power_legend(bar, labels, tr_finding(plan_text.SERVER_REST), spikes=False)
        self.power.set_bar(bar, labels, legend)
        catalog = self.controller.catalog
        if catalog is not None:
            gpus = {g.id: g for g in catalog.gpus}
            # A card the catalog lacks (a kept GRID K520) has no datasheet to compare.
            self._compare([o for o in options[:3] if o.gpu_id in gpus], gpus)

    def _compare(self, options: list[Option], gpus: dict[str, GpuSpec]) -> None:
        rows = comparison_rows(options, gpus, tr_finding)
        labels = {
            "action": self.tr("Action"),
            "price_date": self.tr("Price date"),
            "needs": self.tr("Needs"),
            "scaling": self.tr("Scaling"),
            "memory": self.tr("Memory"),
            "bandwidth": self.tr("Bandwidth"),
            "fp16": self.tr("FP16 tensor"),
            "power": self.tr("Board power"),
            "price": self.tr("Price"),
            "speed": self.tr("Speed"),
            "value": self._value_header(self.controller.plan),
            "ecc": "ECC",
            "length": self.tr("Length"),
            "tensorflow": "TensorFlow",
        }
        self.compare.setColumnCount(len(options))
        self.compare.setRowCount(len(rows))
        self.compare.setHorizontalHeaderLabels(
            [o.gpu + (f" ×{o.count}" if o.count > 1 else "") for o in options]
        )
        self.compare.setVerticalHeaderLabels([labels[key] for key, _ in rows])
        for row, (_key, values) in enumerate(rows):
            for column, value in enumerate(values):
                self.compare.setItem(row, column, QTableWidgetItem(value))
        self.compare.resizeColumnsToContents()

    def retranslate(self) -> None:
        self.import_prices.setText(self.tr("&Import prices…"))
        self.typing_hint.setText(
            self.tr("Double-click a total to type the price you see (per card).")
        )
        self.forget_price.setText(self.tr("Forget my &price"))
        self.heading.setText(self.tr("Recommendations"))
        self.intro.setText(self.tr("Ranking every card in the catalog…"))
        self._show_all_text(self.controller.plan)
        self.model.set_headers(
            [
                "#",
                self.tr("Action"),
                self.tr("GPU"),
                self.tr("Total"),
                self.tr("Price date"),
                self.tr("Speed"),
                self._value_header(self.controller.plan),
                self.tr("Memory"),
                self.tr("Power"),
                self.tr("Warnings"),
            ]
        )
        self.tabs.setTabText(0, self.tr("Details and power"))
        self.tabs.setTabText(1, self.tr("Price and speed"))
        self.tabs.setTabText(2, self.tr("Compare"))
        self.table.setAccessibleName(self.tr("Recommended cards"))
        if self.controller.plan is not None and self.controller.request is not None:
            self._show_plan(self.controller.request, self.controller.plan)
