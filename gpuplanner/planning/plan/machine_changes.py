"""Ways forward that change the machine, not the job: the installed card's own free changes (MIG
off, ECC off) when it then holds the job; and for a machine that takes no card, rented
instances, a desktop PC, an external enclosure (planning/plan/alternatives.py).
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.catalog.records import ECC_MEMORY_SHARE, CatalogData, GpuSpec
from gpuplanner.planning.machine.facts import MachineFacts
from gpuplanner.planning.options import Alternative, Option, Plan
from gpuplanner.planning.plan.rent import quickest
from gpuplanner.planning.plan.replanned import Replan, best_purchase, effect, rented
from gpuplanner.planning.request import PlanRequest

# An external GPU enclosure over Thunderbolt 3/4 or USB4, as the Razer Core X: PCIe 3.0 x4 to
# the card (its JHL6540 controller, techbulletin.net's review), a 650 W ATX supply inside, cards
# up to 330 mm and three slots, 299 USD/EUR at launch (geektopia.es, 2018-05-22).
ENCLOSURE_LINK = (4, 3)  # lanes, PCIe generation
ENCLOSURE_SUPPLY_W = 650
ENCLOSURE_PRICE_USD = 299.0
ENCLOSURE_CARD_MM, ENCLOSURE_SLOTS = 330, 3


def without_mig(machine: MachineFacts) -> MachineFacts | None:
    """The machine with MIG off: its whole cards; None where MIG is off, or a vGPU guest's (its
    slice is the host's to set; a passed-through card is the VM's own)."""
    if not machine.mig_slice_gb or machine.kind == "vgpu-guest":
        return None
    return replace(machine, mig_slice_gb=None, mig_slice_share=None)


def without_ecc(machine: MachineFacts, gpu: GpuSpec | None) -> MachineFacts | None:
    """The machine with ECC off on the installed card's GDDR: all its memory, as its driver
    will then report it; None where ECC is off or not read, on HBM (its code sits beside the
    data: nothing to win), or in a vGPU guest or a MIG slice (the host's memory to set)."""
    reading = machine.installed_memory_gb
    if not machine.installed_ecc_on or not reading:
        return None
    if machine.kind == "vgpu-guest" or machine.mig_slice_gb or gpu is None or gpu.hbm:
        return None
    return replace(
        machine, installed_ecc_on=False, installed_memory_gb=round(reading / ECC_MEMORY_SHARE, 1)
    )


def mig_off(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """MIG on and the job too big for a slice: the whole card, when it holds the job, before
    any purchase (the owner of an A100 80 GB with a 20 GB slice was told to replace it with
    an RTX 4500 Ada)."""
    whole = without_mig(request.machine)
    if whole is None or plan.no_purchase_needed:
        return None
    found = effect("mig-off", "off", replan(replace(request, machine=whole)))
    return found if found is not None and found.keep else None


def ecc_off(
    plan: Plan, request: PlanRequest, catalog: CatalogData, replan: Replan
) -> Alternative | None:
    """ECC on the installed card's GDDR and the job too big for what is left: all of it, when
    it then holds the job (the AWS Tesla T4 gives jobs 15 of its 16 GB; the small firm's
    BERT-large needs 14.3 and fits in 16 x 0.92, not in 15 x 0.92)."""
    machine = request.machine
    gpu = next((g for g in catalog.gpus if g.id == machine.current_gpu_id), None)
    whole = without_ecc(machine, gpu)
    if whole is None or plan.no_purchase_needed:
        return None
    found = effect("ecc-off", "off", replan(replace(request, machine=whole)))
    return found if found is not None and found.keep else None


def instances(plan: Plan) -> list[Alternative]:
    """The rented instances that hold the job: the cheapest per job, and the fastest of those
    listed when it is another; where the VM already runs the job, only instances faster than it
    (a VM of eight V100S was offered one RTX 4090 "to go faster", a quarter of its speed)."""
    keep = next((o for o in plan.options if o.action == "keep" and o.offered), None)
    now = _own_speed(plan, keep)
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
    fastest = min(priced, key=quickest)
    picks = [("cheapest", cheapest)] + ([("fastest", fastest)] if fastest != cheapest else [])
    return [rented("instance", which, plan, r) for which, r in picks]


def _own_speed(plan: Plan, keep: Option | None) -> float | None:
    """The VM's own speed on the job the rentals are priced for: in a mix, that job's (a VM
    with an H200 running the small firm's mix was offered one RTX 4090 as "the fastest", for
    the mix's BERT-large, at 0.62x its own card)."""
    if keep is None:
        return None
    if keep.predicted_throughput:
        return keep.predicted_throughput
    # The rentals are priced for the largest job, in the plan's order of jobs (a name can be
    # two jobs', and an LLM's is its model's, not "llm").
    largest = next((i for i, job in enumerate(plan.jobs) if job.largest), None)
    if largest is None or largest >= len(keep.jobs):
        return None
    return keep.jobs[largest].throughput


def desktop(plan: Plan, request: PlanRequest, replan: Replan) -> Alternative | None:
    """A desktop PC with the card the budget buys, its speed against the laptop's own card."""
    from gpuplanner.planning.machine.facts import MachineFacts

    tried = replan(replace(request, machine=MachineFacts(kind="desktop")))
    best = best_purchase(tried) if tried is not None else None
    if best is None or best.price is None:
        return None
    # Against the laptop's own card, in the job's own units (each plan has its own reference).
    keep = next((o for o in plan.options if o.action == "keep"), None)
    # A card that cannot run the job has no speed at it to compare with.
    own = keep.predicted_throughput if keep is not None and keep.offered else None
    theirs = best.predicted_throughput
    ratio = theirs / own if theirs and own else None
    if ratio is not None and ratio - 1.0 <= best.predicted_error_pct / 100:
        # A whole PC for a gain within the prediction's own error: no more worth it than such a
        # purchase beside cards that run the job (ranking.not_worth_buying); the Legion's 3060
        # laptop was offered a desktop at 1.11x, inside its ±14%.
        return None
    return Alternative(
        change="desktop",
        to="desktop",
        vram_gb=plan.vram.total_gb,
        gpu=best.gpu,
        count=best.count,
        price=best.price,
        speed=round(ratio, 2) if ratio else None,
    )


def egpu(
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
    found = effect("egpu", "enclosure", tried)
    if found is None or found.keep or found.price is None:
        return None
    return replace(found, price=round(found.price + enclosure, 2), extra=round(enclosure, 2))
