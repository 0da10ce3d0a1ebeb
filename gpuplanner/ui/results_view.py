"""The numbers behind the results page's pictures, taken from the plan without Qt.

Nothing here recomputes what planning decided: the power bar is the option's own budget.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gpuplanner.core.money import format_money
from gpuplanner.report import plan_text

if TYPE_CHECKING:  # annotations only: the records load with the plan, not before
    from gpuplanner.app.records import GpuSpec, Option


def comparison_rows(
    options: list[Option], gpus: dict[str, GpuSpec], tr: Callable[[str], str] = lambda s: s
) -> list[tuple[str, list[str]]]:
    """(field label key, value per option) for a side-by-side table of two or three cards."""

    def card(option: Option) -> GpuSpec:
        return gpus[option.gpu_id]

    def needs(option: Option) -> str:
        return "; ".join(plan_text.need_text(n, option.currency, tr=tr) for n in option.needs)

    def dated(option: Option) -> str:
        each = option.price_each
        if each is None:
            return "N/A"
        condition = plan_text.condition_text(each.condition, tr)
        return f"{each.date} · {condition} · {plan_text.region_text(each.where, tr)}"

    return [
        ("action", [plan_text.action_text(o.action, tr=tr) for o in options]),
        ("memory", [f"{card(o).memory_gb * o.count:g} GB" for o in options]),
        ("bandwidth", [f"{card(o).memory_bandwidth_gbs:g} GB/s" for o in options]),
        ("fp16", [f"{card(o).fp16_tflops or 0:g} TFLOPS" for o in options]),
        ("power", [f"{card(o).board_power_w * o.count:g} W" for o in options]),
        (
            "price",
            [format_money(o.price, o.currency) if o.price is not None else "N/A" for o in options],
        ),
        ("price_date", [dated(o) for o in options]),
        ("needs", [needs(o) or "-" for o in options]),
        (
            "speed",
            [
                f"{(o.speedup if o.speedup is not None else o.predicted_relative):.2f}x"
                if (o.speedup or o.predicted_relative)
                else "N/A"
                for o in options
            ],
        ),
        (
            "scaling",
            [
                f"{o.scaling.efficiency:.0%} ({o.scaling.link})" if o.scaling else "-"
                for o in options
            ],
        ),
        ("value", [f"{o.value:.3f}" if o.value else "N/A" for o in options]),
        ("ecc", ["ECC" if card(o).ecc else "-" for o in options]),
        (
            "length",
            [f"{card(o).length_mm} mm" if card(o).length_mm else "N/A" for o in options],
        ),
        ("tensorflow", [_route_state(o, tr) for o in options]),
    ]


def _route_state(option: Option, tr: Callable[[str], str]) -> str:
    blocked = next((f for f in option.findings if f.id.startswith("route-")), None)
    return plan_text.finding_text(blocked, tr=tr) if blocked else "✔"
