"""What planning knows of this computer (``MachineFacts``), decided from its scan, the probe's
result and the catalog's cards: the installed card, the machine's kind, what the scan read of
the rest and what the probe measured. Pure: the records in, the facts out; ``app/inventory.py``
joins a scan to the catalog first and reads the probe's result.

Each part is a ``TypedDict`` of ``MachineFacts`` fields, so mypy checks every key and value
against the record it fills."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.hardware.records import GpuDevice, SystemSnapshot
from gpuplanner.planning.machine.compute_capability import compute_capability
from gpuplanner.planning.machine.kind import Kind, machine_kind
from gpuplanner.planning.machine.power import SLOT_W, needs_power_cables


@dataclass(frozen=True, kw_only=True)
class MachineFacts:
    """What the scan and the probe say about the user's computer (all optional)."""

    current_gpu_id: str | None = None  # the installed card, when the catalog knows it
    # An installed NVIDIA card the catalog does not know (a cloud's GRID K520): its name, its
    # compute capability (reported, or from its PCI device id or name) and memory, so that it
    # is still the machine's card, judged against the route's floor.
    unknown_gpu_name: str | None = None
    unknown_gpu_cc: str | None = None
    unknown_gpu_memory_gb: float | None = None
    installed_count: int = 0  # cards of that kind installed
    has_gpu: bool = False  # any GPU at all, known to the catalog or not
    kind: str = "unknown"  # planning/machine/kind.py: laptop, desktop, server, cloud-vm, ...
    laptop: bool = False
    virtual_machine: bool = False  # a cloud or virtual machine: rent another, do not buy
    slot_powered: bool = False  # the installed GPUs run from the slot alone (no power cables seen)
    workstation: bool = False  # a platform with x16 for every card (HEDT, server)
    nvlink_active: bool = False  # the installed cards are joined by NVLink (bridge or board)
    # A report or a capture (nvidia-smi topo -m, nvidia-smi nvlink -s) showed the cards' NVLink
    # state, active or not; nvidia-smi -q does not.
    nvlink_known: bool = False
    # How ``nvlink_active`` was decided for planning (planning/machine/links.py): "seen" in a report or
    # capture, "told" by the user, "assumed" (neither). None: not worked out yet.
    nvlink_basis: str | None = None
    # The PCIe link each installed card of the planned kind can run at (lanes, generation): what
    # the scan saw, risers and chipset slots included.
    installed_links: tuple[tuple[int, int], ...] = ()
    server_airflow: bool = False  # a chassis that already cools passive or SXM cards
    driver_version: str | None = None
    os_system: str | None = None  # Linux, Windows, Darwin
    # A report of another machine whose driver is Windows's WDDM: native Windows or WSL2 (which
    # reports WDDM too), the report cannot say which.
    windows_or_wsl: bool = False
    slot_gen: int | None = None
    slot_width: int | None = None
    cpu_peak_w: float | None = None
    cpu_base_w: float | None = None
    ram_gb: float | None = None
    existing_gpu_w: float = 0.0  # cards that stay in the machine whatever is bought
    pipeline_images_s: float | None = None  # the probe's CPU input pipeline
    machine_factor: float | None = None  # from the probe's matmul efficiency
    matmul_tflops: float | None = None  # the probe's matrix multiply, at the job's precision
    bandwidth_gbs: float | None = None  # the probe's device memory bandwidth
    copy_gbs: float | None = None  # the probe's host-to-GPU copy rate
    # The installed cards' enforced power limit, their maker's default and the board's highest
    # settable limit, when known.
    power_cap_w: float | None = None
    power_default_w: float | None = None
    power_max_w: float | None = None
    # MIG on the installed card: a TensorFlow process sees one slice, this big, with about
    # this share of the card's compute (None: MIG off, or no slice listed).
    mig_slice_gb: float | None = None
    # The installed card's memory as the driver reports it, when it is not the catalog card's
    # (a laptop's 4 GB GTX 1050 where the desktop board has 2 GB; a reworked 22 GB board).
    installed_memory_gb: float | None = None
    # ECC on the installed card's memory, as its driver reports it (None: not reported).
    installed_ecc_on: bool | None = None
    thunderbolt: bool | None = None  # a Thunderbolt or USB4 port: an eGPU enclosure can attach
    # The CPU's AVX (hardware/records.py: CpuInfo.avx): without it TensorFlow's own wheels stop
    # at import, whatever card the machine has. None: not read.
    cpu_avx: bool | None = None
    mig_slice_share: float | None = None
    # MIG on the installed card, and the reading lists none of its slices (a --query-gpu CSV
    # reads the mode alone): the job runs in a slice of a size nobody read.
    mig_slices_unread: bool = False
    # The report's memory is under any board of the card's name (app/inventory.py:
    # memory-unlike-card): the board's, where the plan keeps the reading and says so.
    memory_unlike_card_gb: float | None = None
    max_temp_c: float | None = None
    throttled: bool = False
    # A report that says more GPUs are attached than it describes (the recorded A100 server:
    # 4 and 1): (attached, described). Its plan counts the ones described, and says so.
    undescribed: tuple[int, int] | None = None


