"""A way forward when nothing fits: the changes that would make an option fit, each with its effect.

Cheaper methods that Keras has (full -> LoRA -> LoRA on an int8 base; 16 -> 8 -> 4-bit weights for
inference), a shorter sequence or a smaller batch (the same examples a step with gradient
accumulation), a larger budget (how much), renting (the cheapest configuration per job, not per
hour). Each change is planned for real with the same engine. They are also looked for when the
best offer needs the job sharded over several cards: one card with a cheaper method comes first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gpuplanner.catalog.records import CatalogData
from gpuplanner.planning import engines, job
from gpuplanner.planning.methods import KERAS_METHODS
from gpuplanner.planning.options import Alternative, Option, Plan
from gpuplanner.planning.ranking import rank_key
from gpuplanner.planning.request import PlanRequest
from gpuplanner.planning.routes import ROUTES

# Keras's own methods, cheapest last; QLoRA's NF4 base is PyTorch's and is never proposed.
METHOD_ORDER = KERAS_METHODS
MIN_SEQ = 256
# The smaller model of the same family, for the same task.
SMALLER_MODEL = {"bert-large": "bert-base"}
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
        return Alternative(change, to, plan.vram.total_gb, keep.gpu, keep.count, 0.0, keep=True)
    best = _best_purchase(plan)
    if best is None:
        return None
    speed = best.speedup if best.speedup is not None else best.predicted_relative
    return Alternative(
        change, to, plan.vram.total_gb, best.gpu, best.count, best.price, speed=speed
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
    if plan.no_purchase_needed:
        return ()
    best = _best_purchase(plan)
    if best is not None and not _sharded(best):
        return ()
    out: list[Alternative] = []
    if plan.workload == "llm" and plan.mode == "inference":
        for bits in (8, 4):
            if bits < (request.bits or 16):
                # The user's engine where it loads the smaller weights, else that format's
                # default engine (ExLlama has no 16-bit, KerasHub no 4-bit).
                engine = request.engine if engines.runs(request.engine or "", bits) else None
                found = _effect(
                    "bits",
                    bits,
                    replan(replace(request, bits=bits, engine=engine)),
                )
                if found:
                    out.append(found)
                    break
    elif plan.workload == "llm" and plan.mode in METHOD_ORDER:
        for mode in METHOD_ORDER[METHOD_ORDER.index(plan.mode) + 1 :]:
            found = _effect("method", mode, replan(replace(request, llm_mode=mode)))
            if found:
                out.append(found)
                break
    if best is None:
        # Another way of running TensorFlow: NGC's container runs Blackwell, Keras 3 on JAX
        # shards what one card cannot hold. The first that gives an option, route alone, then
        # with Keras's cheaper methods.
        for route in ROUTES:
            if route == request.tf_route:
                continue
            moved = replace(request, tf_route=route)
            found = _effect("route", route, replan(moved))
            if found is None and plan.workload == "llm" and plan.mode in METHOD_ORDER:
                for mode in METHOD_ORDER[METHOD_ORDER.index(plan.mode) + 1 :]:
                    tried = replan(replace(moved, llm_mode=mode))
                    found = _effect("route", route, tried)
                    if found is not None:
                        found = replace(found, method=mode)
                        break
            if found is not None:
                out.append(found)
                break
    seq = job.seq_of(request, plan.mode)
    while seq and seq // 2 >= MIN_SEQ:
        seq //= 2
        found = _effect("seq", seq, replan(replace(request, seq=seq)))
        if found:
            out.append(found)
            break
    # From the batch the job really runs at (a preset's default too), halving until one fits.
    batch = job.batch_of(request, plan.workload)
    while batch > 1:
        batch //= 2
        found = _effect("batch", batch, replan(replace(request, batch=batch)))
        if found:
            out.append(found)
            break
    if not any(a.keep for a in out) and plan.workload in SMALLER_MODEL:
        # The same task with the smaller model of its family, at the largest batch that fits:
        # BERT-large's weights and Adam states alone outgrow a 6 GB laptop GPU at any batch.
        smaller = SMALLER_MODEL[plan.workload]
        batch = job.batch_of(replace(request, workload=smaller, batch=None), smaller)
        while batch >= 1:
            tried = replan(replace(request, workload=smaller, batch=batch))
            found = _effect("model", smaller, tried)
            if found is not None:
                out.append(replace(found, batch=batch))
                break
            batch //= 2
    if best is None and request.machine.laptop and request.machine.thunderbolt:
        external = _egpu(plan, request, catalog, replan)
        if external is not None:
            out.append(external)
    if best is not None:
        # A sharded offer stands: only the changes that fit one card are worth adding.
        return tuple(a for a in out if a.count == 1 or a.keep)
    over = [
        o
        for o in judged
        if o.price is not None
        and o.action != "keep"
        and all(f.id == "over-budget" for f in o.findings if f.severity == "blocks")
        and any(f.id == "over-budget" for f in o.findings)
    ]
    if over:
        cheapest = min(over, key=lambda o: o.price or 0.0)
        out.append(
            Alternative(
                "budget",
                cheapest.price or 0.0,
                plan.vram.total_gb,
                cheapest.gpu,
                cheapest.count,
                cheapest.price,
                extra=round((cheapest.price or 0.0) - plan.budget, 2),
            )
        )
    rental = next((r for r in plan.rent if r.job_cost is not None), None)
    if rental is not None:
        out.append(
            Alternative(
                "rent",
                rental.gpu,
                plan.vram.total_gb,
                rental.gpu,
                rental.count,
                rental.job_cost,
                hours=rental.hours,
                per_hour=rental.per_hour,
            )
        )
    return tuple(out)


def _egpu(
    plan: Plan,
    request: PlanRequest,
    catalog: CatalogData,
    replan: Replan,
) -> Alternative | None:
    """One desktop card in an enclosure on the laptop's Thunderbolt or USB4 port: planned as a
    machine with a PCIe 3.0 x4 slot, the enclosure's supply and room, and its price added."""
    from gpuplanner.planning.market import market_for
    from gpuplanner.planning.physical import entered_case
    from gpuplanner.planning.power import entered_supply

    market = market_for(request.currency, catalog, request.region)
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
