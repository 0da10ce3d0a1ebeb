"""``recommend`` as text: the ranked options with their action, total, needs and findings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gpuplanner.commands.output import print_table
from gpuplanner.core.money import format_money
from gpuplanner.i18n import translatable
from gpuplanner.report import job_text
from gpuplanner.report import plan_text as text
from gpuplanner.report.probe_effects_text import effect_lines

if TYPE_CHECKING:  # annotations only: the records load with the plan, not before
    from gpuplanner.app.records import Option, Plan

HEADERS = {
    "en": ("#", "action", "GPU", "total", "price date", "speed", "per 1k", "needs", "warnings"),
    "zh_CN": ("#", "方案", "显卡", "总价", "价格日期", "速度", "每千元", "需要", "警告"),
}


def _clipped(text: str, width: int) -> str:
    """At most ``width`` characters, cut at a word's end (never inside a name), with an ellipsis."""
    if len(text) <= width:
        return text
    cut = text[: width - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > width // 2 else cut) + "…"


def _tr(language: str) -> Callable[[str], str]:
    return lambda s: text.translate(s, language)


def _speed(option: Option) -> str:
    value = option.speedup if option.speedup is not None else option.predicted_relative
    return text.speed_cell(value, option)


def _row(rank: int, option: Option, plan: Plan, language: str) -> list[str]:
    tr = _tr(language)
    when = text.priced_cell(option.price_each, tr)
    warnings = [
        text.finding_text(f, language, tr)
        for f in option.findings
        if f.severity in ("blocks", "warns")
    ]
    needs = ", ".join(text.need_text(n, plan.currency, language, tr) for n in option.needs)
    gpu = option.gpu + (f" x{option.count}" if option.count > 1 else "")
    return [
        str(rank) if option.offered else "-",
        text.action_text(option.action, language, tr),
        gpu,
        format_money(option.price, plan.currency) if option.price is not None else "N/A",
        when,
        _speed(option),
        f"{option.value:.3f}" if option.value else "",
        needs,
        _clipped("; ".join(warnings), 100),
    ]


def print_plan(plan: Plan, language: str, top: int) -> None:
    tr = _tr(language)
    words = job_text.translator(language)
    scenario = job_text.SCENARIO.get(plan.scenario)
    print(
        words(
            translatable(
                "Report",
                "{scenario}: {job}; budget {budget}; needs {gb} GB on one card; TensorFlow from: {route}; speeds against {gpu}",
            )
        )
        .replace("{scenario}", words(scenario) if scenario else plan.scenario)
        .replace("{job}", job_text.job_line(plan, language))
        .replace("{budget}", format_money(plan.budget, plan.currency))
        .replace("{gb}", f"{plan.vram.total_gb:g}")
        .replace("{route}", text.route_text(plan.tf_route, language, tr))
        .replace("{gpu}", plan.reference_gpu)
    )
    if plan.price_age is not None:
        print(text.price_age_text(plan.price_age, language, tr))
    for line in effect_lines(plan, language):
        print(line)
    rows = [_row(i + 1, o, plan, language) for i, o in enumerate(plan.options[:top])]
    print_table(list(HEADERS.get(language, HEADERS["en"])), rows)
    best = plan.options[0] if plan.options and plan.options[0].offered else None
    if best is not None:
        title = text.action_text(best.action, language, tr)
        print(f"\n{title}: {best.gpu}" + (f" x{best.count}" if best.count > 1 else ""))
        if best.rank_reason is not None:
            print(f"  = {text.finding_text(best.rank_reason, language, tr)}")
        for need in best.needs:
            print(f"  + {text.need_text(need, plan.currency, language, tr)}")
        for f in best.findings:
            mark = text.PLAIN_MARK[f.severity]
            print(f"  {mark} {text.finding_text(f, language, tr)}")
        for f in plan.keep_findings:
            print(f"  ? {text.finding_text(f, language, tr)}")
    if plan.route_alternative is not None:
        print("\n" + text.route_alternative_text(plan.route_alternative, language, tr))
    if plan.alternatives:
        print("\n" + tr(translatable("Finding", "Nothing fits as asked. Ways forward:")))
        for alternative in plan.alternatives:
            line = text.alternative_text(alternative, plan.currency, plan.job_label, language, tr)
            print(f"  -> {line}")
