"""pyqtgraph charts. Imported only when a page that shows one is first opened (start-up speed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFontMetrics, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gpuplanner.report.chart_data import ValueChart, axis_span, place_labels

if TYPE_CHECKING:
    from gpuplanner.ui.probe_view import Bar

pg.setConfigOptions(antialias=True)

BLUE, GREEN, GREY, RED, ORANGE = "#3d8bd4", "#2ca05a", "#8f9aa8", "#d4553d", "#e0843a"
TEXT = "#202020"


def _text_color(plot: pg.PlotWidget) -> QColor:
    palette = plot.palette()
    return palette.color(palette.ColorRole.Text)


def _themed(plot: pg.PlotWidget) -> None:
    palette = plot.palette()
    plot.setBackground(palette.color(palette.ColorRole.Base))
    pen = pg.mkPen(palette.color(palette.ColorRole.Text))
    for axis in ("left", "bottom"):
        plot.getAxis(axis).setPen(pen)
        plot.getAxis(axis).setTextPen(pen)


def plain_axis(plot: pg.PlotItem | pg.PlotWidget, side: str, title: str) -> None:
    """Label an axis with its unit and tick it in the values as they are, never scaled.

    pyqtgraph 0.14's ``enableAutoSIPrefix(False)`` still works out a prefix scale for a range
    inside (0, 1) and ticks by it while the label says no prefix: a CPU's 0.035 TFLOPS axis
    read 0-35 under a plain "TFLOPS". With no range enabling a prefix, the scale stays 1.
    """
    plot.setLabel(side, title)  # resets the enabling ranges, so they are set after it
    axis = plot.getAxis(side)
    axis.setSIPrefixEnableRanges(())
    axis.enableAutoSIPrefix(False)


def _figure(value: float) -> str:
    """'1,008', '70.1', '1.2': three significant digits, never an exponent."""
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


class ProbeChart(QWidget):
    """One small plot per measure, each on its own axis in its own unit (TFLOPS, GB/s,
    images/s), with the card's catalog peak as a dashed line where the catalog has one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = pg.GraphicsLayoutWidget(self)
        palette = self.view.palette()
        self.view.setBackground(palette.color(palette.ColorRole.Base))
        QVBoxLayout(self).addWidget(self.view)
        self.setMinimumHeight(200)
        self.plots: list[pg.PlotItem] = []

    def show_bars(self, bars: Sequence[Bar], peak_word: str = "peak") -> None:
        self.view.clear()
        self.plots = []
        pen = pg.mkPen(self.palette().color(self.palette().ColorRole.Text))
        for column, bar in enumerate(bars):
            plot = self.view.addPlot(row=0, col=column)
            plot.setMouseEnabled(False, False)
            plot.hideButtons()
            plot.setMenuEnabled(False)
            for name in ("left", "bottom"):
                plot.getAxis(name).setPen(pen)
                plot.getAxis(name).setTextPen(pen)
            plot.addItem(pg.BarGraphItem(x=[0], height=[bar.value], width=0.6, brush=BLUE))
            top = max(bar.value, bar.peak or 0.0) * 1.15 or 1.0
            if bar.peak:
                plot.addItem(
                    pg.InfiniteLine(
                        pos=bar.peak,
                        angle=0,
                        pen=pg.mkPen(RED, width=2, style=Qt.PenStyle.DashLine),
                        label=f"{peak_word} {_figure(bar.peak)}",
                        labelOpts={"position": 0.5, "color": RED},
                    )
                )
            # Plain units: pyqtgraph's own scaling wrote "TFLOPS (x0.001)" for a CPU's 0.4.
            plain_axis(plot, "left", bar.unit)
            plot.setYRange(0, top, padding=0)
            plot.setXRange(-0.6, 0.6, padding=0)
            share = f" ({bar.percent:.0f}%)" if bar.percent is not None else ""
            plot.getAxis("bottom").setTicks([[(0, f"{bar.label} {_figure(bar.value)}{share}")]])
            self.plots.append(plot)


