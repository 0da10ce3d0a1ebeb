"""A plan put into words once: its headline (what was planned, how old the prices are, whether
anything need be bought, the ways forward) and one row per option. The results page, ``gpuplanner
recommend`` and the HTML report lay these out; tests/test_plan_view.py compares the three.

Words come from the one translation source (plan_text's "Finding" context and the "Report"
context); numbers are written into their ``{name}`` placeholders.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpuplanner.core.money import format_money
from gpuplanner.core.words import fill, translatable
from gpuplanner.report import job_text, plan_text
from gpuplanner.report.finding_sentences import TEXT
from gpuplanner.report.job_text import translator
from gpuplanner.report.plan_text import Said
from gpuplanner.report.probe_effects_text import effect_line

if TYPE_CHECKING:
    from gpuplanner.app.records import Alternative, Option, Plan


@dataclass(frozen=True, kw_only=True)
class Headline:
    summary: str  # the job, the budget, the memory, the TensorFlow route, the speed baseline
    market: str | None  # the market the prices are for, and the money they are shown in
    ask_price: str | None  # where the top picks have no recent local price: type yours
    price_age: str | None  # how old the prices are, when they are old
    no_purchase: str | None  # said when the cards the user has already hold the job
    keep: tuple[str, ...]  # what to know about keeping them
    route_alternative: str | None  # a TensorFlow route that would do better
    ways_forward: str | None  # the heading of ``alternatives``, when nothing fits as asked
    alternatives: tuple[str, ...]
    fitting: int  # options offered
    # Said once: the probe's input pipeline or host copies cap every faster card (issue 41).
    probe_cap: str | None = None
    # Every offered purchase is priced only by a launch price or an estimate.
    confirm_all: str | None = None
    # The heading of the group of options whose price is to be confirmed (after the ranked).
    confirm_group: str | None = None
    # The budget's edge: the card that meets the memory floor a little over the budget.
    stretch: str | None = None


@dataclass(frozen=True, kw_only=True)
class OptionRow:
    rank: int | None  # 1-based among the offered; None: not offered (its reasons are warnings)
    action: str
    gpu: str  # with the count: 'GeForce RTX 3090 ×2'
    price: str  # the total, 'N/A' without one
    priced: str  # the price's date and age
    speed: str
    value: str  # speed per 1,000 of the currency, '' without a price
    vram: str
    power: str
    needs: tuple[str, ...]
    reason: str | None  # why it ranks where it does
    warnings: tuple[Said, ...]  # blocks, needs and warns, in the plan's order
    notes: tuple[Said, ...]  # info findings
    # Said over the price when it is not a recent listing from the buyer's market: the price
    # the user sees is the one to plan with.
    price_invite: str | None = None
    # An offered purchase's group by the kind of its price: "market" or "to-confirm".
    price_group: str | None = None
    # Over a price from another market: its source's own figure and how it was converted.
    price_note: str | None = None
    # Where the price comes from, as a line under the pick (the terminal's table has no room
    # for the source): price_note, or the source's own figure, kind and date.
    price_source: str | None = None

    @property
    def rank_cell(self) -> str:
        """The rank as the tables show it: a price to confirm carries its ✎."""
        if self.rank is None:
            return "-"
        return f"✎{self.rank}" if self.price_group == "to-confirm" else str(self.rank)


def card_count(gpu: str, count: int) -> str:
    return gpu + (f" ×{count}" if count > 1 else "")


def baseline(plan: Plan, language: str) -> str:
    """What speeds are measured against: the user's own cards when they keep them."""
    keep = next((o for o in plan.options if o.action == "keep"), None)
    if keep is None or keep.predicted_relative is None:  # a card without a speed on record
        return plan.reference_gpu
    if plan.mig_off_baseline:
        return fill(
            translator(language)(translatable("Report", "your {gpu} with MIG off")),
            gpu=card_count(keep.gpu, plan.mig_off_baseline),
        )
    return fill(
        translator(language)(translatable("Report", "your {gpu}")),
        gpu=card_count(keep.gpu, keep.count),
    )


