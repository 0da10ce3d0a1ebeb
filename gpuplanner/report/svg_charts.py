"""The report's pictures as SVG text: the price/speed chart and the power bar of the top pick.

SVG rather than a rendered bitmap: the same bytes for the HTML file, the PDF and the printer
(Qt's text engine draws SVG images), sharp at any zoom, and stable enough for golden files.
Labels come from ``chart_data.place_labels``, so they never overlap; every name is also a
``<title>`` (a browser's tooltip).
"""

from __future__ import annotations

import base64
from html import escape

from gpuplanner.core.money import format_money
from gpuplanner.report.chart_data import (
    PowerBar,
    ValueChart,
    axis_span,
    place_labels,
    power_legend,
    text_width,
)

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 28, 68
# A Simplified Chinese face first: Qt and browsers otherwise pick the first CJK face installed,
# often the Japanese one, whose forms differ from what a Chinese reader expects.
FONT_FAMILIES = (
    "'Noto Sans CJK SC','Source Han Sans SC','Source Han Sans CN','Microsoft YaHei',"
    "'PingFang SC','WenQuanYi Micro Hei',sans-serif"
)
FONT = f"font-family:{FONT_FAMILIES};font-size:11px"
BLUE, GREEN, RED, GREY, ORANGE = "#3d8bd4", "#2ca05a", "#d4553d", "#8f9aa8", "#e0843a"


