"""A way forward when nothing fits: the changes that would make an option fit, each with its effect.

Used cards when new ones were asked (the used card it would buy), cheaper methods that Keras has (full -> LoRA -> LoRA on an int8 base; 16 -> 8 -> 4-bit weights for
inference), a shorter sequence or a smaller batch (the same examples a step with gradient
accumulation), a larger budget (how much), renting (the cheapest configuration per job, not per
hour). Each change is planned for real with the same engine. They are also looked for when the
best offer needs the job sharded over several cards: one card with a cheaper method comes first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gpuplanner.catalog.records import ECC_MEMORY_SHARE, CatalogData
from gpuplanner.core.vocab import KerasWorkloadName, Workload
from gpuplanner.planning.job import engines
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.job.methods import KERAS_METHODS
from gpuplanner.planning.job.routes import ROUTES
from gpuplanner.planning.options import Alternative, Option, Plan
from gpuplanner.planning.plan.ranking import rank_key
from gpuplanner.planning.request import PlanRequest

# Keras's own methods, cheapest last; QLoRA's NF4 base is PyTorch's and is never proposed.
METHOD_ORDER = KERAS_METHODS
MIN_SEQ = 256
# The smaller model of the same family, for the same task.
SMALLER_MODEL: dict[Workload, KerasWorkloadName] = {"bert-large": "bert-base"}
# An external GPU enclosure over Thunderbolt 3/4 or USB4, as the Razer Core X: PCIe 3.0 x4 to
# the card (its JHL6540 controller, techbulletin.net's review), a 650 W ATX supply inside, cards
# up to 330 mm and three slots, 299 USD/EUR at launch (geektopia.es, 2018-05-22).
ENCLOSURE_LINK = (4, 3)  # lanes, PCIe generation
ENCLOSURE_SUPPLY_W = 650
ENCLOSURE_CARD_MM, ENCLOSURE_SLOTS = 330, 3
ENCLOSURE_PRICE_USD = 299.0


def _best_purchase(plan: Plan) -> Option | None:
    return next((o for o in plan.options if o.offered and o.action != "keep"), None)


# Plans the request once more (without looking for ways forward): recommend() passes itself in,
# so this module never imports the planner that imports it.
Replan = Callable[[PlanRequest], Plan | None]


def _effect(change: str, to: str | float | int, plan: Plan | None) -> Alternative | None:
    if plan is None:
        return None
    if plan.no_purchase_needed:
        keep = plan.options[0]
        return Alternative(
            change=change,
            to=to,
            vram_gb=plan.vram.total_gb,
            gpu=keep.gpu,
            count=keep.count,
            price=0.0,
            keep=True,
        )
    best = _best_purchase(plan)
    if best is None:
        return None
    speed = best.speedup if best.speedup is not None else best.predicted_relative
    return Alternative(
        change=change,
        to=to,
        vram_gb=plan.vram.total_gb,
        gpu=best.gpu,
        count=best.count,
        price=best.price,
        speed=speed,
    )


def _sharded(option: Option | None) -> bool:
    return bool(option and option.scaling and option.scaling.strategy == "sharded")


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
    whole = _mig_off(plan, request, replan) or _ecc_off(plan, request, catalog, replan)
    return changes if whole is None else (whole, *changes)


def _mig_off(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """MIG on and the job too big for a slice: the whole card, when it holds the job, before
    any purchase (the owner of an A100 80 GB with a 20 GB slice was told to replace it with
    an RTX 4500 Ada)."""
    machine = request.machine
    # A vGPU guest's slice is the host's to set; a passed-through card is the VM's own.
    if not machine.mig_slice_gb or plan.no_purchase_needed or machine.kind == "vgpu-guest":
        return None
    whole = replace(machine, mig_slice_gb=None, mig_slice_share=None)
    found = _effect("mig-off", "off", replan(replace(request, machine=whole)))
    return found if found is not None and found.keep else None


def _ecc_off(
    plan: Plan, request: PlanRequest, catalog: CatalogData, replan: Replan
) -> Alternative | None:
    """ECC on the installed card's GDDR and the job too big for what is left: all of it, when
    it then holds the job (the AWS Tesla T4 gives jobs 15 of its 16 GB; the small firm's
    BERT-large needs 14.3 and fits in 16 x 0.92, not in 15 x 0.92)."""
    machine = request.machine
    reading = machine.installed_memory_gb
    if not machine.installed_ecc_on or not reading or plan.no_purchase_needed:
        return None
    if machine.kind == "vgpu-guest" or machine.mig_slice_gb:
        return None  # the host's memory to set
    gpu = next((g for g in catalog.gpus if g.id == machine.current_gpu_id), None)
    if gpu is None or gpu.hbm:
        return None  # HBM keeps its code beside the data: nothing to win
    whole = replace(
        machine, installed_ecc_on=False, installed_memory_gb=round(reading / ECC_MEMORY_SHARE, 1)
    )
    found = _effect("ecc-off", "off", replan(replace(request, machine=whole)))
    return found if found is not None and found.keep else None


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
    best = _best_purchase(plan)
    # A mix's jobs carry their own model, method, batch and sequence: only what changes for
    # every job is offered (the route, used cards, the money), and renting, which the plan
    # prices for its largest job and names it.
    single = not plan.jobs
    if best is not None and not _sharded(best):
        cheaper = _cheaper_route(plan, best, request, replan) if single else None
        return (cheaper,) if cheaper is not None else ()
    # Another TensorFlow route only when nothing fits at all: a sharded offer has its route.
    other = [_other_route] if best is None else []
    changes = [_lighter_job, *other, _shorter_context, _smaller_batch] if single else other
    out: list[Alternative] = []
    for change in changes:
        found = change(plan, request, replan)
        if found is not None:
            out.append(found)
    if single and not any(a.keep for a in out):
        found = _smaller_model(plan, request, replan)
        if found is not None:
            out.append(found)
    if best is None and request.machine.laptop and request.machine.thunderbolt:
        external = _egpu(plan, request, catalog, replan)
        if external is not None:
            out.append(external)
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
    single = not plan.jobs  # a mix: only what changes for every job (ways_forward)
    if single and not plan.no_purchase_needed:
        for change in (_lighter_job, _shorter_context, _smaller_batch, _smaller_model):
            found = change(plan, request, replan)
            if found is not None and found.keep:
                out.append(found)
                break
    if request.machine.virtual_machine:
        return (*out, *_instances(plan))
    if request.machine.thunderbolt:
        external = _egpu(plan, request, catalog, replan)
        if external is not None:
            out.append(external)
    desktop = _desktop(plan, request, replan)
    if desktop is not None:
        out.append(desktop)
    rental = _rental(plan)
    if rental is not None:
        out.append(rental)  # last, as everywhere: what it costs without owning anything
    return tuple(out)


def _instances(plan: Plan) -> list[Alternative]:
    """The rented instances that hold the job: the cheapest per job, and the fastest of those
    listed when it is another; where the VM already runs the job, only instances faster than it
    (a VM of eight V100S was offered one RTX 4090 "to go faster", a quarter of its speed)."""
    keep = next((o for o in plan.options if o.action == "keep" and o.offered), None)
    now = keep.predicted_throughput if keep is not None else None
    priced = [
        r
        for r in plan.rent
        if r.job_cost is not None
        and r.hours is not None
        and (not now or (r.throughput is not None and r.throughput > now))
    ]
    if not priced:
        return []
    cheapest = priced[0]
    fastest = min(priced, key=lambda r: (r.hours or 0.0, r.job_cost or 0.0))
    picks = [("cheapest", cheapest)] + ([("fastest", fastest)] if fastest != cheapest else [])
    return [
        Alternative(
            change="instance",
            to=which,
            vram_gb=plan.vram.total_gb,
            gpu=r.gpu,
            count=r.count,
            price=r.job_cost,
            hours=r.hours,
            per_hour=r.per_hour,
        )
        for which, r in picks
    ]


def _desktop(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """A desktop PC with the card the budget buys, its speed against the laptop's own card."""
    from gpuplanner.planning.machine.facts import MachineFacts

    tried = replan(replace(request, machine=MachineFacts(kind="desktop")))
    best = _best_purchase(tried) if tried is not None else None
    if best is None or best.price is None:
        return None
    # Against the laptop's own card, in the job's own units (each plan has its own reference).
    keep = next((o for o in plan.options if o.action == "keep"), None)
    # A card that cannot run the job has no speed at it to compare with.
    own = keep.predicted_throughput if keep is not None and keep.offered else None
    theirs = best.predicted_throughput
    ratio = theirs / own if theirs and own else None
    return Alternative(
        change="desktop",
        to="desktop",
        vram_gb=plan.vram.total_gb,
        gpu=best.gpu,
        count=best.count,
        price=best.price,
        speed=round(ratio, 2) if ratio else None,
    )


