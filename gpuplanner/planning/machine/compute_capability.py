"""The compute capability of an NVIDIA card the catalog does not have, from its PCI device id or
its name, so the machine's own card is still judged against the route's floor (issue 49, 1).

The catalog holds the cards worth planning; what it leaves out are mostly Kepler and Maxwell
chips (a cloud's GRID K520, an old GTX 770) that no TensorFlow route's kernels reach. Their
chips and compute capabilities: the PCI ID Repository (pci-ids.ucw.cz, vendor 10de) for the
chip of each device id range, NVIDIA's "CUDA GPUs - Legacy" list
(developer.nvidia.com/cuda-legacy-gpus) for each chip's compute capability. A report's own
compute capability (NVML, ``nvidia-smi -q -x``) always wins over these.
"""

from __future__ import annotations

import re

# (first, last) PCI device id of a chip, and its compute capability.
CHIP_IDS: tuple[tuple[int, int, str], ...] = (
    (0x0FC0, 0x0FFF, "3.0"),  # GK107
    (0x1000, 0x103F, "3.5"),  # GK110, GK110B (the GK210 of the Tesla K80 below)
    (0x102D, 0x102D, "3.7"),  # GK210: Tesla K80
    (0x1180, 0x11BF, "3.0"),  # GK104: GTX 680/770, GRID K520 (10de:118a), Tesla K10
    (0x11C0, 0x11FF, "3.0"),  # GK106
    (0x1280, 0x12BF, "3.5"),  # GK208
    (0x1340, 0x137F, "5.0"),  # GM108
    (0x1380, 0x13BF, "5.0"),  # GM107: GTX 750 (Ti), Tesla M10
    (0x13C0, 0x13FF, "5.2"),  # GM204: GTX 970/980, Tesla M60
    (0x1400, 0x143F, "5.2"),  # GM206
    (0x17C0, 0x17FF, "5.2"),  # GM200: GTX 980 Ti, Tesla M40
)
# Names, where no device id was read (the same list, by product).
NAMES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bK80\b", re.IGNORECASE), "3.7"),
    (re.compile(r"\b(?:K20\w*|K40\w*|GTX 780\w*|GTX TITAN(?: Black| Z)?)$", re.IGNORECASE), "3.5"),
    (re.compile(r"\bGRID K\d+|\bK10\b|\bGTX 6[5-9]0\b|\bGTX 7[67]0\b", re.IGNORECASE), "3.0"),
    (re.compile(r"\bGTX 750\b|\bM10\b", re.IGNORECASE), "5.0"),
    (re.compile(r"\bGTX 9[5-8]0\b|\bM40\b|\bM60\b|\bTITAN X\b$", re.IGNORECASE), "5.2"),
)


def from_device_id(pci_device_id: str | None) -> str | None:
    """``10de:118a`` -> "3.0"; None for another vendor or a chip not listed."""
    if not pci_device_id or ":" not in pci_device_id:
        return None
    vendor, _, device = pci_device_id.lower().partition(":")
    if vendor != "10de":
        return None
    try:
        number = int(device, 16)
    except ValueError:
        return None
    found = [cc for first, last, cc in CHIP_IDS if first <= number <= last]
    return found[-1] if found else None  # the narrowest range is listed last


def from_name(name: str | None) -> str | None:
    for pattern, cc in NAMES:
        if name and pattern.search(name):
            return cc
    return None


def compute_capability(
    reported: str | None, pci_device_id: str | None, name: str | None
) -> str | None:
    """The card's compute capability: as reported, else by its device id, else by its name."""
    return reported or from_device_id(pci_device_id) or from_name(name)
