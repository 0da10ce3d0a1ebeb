"""The recommendation: options for this machine (keep, add, replace), judged by rules, ranked.

Pure: catalog data, the speed model and what is known of this machine come in as values.
Each option carries its action, its findings (id, severity, numbers: no sentences), what it
needs priced in, its predicted speed against what is installed, and why it ranks where it does.

The request's context is worked out once (planning/plan/context.py); each candidate is judged from
it and the installed cards' baseline alone (planning/plan/judge.py), so the plan is the same in
whatever order they are judged; what the plan says of them all is read from the options.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from gpuplanner.catalog.records import CatalogData, GpuSpec
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.findings import Finding
from gpuplanner.planning.job import methods, routes
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.machine.facts import MachineFacts
from gpuplanner.planning.options import Candidate, Option, Plan, Rental
from gpuplanner.planning.plan import (
    card_count,
    context,
    free_change,
    frontier,
    pricing,
    ranking,
    rent,
)
from gpuplanner.planning.plan.judge import MEMORY_BLOCKS, judge
from gpuplanner.planning.plan.judge_inputs import Baseline, Context
from gpuplanner.planning.plan.mix import recommend_mix
from gpuplanner.planning.plan.plan_market import plan_market
from gpuplanner.planning.prices.book import PriceBook
from gpuplanner.planning.request import PlanError, PlanRequest
from gpuplanner.planning.speed import training as speed
from gpuplanner.planning.speed.scaling import Scaling

__all__ = ["MachineFacts", "Option", "Plan", "PlanError", "PlanRequest", "recommend"]


def judge_all(ctx: Context, order: Iterable[Candidate] | None = None) -> list[Option]:
    """Every candidate of ``ctx`` judged, in the order the plan lists them, whatever the order
    they are judged in (``order``: the candidates in that order; ``ctx.candidates`` when
    None). The installed cards are the baseline of every purchase; more cards of a kind whose
    single card is blocked for good are not judged."""
    judging_order = list(ctx.candidates if order is None else order)
    kept = next((judge(c, ctx, None) for c in judging_order if c.action == "keep"), None)
    baseline = Baseline.of(kept)
    singles = {
        _key(c): judge(c, ctx, baseline)
        for c in judging_order
        if c.action != "keep" and c.count == 1
    }
    hopeless = {key[1] for key, option in singles.items() if _blocked_for_good(option)}
    judged = {
        _key(c): judge(c, ctx, baseline)
        for c in judging_order
        if c.action != "keep" and c.count > 1 and c.gpu.id not in hopeless
    }
    out: list[Option] = []
    for c in ctx.candidates:
        if c.action == "keep" and kept is not None:
            out.append(replace(kept, speedup=1.0 if kept.predicted_relative else None))
        elif _key(c) in singles:
            out.append(singles[_key(c)])
        elif _key(c) in judged:
            out.append(judged[_key(c)])
    return out


def _key(c: Candidate) -> tuple[str, str, int]:
    return (c.action, c.gpu.id, c.count)


def _blocked_for_good(option: Option) -> bool:
    """A single card barred by what more of the same card cannot lift, so that no count of it
    is shown: more cards of it hold the same bar (and cost more), and pruning keeps the one
    card of a group refused alike (ranking.prune). Where the single card is short of memory
    its pair may be refused for the bar alone, which says more (2 x RTX 3090: sold used
    only); and a card the route alone bars may be the container's pick in any count
    (alternatives.route_alternative): both are judged."""
    blocks = {f.id for f in option.findings if f.severity == "blocks"}
    return bool(blocks & _PER_CARD_BLOCKS) and not blocks & MEMORY_BLOCKS


def _rentals(ctx: Context) -> tuple[Rental, ...]:
    if ctx.workload == "llm":
        work = rent.LLM_INFERENCE_JOB_TOKENS if ctx.inference else rent.LLM_JOB_TOKENS
    elif ctx.workload == "own":
        # A file says nothing of the data it is trained on: no run to price by the job.
        return ()
    else:
        work = KERAS[ctx.workload].run_samples

    def scaling(gpu: GpuSpec, count: int, per_card: float | None) -> Scaling | None:
        return card_count.scaling(ctx, gpu, count, per_card)

    return rent.rentals(
        ctx.catalog.gpus,
        ctx.cloud_hours,
        ctx.predictions,
        ctx.estimate,
        work,
        # Only what the route can divide: an LLM split by layers for inference, or sharded on
        # a route that shards; MirroredStrategy needs the whole job on every card.
        ctx.workload == "llm" and (ctx.inference or methods.shards(ctx.request.tf_route)),
        scaling,
        ctx.market,
        runs=lambda gpu: _route_runs(ctx, gpu),
    )


def _route_runs(ctx: Context, gpu: GpuSpec) -> bool:
    """Whether the user's TensorFlow route runs the card (ROCm only when accepted)."""
    support = routes.support(gpu, ctx.request.tf_route, ctx.routes)
    return support.runs and (not support.needs_rocm or ctx.request.accept_rocm)


def _job_label(ctx: Context) -> str:
    if ctx.workload == "llm":
        return "llm-inference" if ctx.inference else "llm-finetune"
    return ctx.workload


