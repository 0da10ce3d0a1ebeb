"""A way forward when nothing fits: the changes that would make an option fit, each with its effect.

Which changes are tried, in what order, for which machine: the installed card's free changes
first (MIG or ECC off: planning/plan/machine_changes.py), then the job's own (a cheaper method or
lighter weights, another TensorFlow route, a shorter sequence or a smaller batch, the smaller
model: planning/plan/job_changes.py), then the market's, which live here: used cards when new
ones were asked (the used card it would buy), a larger budget (how much), renting (the cheapest
configuration per job, not per hour). A machine that takes no card gets its own (instances, a
desktop, an enclosure). Each change is planned for real with the same engine
(planning/plan/replanned.py). They are also looked for when the best offer needs the job
sharded over several cards: one card with a cheaper method comes first.
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.catalog.records import CatalogData
from gpuplanner.planning.findings import finding
from gpuplanner.planning.job import routes
from gpuplanner.planning.options import Alternative, Option, Plan
from gpuplanner.planning.plan.job_changes import (
    cheaper_route,
    lighter_job,
    other_route,
    shorter_context,
    smaller_batch,
    smaller_model,
)
from gpuplanner.planning.plan.machine_changes import desktop, ecc_off, egpu, instances, mig_off
from gpuplanner.planning.plan.ranking import rank_key
from gpuplanner.planning.plan.replanned import Replan, best_purchase, effect, rented, sharded
from gpuplanner.planning.request import PlanRequest


def ways_forward(
    plan: Plan,
    judged: list[Option],
    request: PlanRequest,
    catalog: CatalogData,
    replan: Replan,
) -> tuple[Alternative, ...]:
    """What would make the job fit when nothing does as asked (or only sharded): the whole of
    a MIG-sliced card, lighter weights or a cheaper method, another TensorFlow route, a shorter
    context, a smaller batch, the family's smaller model, an eGPU for a laptop; then more
    money, or renting."""
    changes = _changes(plan, judged, request, catalog, replan)
    whole = mig_off(plan, request, replan) or ecc_off(plan, request, catalog, replan)
    if whole is None:
        return changes
    # The installed cards whole hold the job for nothing: more money, used cards or renting
    # buy what they already give (the 8x H100 server in MIG slices was told to raise its
    # budget for an RTX A5000).
    return (whole, *(a for a in changes if a.change not in SPENT))


# Ways forward that spend money on what the installed cards already do once a free change is
# made (MIG off, ECC off): left out beside it.
SPENT = frozenset({"budget", "used", "rent"})


def _changes(
    plan: Plan,
    judged: list[Option],
    request: PlanRequest,
    catalog: CatalogData,
    replan: Replan,
) -> tuple[Alternative, ...]:
    if request.machine.laptop or request.machine.virtual_machine:
        return _by_kind(plan, request, catalog, replan)
    if plan.no_purchase_needed:
        return ()
    if request.machine.cpu_avx is False and request.tf_route == "official":
        # No card in this computer runs TensorFlow's wheels (rules.job: cpu-no-avx): a new PC
        # with the card, or renting.
        return tuple(a for a in (desktop(plan, request, replan), _rental(plan)) if a is not None)
    best = best_purchase(plan)
    # A mix's jobs carry their own model, method, batch and sequence: only what changes for
    # every job is offered (the route, used cards, the money), and renting, which the plan
    # prices for its largest job and names it.
    single = not plan.jobs
    if best is not None and not sharded(best):
        cheaper = cheaper_route(plan, best, request, replan) if single else None
        # Before any purchase, the change that lets the installed cards run the job for
        # nothing: the recorded RTX 4000 SFF Ada (18.4 GB usable) was sold a 4090 D for an
        # 8 B LoRA of 19.3 GB that LoRA on an int8 base (11.1 GB) runs on it.
        own = _on_own_cards(plan, request, replan)
        small = half_height(plan, request, catalog, best)
        return tuple(a for a in (own, cheaper, small) if a is not None)
    # Another TensorFlow route only when nothing fits at all: a sharded offer has its route.
    other = [other_route] if best is None else []
    changes = [lighter_job, *other, shorter_context, smaller_batch] if single else other
    out: list[Alternative] = []
    for change in changes:
        found = change(plan, request, replan)
        if found is not None:
            out.append(found)
    if single and not any(a.keep for a in out):
        found = smaller_model(plan, request, replan)
        if found is not None:
            out.append(found)
    if best is None and request.machine.laptop and request.machine.thunderbolt:
        external = egpu(plan, request, catalog, replan)
        if external is not None:
            out.append(external)
    # A route change that needs the lighter method too is one change more than the method
    # alone, when that already lets the installed cards run the job.
    lighter = {a.to for a in out if a.change == "method" and a.keep}
    out = [a for a in out if not (a.change == "route" and a.method in lighter)]
    if best is not None:
        # A sharded offer stands: only the changes that fit one card are worth adding.
        return tuple(a for a in out if a.count == 1 or a.keep)
    used = _used_cards(plan, request, replan)
    if used is not None:
        out.append(used)  # the same job and money, after the changes that keep a new card
    # Inference splits layers on every route: no route shards it further.
    sharding = single and plan.mode != "inference"
    rented = _rental(plan) or (_sharded_rental(request, replan) if sharding else None)
    for found in (_more_money(plan, judged), rented):
        if found is not None:
            out.append(found)
    return tuple(out)


def _by_kind(
    plan: Plan, request: PlanRequest, catalog: CatalogData, replan: Replan
) -> tuple[Alternative, ...]:
    """A machine that takes no card (issue 49, 2): first what lets its own card run the job,
    when it cannot; then, for a laptop, an external enclosure where a Thunderbolt or USB4 port
    allows one, a desktop with the card the budget buys, and renting per job; for a cloud VM,
    newer instances by the job's cost and by its run time."""
    out: list[Alternative] = []
    own = _on_own_cards(plan, request, replan)
    if own is not None:
        out.append(own)
    if request.machine.virtual_machine:
        return (*out, *instances(plan))
    if request.machine.thunderbolt:
        external = egpu(plan, request, catalog, replan)
        if external is not None:
            out.append(external)
    pc = desktop(plan, request, replan)
    if pc is not None:
        out.append(pc)
    rental = _rental(plan)
    if rental is not None:
        out.append(rental)  # last, as everywhere: what it costs without owning anything
    return tuple(out)


