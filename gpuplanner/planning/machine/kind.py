"""What kind of computer a scan or a report is, decided once from its facts, with the facts.

Laptop, desktop, small PC, workstation, server, cloud VM, vGPU guest, or unknown. Each kind is
decided from what the snapshot holds (the firmware's chassis class, a battery, a hypervisor,
the PCI bus a card sits on, vGPU and laptop names, the card's form factor and cooler, how many
cards, the CPU class) and says which of these decided it, so the computer page, the report and
the fleet can show why. Planning reads the kind (``MachineFacts.kind``), never the names again.
A pure decision on records: no I/O, no words (``report/kind_text.py`` says them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, get_args

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.core.findings import Finding
from gpuplanner.hardware.records import GpuDevice, SystemSnapshot

Kind = Literal[
    "laptop",
    "desktop",
    "small-pc",
    "workstation",
    "server",
    "cloud-vm",  # a rented machine: rent a bigger one, nothing to buy
    "virtual-machine",  # a GeForce or workstation card passed to a VM: the host is the machine
    "vgpu-guest",  # a slice of a shared GPU
    "unknown",
]
KINDS: tuple[Kind, ...] = get_args(Kind)
# What can decide a kind; report/kind_text.py has the words of each.
EvidenceCode = Literal[
    "battery",
    "chassis",
    "cloud-card",
    "cloud-hypervisor",
    "datacenter-card",
    "desktop-card",
    "hypervisor",
    "laptop-gpu",
    "many-gpus",
    "module-card",
    "no-gpu",
    "pass-through",
    "passive-card",
    "vgpu-mode",
    "vgpu-profile",
    "virtual-bus",
    "workstation-cpu",
]
# Hypervisors only clouds run (a Hyper-V or KVM guest may be on a host the user owns).
CLOUD_HYPERVISORS = (
    "Amazon EC2",
    "Google Compute Engine",
    "Alibaba Cloud ECS",
    "Tencent Cloud CVM",
)

LAPTOP_NAME = re.compile(r"mobile|laptop|\b[a-z]{2}\d{3}m\b", re.IGNORECASE)
# Max-Q is a power class: laptop GPUs "with Max-Q Design", but also the 300 W desktop
# "RTX PRO 6000 Blackwell Max-Q Workstation Edition".
MAX_Q = re.compile(r"max-?q", re.IGNORECASE)
DESKTOP_MAX_Q = re.compile(r"workstation|rtx pro \d{4} blackwell max-?q", re.IGNORECASE)
# NVIDIA vGPU profiles: "GRID T4-16Q", "NVIDIA A100-4C", "A40-8Q" (Q, C, B, A profiles).
VGPU_NAME = re.compile(r"\bgrid\b|-\d{1,3}[qcab]\b", re.IGNORECASE)
WORKSTATION_CPUS = re.compile(r"threadripper|xeon|epyc", re.IGNORECASE)
# Hypervisors put passed-through GPUs on bus 00; physical machines behind a root port (01 up).
VIRTUAL_BUS = re.compile(r"^(?:[0-9a-f]{4,8}:)?00:[0-9a-f]{2}\.[0-7]$", re.IGNORECASE)
# Cards sold only as a cloud's own (AWS's A10G): a machine that has one is in that cloud.
CLOUD_ONLY = re.compile(r"\ba10g\b", re.IGNORECASE)


@dataclass(frozen=True)
class Evidence:
    """One fact that decided the kind: a code the words layer knows, and its values."""

    code: EvidenceCode
    params: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class MachineKind:
    kind: Kind
    evidence: tuple[Evidence, ...] = ()


def looks_like_laptop(gpu: GpuDevice) -> bool:
    """A laptop GPU: named so, or a GeForce that reports no power management at all."""
    name = gpu.name or ""
    if LAPTOP_NAME.search(name):
        return True
    if MAX_Q.search(name):
        return not DESKTOP_MAX_Q.search(name)
    return (
        "geforce" in name.lower()
        and gpu.driver_version is not None  # a full report, not a hand-trimmed fragment
        and gpu.power_limit_w is None
        and gpu.power_default_limit_w is None
        and gpu.power_draw_w is None
        and gpu.pcie is not None
    )


def looks_virtual(gpu: GpuDevice) -> bool:
    return bool(gpu.bus_id and VIRTUAL_BUS.match(gpu.bus_id))


def machine_kind(
    snapshot: SystemSnapshot | None, cards: Mapping[str, GpuSpec] | None = None
) -> MachineKind:
    """The kind, and the facts that decided it (``cards``: the catalog's cards by id)."""
    if snapshot is None:
        return MachineKind("unknown")
    cards = cards or {}
    gpus = [g for g in snapshot.gpus if g.for_compute]
    specs = [cards[g.catalog_id] for g in gpus if g.catalog_id and g.catalog_id in cards]
    for decide in (_vgpu, _cloud, _laptop, _server, _small, _workstation, _desktop):
        found = decide(snapshot, gpus, specs)
        if found is not None:
            return found
    return MachineKind("unknown")


def _vgpu(
    snapshot: SystemSnapshot, gpus: list[GpuDevice], _specs: list[GpuSpec]
) -> MachineKind | None:
    evidence = [Evidence("vgpu-mode", {"name": g.name}) for g in gpus if g.virtualization == "vgpu"]
    evidence += [
        Evidence("vgpu-profile", {"name": g.name}) for g in gpus if VGPU_NAME.search(g.name or "")
    ]
    return MachineKind("vgpu-guest", tuple(evidence[:1])) if evidence else None


def _cloud(
    snapshot: SystemSnapshot, gpus: list[GpuDevice], specs: list[GpuSpec]
) -> MachineKind | None:
    """A virtual machine: a cloud's when a cloud-only card, a data-centre card or a cloud's
    hypervisor says so; else a VM on a host the user may own (a GeForce passed through)."""
    vm = []
    # WSL2 runs under Hyper-V too, but its GPU is the Windows PC's own: that PC is the machine.
    wsl = snapshot.os is not None and snapshot.os.wsl
    if snapshot.hypervisor and not wsl:
        vm.append(Evidence("hypervisor", {"name": snapshot.hypervisor}))
    passed = [g for g in gpus if g.virtualization == "pass-through"]
    if passed:
        vm.append(Evidence("pass-through", {"name": passed[0].name}))
    virtual = [g for g in gpus if looks_virtual(g)]
    if virtual:
        vm.append(Evidence("virtual-bus", {"bus": virtual[0].bus_id or ""}))
    if not vm:
        return None
    cloud = []
    if snapshot.hypervisor in CLOUD_HYPERVISORS:
        cloud.append(Evidence("cloud-hypervisor", {"name": snapshot.hypervisor or ""}))
    named = [g for g in gpus if CLOUD_ONLY.search(g.name or "")]
    if named:
        cloud.append(Evidence("cloud-card", {"name": named[0].name}))
    datacenter = [s for s in specs if s.segment == "datacenter"]
    if datacenter:
        cloud.append(Evidence("datacenter-card", {"name": datacenter[0].name}))
    # A card clouds rent (no GeForce, no workstation card known) in a VM: a cloud's. A VM
    # without a GPU (VirtualBox on a student's PC) is planned for the host it runs on.
    owned = (
        not gpus
        or any(s.segment != "datacenter" for s in specs)
        or any("geforce" in (g.name or "").lower() for g in gpus)
    )
    if cloud or not owned:
        return MachineKind("cloud-vm", tuple(vm + cloud))
    if not gpus:  # said, so that its words do not speak of a GPU passed through (issue 41)
        vm.append(Evidence("no-gpu"))
    return MachineKind("virtual-machine", tuple(vm))


def _laptop(
    snapshot: SystemSnapshot, gpus: list[GpuDevice], specs: list[GpuSpec]
) -> MachineKind | None:
    evidence = []
    if snapshot.chassis == "laptop":
        evidence.append(Evidence("chassis", {"chassis": "laptop"}))
    if snapshot.battery:
        evidence.append(Evidence("battery"))
    named = [g for g in gpus if looks_like_laptop(g)]
    soldered = [s for s in specs if s.form_factor == "laptop"]
    if soldered and not named:
        evidence.append(Evidence("laptop-gpu", {"name": soldered[0].name}))
    if named:
        evidence.append(Evidence("laptop-gpu", {"name": named[0].name}))
    return MachineKind("laptop", tuple(evidence)) if evidence else None


def _server(
    snapshot: SystemSnapshot, gpus: list[GpuDevice], specs: list[GpuSpec]
) -> MachineKind | None:
    evidence = []
    if snapshot.chassis == "server":
        evidence.append(Evidence("chassis", {"chassis": "server"}))
    module = [s for s in specs if s.form_factor in ("sxm", "oam")]
    if module:
        evidence.append(Evidence("module-card", {"name": module[0].name}))
    passive = [s for s in specs if s.cooler == "passive"]
    if passive:
        evidence.append(Evidence("passive-card", {"name": passive[0].name}))
    if len(gpus) >= 8:
        evidence.append(Evidence("many-gpus", {"count": str(len(gpus))}))
    return MachineKind("server", tuple(evidence)) if evidence else None


def _small(
    snapshot: SystemSnapshot, _gpus: list[GpuDevice], _specs: list[GpuSpec]
) -> MachineKind | None:
    if snapshot.chassis == "mini":
        return MachineKind("small-pc", (Evidence("chassis", {"chassis": "mini"}),))
    return None


def _workstation(
    snapshot: SystemSnapshot, gpus: list[GpuDevice], _specs: list[GpuSpec]
) -> MachineKind | None:
    evidence = []
    if len(gpus) >= 4:
        evidence.append(Evidence("many-gpus", {"count": str(len(gpus))}))
    cpu = snapshot.cpu.model or ""
    if WORKSTATION_CPUS.search(cpu):
        evidence.append(Evidence("workstation-cpu", {"cpu": cpu}))
    return MachineKind("workstation", tuple(evidence)) if evidence else None


def _desktop(
    snapshot: SystemSnapshot, gpus: list[GpuDevice], _specs: list[GpuSpec]
) -> MachineKind | None:
    evidence = []
    if snapshot.chassis == "desktop":
        evidence.append(Evidence("chassis", {"chassis": "desktop"}))
    if gpus:
        evidence.append(Evidence("desktop-card", {"name": gpus[0].name}))
    return MachineKind("desktop", tuple(evidence)) if evidence else None


# A narrow link the scan reads as a slot to check: on a laptop the maker wired the GPU so, and
# no slot, riser or second card can be changed (HP's GTX 1050 laptops run it at x8).
LAPTOP_WIDTH = ("pcie-width-below-max", "pcie-slot-width-below-card")


def laptop_findings(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """A laptop's scan findings: a narrow link is how the laptop is built, not a fault; its
    GPU is soldered to the board, so a link that keeps retrying is the maker's to repair."""
    return _replays_as(
        tuple(
            Finding("pcie-laptop-width", "info", f.params, gpu_index=f.gpu_index)
            if f.id in LAPTOP_WIDTH
            else f
            for f in findings
        ),
        "pcie-replays-laptop",
    )


def server_findings(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """A server's scan findings: PCIe replays there are no riser cable or loose desktop slot to
    reseat (an HGX baseboard, a server's own risers): the server's maker checks them."""
    return _replays_as(findings, "pcie-replays-server")


def cloud_findings(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """A rented machine's scan findings: its PCIe link is the cloud's hardware, which the user
    cannot reseat; a link that keeps retrying is a reason to move to another instance."""
    return _replays_as(findings, "pcie-replays-cloud")


def vgpu_findings(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """A vGPU guest's scan findings: the link is the host's, in a cloud or a company's own
    virtual desktops, and whoever runs that host checks it."""
    return _replays_as(findings, "pcie-replays-host")


def _replays_as(findings: tuple[Finding, ...], finding_id: str) -> tuple[Finding, ...]:
    return tuple(
        Finding(finding_id, f.severity, f.params, gpu_index=f.gpu_index)
        if f.id == "pcie-replays"
        else f
        for f in findings
    )