def _keep_refused(judged: list[Option]) -> Finding | None:
    """Why the installed cards cannot stay, when they cannot: their first blocking finding. In
    a mix, the reason itself rather than the line naming the job it blocks ("for the reason
    below"), which said alone leaves the reason out."""
    keep = next((o for o in judged if o.action == "keep"), None)
    if keep is None or keep.offered:
        return None
    blocks = [f for f in keep.findings if f.severity == "blocks"]
    # What keeps every card of the machine from the job is its reason before the card's own.
    machine_wide = next((f for f in blocks if f.id == "cpu-no-avx"), None)
    if machine_wide is not None:
        return machine_wide
    return next((f for f in blocks if f.id != "mix-job-blocked"), blocks[0] if blocks else None)


def plan_of(ctx: Context, judged: list[Option]) -> Plan:
    """The plan the judged options make: pruned, ranked, with what is said of them all."""
    request = ctx.request
    floor = ctx.preset.min_vram_gb if request.scenario is Scenario.STUDENT else None
    edged, stretch = ranking.stretch(ranking.prune(judged), floor, ctx.budget)
    real = ranking.real_options(edged, floor)
    free = free_change.whole_card(ctx, next((o for o in real if o.action == "keep"), None))
    mig_off_baseline = None
    if free is not None:
        real = free_change.behind(real, free)
        real, mig_off_baseline = free_change.against_whole(real, free)
    ranked, keep = ranking.order(real, ctx.preset.objective)
    faster = [o for o in ranked if o.offered and o.action != "keep"]
    inference = ctx.method == "inference"
    return Plan(
        scenario=request.scenario,
        currency=request.currency,
        budget=ctx.budget,
        workload=ctx.workload,
        precision=ctx.job.precision,
        vram=ctx.estimate,
        reference_gpu=ctx.reference.name,
        mig_off_baseline=mig_off_baseline,
        options=frontier.marked(ranked),
        tf_route=request.tf_route,
        model=ctx.llm.name if ctx.llm else None,
        mode=ctx.method,
        bits=ctx.job.bits if inference else None,
        engine=ctx.job.engine if inference else None,
        engine_default=request.engine is None,
        seq=ctx.job.shape.stated_seq,  # an LLM job's default filled in; a preset's own unsaid
        batch=ctx.batch,
        # Keeping is no purchase only when the cards run safely as they are (issue 49, 4).
        no_purchase_needed=keep is not None and not ranking.keep_fix(keep),
        keep_findings=ranking.keep_findings(keep, faster) if keep is not None else (),
        keep_refused=_keep_refused(judged),
        rent=_rentals(ctx),
        job_label=_job_label(ctx),
        price_age=pricing.price_age(ranked),
        probe_effects=context.probe_effects(ctx, judged),
        market=plan_market(ranked, ctx.market, shop_only=request.shop_only),
        method_asked=ctx.method_asked,
        method_asked_gb=ctx.asked_method_gb,
        prices_to_confirm=ranking.all_to_confirm(ranked),
        budget_stretch=stretch,
        model_context=ctx.llm.context if ctx.llm else None,
    )


def recommend(
    request: PlanRequest,
    catalog: CatalogData,
    model: speed.SpeedModel,
    book: PriceBook | None = None,
) -> Plan:
    if job.planned_jobs(request):  # a mix of jobs: one list for them all (planning/plan/mix.py)
        plan, judged = recommend_mix(request, catalog, model, book, judge_all, plan_of)
    else:
        ctx = context.build(request, catalog, model, book)
        judged = judge_all(ctx)
        plan = plan_of(ctx, judged)
        request = ctx.request
    if not request.alternatives:
        return plan
    from gpuplanner.planning.plan.alternatives import route_alternative, ways_forward

    def replan(moved: PlanRequest) -> Plan | None:
        try:
            return recommend(replace(moved, alternatives=False), catalog, model, book)
        except PlanError:
            return None

    found = ways_forward(plan, judged, request, catalog, replan)
    # Turning MIG or ECC off holds the job on the cards there: no card is bought for another
    # route either (the 8x H100 server was shown NGC's pick of two RTX PRO 4000 Blackwell).
    whole = any(a.keep and a.change in ("mig-off", "ecc-off") for a in found)
    return replace(
        plan,
        alternatives=found,
        route_alternative=None if whole else route_alternative(plan, judged, request),
    )


# Blocks that more cards of the same kind cannot lift: skip judging 2, 4, 8 of them.
_PER_CARD_BLOCKS = frozenset(
    {
        "route-cc-below-floor",
        "route-needs-rocm",
        "engine-cc-below",
        "engine-amd-chip",
        "engine-vendor",
        "no-price",
        "not-in-stock",
        "fit-module-needs-server",
        "fit-too-long",
        "over-budget",  # more of the same card costs more
        # The card itself, whatever the count: its market, its cooler against the case's
        # airflow, a reworked board without used cards allowed.
        "not-sold-here",
        "cooling-passive",
        "cooling-desktop-card-in-server",
        "modified-needs-used-ok",
    }
)
