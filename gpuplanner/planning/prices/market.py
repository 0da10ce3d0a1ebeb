"""The buyer's market: which cards are sold there, and prices moved into its money.

The market (the region) is where the buyer buys; the currency is only how money is shown.
Switching the currency never changes the region, so the cards, the shop's stock and the
order stay; only the figures are converted.

A price from another market is converted at the newest dated exchange rate the prices carry,
with each region's tax: Chinese shelf prices include 13% VAT, US prices are before sales tax.
So a US price gains the VAT on its way to CNY (1,599 USD -> about 12,700 CNY at 7.02, close to
the 12,999 CNY the same card was listed at), and a CNY price sheds it on the way to USD. Used
cards change hands privately (Xianyu, eBay): no VAT either way. An hour of cloud is billed
where it runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpuplanner.catalog.records import (
    Availability,
    CatalogData,
    FxRate,
    Price,
    PriceTrend,
    RegionTax,
)
from gpuplanner.core.markets import region_of
from gpuplanner.core.money import Money
from gpuplanner.core.vocab import Currency, PriceCondition

EVERYWHERE = "*"
# Sales that carry the region's shelf tax. A used card is a private sale: no VAT in China.
TAXED_CONDITIONS = ("new", "refurbished", "msrp", "estimate")


@dataclass(frozen=True)
class Converted:
    amount: float
    rate: float | None = None  # CNY per USD used, when the currency changed
    rate_date: str | None = None
    tax_pct: float = 0.0  # tax added (+) or taken off (-) on the way


@dataclass(frozen=True, kw_only=True)
class Market:
    region: str
    currency: Currency
    rate: FxRate | None = None  # the newest USD/CNY rate on record
    taxes: dict[str, RegionTax] = field(default_factory=dict)
    availability: dict[tuple[str, str], Availability] = field(default_factory=dict)
    show_unavailable: bool = False
    trends: tuple[PriceTrend, ...] = ()  # how kinds of prices moved (planning/prices/moves.py)
    # The day the plan is for: a restriction with a start date ("discontinued since") does not
    # hold before it, so a plan for an earlier day sees the card as it was sold then.
    today: str | None = None

    def local(self, price: Price) -> bool:
        """A price asked where the buyer buys: the region's own, a shop's, the user's own."""
        return price.own or price.region == self.region

    def convert(self, price: Price) -> Converted | None:
        """The price in the buyer's currency and tax terms; None when no rate is on record.

        A local price shown in another currency is the same money: converted, no tax moved
        (a Chinese shop's 12,999 CNY shown in USD still includes its VAT)."""
        same_money = price.currency == self.currency
        if self.local(price):
            if same_money:
                return Converted(price.amount)
            if self.rate is None:
                return None
            moved = Money(price.amount, price.currency).converted(self.currency, self.rate.rate)
            if moved is None:
                return None
            return Converted(round(moved.amount, 2), self.rate.rate, self.rate.date)
        # Another market's price: its tax off, the money moved, the buyer's tax on (a US
        # price shown in USD to a buyer in China still gains China's VAT).
        if not same_money and self.rate is None:
            return None
        amount = price.amount
        tax = 0.0
        taxed = price.condition in TAXED_CONDITIONS
        source_tax = self.taxes.get(price.region) if price.region else None
        if (
            taxed
            and source_tax is not None
            and source_tax.prices_include_tax
            and source_tax.tax_pct
        ):
            amount /= 1 + source_tax.tax_pct / 100
            tax -= source_tax.tax_pct
        if not same_money:
            assert self.rate is not None
            moved = Money(amount, price.currency).converted(self.currency, self.rate.rate)
            if moved is None:
                return None
            amount = moved.amount
        own_tax = self.taxes.get(self.region)
        if taxed and own_tax is not None and own_tax.prices_include_tax and own_tax.tax_pct:
            amount *= 1 + own_tax.tax_pct / 100
            tax += own_tax.tax_pct
        if same_money and not tax:
            return Converted(price.amount)
        rate = None if same_money else self.rate
        return Converted(
            round(amount, 2), rate.rate if rate else None, rate.date if rate else None, tax
        )

    def money(self, amount: float, source: Currency) -> float | None:
        """A plain sum of money (a budget, a supply's price) in the buyer's currency, no tax."""
        moved = Money(amount, source).converted(
            self.currency, self.rate.rate if self.rate else None
        )
        return moved.amount if moved is not None else None

    def not_sold(self, gpu_id: str, condition: PriceCondition) -> Availability | None:
        """Why a card in this condition is not sold in the buyer's region (None: it is)."""
        if condition == "cloud-hour":
            return None
        row = self.availability.get((gpu_id, self.region)) or self.availability.get(
            (gpu_id, EVERYWHERE)
        )
        if row is None or (row.since and self.today and self.today < row.since):
            return None
        sold = row.used if condition == "used" else row.new
        return None if sold else row

    def sold(self, price: Price) -> bool:
        """Whether ``price`` is of what can be bought here (a shop's always; anything when the
        user asked to see all)."""
        return (
            self.show_unavailable
            or price.origin == "shop"
            or self.not_sold(price.gpu_id, price.condition) is None
        )


def newest_rate(rates: tuple[FxRate, ...] | list[FxRate]) -> FxRate | None:
    usd_cny = [r for r in rates if (r.base, r.quote) == ("USD", "CNY")]
    return max(usd_cny, key=lambda r: r.date) if usd_cny else None


def market_for(
    currency: Currency,
    catalog: CatalogData,
    region: str | None = None,
    show_unavailable: bool = False,
    today: str | None = None,
) -> Market:
    return Market(
        region=region_of(currency, region),
        currency=currency,
        rate=newest_rate(catalog.fx_rates),
        taxes={t.region: t for t in catalog.regions},
        availability={(a.gpu_id, a.region): a for a in catalog.availability},
        show_unavailable=show_unavailable,
        trends=catalog.price_trends,
        today=today,
    )
