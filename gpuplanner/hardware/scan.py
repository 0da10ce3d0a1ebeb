"""The live scan of this computer: GPUs from NVML and the OS, CPU, memory, PSU, TensorFlow.

Each source is read on its own and merged by PCI address, so a failure in one (no NVIDIA
driver, sysfs unreadable, liquidctl missing) leaves the rest. Never imports TensorFlow.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gpuplanner.core.findings import Finding
from gpuplanner.hardware import nvml as nvml_reader
from gpuplanner.hardware import psu, system
from gpuplanner.hardware.pcie import link_findings
from gpuplanner.hardware.records import (
    SNAPSHOT_VERSION,
    CaseInfo,
    GpuDevice,
    PcieLink,
    PowerSupply,
    SystemSnapshot,
)
from gpuplanner.hardware.snapshot import now_iso

log = logging.getLogger(__name__)
_DEFAULT = object()


@dataclass(frozen=True, kw_only=True)
class ScanOptions:
    root: Path = Path("/")  # a fake tree in tests
    platform: str = sys.platform
    nvml: Any = _DEFAULT  # the pynvml module; None for "not installed"
    read_rapl: bool = True
    read_psu: bool = True
    power_supply: PowerSupply = field(default_factory=PowerSupply)
    case: CaseInfo = field(default_factory=CaseInfo)


def _merge_link(nvml_link: PcieLink | None, os_link: PcieLink | None) -> PcieLink | None:
    if nvml_link is None or os_link is None:
        return nvml_link or os_link
    return replace(
        nvml_link,
        card_max_gen=nvml_link.card_max_gen or os_link.card_max_gen,
        card_max_width=nvml_link.card_max_width or os_link.card_max_width,
        slot_max_gen=nvml_link.slot_max_gen or os_link.slot_max_gen,
        slot_max_width=nvml_link.slot_max_width or os_link.slot_max_width,
        source="nvml+" + os_link.source,
    )


def merge_devices(nvml_devices: list[GpuDevice], os_devices: list[GpuDevice]) -> list[GpuDevice]:
    """NVML's view of NVIDIA cards, completed by the OS's (bridges, slot limits), plus the rest."""
    by_bus = {d.bus_id: d for d in os_devices if d.bus_id}
    merged = []
    for device in nvml_devices:
        os_device = by_bus.pop(device.bus_id, None) if device.bus_id else None
        if os_device is not None:
            device = replace(
                device,
                pcie=_merge_link(device.pcie, os_device.pcie),
                bridges=os_device.bridges,
                pci_device_id=device.pci_device_id or os_device.pci_device_id,
            )
        merged.append(device)
    merged.extend(d for d in os_devices if d.bus_id not in {m.bus_id for m in merged})
    return [replace(d, index=i) for i, d in enumerate(merged)]


def _os_devices(options: ScanOptions) -> list[GpuDevice]:
    try:
        if options.platform.startswith("linux"):
            from gpuplanner.hardware import sysfs

            return sysfs.read_display_devices(options.root)
        if options.platform.startswith("win"):
            from gpuplanner.hardware import windows

            return windows.read_display_devices()
        if options.platform == "darwin":
            from gpuplanner.hardware import macos

            return macos.read_display_devices()
    except Exception:  # one source failing must not end the scan
        log.exception("reading the OS's display devices failed")
    return []


def scan_system(options: ScanOptions | None = None) -> SystemSnapshot:
    options = options or ScanOptions()
    module = nvml_reader.load_pynvml() if options.nvml is _DEFAULT else options.nvml
    status, nvml_devices = nvml_reader.read_nvml(module)
    devices = merge_devices(nvml_devices, _os_devices(options))
    os_info = system.read_os(options.root)
    has_nvidia = any(d.vendor == "NVIDIA" for d in devices)
    power_supply = options.power_supply
    if options.read_psu:
        readings, psu_status = psu.read_liquidctl()
        readings += (
            psu.read_corsair_hwmon(options.root) if options.platform.startswith("linux") else []
        )
        power_supply = replace(
            power_supply,
            readings=tuple(readings),
            status="entered" if power_supply.rated_w else psu_status,
        )
    findings: list[Finding] = []
    if status.state != "ok" and not nvml_devices:
        findings.append(
            Finding(
                "no-nvidia-gpu",
                "info" if not has_nvidia else "blocks",
                {"detail": status.detail, "state": status.state},
            )
        )
    for device in devices:
        if device.lost:
            findings.append(
                Finding("gpu-lost", "blocks", {"index": str(device.index)}, gpu_index=device.index)
            )
        findings.extend(link_findings(device))
    linux = options.platform.startswith("linux")
    chassis, battery, hypervisor = system.read_chassis(options.root) if linux else (None,) * 3
    return SystemSnapshot(
        version=SNAPSHOT_VERSION,
        created=now_iso(),
        source="scan",
        machine=system.machine_name(),
        gpus=tuple(devices),
        nvml=status,
        cpu=system.read_cpu(options.root, rapl=options.read_rapl),
        memory=system.read_memory(),
        os=os_info,
        tensorflow=system.read_tensorflow(os_info, has_nvidia=has_nvidia),
        power_supply=power_supply,
        case=options.case,
        findings=tuple(findings),
        model=system.read_model(options.root) if linux else None,
        chassis=chassis,
        battery=battery,
        hypervisor=hypervisor,
        thunderbolt=system.read_thunderbolt(options.root) if linux else None,
    )


def reread_links(
    bus_ids: list[str], nvml: Any = _DEFAULT, root: Path = Path("/")
) -> dict[str, PcieLink]:
    """Current PCIe links while a load runs: NVML for NVIDIA cards, sysfs for the others."""
    module = nvml_reader.load_pynvml() if nvml is _DEFAULT else nvml
    links = nvml_reader.reread_links(module, bus_ids)
    missing = [b for b in bus_ids if b not in links]
    if missing and sys.platform.startswith("linux"):
        from gpuplanner.hardware import sysfs

        links.update(
            {
                b: replace(link, under_load=True)
                for b, link in sysfs.reread_links(root, missing).items()
            }
        )
    return links