class InstalledCard(TypedDict, total=False):
    current_gpu_id: str
    unknown_gpu_name: str
    unknown_gpu_cc: str | None
    unknown_gpu_memory_gb: float | None
    installed_count: int
    slot_gen: int | None
    slot_width: int | None
    existing_gpu_w: float
    installed_links: tuple[tuple[int, int], ...]
    power_cap_w: float | None
    power_default_w: float | None
    power_max_w: float | None
    mig_slice_gb: float | None
    mig_slice_share: float | None
    mig_slices_unread: bool
    memory_unlike_card_gb: float | None
    installed_memory_gb: float | None
    installed_ecc_on: bool | None
    server_airflow: bool


class KindFacts(TypedDict):
    kind: Kind
    laptop: bool
    virtual_machine: bool
    slot_powered: bool
    workstation: bool


class Scanned(TypedDict):
    has_gpu: bool
    nvlink_active: bool
    nvlink_known: bool
    driver_version: str | None
    os_system: str | None
    windows_or_wsl: bool
    cpu_peak_w: float | None
    cpu_base_w: float | None
    ram_gb: float | None
    thunderbolt: bool | None
    cpu_avx: bool | None
    undescribed: tuple[int, int] | None


class Measured(TypedDict, total=False):
    """What the probe measured (app/inventory.py reads it from the probe's result)."""

    pipeline_images_s: float | None
    matmul_tflops: float | None
    machine_factor: float | None
    bandwidth_gbs: float | None
    copy_gbs: float | None
    max_temp_c: float | None
    throttled: bool


# The compute slices a whole card's MIG cuts: sevenths on the A100, H100, H200 and B200,
# quarters on the A30 (NVIDIA's MIG user guide, "Supported MIG Profiles", read 2026-12-05).
MIG_COMPUTE_SLICES = 7
MIG_COMPUTE_SLICES_A30 = 4


def mig_slice(gpu: GpuDevice) -> tuple[float | None, float | None]:
    """The largest MIG slice of a card with MIG on: its memory (GB) and about what share of
    the card's compute it has. A process (TensorFlow's too) sees one MIG device, not several.
    The share is the least of its memory share, its SMs over seven of the smallest slice's
    and its profile's compute slices over the card's (an H100's 3g.40gb, 60 SMs, is about 45%;
    a 1g.10gb, which ``nvidia-smi -L`` names with no SMs or card memory, a seventh)."""
    if not gpu.mig_enabled or not gpu.mig_slices:
        return None, None
    largest = max(
        gpu.mig_slices, key=lambda s: (s.memory_mib or 0, s.sm_count or 0, s.compute_slices or 0)
    )
    if not largest.memory_mib:
        return None, None
    shares = []
    if gpu.memory_total_mib:
        shares.append(largest.memory_mib / gpu.memory_total_mib)
    sms = [s.sm_count for s in gpu.mig_slices if s.sm_count]
    if largest.sm_count and sms:
        shares.append(largest.sm_count / (7 * min(sms)))
    if largest.compute_slices:
        whole = MIG_COMPUTE_SLICES_A30 if "A30" in gpu.name.split() else MIG_COMPUTE_SLICES
        shares.append(largest.compute_slices / whole)
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
        # An lspci capture gives each end's capability, not the pair's: the lower of the card's
        # and the slot's (its idle Gen1 planned the recorded 4x RTX 6000 Ada at 3.2 GB/s).
        ends = [g for g in (link.card_max_gen, link.slot_max_gen) if g]
        gen = link.max_gen or (min(ends) if ends else None) or link.current_gen
        if not width or not gen:
            return ()
        out.append((width, gen))
    return tuple(out)


def machine_facts(
    snapshot: SystemSnapshot | None,
    measured: Measured | None = None,
    cards: Mapping[str, GpuSpec] | None = None,
) -> MachineFacts:
    """What planning needs to know of this computer, from a scan and what the probe measured
    (``cards``: the catalog's cards by id): the card it has, what kind of machine it is, what
    the scan read of the rest, and the probe's measures."""
    by_id = cards or {}
    measured = measured or {}
    if snapshot is None:
        return MachineFacts(**measured)
    return MachineFacts(
        **_installed_card(snapshot, by_id),
        **_kind(snapshot, by_id),
        **_scanned(snapshot),
        **measured,
    )


def _slot_limit(slot: int | None, best: int | None, own: int | None) -> int | None:
    """The slot's generation or lanes: the slot's own reading (``slot``), else the link's best
    (``best``) where the card could do more (``own``). A link as good as the card itself says
    nothing of the slot: a GT 1030's Gen3 x4 was read as "this computer's GPU slot runs at x4"
    and "your slot is Gen3"."""
    if slot:
        return slot
    return best if best and (own is None or own > best) else None


def installed_card_id(snapshot: SystemSnapshot | None) -> str | None:
    """The card most of the machine's GPUs are, when the catalog knows it."""
    ids = [g.catalog_id for g in snapshot.gpus if g.catalog_id is not None] if snapshot else []
    return max(dict.fromkeys(ids), key=ids.count) if ids else None


