"""The short text of a plan: what the QR code carries and the clipboard gets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpuplanner.core.money import format_money
from gpuplanner.core.words import fill, translatable
from gpuplanner.report import plan_text
from gpuplanner.report.job_text import job_line, scenario_template, translator

if TYPE_CHECKING:
    from gpuplanner.app.records import Plan


def summary_text(plan: Plan, language: str = "en", alternatives: int = 2) -> str:
    tr = translator(language)

    def finding_words(text: str) -> str:  # the markets' and conditions' own context
        return plan_text.translate(text, language)

    template = scenario_template(plan)
    scenario = tr(template) if template else plan.scenario
    lines = [
        f"gpuplanner | {scenario} | {tr(translatable('Report', 'Budget'))}: "
        f"{format_money(plan.budget, plan.currency)}",
        job_line(plan, language),
        fill(tr(translatable("Report", "{gb} GB on one card")), gb=f"{plan.vram.total_gb:g}"),
    ]
    fitting = plan.fitting()
    if fitting:
        best = fitting[0]
        count = f" ×{best.count}" if best.count > 1 else ""
        price = format_money(best.price, plan.currency) if best.price is not None else "N/A"
        lines.append(f"{tr(translatable('Report', 'Best'))}: {best.gpu}{count} - {price}")
        each = best.price_each
        if each is not None:  # a price means little without its day and its market (issue 41)
            lines.append(
                fill(
                    tr(translatable("Report", "Price of {date}, {market}, {condition}")),
                    date=each.date,
                    market=plan_text.region_text(each.where, finding_words),
                    condition=plan_text.condition_text(each.condition, finding_words),
                )
            )
            if each.shop:  # a kiosk's: where to ask for it
                lines.append(
                    fill(
                        tr(translatable("Report", "At {shop}: SKU {sku}")),
                        shop=each.shop,
                        sku=each.sku or "-",
                    )
                )
        # Its speed against the reference card, unless it is that card (1.00x against itself).
        if best.predicted_relative and (best.gpu != plan.reference_gpu or best.count > 1):
            lines.append(
                fill(
                    tr(translatable("Report", "Speed: {speed} relative to {gpu}")),
                    speed=plan_text.speed_cell(best.predicted_relative, best),
                    gpu=plan.reference_gpu,
                )
            )
        for option in fitting[1 : 1 + alternatives]:
            price = format_money(option.price, plan.currency) if option.price is not None else "N/A"
            lines.append(f"{tr(translatable('Report', 'Also'))}: {option.gpu} - {price}")
    return "\n".join(lines)
