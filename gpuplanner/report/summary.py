"""The short text of a plan: what the QR code carries and the clipboard gets."""

from __future__ import annotations

from gpuplanner.core.money import format_money
from gpuplanner.i18n import translatable
from gpuplanner.planning.recommend import Plan
from gpuplanner.report import plan_text
from gpuplanner.report.job_text import SCENARIO, job_line, translator


def summary_text(plan: Plan, language: str = "en", alternatives: int = 2) -> str:
    tr = translator(language)
    scenario = tr(SCENARIO[plan.scenario]) if plan.scenario in SCENARIO else plan.scenario
    lines = [
        f"gpuplanner | {scenario} | {tr(translatable('Report', 'Budget'))}: "
        f"{format_money(plan.budget, plan.currency)}",
        job_line(plan, language),
        tr(translatable("Report", "{gb} GB on one card")).replace(
            "{gb}", f"{plan.vram.total_gb:g}"
        ),
    ]
    fitting = plan.fitting()
    if fitting:
        best = fitting[0]
        count = f" ×{best.count}" if best.count > 1 else ""
        price = format_money(best.price, plan.currency) if best.price is not None else "N/A"
        lines.append(f"{tr(translatable('Report', 'Best'))}: {best.gpu}{count} - {price}")
        if best.predicted_relative:
            lines.append(
                f"{tr(translatable('Report', 'Speed'))}: "
                f"{plan_text.speed_cell(best.predicted_relative, best)} {plan.reference_gpu}"
            )
        for option in fitting[1 : 1 + alternatives]:
            price = format_money(option.price, plan.currency) if option.price is not None else "N/A"
            lines.append(f"{tr(translatable('Report', 'Also'))}: {option.gpu} - {price}")
    return "\n".join(lines)
