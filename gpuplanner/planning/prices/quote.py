"""One price on its way through a plan, as records: the listing as the catalog, a pack, a shop
or the user gave it (``Price``), the same price moved into the buyer's money once (``Offer``),
and the price an option is planned with: that offer, its age and what it may be today
(``Quote``). Each record holds the one before it, never a copy of its fields, so where a price
came from (``origin``) and how it was converted travel to the view unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gpuplanner.catalog.records import Price
from gpuplanner.core.vocab import Currency, PriceCondition, PriceOrigin, Provenance, Region
from gpuplanner.planning.prices.market import Converted, Market
from gpuplanner.planning.prices.moves import PriceMove

STALE_DAYS = 365  # a price over a year old: checked today, its cell marked
LISTED = ("new", "used", "refurbished")  # what a shop or a seller asked


@dataclass(frozen=True, kw_only=True)
class Offer:
    """A listed price and the same price in the buyer's money and tax terms."""

    price: Price
    converted: Converted  # market.convert(price), done once

    @property
    def amount(self) -> float:
        return self.converted.amount

    def in_buyers_terms(self, amount: float | None) -> float | None:
        """Another figure of the listing (its source's low or high) moved the same way."""
        if amount is None:
            return None
        return round(amount * (self.converted.amount / self.price.amount), 2)


def offers(prices: Iterable[Price], market: Market) -> list[Offer]:
    """The prices a card can be bought at, each converted once; an hour of cloud is rented,
    never bought, and a price no rate on record converts is left out."""
    out = []
    for price in prices:
        if price.condition == "cloud-hour":
            continue
        moved = market.convert(price)
        if moved is not None:
            out.append(Offer(price=price, converted=moved))
    return out


@dataclass(frozen=True, kw_only=True)
class Quote:
    """The price an option is planned with (planning/plan/pricing.py:price_fact)."""

    offer: Offer
    currency: Currency  # the buyer's money: what ``amount``, ``low`` and ``high`` are in
    age_days: int | None  # from the request's today
    low: float  # what it may cost today: the source's range widened by its age
    high: float  # (pricing.drift) and moved with its kind's measured trend
    moved: PriceMove | None = None  # how prices of its kind moved since its date

    @property
    def price(self) -> Price:
        return self.offer.price

    @property
    def stale(self) -> bool:
        """Over a year old: the option says "check today's price" and its cell is marked."""
        return self.age_days is not None and self.age_days > STALE_DAYS

    def listed_in(self, region: str) -> bool:
        """A price seen in the buyer's own market within a year: the user's, a shop's, or a
        dated listing or report from that market."""
        if self.price.own:
            return True
        return self.region == region and self.condition in LISTED and not self.stale

    def provenance_in(self, region: str) -> Provenance:
        """The user's own, a shop's, an estimate, a launch price, another market's
        (converted), or a listing or report from the buyer's market."""
        if self.origin in ("user", "shop"):
            return "user" if self.origin == "user" else "shop"
        if self.condition in ("estimate", "msrp"):
            return "estimate" if self.condition == "estimate" else "msrp"
        return "listed" if self.region == region else "converted"

    @property
    def amount(self) -> float:
        return self.offer.amount

    @property
    def origin(self) -> PriceOrigin:
        return self.price.origin

    @property
    def region(self) -> Region | None:
        return self.price.region

    @property
    def where(self) -> str:
        return self.price.where

    @property
    def condition(self) -> PriceCondition:
        return self.price.condition

    @property
    def source(self) -> str:
        return self.price.source

    @property
    def source_name(self) -> str | None:
        return self.price.source_name

    @property
    def date(self) -> str:
        return self.price.date

    @property
    def shop(self) -> str | None:
        return self.price.shop

    @property
    def sku(self) -> str | None:
        return self.price.sku

    @property
    def stock(self) -> int | None:
        return self.price.stock

    @property
    def location(self) -> str | None:
        return self.price.location

    @property
    def converted_from(self) -> Currency | None:
        """The listing's money where it is not the buyer's."""
        return None if self.price.currency == self.currency else self.price.currency

    @property
    def fx_rate(self) -> float | None:
        return self.offer.converted.rate if self.converted_from else None

    @property
    def fx_date(self) -> str | None:
        return self.offer.converted.rate_date if self.converted_from else None

    @property
    def tax_pct(self) -> float:
        """The tax moved on the way between currencies (0 where the money was not changed)."""
        return self.offer.converted.tax_pct if self.converted_from else 0.0