CONFIRM_GROUP = translatable("Report", "✎ Price to confirm: type the price you see")
CONFIRM_ALL = translatable(
    "Report",
    "No card that holds this job has a market price: each is priced by its launch price (MSRP) or an estimate, not by what shops ask today. Confirm every price by typing the one you see.",
)
# On paper the same, asking nothing to be typed.
PRINTED_CONFIRM_GROUP = translatable("Report", "✎ Price to confirm: ask the shop for today's price")
PRINTED_CONFIRM_ALL = translatable(
    "Report",
    "No card that holds this job has a market price: each is priced by its launch price (MSRP) or an estimate, not by what shops ask today. Ask the shop for every price before you buy.",
)


def headline(plan: Plan, language: str) -> Headline:
    words = translator(language)
    scenario = job_text.scenario_template(plan)
    # An engine outside TensorFlow (llama.cpp, vLLM...) runs the job: the line says so instead
    # of naming the TensorFlow route it does not use.
    outside = plan.engine is not None and plan.engine != "keras"
    summary = fill(
        words(
            translatable(
                "Report",
                "{scenario}: {job}; budget {budget}; needs {gb} GB on one card; runs outside TensorFlow; speeds against {gpu}",
            )
            if outside
            else translatable(
                "Report",
                "{scenario}: {job}; budget {budget}; needs {gb} GB on one card; TensorFlow from: {route}; speeds against {gpu}",
            )
        ),
        scenario=words(scenario) if scenario else plan.scenario,
        job=job_text.job_line(plan, language),
        budget=format_money(plan.budget, plan.currency),
        gb=f"{plan.vram.total_gb:g}",
        gpu=baseline(plan, language),
        **({} if outside else {"route": plan_text.route_text(plan.tf_route, language)}),
    )
    confirming = any(o.price_group == "to-confirm" for o in plan.options)
    return Headline(
        confirm_all=words(CONFIRM_ALL) if plan.prices_to_confirm else None,
        confirm_group=words(CONFIRM_GROUP) if confirming else None,
        stretch=(
            plan_text.finding_text(plan.budget_stretch, language)
            if plan.budget_stretch is not None
            else None
        ),
        summary=summary,
        market=plan_text.market_text(plan.market, language) if plan.market else None,
        ask_price=(
            plan_text.ask_price_text(plan.market, language)
            if plan.market and plan.market.unlisted
            else None
        ),
        price_age=(
            plan_text.price_age_text(plan.price_age, language)
            if plan.price_age is not None
            else None
        ),
        no_purchase=_keep_line(plan, language),  # the keep option's own reason
        keep=(
            tuple(plan_text.finding_text(f, language) for f in plan.keep_findings)
            if _kept(plan) is not None
            else ()
        ),
        route_alternative=(
            plan_text.route_alternative_text(plan.route_alternative, language)
            if plan.route_alternative is not None
            else None
        ),
        ways_forward=(
            None
            if not [a for a in plan.alternatives if a is not _whole_card(plan)]
            else words(translatable("Report", "This machine takes no new card. What it can do:"))
            if plan.options and all(o.action == "keep" for o in plan.options)
            else words(translatable("Report", "Also holds the job, for less money or more speed:"))
            if any(o.offered and o.action != "keep" for o in plan.options)
            else words(translatable("Report", "Nothing fits as asked. Ways forward:"))
        ),
        alternatives=tuple(
            plan_text.alternative_text(a, plan.currency, plan.job_label, language)
            for a in plan.alternatives
            if a is not _whole_card(plan)  # said with the installed card's own line
        ),
        fitting=len(plan.fitting()),
        probe_cap=next(
            (
                effect_line(effect, language)
                for effect in plan.probe_effects
                if effect.cap is not None
            ),
            None,
        ),
    )


def _kept(plan: Plan) -> Option | None:
    """The keep option, when it is offered (first, as ranked)."""
    first = plan.options[0] if plan.options else None
    return first if first is not None and first.action == "keep" and first.offered else None


