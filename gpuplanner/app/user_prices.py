"""The price you see: prices the user types in, for one run or kept until removed.

A typed price is the user's own (origin and source "user"), dated the day it was typed; the
plan uses it before any shop or market price of that card in its currency. The command line
takes ``NAME=AMOUNT`` or ``NAME=AMOUNT:used`` for one run; the window keeps them in the user
database, where ``db prices NAME`` lists them with the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpuplanner.catalog.price_plausible import (
    Ranges,
    is_plausible,
    plausible_range,
    ranges_of,
)
from gpuplanner.catalog.price_plausible import amount_text as amount_text  # for the window
from gpuplanner.catalog.records import Price
from gpuplanner.catalog.store import Catalog
from gpuplanner.catalog.userdb import UserDb, user_price
from gpuplanner.core.errors import InputError, UserError
from gpuplanner.core.vocab import Currency, PriceCondition, as_condition

CONDITIONS = ("new", "used")


class PriceEntryError(UserError):
    """A typed price that is not one: no '=', no amount, an unknown condition."""


@dataclass(frozen=True)
class TypedPrice:
    name: str  # as typed: resolved against the catalog's names
    amount: float
    condition: PriceCondition = "new"


def parse_entry(text: str) -> TypedPrice:
    """``NAME=AMOUNT`` or ``NAME=AMOUNT:used`` (the name may hold spaces and '=')."""
    name, sep, rest = text.rpartition("=")
    if not sep or not name.strip():
        raise PriceEntryError(f"{text!r}: write a price as NAME=AMOUNT, e.g. 'RTX 3060 12 GB=1599'")
    amount_text, _, condition = rest.partition(":")
    condition = condition.strip().lower() or "new"
    if condition not in CONDITIONS:
        raise PriceEntryError(f"{text!r}: the condition after ':' is 'new' or 'used'")
    amount = parse_amount(amount_text)
    if amount is None:
        raise PriceEntryError(f"{text!r}: {amount_text.strip()!r} is not a price")
    return TypedPrice(name.strip(), amount, as_condition(condition))


USED_WORDS = ("used", "二手", "u")
NEW_WORDS = ("new", "全新", "n")


def parse_cell(text: str) -> tuple[float, PriceCondition] | None:
    """What a user typed over a price in the table: an amount, and optionally the condition
    before or after it ('1599', '1599 used', '1599:used', '二手 1599'); None when it is not."""
    words = text.replace(":", " ").replace("：", " ").split()
    condition: PriceCondition = "new"
    rest = []
    for word in words:
        lowered = word.lower()
        if lowered in USED_WORDS:
            condition = "used"
        elif lowered in NEW_WORDS:
            condition = "new"
        else:
            rest.append(word)
    amount = parse_amount("".join(rest)) if rest else None
    return (amount, condition) if amount is not None else None


def parse_amount(text: str) -> float | None:
    """A positive, finite amount; thousands separators and a currency sign are allowed."""
    cleaned = text.strip().replace(",", "").replace("¥", "").replace("$", "").replace("￥", "")
    try:
        amount = float(cleaned)
    except ValueError:
        return None
    return amount if math.isfinite(amount) and 0 < amount < 10_000_000 else None


def typed_prices(
    entries: list[str] | tuple[str, ...], currency: Currency, today: str
) -> tuple[Price, ...]:
    """The command line's prices as the plan's: each name resolved (an unknown or ambiguous
    name is the catalog's error, naming the nearest cards)."""
    if not entries:
        return ()
    parsed = [parse_entry(e) for e in entries]
    with Catalog.open() as catalog:
        ranges = ranges_of(catalog.prices(), catalog.fx_rates())
        out = []
        for t in parsed:
            gpu = catalog.resolve(t.name)
            check_plausible(gpu.id, gpu.name, t.amount, currency, ranges)
            out.append(user_price(gpu.id, t.amount, currency, t.condition, today))
        return tuple(out)


def check_plausible(
    gpu_id: str, gpu_name: str, amount: float, currency: Currency, ranges: Ranges
) -> None:
    """Refuse an amount outside the card's own known range (catalog/price_plausible.py): a
    typed 5e-324 once divided a plan by zero, and 1e-300 gave a 300-digit "per 1k"."""
    if is_plausible(gpu_id, amount, currency, ranges):
        return
    low, high = plausible_range(gpu_id, currency, ranges)
    raise InputError(
        "price-implausible",
        value=f"{amount_text(amount)} {currency}",
        card=gpu_name,
        low=f"{low:,.0f}",
        high=f"{high:,.0f}",
    )


def remember(
    gpu_id: str, amount: float, currency: Currency, condition: PriceCondition, today: str
) -> Price:
    """Keep the user's price of a card (it replaces their earlier one in that currency and
    condition); returned as the plan will see it. An amount that cannot be a price of this card
    is refused (``InputError`` 'price-implausible'), never kept."""
    with Catalog.open() as catalog:
        names = {g.id: g.name for g in catalog.gpus()}
        ranges = ranges_of(catalog.prices(), catalog.fx_rates())
    check_plausible(gpu_id, names.get(gpu_id, gpu_id), amount, currency, ranges)
    price = user_price(gpu_id, amount, currency, condition, today)
    with UserDb() as user:
        user.set_user_price(price)
    return price


def forget(gpu_id: str, currency: Currency | None = None) -> int:
    with UserDb() as user:
        return user.remove_user_price(gpu_id, currency)
