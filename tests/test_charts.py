"""The price/speed chart and the power bar: what they show, decided without a display, and the
window's chart answering a click (issue 16: pale overlapping labels, no tooltips, a click did
nothing, a best-value line through cards the app calls a trap)."""

from __future__ import annotations

import itertools

import pytest

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.plan.frontier import memory_trap
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.chart_data import (
    Point,
    ValueChart,
    _overlap,
    place_labels,
    value_chart,
)

TODAY = "2026-11-30"


@pytest.fixture(scope="module")
def data():
    with Catalog.open() as catalog:
        return catalog.load_all()


def _plan(data, scenario=Scenario.STUDENT, **kw):
    return recommend(
        PlanRequest(scenario=scenario, currency="CNY", today=TODAY, **kw), data, load_speed_model()
    )


def test_the_best_value_line_never_steps_on_a_memory_trap(data):
    # Small cards are offered to a student only when no 12 GB card fits the budget or its edge
    # (10% over, issue 48), with their warning; even then the best-value line does not run
    # through them.
    small = _plan(data, budget=2300)
    traps = [p for p in value_chart(small).points if p.trap]
    assert traps, "at 2,300 CNY the student plan offers 6-8 GB cards with a warning"
    assert all(not p.on_front for p in traps)
    plan = _plan(data)
    chart = value_chart(plan)
    assert not [p for p in chart.points if p.trap]
    assert all(not memory_trap(plan.options[p.index]) for p in chart.front)
    # Cheapest first, each faster than the one before: a Pareto front.
    speeds = [p.speed for p in chart.front]
    assert speeds == sorted(speeds) and len(set(speeds)) == len(speeds)


def test_the_top_pick_is_the_first_offered_option(data):
    plan = _plan(data, Scenario.SME)
    chart = value_chart(plan)
    first = next(i for i, o in enumerate(plan.options) if o.offered)
    assert chart.top is not None and chart.top.index == first


def _crowd(n: int) -> ValueChart:
    """``n`` cards bunched at nearly the same price and speed: the worst case for labels."""
    points = tuple(
        Point(
            index=i,
            gpu=f"GeForce RTX 40{i:02d} Ti",
            count=1,
            price=3000 + 10 * i,
            speed=1.0 + 0.01 * i,
            on_front=True,
            top=i == 0,
            trap=False,
        )
        for i in range(n)
    )
    return ValueChart(points, None, "GeForce RTX 3060 12 GB", "CNY")


@pytest.mark.parametrize("n", [1, 5, 30])
@pytest.mark.parametrize("size", [(300, 160), (640, 280)])
def test_labels_never_overlap_and_stay_inside(n, size):
    labels = place_labels(_crowd(n), *size, selected=n - 1)
    for a, b in itertools.combinations(labels, 2):
        assert not _overlap(a.box, b.box), (a, b)
    for label in labels:
        x0, y0, x1, y1 = label.box
        assert x0 >= 0 and x1 <= size[0] and y0 >= 0 and y1 <= size[1]
    named = {label.point.index for label in labels}
    assert n - 1 in named  # the selection is always named (the top pick has its ring)


def test_every_front_point_is_named_where_there_is_room():
    points = tuple(
        Point(
            index=i,
            gpu=f"Card {i}",
            count=1,
            price=1000 * (i + 1),
            speed=0.5 + 0.25 * i,
            on_front=True,
            top=i == 3,
            trap=False,
        )
        for i in range(4)
    )
    chart = ValueChart(points, None, "ref", "CNY")
    labels = place_labels(chart, 800, 300)
    assert sorted(label.point.index for label in labels) == [0, 1, 2, 3]


def test_a_label_keeps_off_other_points_when_it_can():
    chart = ValueChart(
        (
            Point(
                index=0,
                gpu="Top",
                count=1,
                price=200,
                speed=1.0,
                on_front=True,
                top=True,
                trap=False,
            ),
            Point(
                index=1,
                gpu="x",
                count=1,
                price=220,
                speed=1.0,
                on_front=False,
                top=False,
                trap=False,
            ),  # 20 px right of the top pick
        ),
        None,
        "ref",
        "CNY",
    )
    labels = place_labels(chart, 400, 200, x_range=(0, 400), y_range=(0, 2))
    (label,) = [lb for lb in labels if lb.point.index == 0]
    assert label.box[2] < 200  # to the left: the right side would cover the other point


