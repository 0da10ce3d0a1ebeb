"""Rules about the machine and the case: what kind of computer it is, module or card, length,
slots, cooling and the lanes of the slot."""

from __future__ import annotations

from gpuplanner.planning.findings import Finding, finding
from gpuplanner.planning.judging import Assessment, Context
from gpuplanner.planning.options import Candidate
from gpuplanner.planning.physical import BTU_PER_W, HOT_C
from gpuplanner.planning.power import needs_power_cables
from gpuplanner.planning.scenarios import Scenario


def machine_kind(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    machine = ctx.request.machine
    if machine.laptop:
        return [finding("machine-laptop", "info")]
    if machine.virtual_machine:
        return [finding("machine-cloud-vm", "info")]
    current = ctx.installed
    powered_by_slot = machine.slot_powered or (
        current is not None and not needs_power_cables(current.gpu)
    )
    if c.bought and powered_by_slot and ctx.request.psu is None and needs_power_cables(c.gpu):
        # A slot-powered card (office PC, small form factor box): no sign of PCIe power cables.
        name = current.gpu.name if current is not None else "GPU"
        return [
            finding(
                "machine-slot-powered", "blocks", current=name, watts=round(c.gpu.board_power_w)
            )
        ]
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
    if a.length_mm > case.gpu_clearance_mm:
        return [
            finding(
                "fit-too-long",
                "blocks",
                length=a.length_mm,
                clearance=case.gpu_clearance_mm,
                reference=c.gpu.length_mm or a.length_mm,
            )
        ]
    return []


# The expansion slots of the largest desktop boards and cases (ATX 7, E-ATX 8 less the one a
# board gives up to its chipset cooler): more cards than this need a workstation or a server.
DESKTOP_SLOTS = 7


def slots(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    case = ctx.request.case
    machine = ctx.request.machine
    if not c.bought or c.gpu.form_factor != "pcie":
        return []
    width = a.slots or 2
    if case is None or case.free_slots is None:
        # A scanned desktop (not a workstation or server) cannot take 8 cards whatever its case.
        needed = round(width * c.count)
        if machine.has_gpu and not machine.workstation and c.count > 1 and needed > DESKTOP_SLOTS:
            return [finding("fit-desktop-slots", "blocks", count=c.count, needed=needed)]
        if case is None:
            return []
    out = []
    if case.free_slots is not None:
        needed = round(width * c.bought)
        free: float = case.free_slots
        if c.action == "replace" and ctx.installed is not None:
            free += (ctx.installed.gpu.slot_width or 2) * ctx.installed.count
        if needed > free:
            out.append(finding("fit-slots", "blocks", needed=needed, free=free))
    if case.form_factor == "mini-itx" and c.count > 1:
        out.append(finding("fit-mini-itx", "blocks", count=c.count))
    return out


def cooling(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    machine = ctx.request.machine
    gpu = c.gpu
    out = [
        finding(
            "heat-output",
            "info",
            watts=round(gpu.board_power_w * c.count),
            btu=round(gpu.board_power_w * c.count * BTU_PER_W),
        )
    ]
    if c.bought and gpu.cooler == "passive" and ctx.preset.scenario is not Scenario.LLM:
        out.append(finding("cooling-passive", "warns"))
    if c.count > 1 and gpu.cooler == "open-air":
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
