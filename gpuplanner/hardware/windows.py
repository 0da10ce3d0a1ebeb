"""Display adapters and their PCIe links on Windows, from the PnP device properties.

``DEVPKEY_PciDevice_CurrentLinkSpeed``/``MaxLinkSpeed`` are enums (1 = 2.5 GT/s ... 6 =
64 GT/s), widths are lane counts. Read through PowerShell's Get-PnpDeviceProperty, which
every supported Windows has; WMI's AdapterRAM is a uint32 and cannot hold 4 GB or more,
so memory size comes from NVML for NVIDIA cards and is left unknown otherwise.
"""

from __future__ import annotations

import json
import logging
import re
import subprocess

from gpuplanner.hardware.pcie import gen_from_windows_enum
from gpuplanner.hardware.records import GpuDevice, PcieLink

log = logging.getLogger(__name__)
TIMEOUT_S = 15

POWERSHELL = r"""
$ErrorActionPreference = 'SilentlyContinue'
Get-PnpDevice -Class Display -PresentOnly | ForEach-Object {
  $id = $_.InstanceId
  $p = { param($k) (Get-PnpDeviceProperty -InstanceId $id -KeyName $k).Data }
  [pscustomobject]@{
    Name = $_.FriendlyName; InstanceId = $id
    Driver = & $p 'DEVPKEY_Device_DriverVersion'
    Location = & $p 'DEVPKEY_Device_LocationInfo'
    CurrentLinkSpeed = & $p 'DEVPKEY_PciDevice_CurrentLinkSpeed'
    MaxLinkSpeed = & $p 'DEVPKEY_PciDevice_MaxLinkSpeed'
    CurrentLinkWidth = & $p 'DEVPKEY_PciDevice_CurrentLinkWidth'
    MaxLinkWidth = & $p 'DEVPKEY_PciDevice_MaxLinkWidth'
  }
} | ConvertTo-Json -Depth 2
"""
VENDORS = {"10de": "NVIDIA", "1002": "AMD", "8086": "Intel"}


def parse_pnp_json(text: str) -> list[GpuDevice]:
    try:
        data = json.loads(text) if text.strip() else []
    except json.JSONDecodeError:
        return []
    items = data if isinstance(data, list) else [data]
    devices: list[GpuDevice] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        instance = str(item.get("InstanceId") or "")
        ids = re.search(r"VEN_([0-9A-F]{4})&DEV_([0-9A-F]{4})", instance, re.I)
        vendor_id = ids.group(1).lower() if ids else None
        location = str(item.get("Location") or "")
        bus = re.search(r"PCI bus (\d+), device (\d+), function (\d+)", location)
        link = PcieLink(
            current_gen=gen_from_windows_enum(item.get("CurrentLinkSpeed")),
            current_width=item.get("CurrentLinkWidth")
            if isinstance(item.get("CurrentLinkWidth"), int)
            else None,
            card_max_gen=gen_from_windows_enum(item.get("MaxLinkSpeed")),
            card_max_width=item.get("MaxLinkWidth")
            if isinstance(item.get("MaxLinkWidth"), int)
            else None,
            source="windows-pnp",
        )
        devices.append(
            GpuDevice(
                index=len(devices),
                vendor=VENDORS.get(vendor_id or "", vendor_id or "unknown"),
                name=str(item.get("Name") or "Display adapter"),
                bus_id=f"0000:{int(bus.group(1)):02x}:{int(bus.group(2)):02x}.{bus.group(3)}"
                if bus
                else None,
                pci_device_id=f"{vendor_id}:{ids.group(2).lower()}" if ids else None,
                driver_version=str(item["Driver"]) if item.get("Driver") else None,
                pcie=link if (link.current_gen or link.card_max_gen) else None,
            )
        )
    return devices


def read_display_devices() -> list[GpuDevice]:
    try:
        result = subprocess.run(
            ["powershell", "-NoProfile", "-NonInteractive", "-Command", POWERSHELL],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("PowerShell device query failed: %s", exc)
        return []
    return parse_pnp_json(result.stdout)
