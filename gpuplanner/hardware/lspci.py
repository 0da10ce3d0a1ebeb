"""``lspci -vv`` output: the link of every display controller and of the ports above it.

Handles ``-vv``/``-vvv``/``-nn`` variants, domain-prefixed addresses (``-D``), tab or space
indents, headerless fragments (a ``grep`` of LnkCap/LnkSta lines), and probes taken
without root, where the capabilities read ``<access denied>`` and no link lines exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gpuplanner.hardware.pcie import gen_from_speed, width_from_text
from gpuplanner.hardware.records import Bridge, GpuDevice, PcieLink

_HEADER = re.compile(
    r"^(?:(?P<domain>[0-9a-f]{4}):)?(?P<bus>[0-9a-f]{2}):(?P<dev>[0-9a-f]{2})\.(?P<fn>[0-7])\s+"
    r"(?P<cls>[^:\[]+?)(?:\s+\[(?P<code>[0-9a-f]{4})\])?:\s+(?P<rest>.*)$",
    re.I,
)
_IDS = re.compile(r"\[(?P<vendor>[0-9a-f]{4}):(?P<device>[0-9a-f]{4})\]", re.I)
_LNK = re.compile(r"Speed\s+(?P<speed>[\d.]+\s*GT/s)[^,]*,\s*Width\s+x(?P<width>\d+)", re.I)
_BUS = re.compile(
    r"Bus:\s+primary=(?P<p>[0-9a-f]+),\s+secondary=(?P<s>[0-9a-f]+),\s+subordinate=(?P<sub>[0-9a-f]+)",
    re.I,
)
DISPLAY_CLASSES = ("vga compatible controller", "3d controller", "display controller")
VENDORS = {"10de": "NVIDIA", "1002": "AMD", "8086": "Intel"}
# A device its PCI ID list does not know, lspci names by its vendor and its hex id: "NVIDIA
# Corporation Device 2330" (an H100 SXM5 on an older system). Read without -nn, that is the
# only place its id is.
_UNNAMED = re.compile(r"\bDevice (?P<device>[0-9a-f]{4})$", re.I)


@dataclass(frozen=True, kw_only=True)
class LspciDevice:
    address: str | None  # 0000:01:00.0, or None for a headerless fragment
    class_name: str
    class_code: str | None
    description: str
    vendor_id: str | None
    device_id: str | None
    cap_gen: int | None
    cap_width: int | None
    sta_gen: int | None
    sta_width: int | None
    secondary_bus: int | None = None
    subordinate_bus: int | None = None

    @property
    def bus(self) -> int | None:
        return int(self.address.split(":")[1], 16) if self.address else None

    @property
    def is_display(self) -> bool:
        if self.class_code:
            return self.class_code.startswith("03")
        return self.class_name.lower() in DISPLAY_CLASSES

    @property
    def is_bridge(self) -> bool:
        return self.secondary_bus is not None


def _describe(rest: str) -> str:
    """The device name without ids, revision or programming interface.

    'NVIDIA Corporation GA106 [GeForce RTX 3060] [10de:2504] (rev a1) (prog-if 00 [VGA])'
    -> 'NVIDIA Corporation GA106 [GeForce RTX 3060]'.
    """
    text = _IDS.sub("", rest)
    text = re.sub(r"\s*\((?:rev|prog-if)[^)]*\)", "", text)
    return " ".join(text.split())


def parse_lspci(text: str) -> list[LspciDevice]:
    devices: list[LspciDevice] = []
    current: dict | None = None

    def close() -> None:
        if current is not None:
            devices.append(LspciDevice(**current))

    for raw in text.splitlines():
        line = raw.rstrip()
        header = _HEADER.match(line) if line and not line[0].isspace() else None
        if header:
            close()
            ids = _IDS.search(header.group("rest"))
            domain = header.group("domain") or "0000"
            slot = f"{header.group('bus')}:{header.group('dev')}.{header.group('fn')}"
            description = _describe(header.group("rest"))
            vendor_id, device_id = (
                (ids.group("vendor").lower(), ids.group("device").lower())
                if ids
                else _unnamed_ids(description)
            )
            current = {
                "address": f"{domain}:{slot}".lower(),
                "class_name": header.group("cls").strip(),
                "class_code": header.group("code"),
                "description": description,
                "vendor_id": vendor_id,
                "device_id": device_id,
                "cap_gen": None,
                "cap_width": None,
                "sta_gen": None,
                "sta_width": None,
            }
            continue
        stripped = line.strip()
        if current is None and stripped.startswith(("LnkCap:", "LnkSta:")):
            # A fragment without a device line: one anonymous device.
            current = {
                "address": None,
                "class_name": "unknown",
                "class_code": None,
                "description": "",
                "vendor_id": None,
                "device_id": None,
                "cap_gen": None,
                "cap_width": None,
                "sta_gen": None,
                "sta_width": None,
            }
        if current is None:
            continue
        if stripped.startswith("LnkCap:") and current["cap_gen"] is None:
            match = _LNK.search(stripped)
            if match:
                current["cap_gen"] = gen_from_speed(match.group("speed"))
                current["cap_width"] = width_from_text(match.group("width"))
        elif stripped.startswith("LnkSta:") and current["sta_gen"] is None:
            match = _LNK.search(stripped)
            if match:
                current["sta_gen"] = gen_from_speed(match.group("speed"))
                current["sta_width"] = width_from_text(match.group("width"))
        elif stripped.startswith("Bus:"):
            match = _BUS.search(stripped)
            if match:
                current["secondary_bus"] = int(match.group("s"), 16)
                current["subordinate_bus"] = int(match.group("sub"), 16)
    close()
    return devices


def _parent(device: LspciDevice, bridges: list[LspciDevice]) -> LspciDevice | None:
    """The bridge whose secondary bus is this device's bus (same PCI domain)."""
    if device.bus is None:
        return None
    domain = (device.address or "").split(":")[0]
    for bridge in bridges:
        if (
            bridge is not device
            and (bridge.address or "").split(":")[0] == domain
            and bridge.secondary_bus == device.bus
        ):
            return bridge
    return None