SLOT_POWER_W = 75  # what a PCIe x16 slot gives a card with no power cable


def half_height(
    plan: Plan, request: PlanRequest, catalog: CatalogData, best: Option
) -> Alternative | None:
    """The best card a small office PC takes, beside a first pick it may not: where the
    installed card runs from the slot alone and nothing was said of the case, a low-profile
    board of at most 75 W with no power cable (the recorded RTX 4000 SFF Ada, P400 and GT 1030
    machines were offered an RTX 4090 D and an 850 W supply, with a check a 3.5-slot card
    cannot pass)."""
    if not request.machine.slot_powered or request.case is not None or request.machine.laptop:
        return None
    low = {b.gpu_id for b in catalog.boards if b.low_profile}
    by_id = {g.id: g for g in catalog.gpus}

    def fits(option: Option) -> bool:
        gpu = by_id.get(option.gpu_id)
        return (
            gpu is not None
            and option.gpu_id in low
            and gpu.board_power_w <= SLOT_POWER_W
            and not (gpu.power_6pin or gpu.power_8pin or gpu.power_12v2x6)
        )

    if fits(best):
        return None
    # The cheapest that holds the job: a small PC's owner saves where the first pick spends.
    held = [
        o
        for o in plan.options
        if o.offered and o.bought and o.count == 1 and o.price is not None and fits(o)
    ]
    if not held:
        return None
    found = min(held, key=lambda o: o.price or 0.0)
    slots = by_id[found.gpu_id].slot_width
    return Alternative(
        change="half-height",
        to=f"{slots:g}" if slots else "1",
        vram_gb=plan.vram.total_gb,
        gpu=found.gpu,
        count=1,
        price=found.price,
        speed=found.speedup if found.speedup is not None else found.predicted_relative,
    )