def test_the_window_chart_has_tips_and_a_click_selects_the_row(qtbot, qapp, data):
    from gpuplanner.ui.charts import ValueScatter

    plan = _plan(data, Scenario.SME)
    widget = ValueScatter()
    qtbot.addWidget(widget)
    widget.resize(640, 320)
    widget.show()
    chart = value_chart(plan)
    widget.show_chart(chart, "Price (CNY)", "Speed (× RTX 3090)")
    qapp.processEvents()
    assert widget.labels and any(label.point.top for label in widget.labels)
    some = chart.points[-1]
    assert some.name in widget._tip(0, 0, some.index)
    with qtbot.waitSignal(widget.picked) as picked:
        widget._clicked(None, [_FakeSpot(some.index)])
    assert picked.args == [some.index]


class _FakeSpot:
    def __init__(self, index: int) -> None:
        self.index = index

    def data(self) -> int:
        return self.index


def test_a_click_on_the_chart_selects_that_option_in_the_table(qtbot, tmp_path):
    from helpers.wizard import fake_scan

    from gpuplanner.app.session import Session
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow

    controller = WizardController(Session(currency="CNY"), scanner=fake_scan(tmp_path))
    window = MainWindow("en", "CNY", controller)
    qtbot.addWidget(window)
    window.scenario_page.set_scenario(Scenario.SME)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    page = window.results_page
    chart = value_chart(controller.plan)
    target = chart.points[len(chart.points) // 2]
    page.scatter.picked.emit(target.index)
    assert page.selected_rows() == [target.index]
    assert controller.plan.options[target.index].gpu in page.details.text()
    assert page.scatter.selected == target.index


def test_a_slot_powered_card_is_not_asked_for_zero_cables(data):
    """Issue 16: 'separate 8-pin cables (0)' for a 70 W card."""
    plan = _plan(data, used_ok=True)
    for option in plan.options:
        for finding in option.findings:
            if finding.id == "psu-unknown-check":
                assert finding.params["eight_pin"] > 0, option.gpu
    slot = [o for o in plan.options if any(f.id == "psu-unknown-check-slot" for f in o.findings)]
    assert slot and all(o.power.gpus_w <= 75 * o.count + 1 for o in slot), [
        (o.gpu, o.power.gpus_w) for o in slot
    ]


def test_your_card_sits_at_its_own_speed_and_price(data):
    """The installed card's marker once sat on the 'add a second one' option (2x, two prices)."""
    from helpers.reports import SNAPSHOT

    from gpuplanner.app.inventory import enrich, machine_facts
    from gpuplanner.hardware.snapshot import load_file

    facts = machine_facts(enrich(load_file(SNAPSHOT), data), None, data)
    plan = recommend(
        PlanRequest(scenario=Scenario.SME, currency="CNY", today=TODAY, machine=facts),
        data,
        load_speed_model(),
    )
    keep = next(o for o in plan.options if o.action == "keep")
    each = next(
        o.price_each.amount
        for o in plan.options
        if o.gpu_id == facts.current_gpu_id and o.price_each
    )
    chart = value_chart(plan, facts.current_gpu_id)
    assert chart.current == (each * keep.count, keep.predicted_relative)


def _axis_reading(plot, side):
    """What a reader sees on an axis: its label, the view's range, and the tick numbers as
    drawn (pyqtgraph ticks by its SI scale times the axis scale)."""
    axis = plot.getAxis(side)
    low, high = plot.viewRange()[1 if side == "left" else 0]
    scale = axis.autoSIPrefixScale * axis.scale
    shown = [
        float(text.replace(",", ""))
        for spacing, values in axis.tickValues(low, high, 400)
        for text in axis.tickStrings(values, scale, spacing)
        if text
    ]
    return axis.labelString(), (low, high), shown


@pytest.mark.parametrize(
    ("value", "peak"),
    [(0.035, None), (0.4, None), (80.0, 82.6), (1008.0, 1008.0)],
)
def test_the_probe_chart_axis_reads_in_the_unit_of_its_value(qtbot, value, peak):
    """Issue 50: a CPU's 0.035 TFLOPS was drawn on an axis labelled TFLOPS running 0-35."""
    from gpuplanner.ui.charts import ProbeChart
    from gpuplanner.ui.probe_view import Bar

    chart = ProbeChart()
    qtbot.addWidget(chart)
    chart.resize(400, 300)
    chart.show()
    unit = "GB/s" if value > 500 else "TFLOPS"
    chart.show_bars([Bar("FP32", value, unit, peak)])
    (plot,) = chart.plots
    label, (low, high), shown = _axis_reading(plot, "left")
    assert unit in label and "(x" not in label
    assert low == 0 and value <= high <= max(value, peak or 0) * 1.2
    assert shown and max(shown) <= high * 1.0001  # ticks in the value's own scale
    assert max(shown) >= value / 2  # and they reach it: 0.035 is read against 0.03 or 0.04
    bottom = plot.getAxis("bottom")._tickLevels[0][0][1]  # the bar's own label
    assert float(bottom.split()[1].replace(",", "")) == pytest.approx(value, rel=0.01)


@pytest.mark.parametrize("speeds", [(0.2, 0.5, 0.9), (1.0, 2.5, 4.0)])
def test_the_value_chart_axes_read_in_their_units(qtbot, speeds):
    from gpuplanner.ui.charts import ValueScatter

    points = tuple(
        Point(
            index=i,
            gpu=f"Card {i}",
            count=1,
            price=price,
            speed=speed,
            on_front=False,
            top=i == 0,
            trap=False,
        )
        for i, (price, speed) in enumerate(zip((2500.0, 9000.0, 30000.0), speeds, strict=True))
    )
    widget = ValueScatter()
    qtbot.addWidget(widget)
    widget.resize(640, 320)
    widget.show()
    widget.show_chart(ValueChart(points, None, "ref", "CNY"), "Price (CNY)", "Speed")
    for side, values, title in (
        ("left", speeds, "Speed"),
        ("bottom", (2500.0, 30000.0), "Price (CNY)"),
    ):
        label, (low, high), shown = _axis_reading(widget.plot.getPlotItem(), side)
        assert title in label and "(x" not in label
        assert low <= min(values) and max(values) <= high
        assert shown and low - 1e-9 <= min(shown) and max(shown) <= high + 1e-9


def test_a_servers_power_bar_shows_its_cards_and_leaves_the_rest_to_its_maker():
    """A server's bar read "CPU 125 W · GPUs 500 W · Platform 60 W": a desktop's CPU and board
    under eight H100s' baseboard. Its cards alone, and the words for what its maker rates."""
    from gpuplanner.planning.machine.power import GpuLoad, budget
    from gpuplanner.report.chart_data import power_bar, power_legend
    from gpuplanner.report.svg_charts import power_bar_svg

    labels = ("CPU", "GPUs", "Platform", "PSU", "80%", "spikes up to")
    load = GpuLoad(board_power_w=700, count=8)

    class Pick:  # the one field power_bar reads
        def __init__(self, draw):
            self.power = draw

    server = power_bar(Pick(budget(load, None, server=True)))
    desktop = power_bar(Pick(budget(load, None)))
    said = power_legend(server, labels, "its maker's rating", spikes=False)
    assert said == "GPUs 5,600 W · its maker's rating"
    assert "CPU" in power_legend(desktop, labels, "its maker's rating", spikes=False)
    assert "its maker&#x27;s rating" in power_bar_svg(server, labels, "Power", "its maker's rating")
    assert (server.cpu_w, server.platform_w) == (0.0, 0.0) and desktop.cpu_w > 0