def _used_cards(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """Used cards allowed, when the job asked for new ones: the used card it would buy."""
    if request.used_ok or request.shop_only:
        return None
    tried = replan(replace(request, used_ok=True))
    found = _effect("used", "used", tried)
    if found is None or found.keep or tried is None:
        return None
    best = _best_purchase(tried)
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


def _cheaper_route(
    plan: Plan, best: Option, request: PlanRequest, replan: Replan
) -> Alternative | None:
    """Something fits, but a lighter method or lighter weights hold the job for less money or
    more speed than the top pick (issue 49, 6): the plan names it, with its card."""
    found = _lighter_job(plan, request, replan)
    if found is None or found.keep or found.price is None or best.price is None:
        return None
    ours = best.speedup if best.speedup is not None else best.predicted_relative
    faster = found.speed is not None and ours is not None and found.speed > ours
    return found if found.price < best.price or faster else None


def _lighter_job(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """An LLM's lighter weights (inference) or its next cheaper method (fine-tuning)."""
    if plan.workload != "llm":
        return None
    if plan.mode == "inference":
        for bits in (8, 4):
            if bits < request.bits:
                # The user's engine where it loads the smaller weights, else KerasHub where it
                # does (TensorFlow's own), else that format's default (llama.cpp for 4-bit),
                # which the line then names: it leaves TensorFlow.
                engine = request.engine
                if engine is not None and not engines.runs(engine, bits):
                    engine = None
                if engine is None:
                    engine = (
                        engines.KERAS
                        if engines.runs(engines.KERAS, bits)
                        else job.shape_of(replace(request, bits=bits, engine=None)).engine
                    )
                found = _effect("bits", bits, replan(replace(request, bits=bits, engine=engine)))
                if found:
                    return found if engine == engines.KERAS else replace(found, engine=engine)
        return None
    if plan.mode in METHOD_ORDER:
        for mode in METHOD_ORDER[METHOD_ORDER.index(plan.mode) + 1 :]:
            found = _effect("method", mode, replan(replace(request, llm_mode=mode)))
            if found:
                return found
    return None


def _other_route(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """Another way of running TensorFlow: NGC's container runs Blackwell, Keras 3 on JAX
    shards what one card cannot hold. The first that gives an option, route alone, then with
    Keras's cheaper methods. An engine of its own (llama.cpp, vLLM) runs on no route."""
    if plan.mode == "inference" and plan.engine not in (None, engines.KERAS):
        return None
    for route in ROUTES:
        if route == request.tf_route:
            continue
        moved = replace(request, tf_route=route)
        found = _effect("route", route, replan(moved))
        if found is None and plan.workload == "llm" and plan.mode in METHOD_ORDER:
            for mode in METHOD_ORDER[METHOD_ORDER.index(plan.mode) + 1 :]:
                found = _effect("route", route, replan(replace(moved, llm_mode=mode)))
                if found is not None:
                    found = replace(found, method=mode)
                    break
        if found is not None:
            return found
    return None


def _shorter_context(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    seq = job.shape_of(request).stated_seq
    while seq and seq // 2 >= MIN_SEQ:
        seq //= 2
        found = _effect("seq", seq, replan(replace(request, seq=seq)))
        if found:
            return found
    return None


def _smaller_batch(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """From the batch the job really runs at (a preset's default too), halving until one fits."""
    batch = job.shape_of(replace(request, workload=plan.workload)).batch
    while batch > 1:
        batch //= 2
        found = _effect("batch", batch, replan(replace(request, batch=batch)))
        if found:
            return found
    return None


def _smaller_model(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """The same task with the smaller model of its family, at the largest batch that fits:
    BERT-large's weights and Adam states alone outgrow a 6 GB laptop GPU at any batch."""
    if plan.workload not in SMALLER_MODEL:
        return None
    smaller = SMALLER_MODEL[plan.workload]
    batch = job.shape_of(replace(request, workload=smaller, batch=None)).batch
    while batch >= 1:
        found = _effect("model", smaller, replan(replace(request, workload=smaller, batch=batch)))
        if found is not None:
            return replace(found, batch=batch)
        batch //= 2
    return None


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
    if rental is None:
        return None
    return Alternative(
        change="rent",
        to=rental.gpu,
        vram_gb=plan.vram.total_gb,
        gpu=rental.gpu,
        count=rental.count,
        price=rental.job_cost,
        hours=rental.hours,
        per_hour=rental.per_hour,
    )


def _egpu(
    plan: Plan,
    request: PlanRequest,
    catalog: CatalogData,
    replan: Replan,
) -> Alternative | None:
    """One desktop card in an enclosure on the laptop's Thunderbolt or USB4 port: planned as a
    machine with a PCIe 3.0 x4 slot, the enclosure's supply and room, and its price added."""
    from gpuplanner.planning.machine.physical import entered_case
    from gpuplanner.planning.machine.power import entered_supply
    from gpuplanner.planning.prices.market import market_for

    market = market_for(request.currency, catalog, request.region, today=request.today)
    enclosure = market.money(ENCLOSURE_PRICE_USD, "USD")
    if enclosure is None or plan.budget <= enclosure:
        return None
    machine = replace(
        request.machine,
        laptop=False,
        kind="desktop",
        slot_gen=ENCLOSURE_LINK[1],
        slot_width=ENCLOSURE_LINK[0],
        installed_links=(ENCLOSURE_LINK,),
        slot_powered=False,
    )
    boxed = replace(
        request,
        machine=machine,
        max_gpus=1,
        budget=plan.budget - enclosure,  # the enclosure comes out of the same budget
        psu=entered_supply(ENCLOSURE_SUPPLY_W, "", False, None, None),
        case=entered_case(ENCLOSURE_CARD_MM, ENCLOSURE_SLOTS, None),
    )
    tried = replan(boxed)
    found = _effect("egpu", "enclosure", tried)
    if found is None or found.keep or found.price is None:
        return None
    return replace(found, price=round(found.price + enclosure, 2), extra=round(enclosure, 2))


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
    return best if best in unlocked else None
