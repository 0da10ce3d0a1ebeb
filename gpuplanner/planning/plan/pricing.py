"""The price an option is planned with, the range it may really be, and how old the prices
behind a plan are.

Ages count from the request's ``today`` (never a year in the code). Age is a fact, not a rank:
an old price orders the options like any other, but the range shown around it widens with its
age and the option says "check today's price". A price over 24 months old is used only when a
card has nothing newer.

How fast the range widens is measured, not chosen: in the memory crunch that began in late
2025 the 16 GB cards moved 12-28% in three months (RTX 5060 Ti $400 -> $450, 5070 Ti
$745 -> $829, 5080 $990 -> $1,268; pcgamer-16gb-2026), and GeForce cards two to four years old
sold 20-40% off or over their launch prices. So about 3% a month after the first six, capped
at half the price either way, for the days no measured trend covers; where one does (catalog
price_trends.csv, planning/prices/moves.py), the range follows where prices of that kind went.
"""

from __future__ import annotations

import datetime as dt

from gpuplanner.catalog.records import Price
from gpuplanner.planning.options import Option, PriceAge
from gpuplanner.planning.plan.rules.price import VERY_OLD_DAYS
from gpuplanner.planning.prices import cost
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.prices.moves import Dated, PriceMove, movement
from gpuplanner.planning.prices.quote import STALE_DAYS, Offer, Quote, offers
from gpuplanner.planning.request import PlanRequest

FRESH_DAYS = 182  # a price this young is taken at the range its source saw
DRIFT_PER_MONTH = 0.03
MAX_DRIFT = 0.5


def drift(age_days: int | None) -> float:
    """How far either way a price of this age may have moved since (a fraction of it)."""
    if age_days is None or age_days <= FRESH_DAYS:
        return 0.0
    return min(MAX_DRIFT, DRIFT_PER_MONTH * (age_days - FRESH_DAYS) / 30.4)


def today_range(chosen: Offer, age: int | None, moved: PriceMove | None) -> tuple[float, float]:
    """What the price may be today: centred where prices of its kind went since its date (a
    measured trend), widened by the drift of the days no trend measured; the source's own range
    moved the same way."""
    factor = 1 + moved.change if moved is not None else 1.0
    unmeasured = age
    if moved is not None and age is not None:
        unmeasured = max(0, age - moved.covered_days)
    spread = drift(unmeasured)
    centre = chosen.amount * factor
    seen_low = chosen.in_buyers_terms(chosen.price.low)
    seen_high = chosen.in_buyers_terms(chosen.price.high)
    low = min((seen_low or chosen.amount) * factor, centre * (1 - spread))
    high = max((seen_high or chosen.amount) * factor, centre * (1 + spread))
    return low, high


def age_days(date: str, today: str | None) -> int | None:
    if not today:
        return None
    try:
        return (dt.date.fromisoformat(today) - dt.date.fromisoformat(date[:10])).days
    except ValueError:
        return None


def price_fact(prices: list[Price], request: PlanRequest, market: Market) -> Quote | None:
    """The price to plan with: prices over 24 months old only when a card has nothing newer;
    only what is sold in the buyer's region (unless they asked to see everything). Each price is
    converted into the buyer's money once, and the quote carries that conversion to the view."""
    if request.today:  # a price dated after "today" did not exist yet
        prices = [p for p in prices if p.date[:10] <= request.today]
    offered = offers(prices, market)
    recent = [
        o
        for o in offered
        if o.price.origin == "shop" or (age_days(o.price.date, request.today) or 0) <= VERY_OLD_DAYS
    ]
    chosen = cost.choose(recent, market, request.used_ok, request.shop_only)
    if chosen is None:
        chosen = cost.choose(offered, market, request.used_ok, request.shop_only)
    if chosen is None:
        return None
    price = chosen.price
    age = age_days(price.date, request.today)
    moved = None
    if price.region is not None:  # a market's price, not a shop's or the user's own
        dated = Dated(
            gpu_id=price.gpu_id, region=price.region, condition=price.condition, date=price.date
        )
        moved = movement(dated, market.trends, request.today)
    low, high = today_range(chosen, age, moved)
    return Quote(
        offer=chosen,
        currency=market.currency,
        age_days=age,
        low=round(low, 2),
        high=round(high, 2),
        moved=moved,
    )


def price_age(options: list[Option]) -> PriceAge | None:
    """The ages of the prices of the offered purchases, each card once."""
    seen: dict[str, Quote] = {}
    for option in options:
        quote = option.price_each
        # A shop's own list is its price at the counter today: nothing to check, not aged
        # (a kiosk's QR called it "typically 0 months old ... check today's price").
        if option.offered and option.action != "keep" and quote is not None and not quote.shop:
            seen.setdefault(option.gpu_id, quote)
    dated = [p for p in seen.values() if p.age_days is not None]
    if not dated:
        return None
    days = sorted(p.age_days or 0 for p in dated)
    return PriceAge(
        count=len(dated),
        median_days=days[len(days) // 2],
        oldest_date=min(p.date for p in dated),
        newest_date=max(p.date for p in dated),
        stale=sum(d > STALE_DAYS for d in days),
        unknown=sum(d > VERY_OLD_DAYS for d in days),
    )
