"""Fake Linux trees under a temporary folder: sysfs PCI devices, RAPL, /proc/cpuinfo, hwmon.

Device folders live under sys/devices/pci0000:00/<root port>/.../<device> and
sys/bus/pci/devices/<address> links to them, as on a real system.
"""

from __future__ import annotations

import os
from pathlib import Path


def add_pci(
    root: Path,
    chain: list[str],
    files: dict[str, str],
    bridge_files: list[dict[str, str]] | None = None,
) -> Path:
    """Create a device at the end of ``chain`` (root port first); files are sysfs attributes."""
    folder = root / "sys" / "devices" / f"pci{chain[0][:4]}:{chain[0][5:7]}"
    bridge_files = bridge_files or [{} for _ in chain[:-1]]
    for address, attributes in zip(chain[:-1], bridge_files, strict=True):
        folder = folder / address
        folder.mkdir(parents=True, exist_ok=True)
        for name, value in {"class": "0x060400", **attributes}.items():
            (folder / name).write_text(value + "\n")
    folder = folder / chain[-1]
    folder.mkdir(parents=True, exist_ok=True)
    for name, value in files.items():
        (folder / name).write_text(value + "\n")
    bus = root / "sys" / "bus" / "pci" / "devices"
    bus.mkdir(parents=True, exist_ok=True)
    for address in chain:
        link = bus / address
        if not link.exists():
            target = next(p for p in (root / "sys" / "devices").rglob(address) if p.is_dir())
            os.symlink(os.path.relpath(target, bus), link)
    return folder


def link_files(cur: str, cur_w: int, max_: str, max_w: int) -> dict[str, str]:
    return {
        "current_link_speed": cur,
        "current_link_width": str(cur_w),
        "max_link_speed": max_,
        "max_link_width": str(max_w),
    }


def gpu_files(vendor: str, device: str, cls: str = "0x030000", **link) -> dict[str, str]:
    return {"vendor": vendor, "device": device, "class": cls, **link}


def write_cpuinfo(root: Path, model: str) -> None:
    (root / "proc").mkdir(parents=True, exist_ok=True)
    (root / "proc" / "cpuinfo").write_text(f"processor\t: 0\nmodel name\t: {model}\n")


def write_rapl(root: Path, energy_uj: int, readable: bool = True) -> Path:
    zone = root / "sys" / "class" / "powercap" / "intel-rapl:0"
    zone.mkdir(parents=True, exist_ok=True)
    (zone / "name").write_text("package-0\n")
    (zone / "max_energy_range_uj").write_text("262143328850\n")
    energy = zone / "energy_uj"
    energy.write_text(f"{energy_uj}\n")
    if not readable:
        energy.chmod(0o000)
    return energy
