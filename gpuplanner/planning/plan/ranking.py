"""The order of a plan's options, and the one line that says why each stands where it does.

Keeping the installed cards comes first when they hold the job; purchases follow by value for
the user's goal (ties toward fewer warnings, fewer needs, a lower price; a price's age is shown,
never ranked), those priced by the market before those priced only by a launch MSRP or an
estimate (the kind of a price ranks, never its age: DESIGN.md section 14); options not offered
last, those that come closest first.
More of a card is listed only when it is faster than fewer of it (MIN_GAIN_OVER_FEWER).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from gpuplanner.core.vocab import FALLBACK_CONDITIONS, PriceGroup
from gpuplanner.planning.findings import SEVERITY_ORDER, Finding, finding
from gpuplanner.planning.options import Option

# More of the same card is offered only when it is at least this much faster than fewer: each
# card costs a card's price and power, and a 2-5% gain is within the prediction's own error.
MIN_GAIN_OVER_FEWER = 0.10
# The budget's edge: where nothing within the budget meets the scenario's memory floor, the
# best card that does and costs at most this much more is offered, over budget by the
# difference, rather than a card under the floor winning (issue 48: a student's ¥2,500 bought
# a 6 GB card while a 12 GB one was ¥78 more). A friend would say "stretch ¥78".
STRETCH = 0.10


def slower_no_larger(option: Option, keep: Option | None) -> bool:
    """Not faster than the installed cards, and no more memory that the job could use."""
    if keep is None or option.action == "keep" or option.speedup is None:
        return False
    larger = option.vram_per_card_gb * option.count > keep.vram_per_card_gb * keep.count
    # When the installed cards hold the job, more memory does nothing for it.
    return option.speedup <= 1.0 and (not larger or keep.offered)


def not_worth_buying(option: Option, keep: Option | None) -> Finding | None:
    """Why a purchase is not worth it beside installed cards that run the job, the same rule for
    every card and pair (issue 49, 3): it takes memory away (less per card than the cards it
    replaces: MirroredStrategy holds the whole job on each), it drops the ECC they have, or
    its gain is within the prediction's own stated error."""
    if keep is None or not keep.offered or option.action == "keep" or option.speedup is None:
        return None
    speedup = round(option.speedup, 2)
    if option.action == "replace" and option.vram_per_card_gb < keep.vram_per_card_gb:
        return finding(
            "smaller-than-installed",
            "blocks",
            speedup=speedup,
            card_gb=option.vram_per_card_gb,
            installed_gb=keep.vram_per_card_gb,
        )
    if option.action == "replace" and keep.ecc and not option.ecc:
        return finding("drops-ecc", "blocks", speedup=speedup, installed=keep.gpu)
    # A bridge buys no card: the cards and their error are the same with and without it, and
    # what it adds is judged by the scaling it buys (rules/fit.py:bridge_pays).
    error = option.predicted_error_pct / 100
    if option.action != "bridge" and option.speedup - 1.0 <= error:
        return finding(
            "gain-within-error",
            "blocks",
            speedup=speedup,
            error_pct=round(option.predicted_error_pct),
        )
    return None


def prune(options: list[Option]) -> list[Option]:
    """Per card and action: every offered count that is faster than fewer of the same card,
    or else the one that comes closest."""
    groups: dict[tuple[str, str], list[Option]] = {}
    for option in options:
        groups.setdefault((option.action, option.gpu_id), []).append(option)
    kept: list[Option] = []
    for group in groups.values():
        offered = [o for o in group if o.offered]
        if offered:
            kept += _adding_speed(offered)
            continue
        kept.append(
            min(
                group,
                key=lambda o: (
                    sum(f.severity == "blocks" for f in o.findings),
                    any(f.id == "vram-short" for f in o.findings),
                    o.count,
                ),
            )
        )
    return kept


def _adding_speed(offered: list[Option]) -> list[Option]:
    """Drop a count no faster than a smaller one that also holds the job: two cards whose
    gradients cross a slow link (or a model split by layers) run at one card's speed, for twice
    the money and power."""
    kept: list[Option] = []
    best: float | None = None
    for option in sorted(offered, key=lambda o: o.count):
        speed = option.predicted_relative
        if best is not None and speed is not None and speed < best * (1 + MIN_GAIN_OVER_FEWER):
            continue
        kept.append(option)
        if speed is not None:
            best = speed if best is None else max(best, speed)
    return kept


def rank_key(option: Option) -> tuple[float, int, int, float]:
    """Offered options: value for the goal, ties toward fewer warnings, fewer needs, lower price."""
    warns = sum(f.severity == "warns" for f in option.findings)
    needs = sum(f.severity == "needs" for f in option.findings)
    return (
        -option.score,  # unrounded: a rounded tie broken by warnings could lift a slower one
        warns,
        needs,
        option.price if option.price is not None else math.inf,
    )


# Refused only because the user chose new cards: what they did not ask to see, listed after
# the cards the machine, the job or the money refused.
BY_CHOICE = frozenset({"modified-needs-used-ok"})


