"""pyqtgraph charts. Imported only when a page that shows one is first opened (start-up speed)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

pg.setConfigOptions(antialias=True)


def _themed(plot: pg.PlotWidget) -> None:
    palette = plot.palette()
    plot.setBackground(palette.color(palette.ColorRole.Base))
    pen = pg.mkPen(palette.color(palette.ColorRole.Text))
    for axis in ("left", "bottom"):
        plot.getAxis(axis).setPen(pen)
        plot.getAxis(axis).setTextPen(pen)


class ProbeChart(QWidget):
    """Bars: each measure as a share of the card's catalog peak (or its raw value on a CPU)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.plot = pg.PlotWidget(self)
        _themed(self.plot)
        self.plot.setMouseEnabled(False, False)
        self.plot.hideButtons()
        QVBoxLayout(self).addWidget(self.plot)
        self.setMinimumHeight(180)

    def show_bars(self, bars) -> None:
        self.plot.clear()
        if not bars:
            return
        with_peak = all(b.percent is not None for b in bars)
        heights = [b.percent if with_peak else b.value for b in bars]
        self.plot.addItem(
            pg.BarGraphItem(x=list(range(len(bars))), height=heights, width=0.6, brush="#3d8bd4")
        )
        if with_peak:
            self.plot.addItem(
                pg.InfiniteLine(
                    pos=100, angle=0, pen=pg.mkPen("#d4553d", width=2, style=Qt.PenStyle.DashLine)
                )
            )
        axis = self.plot.getAxis("bottom")
        axis.setTicks([[(i, f"{b.label} {b.value:.3g} {b.unit}") for i, b in enumerate(bars)]])
        self.plot.setLabel("left", "% of peak" if with_peak else bars[0].unit)


class ValueScatter(QWidget):
    """Price against predicted speed; the Pareto front; the user's current card marked."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.plot = pg.PlotWidget(self)
        _themed(self.plot)
        QVBoxLayout(self).addWidget(self.plot)
        self.setMinimumHeight(220)

    def show_points(self, points, front, current, x_label: str, y_label: str) -> None:
        self.plot.clear()
        self.plot.setLabel("bottom", x_label)
        self.plot.setLabel("left", y_label)
        if points:
            self.plot.addItem(
                pg.ScatterPlotItem(
                    x=[p[0] for p in points],
                    y=[p[1] for p in points],
                    size=8,
                    brush=pg.mkBrush(61, 139, 212, 160),
                    pen=None,
                )
            )
        if len(front) > 1:
            self.plot.addItem(
                pg.PlotDataItem(
                    x=[p[0] for p in front],
                    y=[p[1] for p in front],
                    pen=pg.mkPen("#2ca05a", width=2),
                    symbol="o",
                    symbolSize=9,
                    symbolBrush="#2ca05a",
                )
            )
            for x, y, name in front:
                label = pg.TextItem(name, anchor=(0, 1))
                label.setPos(x, y)
                self.plot.addItem(label)
        if current is not None:
            self.plot.addItem(
                pg.ScatterPlotItem(
                    x=[current[0]],
                    y=[current[1]],
                    size=16,
                    symbol="star",
                    brush=pg.mkBrush("#d4553d"),
                )
            )
