"""What the price/speed chart shows, worked out without Qt, for the window and the report alike.

Every offered option with a price and a speed is a point. The best-value line (the Pareto front)
is planning's, carried on each option (``Option.on_front``, planning/plan/frontier.py): a 6-8 GB card
the plan itself calls a trap (``Option.memory_trap``) is a point, never a step of the line.
Labels go on the front, the top pick and the selection only, placed so that no two overlap;
every other name is a tooltip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpuplanner.core.vocab import Currency

if TYPE_CHECKING:
    from gpuplanner.app.records import Option, Plan

# Label size estimates in pixels for the overlap check (an 11 px sans face).
LINE_H = 14.0
POINT_R = 5.0  # a point's radius plus a margin: labels keep off every point


def text_width(text: str) -> float:
    """Pixels ``text`` takes at 11 px: CJK characters are about twice a Latin letter's width."""
    return sum(11.0 if ord(ch) > 0x2E80 else 6.5 for ch in text)


@dataclass(frozen=True, kw_only=True)
class Point:
    index: int  # the option's place in plan.options (the results table's row)
    gpu: str
    count: int
    price: float
    speed: float
    on_front: bool
    top: bool  # the plan's first offered option
    trap: bool  # offered, but short of memory

    @property
    def name(self) -> str:
        return f"{self.gpu} ×{self.count}" if self.count > 1 else self.gpu


@dataclass(frozen=True)
class ValueChart:
    points: tuple[Point, ...]
    current: tuple[float, float] | None  # the installed card's price and speed
    reference_gpu: str
    currency: Currency

    @property
    def front(self) -> tuple[Point, ...]:
        return tuple(sorted((p for p in self.points if p.on_front), key=lambda p: p.price))

    @property
    def top(self) -> Point | None:
        return next((p for p in self.points if p.top), None)


def value_chart(plan: Plan, current_gpu_id: str | None = None) -> ValueChart:
    first = next((i for i, o in enumerate(plan.options) if o.offered), None)
    points = tuple(
        Point(
            index=i,
            gpu=o.gpu,
            count=o.count,
            price=float(o.price),
            speed=float(o.predicted_relative),
            on_front=o.on_front,
            top=i == first,
            trap=o.memory_trap,
        )
        for i, o in enumerate(plan.options)
        if o.offered and o.price and o.predicted_relative
    )
    current = None
    if current_gpu_id:
        # The installed cards where they stand: their speed as kept, at what one such card costs
        # today (an "add one more" option's total would put them at the pair's place).
        keep = next((o for o in plan.options if o.action == "keep"), None)
        each = next(
            (
                o.price_each.amount
                for o in plan.options
                if o.gpu_id == current_gpu_id and o.price_each
            ),
            None,
        )
        if keep is not None and keep.predicted_relative and each:
            current = (float(each) * keep.count, float(keep.predicted_relative))
    return ValueChart(points, current, plan.reference_gpu, plan.currency)