def _closeness(option: Option) -> tuple[Any, ...]:
    """Options that are not offered: those that come closest first, after them those the
    user's own choice bars. A card too small comes closer the more memory it has; one that
    holds the job and is faster than the installed cards, the fewer its blocks and the less it
    costs: memory past the job's brings it no closer (a student's ¥3,500 plan listed a ¥36,877
    48 GB card first for a 4.5 GB job, before a ¥12,999 one)."""
    blocks = [f.id for f in option.findings if f.severity == "blocks"]
    short = "vram-short" in blocks
    # No faster than the installed cards: what the user has already does more.
    slower = option.speedup is not None and option.speedup <= 1.0
    return (
        bool(BY_CHOICE & set(blocks)),
        short,
        slower,
        len(blocks),
        -option.vram_per_card_gb * option.count if short else 0.0,
        option.price if option.price is not None else math.inf,
        -round(option.score, 4),
    )


def price_group(option: Option) -> PriceGroup:
    """A purchase's group by the kind of its card's price: a market figure (a dated listing or
    report, a shop's list, the buyer's typed price) or a price to confirm (a launch MSRP or an
    estimate, which no one may be asking today)."""
    each = option.price_each
    if each is not None and each.condition in FALLBACK_CONDITIONS:
        return "to-confirm"
    if any(not n.priced for n in option.needs):  # a part whose price is not on record
        return "to-confirm"
    return "market"


def keep_fix(keep: Option) -> float:
    """What keeping the installed cards costs to do safely: the needs priced into it (a supply
    the machine as it stands lacks)."""
    return round(sum(n.price for n in keep.needs), 2)


def _rank_reason(
    option: Option, keep: Option | None, objective: str, after_market: bool = False
) -> Finding:
    if option.action == "keep" and option.offered:
        fix = keep_fix(option)
        if fix:
            psu = next((n for n in option.needs if n.what == "psu"), None)
            return finding(
                "rank-keep-fix",
                "info",
                watts=psu.watts or 0 if psu is not None else 0,
                price=fix,
                currency=option.currency,
            )
        return finding("rank-keep", "info")
    if not option.offered:
        first = next(f.id for f in option.findings if f.severity == "blocks")
        return finding("rank-blocked", "info", by=first)
    if slower_no_larger(option, keep):
        return finding("rank-slower-than-installed", "info")
    basis = option.speedup if option.speedup is not None else option.predicted_relative
    if after_market:  # a launch price or an estimate, below every card the market prices
        return finding("rank-to-confirm", "info", speed=round(basis or 0, 2))
    if objective == "speed":
        return finding("rank-speed", "info", speed=round(basis or 0, 2))
    return finding(
        "rank-value",
        "info",
        value=round(option.value or 0, 3),
        currency=option.currency,
        speed=round(basis or 0, 2),
    )


def not_an_option(option: Option, blocking: Finding) -> Option:
    return replace(
        option,
        offered=False,
        findings=tuple(
            sorted((*option.findings, blocking), key=lambda f: SEVERITY_ORDER[f.severity])
        ),
    )


def _budget_only(option: Option) -> bool:
    blocks = [f.id for f in option.findings if f.severity == "blocks"]
    return bool(blocks) and all(b == "over-budget" for b in blocks)


def stretch(
    options: list[Option], floor_gb: float | None, budget: float
) -> tuple[list[Option], Finding | None]:
    """Where no purchase within the budget meets the memory floor, the best one that does (by
    the goal, the market's prices first) at most ``STRETCH`` over the budget is offered, with
    what it costs more (``over-budget-by``); the plan says so (``budget-stretch``)."""
    if floor_gb is None:
        return options, None
    if any(o.action == "keep" and o.offered for o in options):
        # The installed cards run the job: nothing needs buying, least of all over the budget
        # (eight H100s were told "for ¥62 more: RTX A2000 12 GB").
        return options, None
    purchases = [o for o in options if o.action != "keep"]
    if any(o.offered and o.vram_per_card_gb >= floor_gb for o in purchases):
        return options, None
    edge = [
        o
        for o in purchases
        if not o.offered
        and _budget_only(o)
        and o.price is not None
        and o.vram_per_card_gb >= floor_gb
        and o.price <= budget * (1 + STRETCH)
    ]
    if not edge:
        return options, None
    best = min(edge, key=lambda o: (price_group(o) == "to-confirm", rank_key(o)))
    extra = float(round((best.price or 0.0) - budget))  # "¥78 more", not "¥77.98"
    over = finding(
        "over-budget-by",
        "warns",
        extra=extra,
        total=best.price or 0.0,
        budget=round(budget, 2),
        currency=best.currency,
    )
    findings = [over] + [f for f in best.findings if f.id != "over-budget"]  # said first
    stretched = replace(
        best,
        offered=True,
        findings=tuple(sorted(findings, key=lambda f: SEVERITY_ORDER[f.severity])),
    )
    under = [o.vram_per_card_gb for o in purchases if o.offered]
    said = finding(
        "budget-stretch" if under else "budget-stretch-only",
        "info",
        extra=extra,
        gpu=best.gpu,
        count=best.count,
        card_gb=best.vram_per_card_gb,
        floor_gb=floor_gb,
        **({"under_gb": max(under)} if under else {}),
        currency=best.currency,
    )
    return [stretched if o is best else o for o in options], said


