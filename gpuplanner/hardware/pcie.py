"""PCIe link arithmetic and the findings a user needs: "Gen4 card in a Gen3 slot" and friends.

Speed strings come in several spellings: sysfs ``"16.0 GT/s PCIe"`` (kernel 5.7+),
``"16 GT/s"`` (5.6 and older), lspci ``"16GT/s"``; Windows reports an enum (1 = 2.5 GT/s).
All map by value to a generation (HARDWARE_FACTS.md §2).
"""

from __future__ import annotations

import re
from typing import overload

from gpuplanner.core.findings import Finding
from gpuplanner.hardware.records import GpuDevice, PcieLink

GT_PER_GEN = {1: 2.5, 2: 5.0, 3: 8.0, 4: 16.0, 5: 32.0, 6: 64.0}
# One direction, x16, after line encoding (8b/10b to Gen2, 128b/130b Gen3-5, FLIT Gen6).
X16_GBS = {1: 4.0, 2: 8.0, 3: 15.75, 4: 31.5, 5: 63.0, 6: 128.0}
_SPEED = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*GT/s", re.I)


def gen_from_speed(text: str | None) -> int | None:
    """'8.0 GT/s PCIe', '8 GT/s', '8GT/s (downgraded)' -> 3; else None."""
    if not text:
        return None
    match = _SPEED.match(text)
    if not match:
        return None
    value = float(match.group(1))
    for gen, rate in GT_PER_GEN.items():
        if abs(rate - value) < 0.01:
            return gen
    return None


def gen_from_windows_enum(value: int | None) -> int | None:
    """DEVPKEY_PciDevice_*LinkSpeed: 1 = 2.5 GT/s ... 6 = 64 GT/s."""
    return value if isinstance(value, int) and value in GT_PER_GEN else None


def width_from_text(text: str | None) -> int | None:
    """'16', 'x16', '16x', 'Width x8 (downgraded)' -> int; '0' or junk -> None."""
    if text is None:
        return None
    match = re.search(r"(?<!\d)(\d{1,3})(?!\d)", str(text))  # a longer run is no width
    if not match:
        return None
    width = int(match.group(1))
    return width if width in (1, 2, 4, 8, 12, 16, 32) else None


def bandwidth_gbs(gen: int | None, width: int | None) -> float | None:
    """One-direction link bandwidth after encoding, in GB/s."""
    if gen not in X16_GBS or not width:
        return None
    return round(X16_GBS[gen] * width / 16, 2)


def effective_max(link: PcieLink) -> tuple[int | None, int | None]:
    """What the link can reach: card and slot together (min where both are known)."""
    gens = [g for g in (link.max_gen, link.card_max_gen, link.slot_max_gen) if g]
    widths = [w for w in (link.max_width, link.card_max_width, link.slot_max_width) if w]
    return (min(gens) if gens else None, min(widths) if widths else None)


def link_findings(gpu: GpuDevice) -> list[Finding]:
    """The facts about this GPU's link worth telling a user, most serious first."""
    link = gpu.pcie
    if link is None:
        return []
    found: list[Finding] = []
    best_gen, best_width = effective_max(link)
    card_gen = link.card_max_gen
    slot_gen = link.slot_max_gen
    if card_gen and slot_gen and slot_gen < card_gen:
        # The slot at the lanes the link trained to (a width does not drop at idle), against
        # the card at its own generation and width: a Gen4 x8 slot carries 15.75 GB/s.
        trained = min(w for w in (best_width, link.current_width, 16) if w)
        card_lanes = link.card_max_width or link.max_width or 16
        found.append(
            Finding(
                "pcie-slot-gen-below-card",
                "warns",
                {
                    "card_gen": str(card_gen),
                    "slot_gen": str(slot_gen),
                    "card_gbs": str(bandwidth_gbs(card_gen, card_lanes)),
                    "slot_gbs": str(bandwidth_gbs(slot_gen, trained)),
                },
                gpu_index=gpu.index,
            )
        )
    card_width = link.card_max_width or link.max_width
    slot_width = link.slot_max_width
    if card_width and slot_width and slot_width < card_width:
        found.append(
            Finding(
                "pcie-slot-width-below-card",
                "warns",
                {"card_width": str(card_width), "width": str(slot_width)},
                gpu_index=gpu.index,
            )
        )
    elif card_width and link.current_width and link.current_width < card_width:
        found.append(
            Finding(
                "pcie-width-below-max",
                "warns",
                {"card_width": str(card_width), "width": str(link.current_width)},
                gpu_index=gpu.index,
            )
        )
    if best_gen and link.current_gen and link.current_gen < best_gen:
        if link.under_load:
            found.append(
                Finding(
                    "pcie-gen-low-under-load",
                    "warns",
                    {"gen": str(link.current_gen), "max_gen": str(best_gen)},
                    gpu_index=gpu.index,
                )
            )
        else:
            found.append(
                Finding(
                    "pcie-gen-low-at-idle",
                    "info",
                    {"gen": str(link.current_gen), "max_gen": str(best_gen)},
                    gpu_index=gpu.index,
                )
            )
    if link.replay_count:
        # A count since the last reset, without the time it took: NVIDIA's DCGM health check
        # warns on a rate (more than 8 replays a minute), which one reading cannot give. The
        # finding says how to read the rate; nine replays on a cloud H100 were a warning.
        found.append(
            Finding("pcie-replays", "info", {"count": str(link.replay_count)}, gpu_index=gpu.index)
        )
    if len(gpu.bridges) > 1:  # more than the root port: a switch sits in between
        found.append(
            Finding(
                "pcie-behind-switch", "info", {"ports": str(len(gpu.bridges))}, gpu_index=gpu.index
            )
        )
    return found


@overload
def nvml_bus_id_to_sysfs(bus_id: str) -> str: ...
@overload
def nvml_bus_id_to_sysfs(bus_id: None) -> None: ...
@overload
def nvml_bus_id_to_sysfs(bus_id: str | None) -> str | None: ...
def nvml_bus_id_to_sysfs(bus_id: str | None) -> str | None:
    """'00000000:01:00.0' (NVML, nvidia-smi) -> '0000:01:00.0' (sysfs, lspci -D); None stays."""
    if bus_id is None:
        return None
    text = bus_id.strip().lower()
    match = re.fullmatch(r"(?:([0-9a-f]{4,8}):)?([0-9a-f]{2}):([0-9a-f]{2})\.([0-7])", text)
    if not match:
        return text
    domain = (match.group(1) or "0").lstrip("0").rjust(4, "0")[-4:] if match.group(1) else "0000"
    return f"{domain}:{match.group(2)}:{match.group(3)}.{match.group(4)}"