def data_uri(svg: str) -> str:
    """An ``<img>`` source that both browsers and Qt's text engine draw."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    raw = (high - low) / count
    magnitude = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 0.1
    for step in (1, 2, 2.5, 5, 10):
        if raw <= step * magnitude:
            step *= magnitude
            break
    first = (low // step + 1) * step
    return [round(first + i * step, 6) for i in range(count + 1) if first + i * step <= high]


def _legend(items: list[tuple[str, str]], y: float) -> list[str]:
    """Markers and their words in a row under the plot (marker SVG, text)."""
    out, x = [], float(LEFT)
    for marker, words in items:
        out.append(
            marker.format(x=x + 5, y=y - 4)
            + f'<text x="{x + 14:.1f}" y="{y:.1f}">{escape(words)}</text>'
        )
        x += 14 + text_width(words) + 18
    return out


def value_chart_svg(
    chart: ValueChart, x_title: str, y_title: str, caption: str, legend: dict[str, str]
) -> str:
    """Price (x) against speed (y): points, the best-value line, the top pick ringed, labels.
    ``legend`` has the words for "front", "trap", "top" and "current"."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    xs = [p.price for p in chart.points] + ([chart.current[0]] if chart.current else [])
    ys = [p.speed for p in chart.points] + ([chart.current[1]] if chart.current else [])
    x_range, y_range = axis_span(xs or [0.0, 1.0]), axis_span(ys or [0.0, 1.0])

    def px(x: float) -> float:
        return LEFT + (x - x_range[0]) / (x_range[1] - x_range[0]) * plot_w

    def py(y: float) -> float:
        return TOP + plot_h - (y - y_range[0]) / (y_range[1] - y_range[0]) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" style="{FONT}">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="16" font-weight="bold">{escape(caption)}</text>',
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="{GREY}"/>',
    ]
    for tick in _ticks(*x_range):
        out.append(
            f'<text x="{px(tick):.1f}" y="{TOP + plot_h + 14}" text-anchor="middle">{tick:,.0f}</text>'
        )
    for tick in _ticks(*y_range):
        out.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{py(tick):.1f}" y2="{py(tick):.1f}" '
            f'stroke="#e4e4e4"/><text x="{LEFT - 4}" y="{py(tick) + 4:.1f}" '
            f'text-anchor="end">{tick:g}</text>'
        )
    out.append(
        f'<text x="{LEFT + plot_w / 2}" y="{TOP + plot_h + 30}" text-anchor="middle">{escape(x_title)}</text>'
    )
    items = [('<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="' + GREEN + '"/>', legend["front"])]
    if any(p.trap for p in chart.points):
        items.append(
            ('<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="' + GREY + '"/>', legend["trap"])
        )
    if chart.top is not None:
        items.append(
            (
                '<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="none" stroke="'
                + RED
                + '" stroke-width="2"/>',
                legend["top"],
            )
        )
    if chart.current is not None:
        items.append(
            ('<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="' + ORANGE + '"/>', legend["current"])
        )
    out += _legend(items, HEIGHT - 10)
    out.append(
        f'<text transform="translate(14 {TOP + plot_h / 2}) rotate(-90)" '
        f'text-anchor="middle">{escape(y_title)}</text>'
    )
    front = chart.front
    if len(front) > 1:
        path = " ".join(f"{px(p.price):.1f},{py(p.speed):.1f}" for p in front)
        out.append(f'<polyline points="{path}" fill="none" stroke="{GREEN}" stroke-width="2"/>')
    for point in chart.points:
        color = GREEN if point.on_front else (GREY if point.trap else BLUE)
        out.append(
            f'<circle cx="{px(point.price):.1f}" cy="{py(point.speed):.1f}" r="4" fill="{color}">'
            f"<title>{escape(point.name)}: {escape(format_money(point.price, chart.currency))}, "
            f"{point.speed:.2f}×</title></circle>"
        )
    top = chart.top
    if top is not None:
        out.append(
            f'<circle cx="{px(top.price):.1f}" cy="{py(top.speed):.1f}" r="9" fill="none" '
            f'stroke="{RED}" stroke-width="2"/>'
        )
    if chart.current is not None:
        cx, cy = px(chart.current[0]), py(chart.current[1])
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="6" fill="{ORANGE}"/>')
    for label in place_labels(chart, plot_w, plot_h, None, x_range, y_range):
        weight = ' font-weight="bold"' if label.point.top else ""
        x0, y0, x1, y1 = label.box
        out.append(
            f'<rect x="{LEFT + x0:.1f}" y="{TOP + y0:.1f}" width="{x1 - x0:.1f}" '
            f'height="{y1 - y0:.1f}" fill="white" fill-opacity="0.8"/>'
        )
        out.append(
            f'<text x="{LEFT + label.x:.1f}" y="{TOP + label.y + 11:.1f}"{weight}>'
            f"{escape(label.point.name)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out)


def power_bar_svg(bar: PowerBar, labels: tuple[str, ...], caption: str, maker: str = "") -> str:
    """CPU, GPUs and platform stacked, the millisecond spikes after them, the supply's rating and
    its 80% line; each marker's text on its own row so that none covers another."""
    width, left, bar_top, bar_h = WIDTH, 10, 40, 26
    span = width - 2 * left
    scale = span / bar.scale_w
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="118" '
        f'viewBox="0 0 {width} 118" style="{FONT}">',
        f'<rect x="0" y="0" width="{width}" height="118" fill="white"/>',
        f'<text x="{left}" y="14" font-weight="bold">{escape(caption)}</text>',
    ]
    x = float(left)
    for watts, color in ((bar.cpu_w, "#5b8def"), (bar.gpus_w, ORANGE), (bar.platform_w, GREY)):
        out.append(
            f'<rect x="{x:.1f}" y="{bar_top}" width="{watts * scale:.1f}" height="{bar_h}" fill="{color}"/>'
        )
        x += watts * scale
    spikes = max(0.0, bar.transient_w - (bar.cpu_w + bar.gpus_w + bar.platform_w))
    if spikes:
        out.append(
            f'<rect x="{x:.1f}" y="{bar_top + 6}" width="{spikes * scale:.1f}" height="{bar_h - 12}" '
            f'fill="{ORANGE}" fill-opacity="0.35"/>'
        )
    rows = {labels[4]: bar_top - 6, labels[3]: bar_top + bar_h + 14}
    for mark_w, label, dash in (
        (bar.limit_w, labels[4], ' stroke-dasharray="5,3"'),
        (bar.psu_w, labels[3], ""),
    ):
        if not mark_w:
            continue
        mx = left + mark_w * scale
        text = f"{label} {mark_w:,.0f} W"
        anchor = "end" if mx + len(text) * 7 > width - left else "start"
        tx = mx - 3 if anchor == "end" else mx + 3
        out.append(
            f'<line x1="{mx:.1f}" x2="{mx:.1f}" y1="{bar_top - 4}" y2="{bar_top + bar_h + 4}" '
            f'stroke="{RED}" stroke-width="2"{dash}/>'
            f'<text x="{tx:.1f}" y="{rows[label]}" text-anchor="{anchor}">{escape(text)}</text>'
        )
    legend = power_legend(bar, labels, maker, spikes=True)
    out.append(f'<text x="{left}" y="{bar_top + bar_h + 34}">{escape(legend)}</text>')
    out.append("</svg>")
    return "\n".join(out)
