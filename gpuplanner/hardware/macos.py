"""Displays on macOS from ``system_profiler SPDisplaysDataType -json``.

macOS has no CUDA: this is for completeness of the scan (and Intel Macs with eGPUs).
"""

from __future__ import annotations

import json
import logging
import re
import subprocess

from gpuplanner.hardware.pcie import width_from_text
from gpuplanner.hardware.records import GpuDevice, PcieLink

log = logging.getLogger(__name__)
TIMEOUT_S = 20


def parse_system_profiler(text: str) -> list[GpuDevice]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return []
    items = data.get("SPDisplaysDataType", []) if isinstance(data, dict) else []
    devices: list[GpuDevice] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        name = str(item.get("sppci_model") or item.get("_name") or "Display")
        vendor_text = str(item.get("spdisplays_vendor") or item.get("sppci_vendor") or "").lower()
        vendor = next(
            (
                v
                for k, v in (
                    ("nvidia", "NVIDIA"),
                    ("amd", "AMD"),
                    ("ati", "AMD"),
                    ("intel", "Intel"),
                    ("apple", "Apple"),
                )
                if k in vendor_text or k in name.lower()
            ),
            "unknown",
        )
        vram = str(item.get("spdisplays_vram") or item.get("spdisplays_vram_shared") or "")
        size = re.match(r"(\d+(?:\.\d+)?)\s*(GB|MB)", vram)
        memory = (float(size.group(1)) * (1024 if size.group(2) == "GB" else 1)) if size else None
        width = width_from_text(item.get("sppci_link_width") or item.get("spdisplays_pcie_width"))
        devices.append(
            GpuDevice(
                index=len(devices),
                vendor=vendor,
                name=name,
                memory_total_mib=memory,
                pcie=PcieLink(current_width=width, source="system_profiler") if width else None,
            )
        )
    return devices


def read_display_devices() -> list[GpuDevice]:
    try:
        result = subprocess.run(
            ["system_profiler", "SPDisplaysDataType", "-json"],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("system_profiler failed: %s", exc)
        return []
    return parse_system_profiler(result.stdout)
