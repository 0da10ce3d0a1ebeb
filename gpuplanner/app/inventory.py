"""A scan or imported snapshot, completed with what the catalog knows.

The hardware package may not know the catalog (its import contract in pyproject.toml); this module joins them: each
GPU gets its catalog card, the CPU its power class, and the snapshot the TensorFlow
diagnosis from the build tables.
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.catalog import pci_ids
from gpuplanner.catalog.names import match_device, named_cards, normalise
from gpuplanner.catalog.records import CatalogData, CpuPower, GpuSpec
from gpuplanner.core.findings import Finding
from gpuplanner.core.vocab import TOLD_SOURCE, Precision
from gpuplanner.hardware.records import CpuInfo, GpuDevice, SystemSnapshot
from gpuplanner.planning.machine.compat import diagnose
from gpuplanner.planning.machine.facts import MachineFacts, Measured, installed_card_id
from gpuplanner.planning.machine.facts import machine_facts as facts_of
from gpuplanner.planning.machine.kind import (
    MachineKind,
    cloud_findings,
    laptop_findings,
    machine_kind,
    server_findings,
    vgpu_findings,
)
from gpuplanner.planning.machine.physical import CaseSpec, entered_case
from gpuplanner.planning.machine.power import PsuSpec, entered_supply
from gpuplanner.planning.speed.training import calibration, features
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
    # A machine's cards are mostly of one model: each name and size is matched once (a fleet of
    # 256-GPU servers matched the same name 2,048 times).
    matched: dict[tuple[str, float | None, str | None], tuple[str | None, bool]] = {}
    for gpu in snapshot.gpus:
        key = (gpu.name, gpu.memory_total_mib, gpu.pci_device_id)
        if key not in matched:
            card = match_device(gpu.name, gpu.memory_total_mib, cards)
            # A name with no model in it ("NVIDIA Corporation Device 2330": lspci with a PCI ID
            # list older than the card): its device id says which card it is.
            matched[key] = (
                (card.id, False) if card is not None else (pci_ids.card_id(gpu.pci_device_id), True)
            )
        card_id, by_device_id = matched[key]
        if card_id is not None and card_id in by_id:
            spec = by_id[card_id]
            gpu = replace(gpu, catalog_id=card_id, catalog_name=spec.name if by_device_id else None)
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
    kind = machine_kind(enriched, by_id).kind
    if kind not in ("vgpu-guest", "cloud-vm"):  # a vGPU profile gives a share of the board
        compat += [f for g in gpus if (f := memory_unlike_card(g, by_id)) is not None]
    known = {(f.id, f.gpu_index) for f in snapshot.findings}
    extra = tuple(f for f in compat if (f.id, f.gpu_index) not in known)
    findings = snapshot.findings + extra
    if kind == "laptop":
        findings = laptop_findings(findings)
    elif kind == "server":
        findings = server_findings(findings)
    elif kind == "cloud-vm":
        findings = cloud_findings(findings)
    elif kind == "vgpu-guest":
        findings = vgpu_findings(findings)
    return replace(enriched, findings=findings)


# A card's driver keeps some memory, ECC on GDDR a sixteenth more: a reading under this share
# of the catalog's board is not the board the name says.
MEMORY_READ_FLOOR = 0.85


def memory_unlike_card(gpu: GpuDevice, by_id: dict[str, GpuSpec]) -> Finding | None:
    """A report whose memory no board of the matched name has: a GTX 1070 Ti reading 4,096
    MiB (every one has 8 GB) was planned as a 4 GB card and told to go. A hand-edited report,
    or a relabelled card, which reports its own memory under another's name; the plan keeps
    the reading (what TensorFlow will get) and says so."""
    spec = by_id.get(gpu.catalog_id or "")
    if spec is None or not gpu.memory_total_mib or gpu.mig_enabled:
        return None
    # NVIDIA's alone: the catalog has each of its memory sizes as a card of its own (RTX 3060 8
    # and 12 GB, A100 40 and 80 GB), where it lacks AMD's and Intel's smaller ones (an 8 GB Arc
    # A770), and an Instinct MI250X's two dies or a partitioned MI300X each report a part.
    if spec.vendor != "NVIDIA":
        return None
    read_gb = gpu.memory_total_mib / 1024
    if read_gb >= MEMORY_READ_FLOOR * spec.memory_gb:
        return None
    return Finding(
        "memory-unlike-card",
        "warns",
        {
            "gpu": spec.name,
            "read_gb": f"{read_gb:.1f}".removesuffix(".0"),
            "card_gb": f"{spec.memory_gb:g}",
        },
        gpu_index=gpu.index,
    )


def kind_of(snapshot: SystemSnapshot | None, catalog: CatalogData | None = None) -> MachineKind:
    """What kind of computer a scan is and what decided it (planning/machine/kind.py), its cards
    looked up in ``catalog``: how the computer page, ``scan`` and the report learn the kind they
    word, never deciding it themselves."""
    return machine_kind(snapshot, {g.id: g for g in catalog.gpus} if catalog is not None else None)


def machine_facts(
    snapshot: SystemSnapshot | None,
    probe: ProbeResult | None = None,
    catalog: CatalogData | None = None,
) -> MachineFacts:
    """What planning knows of this computer from a scan and a probe result, with the
    catalog's cards (``planning/machine/facts.py`` decides it)."""
    if snapshot is None and probe is None:
        return MachineFacts()
    by_id = {g.id: g for g in catalog.gpus} if catalog else {}
    card = by_id.get(installed_card_id(snapshot) or "")
    return facts_of(snapshot, _measured(probe, card) if probe is not None else None, by_id)


def _measured(probe: ProbeResult, card: GpuSpec | None) -> Measured:
    """What the probe measured: the CPU's input pipeline, and on the card the matrix multiply
    (and the calibration it gives), memory bandwidth, host copies, heat and throttling."""
    pipeline = probe.metric("input", "jpeg_decode_augment")
    facts: Measured = {"pipeline_images_s": pipeline.value if pipeline else None}
    if card is not None and probe.environment().get("gpus"):
        matmuls: tuple[tuple[str, Precision], ...] = (
            ("fp16", "mixed"),
            ("tf32", "fp32"),
            ("fp32", "fp32"),
        )
        for name, precision in matmuls:
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
    entered = entered_supply(
        supply.rated_w,
        supply.atx_version,
        bool(supply.has_12v2x6),
        supply.pcie_8pin_cables,
        supply.rating,
    )
    read = [r.output_power_w for r in supply.readings if r.output_power_w]
    if entered is None or not read:
        return entered
    return replace(entered, read_output_w=max(read))


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