def real_options(options: list[Option], floor_gb: float | None = None) -> list[Option]:
    """Only real options stay offered: replacing the installed cards with slower ones that hold
    no more is not one (``slower-than-installed``), nor a purchase not worth buying
    (``not_worth_buying``: less memory, no ECC, a gain within the error); and with a memory floor (the student's 12 GB),
    a smaller card is offered only when no card at the floor is (``vram-under-floor``)."""
    keep = next((o for o in options if o.action == "keep"), None)
    out = []
    for option in options:
        if option.offered and slower_no_larger(option, keep):
            option = not_an_option(
                option,
                finding("slower-than-installed", "blocks", speedup=round(option.speedup or 0, 2)),
            )
        elif option.offered and (why := not_worth_buying(option, keep)) is not None:
            option = not_an_option(option, why)
        out.append(option)
    if floor_gb is None:
        return out
    purchases = [o for o in out if o.offered and o.action != "keep"]
    if not any(o.vram_per_card_gb >= floor_gb for o in purchases):
        return out
    return [
        not_an_option(
            o, finding("vram-under-floor", "blocks", card_gb=o.vram_per_card_gb, floor_gb=floor_gb)
        )
        if o in purchases and o.vram_per_card_gb < floor_gb
        else o
        for o in out
    ]


def order(options: list[Option], objective: str) -> tuple[list[Option], Option | None]:
    """The installed cards when they hold the job; the purchases priced by the market, by the
    goal; then those whose price is to be confirmed (a launch MSRP, an estimate), by the goal;
    then what is not offered. Where no purchase has a market price, the ones to confirm rank as
    ever (``all_to_confirm``)."""
    keep = next((o for o in options if o.action == "keep"), None)
    offered_keep = keep if keep is not None and keep.offered else None
    purchases = [
        o.but(price_group=price_group(o)) for o in options if o.offered and o.action != "keep"
    ]
    # The goal alone within each group: a price's age is no rank, its kind is.
    market = sorted((o for o in purchases if o.price_group == "market"), key=rank_key)
    confirm = sorted((o for o in purchases if o.price_group == "to-confirm"), key=rank_key)
    blocked = sorted((o for o in options if not o.offered), key=_closeness)
    ordered = ([offered_keep] if offered_keep else []) + market + confirm + blocked
    ranked = [
        option.but(
            rank_reason=_rank_reason(
                option, keep, objective, bool(market) and option.price_group == "to-confirm"
            ),
        )
        for option in ordered
    ]
    if market and confirm and confirm[0].score > market[0].score:
        # The first card priced by the market is not the goal's best: a buyer reading "ranked
        # by speed" above a card twice as fast is told why (the SME's RTX 4060 Ti 16 GB at
        # 0.51x, listed; the RTX 4090 D at 1.36x, a launch price).
        first = next(i for i, o in enumerate(ranked) if o.price_group == "market")
        ranked[first] = ranked[first].but(
            rank_reason=_ahead_of_to_confirm(ranked[first], confirm[0], objective)
        )
    return ranked, offered_keep


def _ahead_of_to_confirm(option: Option, better: Option, objective: str) -> Finding:
    speed = option.speedup if option.speedup is not None else option.predicted_relative
    other = better.speedup if better.speedup is not None else better.predicted_relative
    if objective == "speed":
        return finding(
            "rank-speed-market-first",
            "info",
            speed=round(speed or 0, 2),
            gpu=better.gpu,
            count=better.count,
            other_speed=round(other or 0, 2),
        )
    return finding(
        "rank-value-market-first",
        "info",
        speed=round(speed or 0, 2),
        value=round(option.value or 0, 3),
        currency=option.currency,
        gpu=better.gpu,
        count=better.count,
        other_value=round(better.value or 0, 3),
    )


def all_to_confirm(options: list[Option]) -> bool:
    """Every offered purchase is priced only by a launch MSRP or an estimate."""
    groups = [o.price_group for o in options if o.offered and o.action != "keep"]
    return bool(groups) and all(g == "to-confirm" for g in groups)


def keep_findings(keep: Option, faster: list[Option]) -> tuple[Finding, ...]:
    """What would change "no purchase needed": a bigger job, or wanting more speed."""
    out = [
        finding(
            "keep-until-memory",
            "info",
            vram_gb=round(keep.usable_per_card_gb, 1),
            count=keep.count,
        )
    ]
    better = next((o for o in faster if (o.speedup or 0) > 1.05), None)
    if better is not None and better.action == "bridge":
        # The bridge alone is bought, never the pair it joins.
        out.append(
            finding(
                "keep-until-bridge",
                "info",
                gpu=better.gpu,
                speedup=round(better.speedup or 0, 2),
                price=better.price or 0,
                currency=better.currency,
            )
        )
    elif better is not None:
        out.append(
            finding(
                "keep-until-speed",
                "info",
                gpu=better.gpu,
                count=better.count,
                speedup=round(better.speedup or 0, 2),
                price=better.price or 0,
                currency=better.currency,
            )
        )
    return tuple(out)