def gpus_from_lspci(text: str) -> list[GpuDevice]:
    """Each display controller (or a headerless fragment) with its link and the ports above it."""
    devices = parse_lspci(text)
    bridges = [d for d in devices if d.is_bridge and d.address]
    gpus: list[GpuDevice] = []
    for device in devices:
        if not (device.is_display or device.address is None):
            continue
        chain: list[LspciDevice] = []
        parent = _parent(device, bridges)
        while parent is not None and parent not in chain and len(chain) < 8:
            chain.append(parent)
            parent = _parent(parent, bridges)
        slot = chain[0] if chain else None
        link = PcieLink(
            current_gen=device.sta_gen,
            current_width=device.sta_width,
            card_max_gen=device.cap_gen,
            card_max_width=device.cap_width,
            slot_max_gen=slot.cap_gen if slot else None,
            slot_max_width=slot.cap_width if slot else None,
            source="lspci",
        )
        gpus.append(
            GpuDevice(
                index=len(gpus),
                vendor=VENDORS.get(device.vendor_id or "", _vendor_from_text(device.description)),
                name=device.description or "PCIe device",
                bus_id=device.address,
                pci_device_id=f"{device.vendor_id}:{device.device_id}"
                if device.vendor_id
                else None,
                pcie=link if (device.cap_gen or device.sta_gen) else None,
                bridges=tuple(
                    Bridge(
                        b.address or "",
                        b.description,
                        PcieLink(
                            current_gen=b.sta_gen,
                            current_width=b.sta_width,
                            card_max_gen=b.cap_gen,
                            card_max_width=b.cap_width,
                            source="lspci",
                        ),
                    )
                    for b in chain
                ),
            )
        )
    return gpus


def _unnamed_ids(description: str) -> tuple[str | None, str | None]:
    """(vendor id, device id) of a device lspci could not name, when its vendor is one whose id
    is known; (None, None) otherwise."""
    unnamed = _UNNAMED.search(description)
    vendor = _vendor_from_text(description)
    vendor_id = next((code for code, name in VENDORS.items() if name == vendor), None)
    if unnamed is None or vendor_id is None:
        return None, None
    return vendor_id, unnamed.group("device").lower()


def _vendor_from_text(text: str) -> str:
    lowered = text.lower()
    for word, vendor in (
        ("nvidia", "NVIDIA"),
        ("advanced micro devices", "AMD"),
        ("amd", "AMD"),
        ("intel", "Intel"),
        ("matrox", "Matrox"),
        ("aspeed", "ASPEED"),
    ):
        if word in lowered:
            return vendor
    return "unknown"