def _keep_line(plan: Plan, language: str) -> str | None:
    """The keep line: no purchase needed, or what keeping the cards safely takes (a supply)."""
    if plan.no_purchase_needed:
        return plan_text.translate(TEXT["rank-keep"], language)
    keep = _kept(plan)
    if keep is not None and keep.rank_reason is not None:
        return plan_text.finding_text(keep.rank_reason, language)
    installed = next((o for o in plan.options if o.action == "keep"), None)
    if plan.keep_refused is not None and installed is not None:
        line = fill(
            translator(language)(
                translatable("Report", "Your {gpu} cannot stay for this job: {reason}")
            ),
            gpu=card_count(installed.gpu, installed.count),
            reason=plan_text.finding_text(plan.keep_refused, language),
        )
        # A reading no board of the card's name has: the refusal may rest on a wrong report.
        doubt = next((f for f in installed.findings if f.id == "memory-unlike-card-keep"), None)
        if doubt is not None:
            line = fill(
                translator(language)(translatable("Report", "{sentence} {then}")),
                sentence=line,
                then=plan_text.finding_text(doubt, language),
            )
        whole = _whole_card(plan)
        if whole is not None:  # a free change holds the job: say so before any purchase
            line = fill(
                translator(language)(translatable("Report", "{sentence} {then}")),
                sentence=line,
                then=plan_text.alternative_text(whole, plan.currency, plan.job_label, language),
            )
        return line
    return None


def _whole_card(plan: Plan) -> Alternative | None:
    """The free way the installed cards run the job, when their refusal is shown: turning MIG
    or ECC off, else the first change to the job they then hold (LoRA on an int8 base, a
    shorter context): said on their own line, before any purchase."""
    if plan.keep_refused is None or not any(o.action == "keep" for o in plan.options):
        return None
    whole = next((a for a in plan.alternatives if a.change in ("mig-off", "ecc-off")), None)
    return whole or next((a for a in plan.alternatives if a.keep and not a.price), None)


def price_invite(option: Option, region: str | None, language: str) -> str | None:
    """Over a purchase's price that is no recent listing from the buyer's market: type yours."""
    each = option.price_each
    if region is None or each is None or option.bought == 0 or each.listed_in(region):
        return None
    return fill(
        plan_text.translate(
            translatable(
                "Finding",
                "No listing from {market} at most a year old: double-click to type the price you see.",
            ),
            language,
        ),
        market=plan_text.translate(plan_text.REGION_TEXT.get(region, region), language),
    )


def option_row(
    option: Option,
    rank: int | None,
    language: str,
    region: str | None = None,
    printed: bool = False,
) -> OptionRow:
    tr = lambda text: plan_text.translate(text, language)  # noqa: E731 (one-line translator)
    speed = option.speedup if option.speedup is not None else option.predicted_relative
    return OptionRow(
        price_invite=None if printed else price_invite(option, region, language),
        price_group=option.price_group,
        price_note=plan_text.converted_note(option.price_each, region, language),
        price_source=plan_text.price_source_note(option.price_each, region, language),
        rank=rank,
        action=plan_text.action_text(option.action, language),
        gpu=card_count(option.gpu, option.count),
        price=(format_money(option.price, option.currency) if option.price is not None else "N/A"),
        priced=plan_text.priced_cell(option.price_each, tr, region),
        speed=plan_text.speed_cell(speed, option),
        value=f"{option.value:.3f}" if option.value else "",
        vram=f"{option.vram_per_card_gb * option.count:g} GB",
        power=f"{option.power_sustained_w:,.0f} W",
        needs=tuple(plan_text.need_text(n, option.currency, language) for n in option.needs),
        reason=(
            plan_text.finding_text(option.rank_reason, language, printed=printed)
            if option.rank_reason is not None
            else None
        ),
        warnings=tuple(
            Said(f.severity, plan_text.finding_text(f, language, printed=printed))
            for f in option.findings
            if f.severity != "info"
        ),
        notes=tuple(
            Said(f.severity, plan_text.finding_text(f, language, printed=printed))
            for f in option.findings
            if f.severity == "info"
        ),
    )


def option_rows(plan: Plan, language: str, printed: bool = False) -> list[OptionRow]:
    """Every option in the plan's order, the offered ranked 1, 2, ... (``printed``: in the
    words on paper)."""
    rows, rank = [], 0
    for option in plan.options:
        if option.offered:
            rank += 1
        region = plan.market.region if plan.market else None
        rows.append(option_row(option, rank if option.offered else None, language, region, printed))
    return rows