@dataclass(frozen=True)
class Label:
    point: Point
    x: float  # pixels from the plot's left edge, the label's left
    y: float  # pixels from the plot's top edge, the label's top
    w: float  # the text's size in pixels
    h: float = LINE_H

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.w, self.y + self.h)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(
    chart: ValueChart,
    width: float,
    height: float,
    selected: int | None = None,
    x_range: tuple[float, float] | None = None,
    y_range: tuple[float, float] | None = None,
    measure: Callable[[str], float] = text_width,
    line_h: float = LINE_H,
) -> list[Label]:
    """Labels for the selection, the top pick, then the front, cheapest first. Each takes, of
    six spots around its point that stay in the plot, overlap no label already placed and
    cover no other front, top or selected marker, the one covering the fewest other points
    (beside the point first); a name with no such spot is left to the tooltip. Coordinates are pixels of a ``width`` x ``height`` plot area."""
    if not chart.points:
        return []
    x0, x1 = x_range or axis_span([p.price for p in chart.points])
    y0, y1 = y_range or axis_span([p.speed for p in chart.points])

    def pixel(point: Point) -> tuple[float, float]:
        return (
            (point.price - x0) / (x1 - x0) * width,
            height - (point.speed - y0) / (y1 - y0) * height,
        )

    wanted: list[Point] = []
    for point in (
        *(p for p in chart.points if p.index == selected),
        *(p for p in chart.points if p.top),
        *chart.front,
    ):
        if point not in wanted:
            wanted.append(point)
    dots = [
        (x - POINT_R, y - POINT_R, x + POINT_R, y + POINT_R)
        for x, y in (pixel(p) for p in chart.points)
    ]
    # The front's and the pick's own markers stay visible: a label may not cover them.
    marks = {
        p.index: (x - POINT_R, y - POINT_R, x + POINT_R, y + POINT_R)
        for p in chart.points
        if p.on_front or p.top or p.index == selected
        for x, y in (pixel(p),)
    }
    placed: list[Label] = []
    for point in wanted:
        px, py = pixel(point)
        w = measure(point.name)
        half = line_h / 2
        spots = [
            Label(point, px + dx, py + dy, w, line_h)
            for dx, dy in (
                (8, -half),
                (-w - 8, -half),
                (6, -line_h - 4),
                (6, 4),
                (-w - 6, -line_h - 4),
                (-w - 6, 4),
            )
        ]
        free = [
            label
            for label in spots
            if label.box[0] >= 0
            and label.box[2] <= width
            and label.box[1] >= 0
            and label.box[3] <= height
            and not any(_overlap(label.box, other.box) for other in placed)
        ]
        spots = [
            label
            for label in free
            if not any(_overlap(label.box, m) for i, m in marks.items() if i != point.index)
        ]
        if not spots and (point.top or point.index == selected):
            spots = free  # the pick and the selection are named, over a marker if they must
        if spots:  # the free spot that covers the fewest points (beside the point first)
            placed.append(min(spots, key=lambda lb: sum(_overlap(lb.box, d) for d in dots)))
    return placed


def axis_span(values: list[float]) -> tuple[float, float]:
    """The range an axis shows for ``values``: a margin each side, never below zero."""
    low, high = min(values), max(values)
    pad = (high - low) * 0.08 or max(abs(high) * 0.1, 1.0)
    return (max(0.0, low - pad), high + pad)


@dataclass(frozen=True, kw_only=True)
class PowerBar:
    cpu_w: float
    gpus_w: float
    platform_w: float
    transient_w: float
    psu_w: float | None
    limit_w: float | None  # the 80% line
    maker_rated: bool = False  # a server: its cards alone, the rest its maker's rating

    @property
    def scale_w(self) -> float:
        return max(self.transient_w, self.psu_w or 0.0) * 1.05


def power_legend(bar: PowerBar, labels: tuple[str, ...], maker: str, spikes: bool) -> str:
    """The bar's legend: CPU, cards and the rest of the PC with their watts (labels 0-2), the
    spikes (label 5) where ``spikes``; a server's cards alone and ``maker``, the words for what
    its maker rates, never a desktop's CPU and board."""
    if bar.maker_rated:
        parts = [f"{labels[1]} {bar.gpus_w:,.0f} W", maker]
    else:
        parts = [
            f"{labels[0]} {bar.cpu_w:,.0f} W",
            f"{labels[1]} {bar.gpus_w:,.0f} W",
            f"{labels[2]} {bar.platform_w:,.0f} W",
        ]
    if spikes:
        parts.append(f"{labels[5]} {bar.transient_w:,.0f} W")
    return " · ".join(parts)


def power_bar(option: Option) -> PowerBar:
    budget = option.power
    return PowerBar(
        cpu_w=budget.cpu_w,
        gpus_w=budget.gpus_w,
        platform_w=budget.platform_w,
        transient_w=budget.transient_w,
        psu_w=budget.psu_w,
        limit_w=budget.sustained_limit_w,
        maker_rated=budget.maker_rated,
    )
