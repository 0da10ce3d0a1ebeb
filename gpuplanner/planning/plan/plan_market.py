"""The market a plan prices in, as facts: which one, the money it is shown in, and how many of
the top picks are priced without a recent listing from that market (converted from another
market, an estimate, a launch price, or a listing over a year old). The headline says the
market and, where the buyer's own market has no recent prices, asks for the price they see.
"""

from __future__ import annotations

from gpuplanner.core import markets
from gpuplanner.planning.options import Option, PlanMarket
from gpuplanner.planning.plan.rules.job import STALE_DAYS
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.prices.quote import Quote

TOP = 3  # the options a buyer reads first
LISTED = ("new", "used", "refurbished")  # what a shop or a seller asked


def listed_here(price: Quote, region: str) -> bool:
    """A price seen in the buyer's own market within a year: the user's, a shop's, or a dated
    listing or report from that market."""
    if price.price.own:
        return True
    young = price.age_days is not None and price.age_days <= STALE_DAYS
    return price.region == region and price.condition in LISTED and young


# Where a price came from, as the report lists it: in this order, the first that holds.
PROVENANCES = ("user", "shop", "estimate", "msrp", "converted", "listed")


def provenance(price: Quote, region: str) -> str:
    """The user's own, a shop's, an estimate, a launch price, another market's (converted), or
    a listing or report from the buyer's market."""
    if price.origin in ("user", "shop"):
        return price.origin
    if price.condition in ("estimate", "msrp"):
        return price.condition
    return "listed" if price.region == region else "converted"


def plan_market(options: list[Option], market: Market, *, shop_only: bool = False) -> PlanMarket:
    bought = [o for o in options if o.offered and o.action != "keep" and o.price_each is not None][
        :TOP
    ]
    unlisted = sum(
        not listed_here(o.price_each, market.region) for o in bought if o.price_each is not None
    )
    own = markets.market(market.region).currency
    converted = market.currency != own and market.rate is not None
    return PlanMarket(
        region=market.region,
        currency=own,
        shown_in=market.currency,
        fx_rate=market.rate.rate if converted and market.rate else None,
        fx_date=market.rate.date if converted and market.rate else None,
        top=len(bought),
        unlisted=unlisted,
        months=STALE_DAYS // 30,
        shop_only=shop_only,
    )
