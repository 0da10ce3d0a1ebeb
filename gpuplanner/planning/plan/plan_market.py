"""The market a plan prices in, as facts: which one, the money it is shown in, and how many of
the top picks are priced without a recent listing from that market (converted from another
market, an estimate, a launch price, or a listing over a year old). The headline says the
market and, where the buyer's own market has no recent prices, asks for the price they see.
"""

from __future__ import annotations

from gpuplanner.core import markets
from gpuplanner.planning.options import Option, PlanMarket
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.prices.quote import STALE_DAYS

TOP = 3  # the options a buyer reads first


def plan_market(options: list[Option], market: Market, *, shop_only: bool = False) -> PlanMarket:
    bought = [o for o in options if o.offered and o.action != "keep" and o.price_each is not None][
        :TOP
    ]
    unlisted = sum(
        not o.price_each.listed_in(market.region) for o in bought if o.price_each is not None
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
