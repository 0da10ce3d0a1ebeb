"""Rules about the machine and the case: what kind of computer it is, module or card, length,
slots, cooling and the lanes of the slot."""

from __future__ import annotations

import math

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.planning.findings import Finding, Need, finding
from gpuplanner.planning.machine import links, physical
from gpuplanner.planning.machine.physical import BTU_PER_W, HOT_C
from gpuplanner.planning.options import Candidate
from gpuplanner.planning.plan.candidates import MODULES
from gpuplanner.planning.plan.judge_inputs import Assessment, Context
from gpuplanner.planning.plan.rules.power import slot_powered_machine


def machine_kind(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    machine = ctx.request.machine
    if machine.laptop:
        return [finding("machine-laptop", "info")]
    if machine.virtual_machine:
        return [finding("machine-cloud-vm", "info")]
    installed = ctx.installed
    if c.action == "keep" and installed is not None and installed.gpu.form_factor in MODULES:
        return [finding("machine-module-server", "info", form=installed.gpu.form_factor.upper())]
    powered_by_slot = slot_powered_machine(ctx)
    # A card with power cables is planned with a supply that has them (power.supply asks).
    if c.bought and powered_by_slot and ctx.request.psu is None and c.count > 1:
        # Office and small form factor PCs rarely have a second x16 slot or the airflow for it.
        return [finding("machine-one-card", "blocks", count=c.count)]
    if c.bought and powered_by_slot and ctx.request.case is None:
        # Many of these take half-height cards only; the catalog has no bracket heights.
        return [finding("check-low-profile", "warns")]
    return []


def module(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    if c.bought and c.gpu.form_factor != "pcie":
        return [finding("fit-module-needs-server", "blocks", form=c.gpu.form_factor.upper())]
    return []


def length(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    if not c.bought or c.gpu.form_factor != "pcie" or a.length_mm is None:
        return []
    case = ctx.request.case
    if case is None or not case.gpu_clearance_mm:
        return [finding("check-case", "warns", length_mm=a.length_mm, slots=a.slots or 0)]
    # Boards of a card come from its reference design's length (the catalog's, from the
    # datasheet) up to the longest widely sold one (boards.csv): refused only when none fits.
    shortest = min(c.gpu.length_mm or a.length_mm, a.length_mm)
    clearance = case.gpu_clearance_mm
    if shortest > clearance:
        return [
            finding(
                "fit-too-long",
                "blocks",
                length=a.length_mm,
                clearance=clearance,
                reference=shortest,
            )
        ]
    if a.length_mm > clearance:
        return [
            finding(
                "fit-pick-board",
                "warns",
                clearance=clearance,
                shortest=shortest,
                longest=a.length_mm,
            )
        ]
    return []


# Slot positions of a case when none is entered: an ATX case has 7; a workstation tower (E-ATX,
# the scan saw four or more cards or a workstation CPU) 8. More needs a server chassis.
DEFAULT_CASE_SLOTS = 7
WORKSTATION_CASE_SLOTS = 8
# x16-length slots a board has for GPUs when no scan says: a desktop board 2 (the CPU's lanes
# split x8/x8), a workstation board 4.
DESKTOP_X16_SLOTS = 2
WORKSTATION_X16_SLOTS = 4
AIR_GAP_SLOTS = 1  # a free slot between open-air cards, so each fan can draw air


def slot_positions(width: float, count: int, cooler: str) -> int:
    """Slot positions ``count`` cards of ``width`` take, with a gap between open-air cards."""
    gaps = (count - 1) * AIR_GAP_SLOTS if cooler == "open-air" else 0
    return math.ceil(width * count + gaps)


def slots(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    """Slot positions in the case and x16 slots on the board, for every purchase of a card."""
    case = ctx.request.case
    machine = ctx.request.machine
    if not c.bought or c.gpu.form_factor != "pcie":
        return []
    if case is not None and case.form_factor == "mini-itx" and c.count > 1:
        return [finding("fit-mini-itx", "blocks", count=c.count)]
    width = a.slots or 2
    big = machine.workstation or (case is not None and case.form_factor in ("e-atx", "server"))
    out = []
    board = WORKSTATION_X16_SLOTS if big else DESKTOP_X16_SLOTS
    if c.count > board:
        out.append(finding("fit-board-slots", "blocks", count=c.count, slots=board))
    if case is not None and case.free_slots is not None:
        # What the user counted as free, plus what a replaced card frees.
        free: float = case.free_slots
        if c.action == "replace" and ctx.installed is not None:
            free += (ctx.installed.gpu.slot_width or 2) * ctx.installed.count
        needed = slot_positions(width, c.bought, c.gpu.cooler)
        if needed > free:
            out.append(finding("fit-slots", "blocks", needed=needed, free=free))
        return out
    total = WORKSTATION_CASE_SLOTS if big else DEFAULT_CASE_SLOTS
    if case is not None and case.form_factor == "server":
        return out
    needed = slot_positions(width, c.count, c.gpu.cooler)  # added cards sit beside the installed
    if needed > total:
        out.append(
            finding("fit-desktop-slots", "blocks", count=c.count, needed=needed, positions=total)
        )
    return out


def desktop_card(gpu: GpuSpec) -> bool:
    """A card made for a desktop case: any open-air card, or a GeForce blower."""
    return gpu.form_factor == "pcie" and (
        gpu.cooler == "open-air" or (gpu.cooler == "blower" and gpu.segment == "consumer")
    )


def cooling(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    machine = ctx.request.machine
    gpu = c.gpu
    # The case must carry the cards' heat out; the room takes all the machine draws from the
    # wall (every watt ends as heat), which is what its cooling is sized by. A server's CPUs,
    # fans and switches draw what its maker rates them at (a DGX H100's eight cards are 5.6 of
    # its 10.2 kW), which a desktop's CPU and board do not stand for: its cards' heat alone.
    cards_w = a.power.gpus_w  # a MIG machine's every card (assess), whichever slice runs the job
    if machine.kind == "server":
        heat = finding(
            "heat-output-server", "info", watts=round(cards_w), btu=round(cards_w * BTU_PER_W)
        )
    else:
        heat = finding(
            "heat-output",
            "info",
            watts=round(cards_w),
            room_w=round(a.power.wall_w),
            btu=round(a.power.wall_w * BTU_PER_W),
        )
    out = [heat]
    if c.action == "keep" and machine.undescribed is not None:
        # The heat and the power of the cards the report describes: the others are unknown
        # (the recorded A100 report: 1 of 4, whose heat line said 500 W for a four-card box).
        attached, described = machine.undescribed
        out.append(
            finding(
                "report-describes-fewer", "warns", attached=str(attached), described=str(described)
            )
        )
    server = machine.server_airflow or (
        ctx.request.case is not None and ctx.request.case.form_factor == "server"
    )
    if c.bought and gpu.cooler == "passive" and not server:
        # Passive cards are cooled by a server's fan wall; a desktop's fans do not push air
        # through their fins. No dated price of a fan kit is on record to offer one as a need.
        out.append(finding("cooling-passive", "blocks", watts=round(gpu.board_power_w)))
    if c.bought and server and desktop_card(gpu):
        # The other way round: a server's fan wall pushes air front to back through passive
        # fins; an open-air card blows its heat into the chassis and a GeForce blower's fan and
        # top-mounted plugs are laid out for a desktop case.
        out.append(finding("cooling-desktop-card-in-server", "blocks", cooler=gpu.cooler))
    # Cards a server already holds sit where its chassis put them: no slot to leave between
    # them (the recorded 8x RTX 4090 server); their own readings say whether they run hot.
    settled = c.action == "keep" and machine.kind == "server"
    if c.count > 1 and gpu.cooler == "open-air" and not settled:
        out.append(finding("cooling-open-air-stack", "warns", count=c.count))
    if c.action == "keep":
        if machine.throttled:
            out.append(finding("cooling-throttled", "warns"))
        elif machine.max_temp_c is not None and machine.max_temp_c >= HOT_C:
            out.append(finding("cooling-hot", "warns", temp=round(machine.max_temp_c)))
    return out


def lanes(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    width = ctx.request.machine.slot_width
    if c.bought and width and width <= 4 and c.gpu.pcie_lanes > width:
        return [finding("slot-x4", "warns", width=width, card_width=c.gpu.pcie_lanes)]
    return []


def bridge_pays(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    """A bridge bought alone is offered where it pays as one bought with a pair does
    (physical.NVLINK_BRIDGE_MIN_GAIN): a few percent is not worth the part and the fitting."""
    if c.action != "bridge" or a.bridge_gain is None:
        return []
    if a.bridge_gain >= physical.NVLINK_BRIDGE_MIN_GAIN:
        return []
    pct = round(a.bridge_gain * 100)
    min_pct = round(physical.NVLINK_BRIDGE_MIN_GAIN * 100)
    if pct <= 0:  # "only 0% faster" reads as a slip: the pair would not be faster at all
        return [finding("bridge-gain-none", "blocks", min_pct=min_pct)]
    return [finding("bridge-gain-small", "blocks", pct=pct, min_pct=min_pct)]


def nvlink_assumed(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    """The installed pair's bridge, when no report showed it and the user did not say:
    planned as fitted (a data-centre pair) and said so, with how to say otherwise."""
    machine = ctx.request.machine
    if c.action != "keep" or machine.nvlink_basis != "assumed":
        return []
    if not links.takes_bridge(c.gpu, c.count) or links.bridge_kind(c.gpu) != "data-centre":
        return []
    return [finding("nvlink-bridge-assumed", "warns", gpu=c.gpu.name, count=c.count)]


def nvlink_bridge(c: Candidate, a: Assessment, ctx: Context) -> tuple[list[Finding], list[Need]]:
    """Two cards that scale on a bridge and not over PCIe: the bridge is bought with them, the
    part their kind takes (planning/machine/links.py): a desktop card's, at its price; a data-centre
    card's board, whose price is not on record, left out of the total and said to confirm."""
    s = a.scaling
    bridge = c.gpu.interconnect == "nvlink-bridge"
    if c.action == "keep" or s is None or s.link != "nvlink" or not bridge:
        return [], []
    if links.bridge_kind(c.gpu) == "data-centre":
        return (
            [finding("nvlink-bridge-dc-needed", "needs", gpu=c.gpu.name, count=c.count)],
            [Need(what="nvlink-bridge", kind="data-centre", priced=False)],
        )
    currency = ctx.request.currency
    price = physical.NVLINK_BRIDGE_PRICE.get(currency)
    converted = price is None
    if price is None:
        usd = physical.NVLINK_BRIDGE_PRICE["USD"]
        # A used part bought privately: converted at the day's rate, no tax added.
        price = ctx.market.money(usd, "USD") or 0.0
    return (
        [
            finding(
                "nvlink-bridge-needed",
                "needs",
                price=round(price, 2),
                currency=currency,
                converted=converted,
            )
        ],
        [
            Need(
                what="nvlink-bridge",
                kind="desktop",
                price=round(price, 2),
                date=physical.NVLINK_BRIDGE_DATE,
                source=physical.NVLINK_BRIDGE_SOURCE,
            )
        ],
    )
