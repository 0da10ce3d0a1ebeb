"""Rules about a candidate's price: whether the buyer's market sells it, where the price is
from and how old it is, what risks come with it."""

from __future__ import annotations

from gpuplanner.catalog.records import Availability
from gpuplanner.planning.findings import Finding, Severity, finding
from gpuplanner.planning.options import Candidate
from gpuplanner.planning.plan.judge_inputs import Assessment, Context
from gpuplanner.planning.prices.quote import STALE_DAYS

NOTABLE_MOVE = 0.03  # a price movement worth a sentence (smaller is noise in monthly reports)
VERY_OLD_DAYS = 730


def price_facts(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    if c.bought == 0:
        return []
    request = ctx.request
    market = ctx.market
    if a.price is None:
        barred = market.not_sold(c.gpu.id, "new")
        if barred is not None and (not request.used_ok or market.not_sold(c.gpu.id, "used")):
            return [_not_sold(barred, market.region, "blocks")]
        return [
            finding(
                "not-in-stock" if request.shop_only else "no-price",
                "blocks",
                currency=request.currency,
            )
        ]
    price = a.price
    risks = ctx.risks.get(c.gpu.id, ())
    if not request.used_ok and any(r.risk == "modified-board" for r in risks):
        # A reworked board is a second-hand-market buy: offered with used cards, not before.
        return [finding("modified-needs-used-ok", "blocks")]
    out = []
    if price.region is not None:  # a market's price, not a shop's or the user's own
        barred = market.not_sold(c.gpu.id, price.condition)
        if barred is not None:  # shown only because the user asked to see every card
            out.append(_not_sold(barred, market.region, "warns"))
    if price.region is not None and price.region != market.region:
        # Another market's price stands in for the buyer's own: said in the option, so the
        # buyer knows to check (or type) the price where they buy.
        out.append(
            finding(
                "price-other-market",
                "warns",
                market=market.region,
                seen_in=price.region,
                date=price.date,
            )
        )
    if price.converted_from:
        out.append(
            finding(
                "price-converted",
                "info",
                currency=request.currency,
                source_currency=price.converted_from,
                rate=price.fx_rate or 0.0,
                rate_date=price.fx_date or "",
                tax_pct=round(price.tax_pct),
            )
        )
    if price.condition == "used":
        out.append(finding("used-card-risk", "warns"))
    for risk in risks:
        if risk.applies == "always" or price.condition == "used":
            out.append(finding("market-risk", "warns", risk=risk.risk))
    if price.origin == "user":
        out.append(finding("price-user", "info", date=price.date))
    if price.condition == "msrp":
        out.append(finding("price-msrp", "warns", date=price.date))
    if price.condition == "estimate":
        out.append(finding("price-estimate", "warns", date=price.date))
    moved = price.moved
    if moved is not None and abs(moved.change) >= NOTABLE_MOVE:
        # Which way prices of this kind went since its date, and so what it may be today.
        out.append(
            finding(
                "price-rose" if moved.change > 0 else "price-fell",
                "info",
                price_kind=moved.kind,
                cards=moved.cards_measured,
                pct=round(abs(moved.change) * 100),
                from_date=moved.from_date,
                to_date=moved.to_date,
                low=round(price.low or price.amount),
                high=round(price.high or price.amount),
                currency=request.currency,
            )
        )
    if price.age_days is not None and price.age_days > STALE_DAYS:
        # A fact about the price, never a rank: the range widens, the cell is marked.
        out.append(
            finding(
                "price-very-old" if price.age_days > VERY_OLD_DAYS else "price-stale",
                "info",
                date=price.date,
                months=price.age_days // 30,
                low=round(price.low or price.amount),
                high=round(price.high or price.amount),
                currency=request.currency,
            )
        )
    if price.source.endswith("-recalled") and price.condition != "estimate":
        out.append(finding("price-unverified", "info"))
    return out


def _not_sold(barred: Availability, region: str, severity: Severity) -> Finding:
    return finding(
        "not-sold-here",
        severity,
        region=region,
        reason=barred.reason,
        since=barred.since or "",
    )
