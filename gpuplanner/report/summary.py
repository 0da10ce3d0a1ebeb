"""The short text of a plan: what the QR code carries and the clipboard gets."""

from __future__ import annotations

from gpuplanner.planning.recommend import Plan

LABELS = {
    "en": ("gpuplanner", "Scenario", "Budget", "Best", "Speed", "Needs", "Also"),
    "zh": ("gpuplanner", "场景", "预算", "推荐", "速度", "显存需求", "备选"),
}


def summary_text(plan: Plan, language: str = "en", alternatives: int = 2) -> str:
    labels = LABELS["zh" if language.startswith("zh") else "en"]
    lines = [
        f"{labels[0]} | {labels[1]}: {plan.scenario} | {labels[2]}: {plan.budget:,.0f} {plan.currency}",
        f"{labels[5]}: {plan.vram.total_gb:g} GB ({plan.workload}, {plan.precision})",
    ]
    fitting = plan.fitting()
    if fitting:
        best = fitting[0]
        count = f" x{best.count}" if best.count > 1 else ""
        lines.append(f"{labels[3]}: {best.gpu}{count} - {best.price:,.0f} {plan.currency}")
        if best.predicted_relative:
            lines.append(f"{labels[4]}: {best.predicted_relative:.2f}x {plan.reference_gpu}")
        for option in fitting[1 : 1 + alternatives]:
            lines.append(f"{labels[6]}: {option.gpu} - {option.price:,.0f} {plan.currency}")
    return "\n".join(lines)
