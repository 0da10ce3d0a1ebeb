"""A scan or imported snapshot, completed with what the catalog knows.

The hardware package may not know the catalog (its import contract in pyproject.toml); this module joins them: each
GPU gets its catalog card, the CPU its power class, and the snapshot the TensorFlow
diagnosis from the build tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from gpuplanner.app.machine_kind import machine_kind
from gpuplanner.catalog.names import match_device, named_cards, normalise
from gpuplanner.catalog.records import CatalogData, CpuPower, GpuSpec
from gpuplanner.core.findings import Finding
from gpuplanner.core.vocab import TOLD_SOURCE
from gpuplanner.hardware.records import CpuInfo, GpuDevice, SystemSnapshot
from gpuplanner.planning.compat import diagnose
from gpuplanner.planning.physical import CaseSpec, entered_case
from gpuplanner.planning.power import SLOT_W, PsuSpec, entered_supply, needs_power_cables
from gpuplanner.planning.request import MachineFacts
from gpuplanner.planning.speed import calibration, features
from gpuplanner.probe.results import ProbeResult


def match_cpu(model: str | None, cpus: tuple[CpuPower, ...]) -> CpuPower | None:
    """'12th Gen Intel(R) Core(TM) i9-12900K' -> Core i9-12900K; the most specific name wins."""
    if not model:
        return None
    words = set(normalise(model).split())
    best, best_size = None, 0
    for cpu in cpus:
        for form in (cpu.name, *cpu.aliases):
            needed = set(normalise(form).split())
            if needed and needed <= words and len(needed) > best_size:
                best, best_size = cpu, len(needed)
    return best


def enrich(snapshot: SystemSnapshot, catalog: CatalogData) -> SystemSnapshot:
    cards = named_cards(catalog.gpus)
    by_id = {g.id: g for g in catalog.gpus}
    gpus = []
    status: dict[int, tuple[str, str | None]] = {}
    for gpu in snapshot.gpus:
        card = match_device(gpu.name, gpu.memory_total_mib, cards)
        if card is not None:
            spec = by_id[card.id]
            gpu = replace(gpu, catalog_id=card.id)
            status[gpu.index] = (spec.tf_status, spec.compute_capability)
        gpus.append(gpu)
    cpu = snapshot.cpu
    power_class = match_cpu(cpu.model, catalog.cpus)
    if power_class is not None:
        cpu = CpuInfo(
            **{
                **cpu.__dict__,
                "power_class": power_class.id,
                "base_power_w": float(power_class.base_power_w),
                "max_power_w": float(power_class.max_power_w),
            }
        )
    enriched = replace(snapshot, gpus=tuple(gpus), cpu=cpu)
    compat = diagnose(enriched, catalog.tf_builds, status)
    known = {(f.id, f.gpu_index) for f in snapshot.findings}
    extra = tuple(f for f in compat if (f.id, f.gpu_index) not in known)
    findings = snapshot.findings + extra
    if machine_kind(enriched, by_id).kind == "laptop":
        findings = tuple(_as_laptop(f) for f in findings)
    return replace(enriched, findings=findings)


# A narrow link the scan reads as a slot to check: on a laptop the maker wired the GPU so, and
# no slot, riser or second card can be changed (HP's GTX 1050 laptops run it at x8).
LAPTOP_WIDTH = ("pcie-width-below-max", "pcie-slot-width-below-card")


def _as_laptop(found: Finding) -> Finding:
    if found.id not in LAPTOP_WIDTH:
        return found
    return Finding("pcie-laptop-width", "info", found.params, gpu_index=found.gpu_index)


def mig_slice(gpu: GpuDevice) -> tuple[float | None, float | None]:
    """The largest MIG slice of a card with MIG on: its memory (GB) and about what share of
    the card's compute it has. A process (TensorFlow's too) sees one MIG device, not several.
    The share is the lesser of its memory share and its SMs over seven of the smallest
    slice's (MIG cuts compute in sevenths): an H100's 3g.40gb, 60 SMs, is about 45%."""
    if not gpu.mig_enabled or not gpu.mig_slices:
        return None, None
    largest = max(gpu.mig_slices, key=lambda s: (s.memory_mib or 0, s.sm_count or 0))
    if not largest.memory_mib:
        return None, None
    shares = []
    if gpu.memory_total_mib:
        shares.append(largest.memory_mib / gpu.memory_total_mib)
    sms = [s.sm_count for s in gpu.mig_slices if s.sm_count]
    if largest.sm_count and sms:
        shares.append(largest.sm_count / (7 * min(sms)))
    share = min(1.0, min(shares)) if shares else None
    return round(largest.memory_mib / 1024, 1), round(share, 3) if share else None


def slot_powered(gpus: Sequence[GpuDevice], by_id: Mapping[str, GpuSpec]) -> bool:
    """Every GPU runs from the slot alone: a catalog card without power connectors, or an
    unknown card whose power limit is 75 W or less (or not reported at all)."""
    nvidia = [g for g in gpus if g.vendor == "NVIDIA"]
    if not nvidia:
        return False
    for gpu in nvidia:
        card = by_id.get(gpu.catalog_id or "")
        if card is not None:
            if needs_power_cables(card):
                return False
        else:
            limit = gpu.power_default_limit_w or gpu.power_limit_w
            if limit is not None and limit > SLOT_W:
                return False
    return True


def operating_system(snapshot: SystemSnapshot | None) -> str | None:
    """The scan's own OS; for a report of another machine, Windows when its driver runs a GPU in
    TCC or MCDM (compute modes WSL2 cannot see), else unknown (WDDM is native Windows or WSL2)."""
    if snapshot is None:
        return None
    if snapshot.os is not None and snapshot.os.system:
        return snapshot.os.system
    if any(g.driver_model in ("TCC", "MCDM") for g in snapshot.gpus):
        return "Windows"
    return None


def installed_links(gpus: list[GpuDevice]) -> tuple[tuple[int, int], ...]:
    """(lanes, generation) each card's link can run at: the width it trained to and the highest
    generation both ends support (an idle card drops its generation, not its lanes). Empty when
    any card's link is unknown: then the platform's usual split is planned instead."""
    out = []
    for gpu in gpus:
        link = gpu.pcie
        if link is None:
            return ()
        width = min(filter(None, (link.current_width, link.max_width)), default=None)
        gen = link.max_gen or link.current_gen
        if not width or not gen:
            return ()
        out.append((width, gen))
    return tuple(out)


def machine_facts(
    snapshot: SystemSnapshot | None,
    probe: ProbeResult | None = None,
    catalog: CatalogData | None = None,
) -> MachineFacts:
    """What planning needs to know of this computer, from a scan and a probe result: the
    card it has, what kind of machine it is, what the scan read of the rest, and what the
    probe measured."""
    if snapshot is None and probe is None:
        return MachineFacts()
    by_id = {g.id: g for g in catalog.gpus} if catalog else {}
    facts: dict[str, Any] = {}
    if snapshot is not None:
        facts |= _installed_card(snapshot, by_id)
        facts |= _kind(snapshot, by_id)
        facts |= _scanned(snapshot)
    if probe is not None:
        facts |= _measured(probe, by_id.get(facts.get("current_gpu_id") or ""))
    return MachineFacts(**facts)


def _installed_card(snapshot: SystemSnapshot, by_id: Mapping[str, GpuSpec]) -> dict[str, Any]:
    """The card most of the machine's GPUs are (what "keep" and "add" are about): its link,
    its power limit, its MIG slice, its memory when it is not the catalog card's, and the
    power of the other cards that stay."""
    known = [(g.catalog_id, g) for g in snapshot.gpus if g.catalog_id is not None]
    if not known:
        return {}
    ids = [card_id for card_id, _gpu in known]
    current = max(dict.fromkeys(ids), key=ids.count)
    first = next(gpu for card_id, gpu in known if card_id == current)
    specs = [by_id[card_id] for card_id, _gpu in known if card_id in by_id]
    link = first.pcie
    slice_gb, slice_share = mig_slice(first)
    reported = first.memory_total_mib / 1024 if first.memory_total_mib else None
    card_gb = by_id[current].memory_gb if current in by_id else None
    return {
        "current_gpu_id": current,
        "installed_count": ids.count(current),
        "slot_gen": (link.slot_max_gen or link.max_gen) if link is not None else None,
        "slot_width": (link.slot_max_width or link.max_width) if link is not None else None,
        "existing_gpu_w": sum(spec.board_power_w for spec in specs if spec.id != current),
        "installed_links": installed_links([gpu for card_id, gpu in known if card_id == current]),
        "power_cap_w": first.power_enforced_limit_w or first.power_limit_w,
        "power_default_w": first.power_default_limit_w,
        "power_max_w": first.power_max_limit_w,
        "mig_slice_gb": slice_gb,
        "mig_slice_share": slice_share,
        "installed_memory_gb": (
            round(reported, 1)
            if reported and card_gb and abs(reported - card_gb) > 0.1 * card_gb
            else None
        ),
        # A chassis that already cools passive or SXM cards.
        "server_airflow": any(
            spec.cooler == "passive" or spec.form_factor in ("sxm", "oam") for spec in specs
        ),
    }


def _kind(snapshot: SystemSnapshot, by_id: Mapping[str, GpuSpec]) -> dict[str, Any]:
    kind = machine_kind(snapshot, by_id).kind
    return {
        "kind": kind,
        "laptop": kind == "laptop",
        "virtual_machine": kind in ("cloud-vm", "vgpu-guest"),
        # A laptop's GPU has no cables to ask about: the laptop is its supply.
        "slot_powered": kind != "laptop" and slot_powered(snapshot.gpus, by_id),
        # A platform with x16 for every card: a workstation or a server, named or by its cards.
        "workstation": kind in ("workstation", "server"),
    }


def _scanned(snapshot: SystemSnapshot) -> dict[str, Any]:
    """What the scan read of the rest: the driver, the OS, the CPU, the memory, the ports."""
    gpus, cpu, system = snapshot.gpus, snapshot.cpu, operating_system(snapshot)
    return {
        "has_gpu": any(g.vendor == "NVIDIA" or g.catalog_id for g in gpus),
        "nvlink_active": any((g.nvlink_active_links or 0) > 0 for g in gpus),
        "driver_version": next((g.driver_version for g in gpus if g.driver_version), None),
        "os_system": system,
        # A report whose driver is Windows's WDDM: native Windows or WSL2, it cannot say which.
        "windows_or_wsl": system is None and any(g.driver_model == "WDDM" for g in gpus),
        "cpu_peak_w": cpu.max_power_w,
        "cpu_base_w": cpu.base_power_w,
        "ram_gb": (
            round(snapshot.memory.total_mib / 1024, 1) if snapshot.memory.total_mib else None
        ),
        "thunderbolt": snapshot.thunderbolt,
    }


def _measured(probe: ProbeResult, card: GpuSpec | None) -> dict[str, Any]:
    """What the probe measured: the CPU's input pipeline, and on the card the matrix multiply
    (and the calibration it gives), memory bandwidth, host copies, heat and throttling."""
    pipeline = probe.metric("input", "jpeg_decode_augment")
    facts: dict[str, Any] = {"pipeline_images_s": pipeline.value if pipeline else None}
    if card is not None and probe.environment().get("gpus"):
        for name, precision in (("fp16", "mixed"), ("tf32", "fp32"), ("fp32", "fp32")):
            measured = probe.metric("matmul", name)
            if measured and measured.value:
                facts["matmul_tflops"] = measured.value
                facts["machine_factor"] = calibration(measured.value, features(card, precision)[0])
                break
        memory = probe.metric("bandwidth", "device_memory")
        facts["bandwidth_gbs"] = memory.value if memory else None
        transfer = probe.metric("transfer", "host_to_device")
        facts["copy_gbs"] = transfer.value if transfer else None
    temperatures = [t.max_temperature_c for t in probe.load if t.max_temperature_c]
    facts["max_temp_c"] = max(temperatures) if temperatures else None
    facts["throttled"] = any("thermal" in r for t in probe.load for r in t.throttle_reasons)
    return facts


def supply_of(snapshot: SystemSnapshot | None) -> PsuSpec | None:
    """The power supply the user entered for this machine (kept in its snapshot), if any."""
    supply = snapshot.power_supply if snapshot is not None else None
    if supply is None:
        return None
    return entered_supply(
        supply.rated_w,
        supply.atx_version,
        bool(supply.has_12v2x6),
        supply.pcie_8pin_cables,
        supply.rating,
    )


def case_of(snapshot: SystemSnapshot | None) -> CaseSpec | None:
    """The case the user entered for this machine (kept in its snapshot), if any."""
    case = snapshot.case if snapshot is not None else None
    if case is None:
        return None
    return entered_case(case.gpu_clearance_mm, case.free_slots, case.form_factor)


def told_machine(gpu_id: str | None, catalog: CatalogData) -> SystemSnapshot | None:
    """The computer a kiosk customer describes: the card they name, nothing of the kiosk's own
    PC (no host name, CPU, memory or link). None when they name none."""
    from gpuplanner.hardware.records import DriverStatus
    from gpuplanner.hardware.snapshot import gpus_only

    card = next((g for g in catalog.gpus if g.id == gpu_id), None)
    if card is None:
        return None
    gpu = GpuDevice(
        index=0,
        vendor=card.vendor,
        name=card.name,
        memory_total_mib=card.memory_gb * 1024,
        catalog_id=card.id,
    )
    told = gpus_only(TOLD_SOURCE, "", (gpu,), DriverStatus("not-read", "told by the customer"))
    return enrich(told, catalog)
