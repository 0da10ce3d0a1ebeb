"""``recommend`` as text: the ranked options with their action, total, needs and findings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpuplanner.commands.output import print_table
from gpuplanner.core.words import fill, translatable
from gpuplanner.report import job_text
from gpuplanner.report.plan_text import PLAIN_MARK, currency_words
from gpuplanner.report.plan_view import OptionRow, headline, option_rows
from gpuplanner.report.probe_effects_text import effect_lines

if TYPE_CHECKING:  # annotations only: the records load with the plan, not before
    from gpuplanner.app.records import Plan

HEADERS = (
    "#",
    translatable("Report", "action"),
    translatable("Report", "GPU"),
    translatable("Report", "total"),
    translatable("Report", "price date"),
    translatable("Report", "speed"),
    translatable("Report", "per 1k {currency}"),  # the money it is per, in the reader's words
    translatable("Report", "needs"),
    translatable("Report", "warnings"),
)


def _clipped(text: str, width: int) -> str:
    """At most ``width`` characters, cut at a word's end (never inside a name), with an ellipsis."""
    if len(text) <= width:
        return text
    cut = text[: width - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > width // 2 else cut) + "…"


def _row(row: OptionRow, words: job_text.Translator) -> list[str]:
    # The table shows what stops or warns; what an option needs has its own column.
    # Joined by "; ", each sentence without its own full stop (".; " and "。；" read as typos).
    warnings = [w.text.rstrip(".。") for w in row.warnings if w.severity in ("blocks", "warns")]
    return [
        row.rank_cell,
        row.action,
        row.gpu,
        row.price,
        row.priced,
        row.speed,
        row.value,
        words(translatable("Report", ", ")).join(row.needs),
        _clipped(words(translatable("Report", "; ")).join(warnings), 100),
    ]


def print_plan(plan: Plan, language: str, top: int) -> None:
    """The plan as report/plan_view.py words it (the window and the HTML report show the same
    headline and rows), laid out for a terminal."""
    head = headline(plan, language)
    print(head.summary)
    for line in (head.stretch, head.market, head.confirm_all, head.ask_price):
        if line is not None:
            print(line)
    if head.price_age is not None:
        print(head.price_age)
    for line in effect_lines(plan, language):
        print(line)
    rows = option_rows(plan, language)
    words = job_text.translator(language)
    shown = rows[:top]
    # The options whose price is to be confirmed stand in their own group, after the ranked.
    first = next((i for i, r in enumerate(shown) if r.price_group == "to-confirm"), None)
    breaks = {first: head.confirm_group} if first and head.confirm_group else None
    money = currency_words(plan.currency, language)
    header = [fill(words(h), currency=money) if "{currency}" in h else words(h) for h in HEADERS]
    print_table(header, [_row(r, words) for r in shown], breaks)
    if head.no_purchase is not None:
        print("\n" + head.no_purchase)
        for line in head.keep:
            print(f"  ? {line}")
    best = rows[0] if rows and rows[0].rank is not None else None
    if best is not None:
        # "加装：GPU" in Chinese: the colon is the language's, from the one translation source.
        pick = words(translatable("Report", "{action}: {gpu}"))
        print("\n" + fill(pick, action=best.action, gpu=best.gpu))
        if best.reason is not None:
            print(f"  = {best.reason}")
        if best.price_source is not None:
            print(f"  $ {best.price_source}")
        for need in best.needs:
            print(f"  + {need}")
        for said in (*best.warnings, *best.notes):
            print(f"  {PLAIN_MARK[said.severity]} {said.text}")
    if head.route_alternative is not None:
        print("\n" + head.route_alternative)
    if head.ways_forward is not None:
        print("\n" + head.ways_forward)
        for line in head.alternatives:
            print(f"  -> {line}")
