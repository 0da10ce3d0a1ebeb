"""A sum of money: an amount and its currency, together, so neither travels without the other.

``text`` is how every page, report and command line writes money ('¥2,500', '$350');
``converted`` moves a plain sum (a budget, a supply's price) into another currency at a
USD/CNY rate, with no tax (prices with their taxes are planning/prices/market.py's).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core.vocab import Currency

CURRENCY_SYMBOLS: dict[str, str] = {"CNY": "¥", "USD": "$"}


@dataclass(frozen=True)
class Money:
    amount: float
    currency: Currency  # a Currency; str so a record read from a file can carry its own

    def text(self, decimals: int = 0) -> str:
        """Whole units (or ``decimals``), thousands separators, the symbol first."""
        symbol = CURRENCY_SYMBOLS.get(self.currency, self.currency + " ")
        return f"{symbol}{self.amount:,.{decimals}f}"

    def converted(self, currency: Currency, cny_per_usd: float | None) -> Money | None:
        """The same sum in ``currency``; None when it needs a rate and there is none."""
        if currency == self.currency:
            return self
        if cny_per_usd is None or {self.currency, currency} != {"CNY", "USD"}:
            return None
        if currency == "CNY":
            return Money(self.amount * cny_per_usd, currency)
        return Money(self.amount / cny_per_usd, currency)


def format_money(amount: float, currency: Currency, decimals: int = 0) -> str:
    """``Money(amount, currency).text(decimals)``, for a record that keeps the two apart."""
    return Money(amount, currency).text(decimals)
