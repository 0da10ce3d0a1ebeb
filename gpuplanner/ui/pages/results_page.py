"""Wizard page 5: recommendations. Table, details, value scatter, power bar, comparison."""

from __future__ import annotations

import html

from PySide6.QtCore import QItemSelectionModel, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpuplanner.planning.frontier import pareto_front
from gpuplanner.session import to_request
from gpuplanner.ui.pages.base import WizardPage
from gpuplanner.ui.results_view import comparison_rows, power_bar
from gpuplanner.ui.table_model import OptionsModel, OptionsProxy

SEVERITY_MARK = {"error": "✖", "warning": "⚠", "info": "ℹ"}


class PowerBarWidget(QWidget):
    """CPU, GPUs and platform as a stacked bar, the transient band after it, the PSU and 80% lines."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.bar = None
        self.labels = ("CPU", "GPU", "Platform", "PSU", "80%")
        self.setMinimumHeight(64)

    def set_bar(self, bar, labels) -> None:
        self.bar, self.labels = bar, labels
        self.update()

    def paintEvent(self, _event) -> None:
        if self.bar is None:
            return
        painter = QPainter(self)
        width, top, height = self.width() - 20, 8, 26
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
        painter.setPen(QPen(palette.color(palette.ColorRole.Text)))
        for watts, label, style in (
            (self.bar.psu_w, self.labels[3], Qt.PenStyle.SolidLine),
            (self.bar.limit_w, self.labels[4], Qt.PenStyle.DashLine),
        ):
            if watts:
                pen = QPen(QColor("#c0392b"), 2, style)
                painter.setPen(pen)
                px = 10 + watts * scale
                painter.drawLine(int(px), top - 4, int(px), top + height + 4)
                painter.setPen(QPen(palette.color(palette.ColorRole.Text)))
                painter.drawText(int(px) + 3, top + height + 16, f"{label} {watts:.0f} W")
        painter.drawText(
            10,
            top + height + 16,
            f"{self.labels[0]} {self.bar.cpu_w:.0f} W · {self.labels[1]} "
            f"{self.bar.gpus_w:.0f} W · {self.labels[2]} {self.bar.platform_w:.0f} W",
        )
        painter.end()


class ResultsPage(WizardPage):
    def __init__(self, controller, parent=None) -> None:
        super().__init__(controller, parent)
        self.show_all = QCheckBox(self)
        self.show_all.setChecked(True)
        self.layout_.addWidget(self.show_all)
        self.model = OptionsModel(self)
        self.proxy = OptionsProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView(self)
        self.table.setObjectName("optionsTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
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
        details_layout.addWidget(self.details, 1)
        details_layout.addWidget(self.power)
        self.scatter_tab = QWidget(self)
        QVBoxLayout(self.scatter_tab)
        self.scatter = None
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
            self.scatter_tab.layout().addWidget(self.scatter)
        self.controller.replan()

    def _filter(self, checked: bool) -> None:
        if hasattr(self.proxy, "beginFilterChange"):  # Qt 6.10+
            self.proxy.beginFilterChange()
            self.proxy.show_all = checked
            self.proxy.endFilterChange(self.proxy.Direction.Rows)
        else:
            self.proxy.show_all = checked
            self.proxy.invalidateRowsFilter()

    def _show_plan(self, plan) -> None:
        self.model.set_options(plan.options)
        self.proxy.sort(-1)
        self.table.horizontalHeader().setSortIndicatorShown(False)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.heading.setText(
            self.tr("Recommendations: %1 fit your needs").replace("%1", str(len(plan.fitting())))
        )
        self.intro.setText(
            self.tr(
                "Budget %1 %2 · needs %3 GB · speeds relative to %4. Select two or three rows to "
                "compare them."
            )
            .replace("%1", f"{plan.budget:,.0f}")
            .replace("%2", plan.currency)
            .replace("%3", f"{plan.vram.total_gb:g}")
            .replace("%4", plan.reference_gpu)
        )
        if self.model.rowCount():
            self.table.selectionModel().select(
                self.proxy.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        self._scatter(plan)

    def _scatter(self, plan) -> None:
        if self.scatter is None:
            return
        points = [
            (o.price, o.predicted_relative)
            for o in plan.options
            if o.fits and o.price and o.predicted_relative
        ]
        front = [(o.price, o.predicted_relative, o.gpu) for o in pareto_front(plan.options)]
        current = None
        facts = to_request(self.controller.session, self.controller.catalog).machine
        if facts.current_gpu_id:
            mine = next(
                (o for o in plan.options if o.gpu_id == facts.current_gpu_id and o.price), None
            )
            current = (mine.price, mine.predicted_relative) if mine else None
        self.scatter.show_points(
            points,
            front,
            current,
            self.tr("Price (%1)").replace("%1", plan.currency),
            self.tr("Speed relative to %1").replace("%1", plan.reference_gpu),
        )

    def selected_options(self):
        rows = sorted(
            {self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()}
        )
        return [self.model.options[r] for r in rows]

    def _selected(self, *_args) -> None:
        options = self.selected_options()
        if not options:
            return
        option = options[0]
        e = html.escape
        parts = [f"<h3>{e(option.gpu)}{' ×' + str(option.count) if option.count > 1 else ''}</h3>"]
        parts += [f"<div>✔ {e(r)}</div>" for r in option.reasons]
        parts += [f"<div>{SEVERITY_MARK[w.severity]} {e(w.message)}</div>" for w in option.warnings]
        if option.shop:
            parts.append(
                "<div>"
                + e(
                    self.tr("At %1: SKU %2, shelf %3, %4 in stock")
                    .replace("%1", option.shop)
                    .replace("%2", option.sku or "-")
                    .replace("%3", option.location or "-")
                    .replace("%4", "?" if option.stock is None else str(option.stock))
                )
                + "</div>"
            )
        self.details.setText("".join(parts))
        catalog = self.controller.catalog
        if catalog is not None:
            gpus = {g.id: g for g in catalog.gpus}
            request = to_request(self.controller.session, catalog)
            self.power.set_bar(
                power_bar(option, gpus[option.gpu_id], request),
                (self.tr("CPU"), self.tr("GPUs"), self.tr("Platform"), self.tr("PSU"), "80%"),
            )
            self._compare(options[:3], gpus)

    def _compare(self, options, gpus) -> None:
        rows = comparison_rows(options, gpus)
        labels = {
            "memory": self.tr("Memory"),
            "bandwidth": self.tr("Bandwidth"),
            "fp16": self.tr("FP16 tensor"),
            "power": self.tr("Board power"),
            "price": self.tr("Price"),
            "speed": self.tr("Speed"),
            "value": self.tr("Speed per 1,000"),
            "ecc": "ECC",
            "length": self.tr("Length"),
            "tensorflow": "TensorFlow",
        }
        self.compare.setColumnCount(len(options))
        self.compare.setRowCount(len(rows))
        self.compare.setHorizontalHeaderLabels([o.gpu for o in options])
        self.compare.setVerticalHeaderLabels([labels[key] for key, _ in rows])
        for row, (_key, values) in enumerate(rows):
            for column, value in enumerate(values):
                self.compare.setItem(row, column, QTableWidgetItem(value))
        self.compare.resizeColumnsToContents()

    def retranslate(self) -> None:
        self.heading.setText(self.tr("Recommendations"))
        self.intro.setText(self.tr("Ranking every card in the catalog…"))
        self.show_all.setText(self.tr("Also show cards that do not fit (with the reason)"))
        self.model.set_headers(
            [
                self.tr("Fits"),
                self.tr("GPU"),
                self.tr("Price"),
                self.tr("Speed"),
                self.tr("Speed per 1,000"),
                self.tr("Memory"),
                self.tr("Power"),
                self.tr("Warnings"),
            ]
        )
        self.tabs.setTabText(0, self.tr("Details and power"))
        self.tabs.setTabText(1, self.tr("Price and speed"))
        self.tabs.setTabText(2, self.tr("Compare"))
        self.table.setAccessibleName(self.tr("Recommended cards"))
        if self.controller.plan is not None:
            self._show_plan(self.controller.plan)
