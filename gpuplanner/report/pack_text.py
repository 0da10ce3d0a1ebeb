"""A price pack's preview as words and table rows, in the user's language (window and CLI)."""

from __future__ import annotations

from collections.abc import Iterable

from gpuplanner.catalog.pricepack import Change, Rejection
from gpuplanner.core.money import format_money
from gpuplanner.core.vocab import Currency
from gpuplanner.i18n import translatable
from gpuplanner.report.plan_text import Translator, condition_text, region_text

KIND_TEXT = {
    "added": translatable("Finding", "added"),
    "changed": translatable("Finding", "changed"),
    "same": translatable("Finding", "same"),
    "removed": translatable("Finding", "removed"),
}


def summary(counts: dict[str, int], name: str, published: str, prices: int, tr: Translator) -> str:
    text = tr(
        translatable(
            "Finding",
            "Price pack {name} ({published}): {prices} prices; {added} new, {changed} changed, {same} the same, {removed} removed.",
        )
    )
    values = {"name": name, "published": published, "prices": prices, **counts}
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def change_rows(
    changes: tuple[Change, ...], names: dict[str, str], tr: Translator
) -> list[list[str]]:
    """Card, condition, region, change, before, after: the rows that change first."""

    def money(amount: float | None, currency: Currency, date: str | None) -> str:
        return f"{format_money(amount, currency)} ({date})" if amount is not None else ""

    ordered = sorted(changes, key=lambda c: (c.kind == "same", names.get(c.gpu_id, c.gpu_id)))
    return [
        [
            names.get(c.gpu_id, c.gpu_id),
            condition_text(c.condition, tr),
            region_text(c.region, tr),
            tr(KIND_TEXT[c.kind]),
            money(c.old_amount, c.currency, c.old_date),
            money(c.new_amount, c.currency, c.new_date),
        ]
        for c in ordered
    ]


def problem_rows(rejected: Iterable[Rejection], tr: Translator) -> list[str]:
    line = tr(translatable("Finding", "line {line}"))
    return [
        line.replace("{line}", str(r.line))
        + (f", {r.column}" if r.column else "")
        + f": {r.reason}"
        for r in rejected
    ]