class ValueScatter(QWidget):
    """Price against predicted speed (report/chart_data.py decides what is shown): the
    best-value line, the top pick ringed, the user's card, labels that never overlap, every
    point's name as a tooltip; a click on a point selects that option (``picked``)."""

    picked = Signal(int)  # the option's index in plan.options

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = pg.PlotWidget(self)
        _themed(self.plot)
        self.plot.setMouseEnabled(False, False)
        self.plot.hideButtons()
        QVBoxLayout(self).addWidget(self.plot)
        self.setMinimumHeight(220)
        self.chart: ValueChart | None = None
        self.selected: int | None = None
        self._titles = ("", "")
        self.labels: list = []  # the placed chart_data.Label objects, for tests

    def show_chart(
        self, chart: ValueChart, x_title: str, y_title: str, selected: int | None = None
    ) -> None:
        self.chart, self.selected, self._titles = chart, selected, (x_title, y_title)
        self._draw()

    def select(self, index: int | None) -> None:
        if index != self.selected and self.chart is not None:
            self.selected = index
            self._draw()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._redraw_soon()

    def showEvent(self, event: QShowEvent) -> None:
        # Drawn while its tab was hidden, the plot had no size yet: no label had room.
        super().showEvent(event)
        self._redraw_soon()

    def _redraw_soon(self) -> None:
        if self.chart is not None:
            QTimer.singleShot(0, self._draw)  # after the layout has sized the plot

    def _draw(self) -> None:
        chart = self.chart
        if chart is None:
            return
        self.plot.clear()
        # Prices and speeds as they are, never "(x1000)" nor speeds of 0.5x ticked 500.
        plain_axis(self.plot, "bottom", self._titles[0])
        plain_axis(self.plot, "left", self._titles[1])
        self.labels = []
        if not chart.points:
            return
        xs = [p.price for p in chart.points] + ([chart.current[0]] if chart.current else [])
        ys = [p.speed for p in chart.points] + ([chart.current[1]] if chart.current else [])
        x_range, y_range = axis_span(xs), axis_span(ys)
        self.plot.setXRange(*x_range, padding=0)
        self.plot.setYRange(*y_range, padding=0)
        front = chart.front
        if len(front) > 1:
            self.plot.addItem(
                pg.PlotDataItem(
                    x=[p.price for p in front],
                    y=[p.speed for p in front],
                    pen=pg.mkPen(GREEN, width=2),
                )
            )
        brushes = [
            pg.mkBrush(GREEN if p.on_front else (GREY if p.trap else BLUE)) for p in chart.points
        ]
        scatter = pg.ScatterPlotItem(
            x=[p.price for p in chart.points],
            y=[p.speed for p in chart.points],
            data=[p.index for p in chart.points],
            size=10,
            brush=brushes,
            pen=None,
            hoverable=True,
            hoverSize=14,
            tip=self._tip,
        )
        scatter.sigClicked.connect(self._clicked)
        self.plot.addItem(scatter)
        for point, color, size in (
            (chart.top, RED, 20),
            (next((p for p in chart.points if p.index == self.selected), None), TEXT, 16),
        ):
            if point is not None:
                self.plot.addItem(
                    pg.ScatterPlotItem(
                        x=[point.price],
                        y=[point.speed],
                        size=size,
                        brush=None,
                        pen=pg.mkPen(color, width=2),
                    )
                )
        if chart.current is not None:
            self.plot.addItem(
                pg.ScatterPlotItem(
                    x=[chart.current[0]], y=[chart.current[1]], size=14, brush=pg.mkBrush(ORANGE)
                )
            )
        box = self.plot.getViewBox().sceneBoundingRect()
        width, height = max(box.width(), 50.0), max(box.height(), 50.0)
        metrics = QFontMetrics(self.font())
        self.labels = place_labels(
            chart,
            width,
            height,
            self.selected,
            x_range,
            y_range,
            measure=lambda text: metrics.horizontalAdvance(text) + 6,  # TextItem's margins
            line_h=metrics.height() + 4,
        )
        for label in self.labels:
            # Pixel offsets back to data units: the label's top-left corner.
            x = x_range[0] + label.x / width * (x_range[1] - x_range[0])
            y = y_range[1] - label.y / height * (y_range[1] - y_range[0])
            base = self.plot.palette().color(self.plot.palette().ColorRole.Base)
            base.setAlpha(170)  # readable over the points it may cover
            item = pg.TextItem(
                label.point.name, anchor=(0, 0), color=_text_color(self.plot), fill=base
            )
            if label.point.top:
                font = item.textItem.font()
                font.setBold(True)
                item.setFont(font)
            item.setPos(x, y)
            self.plot.addItem(item)

    def _tip(self, x: float, y: float, data: object) -> str:
        chart = self.chart
        point = next((p for p in chart.points if p.index == data), None) if chart else None
        if chart is None or point is None:
            return ""
        return f"{point.name}\n{point.price:,.0f} {chart.currency} · {point.speed:.2f}×"

    def _clicked(self, _item: object, points: Sequence[Any], *_args: object) -> None:
        if len(points):
            self.picked.emit(int(points[0].data()))