def _installed_card(snapshot: SystemSnapshot, by_id: Mapping[str, GpuSpec]) -> InstalledCard:
    """The card most of the machine's GPUs are (what "keep" and "add" are about): its link,
    its power limit, its MIG slice, its memory when it is not the catalog card's, and the
    power of the other cards that stay."""
    known = [(g.catalog_id, g) for g in snapshot.gpus if g.catalog_id is not None]
    current = installed_card_id(snapshot)
    if current is None:
        return _unknown_card(snapshot)
    ids = [card_id for card_id, _gpu in known]
    first = next(gpu for card_id, gpu in known if card_id == current)
    specs = [by_id[card_id] for card_id, _gpu in known if card_id in by_id]
    link = first.pcie
    slice_gb, slice_share = mig_slice(first)
    reported = first.memory_total_mib / 1024 if first.memory_total_mib else None
    card = by_id.get(current)
    card_gb = card.memory_gb if card is not None else None
    return {
        "current_gpu_id": current,
        "installed_count": ids.count(current),
        "slot_gen": (
            _slot_limit(link.slot_max_gen, link.max_gen, card.pcie_gen if card else None)
            if link is not None
            else None
        ),
        "slot_width": (
            _slot_limit(link.slot_max_width, link.max_width, card.pcie_lanes if card else None)
            if link is not None
            else None
        ),
        "existing_gpu_w": sum(spec.board_power_w for spec in specs if spec.id != current),
        "installed_links": installed_links([gpu for card_id, gpu in known if card_id == current]),
        "power_cap_w": first.power_enforced_limit_w or first.power_limit_w,
        "power_default_w": first.power_default_limit_w,
        "power_max_w": first.power_max_limit_w,
        "mig_slice_gb": slice_gb,
        "mig_slice_share": slice_share,
        "mig_slices_unread": bool(first.mig_enabled) and slice_gb is None,
        "memory_unlike_card_gb": (
            card_gb
            if any(
                f.id == "memory-unlike-card" and f.gpu_index == first.index
                for f in snapshot.findings
            )
            else None
        ),
        "installed_memory_gb": (
            round(reported, 1)
            if reported and card_gb and _memory_differs(reported, card_gb)
            else None
        ),
        "installed_ecc_on": first.ecc_enabled,
        # A chassis that already cools passive or SXM cards.
        "server_airflow": any(
            spec.cooler == "passive" or spec.form_factor in ("sxm", "oam") for spec in specs
        ),
    }


def _unknown_card(snapshot: SystemSnapshot) -> InstalledCard:
    """The NVIDIA card most of the machine's GPUs are, when the catalog knows none of them."""
    nvidia = [g for g in snapshot.gpus if g.vendor == "NVIDIA" and g.name]
    if not nvidia:
        return {}
    names = [g.name for g in nvidia]
    name = max(dict.fromkeys(names), key=names.count)
    first = next(g for g in nvidia if g.name == name)
    return {
        "unknown_gpu_name": name,
        "unknown_gpu_cc": compute_capability(
            first.compute_capability, first.pci_device_id, first.name
        ),
        "unknown_gpu_memory_gb": (
            round(first.memory_total_mib / 1024, 1) if first.memory_total_mib else None
        ),
        "installed_count": names.count(name),
    }


def _kind(snapshot: SystemSnapshot, by_id: Mapping[str, GpuSpec]) -> KindFacts:
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


def _scanned(snapshot: SystemSnapshot) -> Scanned:
    """What the scan read of the rest: the driver, the OS, the CPU, the memory, the ports."""
    gpus, cpu, system = snapshot.gpus, snapshot.cpu, operating_system(snapshot)
    return {
        "has_gpu": any(g.for_compute for g in gpus),
        "nvlink_active": any((g.nvlink_active_links or 0) > 0 for g in gpus),
        "nvlink_known": any(g.nvlink_active_links is not None for g in gpus),
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
        "cpu_avx": cpu.avx,
        "undescribed": _undescribed(snapshot),
    }


def _undescribed(snapshot: SystemSnapshot) -> tuple[int, int] | None:
    """(attached, described) where the report describes fewer GPUs than it says are attached
    (hardware/snapshot.py: report-describes-fewer)."""
    for f in snapshot.findings:
        if f.id == "report-describes-fewer":
            try:
                return int(f.params["attached"]), int(f.params["described"])
            except (KeyError, TypeError, ValueError):
                return None
    return None


# What the driver reports differs from the board's spec by rounding (a 24 GB RTX 4090 reports
# 24,564 MiB) unless the board holds memory back: a data-centre board's GDDR with ECC on keeps
# 1/16 of it for the code (the recorded AWS Tesla T4 reports 15,360 MiB of 16 GB, the A10G
# 23,028 of 24), a vGPU profile or a laptop's board its own size. 2% parts the two.
MEMORY_READING_DIFFERS = 0.02


def _memory_differs(reported_gb: float, card_gb: float) -> bool:
    return abs(reported_gb - card_gb) > MEMORY_READING_DIFFERS * card_gb
