"""Which of the probe's figures moved the predictions, in words (report, command line)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpuplanner.core.words import fill_from, translatable
from gpuplanner.report.job_text import translator

if TYPE_CHECKING:
    from gpuplanner.app.records import Plan, ProbeEffect

TEXT = {
    "matmul": translatable(
        "Report",
        "Matrix multiply: {measured} TFLOPS where this card typically reaches {expected}; "
        "your card's predicted speed changes by {change}%.",
    ),
    "bandwidth": translatable(
        "Report",
        "Memory bandwidth: {measured} GB/s where this card typically reaches {expected}; "
        "your card's predicted speed changes by {change}%.",
    ),
    "pipeline": translatable(
        "Report",
        "The CPU decodes and augments {measured} images/s: no card in this machine trains "
        "faster than {cap} images/s until the input pipeline is faster (more CPU cores, "
        "pre-decoded or cached data).",
    ),
    "copy": translatable(
        "Report",
        "Copies to the GPU run at {measured} GB/s: at most {cap} images/s reach the cards "
        "(check the slot, a riser or the link speed).",
    ),
}


def effect_line(effect: ProbeEffect, language: str) -> str:
    tr = translator(language)
    digits = 1 if effect.figure in ("matmul", "copy") else 0
    template = tr(TEXT[effect.figure])
    figures = {
        "measured": f"{effect.measured:,.{digits}f}",
        "expected": f"{effect.expected:,.{digits}f}" if effect.expected else "",
        "change": f"{effect.change_pct:+.0f}" if effect.change_pct is not None else "",
        "cap": f"{effect.cap:,.0f}" if effect.cap is not None else "",
    }
    # Each figure's sentence names the figures it says: a copy speed has no expected value.
    return fill_from(template, figures)


def effect_lines(plan: Plan, language: str) -> list[str]:
    """One sentence for each probe figure that changed a prediction; none when none did."""
    return [effect_line(effect, language) for effect in plan.probe_effects]