def _on_own_cards(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """The first change to the job that lets the installed cards run it with no purchase: a
    lighter method or weights, a shorter context, a smaller batch, the family's smaller model.
    Only where the installed cards are refused, and for one job (a mix's jobs carry their
    own)."""
    refused = plan.keep_refused
    if plan.jobs or plan.no_purchase_needed or refused is None or refused.id != "vram-short":
        return None
    for change in (lighter_job, shorter_context, smaller_batch, smaller_model):
        found = change(plan, request, replan)
        if found is not None and found.keep:
            return found
    return None


def _used_cards(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """Used cards allowed, when the job asked for new ones: the used card it would buy."""
    if request.used_ok or request.shop_only:
        return None
    tried = replan(replace(request, used_ok=True))
    found = effect("used", "used", tried)
    if found is None or found.keep or tried is None:
        return None
    best = best_purchase(tried)
    if best is None or best.price_each is None or best.price_each.condition != "used":
        return None  # a new card was there all along: not what the change bought
    return found


def _sharded_rental(request: PlanRequest, replan: Replan) -> Alternative | None:
    """A job no rented card holds alone (70B LoRA on a route that replicates): rented cards
    sharded by Keras 3 on JAX, the route that divides a model's weights."""
    if request.tf_route == "keras-other" or request.workload != "llm":
        return None
    tried = replan(replace(request, tf_route="keras-other"))
    found = _rental(tried) if tried is not None else None
    return replace(found, method="keras-other") if found is not None else None


def _more_money(plan: Plan, judged: list[Option]) -> Alternative | None:
    """The cheapest option that only the budget stops, and what more it costs."""
    over = [
        o
        for o in judged
        if o.price is not None
        and o.action != "keep"
        and all(f.id == "over-budget" for f in o.findings if f.severity == "blocks")
        and any(f.id == "over-budget" for f in o.findings)
    ]
    if not over:
        return None
    cheapest = min(over, key=lambda o: o.price or 0.0)
    return Alternative(
        change="budget",
        to=cheapest.price or 0.0,
        vram_gb=plan.vram.total_gb,
        gpu=cheapest.gpu,
        count=cheapest.count,
        price=cheapest.price,
        extra=round((cheapest.price or 0.0) - plan.budget, 2),
    )


def _rental(plan: Plan) -> Alternative | None:
    rental = next((r for r in plan.rent if r.job_cost is not None), None)
    return rented("rent", rental.gpu, plan, rental) if rental is not None else None


def route_alternative(plan: Plan, judged: list[Option], request: PlanRequest) -> Option | None:
    """When the route blocks cards, the best pick NVIDIA's container would give, if it differs.

    The route is the only thing that changes: an option whose one blocking finding says the
    route cannot run it, and that the container can, is judged on everything else already.
    """
    if request.tf_route != "official" or plan.no_purchase_needed:
        return None

    def only_route(option: Option) -> bool:
        blocks = [f for f in option.findings if f.severity == "blocks"]
        return bool(blocks) and all(
            f.id == "route-unsupported" and "ngc" in str(f.params.get("other", "")).split(",")
            for f in blocks
        )

    if any(o.action == "keep" and only_route(o) for o in judged):
        return None  # the container runs the installed cards: nothing to buy (a way forward)
    unlocked = [o for o in judged if o.action != "keep" and only_route(o)]
    if not unlocked:
        return None
    offered = [o for o in plan.options if o.offered and o.action != "keep"]
    best = min([*offered, *unlocked], key=rank_key)
    if best not in unlocked:
        return None
    # Judged on the official route; on NGC's it carries what that route says of every pick:
    # its last TensorFlow container, which a card bought for it is bought for.
    ended = finding(
        "route-ngc-ended",
        "info",
        last=routes.NGC_LAST_RELEASE,
        driver=routes.NGC_LAST_DRIVER,
        forward_compat=False,  # a card bought for it: the driver of the container it pins
    )
    return replace(best, findings=(*best.findings, ended))
