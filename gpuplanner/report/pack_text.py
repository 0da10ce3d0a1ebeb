"""A price pack's preview as words and table rows, in the user's language (window and CLI)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from gpuplanner.core.money import format_money
from gpuplanner.core.vocab import Currency
from gpuplanner.core.words import fill, translatable
from gpuplanner.report.plan_text import Translator, condition_text, region_text

if TYPE_CHECKING:
    from gpuplanner.app.records import Change, IgnoredValue, Rejection

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
    return fill(text, **{key: str(value) for key, value in values.items()})


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
        fill(line, line=str(r.line)) + (f", {r.column}" if r.column else "") + f": {r.reason}"
        for r in rejected
    ]


IGNORED_TEXT = {
    "user": translatable(
        "Finding",
        "Your stored price of {card} was ignored: its {column} is {value}, not a price."
        ' Remove it with: gpuplanner db prices "{card}" --forget',
    ),
    "pack": translatable(
        "Finding",
        "A price of {card} in price pack {owner} was ignored: its {column} is {value}, not a"
        " price. Import the pack again, or remove it with: gpuplanner db packs --remove {owner}",
    ),
    "shop": translatable(
        "Finding",
        "A price of {card} in shop {owner}'s list was ignored: its {column} is {value}, not a"
        " price. Import the shop's list again.",
    ),
    "fx": translatable(
        "Finding",
        "The exchange rate {card} in price pack {owner} was ignored: its {column} is {value},"
        " not a rate. Import the pack again, or remove it with: gpuplanner db packs --remove"
        " {owner}",
    ),
}


# The columns a stored row is most often ignored for, in words; another is named as stored.
COLUMN_TEXT = {
    "amount": translatable("Finding", "amount"),
    "rate": translatable("Finding", "rate"),
    "low": translatable("Finding", "lowest price"),
    "high": translatable("Finding", "highest price"),
    "currency": translatable("Finding", "currency"),
    "condition": translatable("Finding", "condition"),
    "date": translatable("Finding", "date"),
}


def ignored_text(item: IgnoredValue, names: dict[str, str], tr: Translator) -> str:
    """One sentence for a stored row left out because a value is not of its column's kind
    (text or a blob for an amount, NaN, zero or less), naming the row and how to remove it."""
    kind = {"user_prices": "user", "pack_prices": "pack", "shop_prices": "shop"}.get(
        item.table, "fx"
    )
    values = {
        "card": names.get(item.subject, item.subject),
        "owner": item.owner or "?",
        "column": tr(COLUMN_TEXT[item.column]) if item.column in COLUMN_TEXT else item.column,
        "value": item.value,
    }
    # In one pass: a card or pack name holding "{owner}" is not filled in again.
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m[1], m[0]), tr(IGNORED_TEXT[kind]))
