"""PCIe links of every display controller on Linux, from sysfs, and the ports above each.

Every read goes through ``_read`` with a root folder, so tests run against a fake tree
(psutil's ``test_emulate_*`` style). A file that is missing or unreadable is ``None``.
Formats: width is a bare integer (``pci-sysfs.c``: ``"%u\\n"``); speed is ``"16.0 GT/s PCIe"``
on kernel 5.7+, ``"16 GT/s"`` before (HARDWARE_FACTS.md §2).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from gpuplanner.hardware.pcie import gen_from_speed, width_from_text
from gpuplanner.hardware.records import Bridge, GpuDevice, PcieLink

PCI_ADDRESS = re.compile(r"^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$")
VENDORS = {
    "0x10de": "NVIDIA",
    "0x1002": "AMD",
    "0x8086": "Intel",
    "0x1a03": "ASPEED",
    "0x102b": "Matrox",
}
PCI_IDS_PATHS = ("usr/share/hwdata/pci.ids", "usr/share/misc/pci.ids", "usr/share/pci.ids")


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:  # missing, permission denied, device gone
        return None


def _link(folder: Path) -> PcieLink:
    return PcieLink(
        current_gen=gen_from_speed(_read(folder / "current_link_speed")),
        current_width=width_from_text(_read(folder / "current_link_width")),
        card_max_gen=gen_from_speed(_read(folder / "max_link_speed")),
        card_max_width=width_from_text(_read(folder / "max_link_width")),
        source="sysfs",
    )


def _upstream_ports(device_dir: Path) -> list[Path]:
    """Bridges from the nearest (the slot) to the root port, from the device's real path."""
    try:
        real = device_dir.resolve(strict=True)
    except OSError:
        return []
    ports = [p for p in real.parents if PCI_ADDRESS.match(p.name)]
    return ports


def pci_names(root: Path) -> dict[str, str]:
    """'10de:2684' -> 'AD102 [GeForce RTX 4090]' from the system's pci.ids, for display devices."""
    for relative in PCI_IDS_PATHS:
        path = root / relative
        if path.is_file():
            return _parse_pci_ids(path)
    return {}


def _parse_pci_ids(path: Path) -> dict[str, str]:
    names: dict[str, str] = {}
    vendor = None
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.startswith("C "):
                    break  # the device classes section follows the vendors
                if not line.strip() or line.startswith("#"):
                    continue
                if not line.startswith("\t"):
                    vendor = line[:4].lower()
                    keep = vendor in ("10de", "1002", "8086")
                    names[vendor] = line[6:].strip()
                    if not keep:
                        vendor = None
                elif vendor and not line.startswith("\t\t"):
                    names[f"{vendor}:{line[1:5].lower()}"] = line[7:].strip()
    except OSError:
        return {}
    return names


def read_display_devices(root: Path = Path("/")) -> list[GpuDevice]:
    """Every PCI display controller (PCI base class 0x03: VGA, 3D or other display) with its links."""
    devices_dir = root / "sys" / "bus" / "pci" / "devices"
    try:
        entries = sorted(os.listdir(devices_dir))
    except OSError:
        return []
    names: dict[str, str] | None = None
    found: list[GpuDevice] = []
    for address in entries:
        folder = devices_dir / address
        pci_class = _read(folder / "class")
        if not pci_class or not pci_class.lower().startswith("0x03"):
            continue
        vendor_id = (_read(folder / "vendor") or "").lower()
        device_id = (_read(folder / "device") or "").lower()
        pci_id = f"{vendor_id[2:]}:{device_id[2:]}" if vendor_id and device_id else None
        if names is None:
            names = pci_names(root)
        driver_link = folder / "driver"
        driver = os.path.basename(os.readlink(driver_link)) if driver_link.is_symlink() else None
        vram = _read(folder / "mem_info_vram_total")  # amdgpu, bytes
        link = _link(folder)
        ports = _upstream_ports(folder)
        slot = _link(ports[0]) if ports else None
        if slot is not None:
            link = PcieLink(
                current_gen=link.current_gen,
                current_width=link.current_width,
                card_max_gen=link.card_max_gen,
                card_max_width=link.card_max_width,
                slot_max_gen=slot.card_max_gen,
                slot_max_width=slot.card_max_width,
                source="sysfs",
            )
        vendor = VENDORS.get(vendor_id, vendor_id or "unknown")
        found.append(
            GpuDevice(
                index=len(found),
                vendor=vendor,
                name=(names or {}).get(pci_id or "", "")
                or f"{vendor} display controller {pci_id or ''}".strip(),
                bus_id=address,
                pci_device_id=pci_id,
                memory_total_mib=round(int(vram) / 2**20, 1) if vram and vram.isdigit() else None,
                driver=driver,
                pcie=link if (link.current_gen or link.card_max_gen) else None,
                bridges=tuple(Bridge(p.name, None, _link(p)) for p in ports),
            )
        )
    return found


def reread_links(root: Path, addresses: list[str]) -> dict[str, PcieLink]:
    """Current links of these devices (the probe calls this while the GPUs are busy)."""
    devices_dir = root / "sys" / "bus" / "pci" / "devices"
    return {a: _link(devices_dir / a) for a in addresses if (devices_dir / a).exists()}
