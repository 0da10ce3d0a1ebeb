"""Where each GPU fact sits in nvidia-smi's three report formats, and how its text is read.

One row per fact: the XML paths under ``<gpu>`` (``-q -x``), the key paths under a GPU's
section (``-q``), the ``--query-gpu`` CSV keys, and the converter. Each format lists its places
newest layout first; the first that holds a known value wins. ``nvidia_smi.py`` reads the three
formats with one builder over this table, so a fact read in one format is read in all three.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from gpuplanner.hardware.pcie import width_from_text

_UNKNOWN = {"", "n/a", "[n/a]", "not available", "unknown error", "[unknown error]", "none"}


def clean(text: str | None) -> str | None:
    if text is None:
        return None
    value = text.strip()
    if (
        value.lower() in _UNKNOWN
        or "deprecated" in value.lower()
        or "not supported" in value.lower()
    ):
        return None
    return value


def number(text: str | None) -> float | None:
    value = clean(text)
    if value is None:
        return None
    # Fifteen digits hold every real reading; a longer run is damage, not a number (400 nines
    # became infinity, then an OverflowError in int()).
    match = re.match(r"^\s*(-?\d{1,15}(?:\.\d{1,15})?)(?!\d)", value)
    return float(match.group(1)) if match else None


def integer(text: str | None) -> int | None:
    value = number(text)
    return int(value) if value is not None else None


def version(text: str | None) -> str | None:
    """'610.57.04 [Deprecated; ...]' -> '610.57.04'."""
    value = (text or "").split("[", 1)[0].strip()
    return clean(value)


def driver_model(text: str | None) -> str | None:
    """'WDDM' or 'TCC' (Windows's driver models); anything else is not one."""
    value = (clean(text) or "").upper()
    return value if value in ("WDDM", "TCC", "MCDM") else None


VIRTUALIZATION = {"pass-through": "pass-through", "vgpu": "vgpu", "host vgpu": "host-vgpu"}


def virtualization(text: str | None) -> str | None:
    """'Pass-Through' (a whole GPU given to a VM), 'VGPU' (a vGPU guest), 'Host VGPU' (the
    host that shares it); 'None' (bare metal) and anything else: None."""
    return VIRTUALIZATION.get((clean(text) or "").lower())


def enabled(text: str | None) -> bool | None:
    value = clean(text)
    if value is None:
        return None
    return value.lower() in ("enabled", "yes", "on")


def pci_id(device_id: str | None) -> str | None:
    """'0x268410DE' or '268410DE' -> '10de:2684'."""
    value = clean(device_id)
    if not value:
        return None
    hex_text = value.lower().removeprefix("0x").rjust(8, "0")
    return f"{hex_text[4:]}:{hex_text[:4]}"


def width(text: str | None) -> int | None:
    return width_from_text(clean(text))


@dataclass(frozen=True)
class Field:
    name: str  # the GpuDevice (or PcieLink) field
    convert: Callable[[str | None], object]
    xml: tuple[str, ...] = ()
    text: tuple[tuple[str, ...], ...] = ()
    csv: tuple[str, ...] = ()


# The power section moved: <gpu_power_readings> / "GPU Power Readings" since driver 530.
_POWER_XML = ("gpu_power_readings", "power_readings")
_POWER_TEXT = ("GPU Power Readings", "Power Readings")
_CEILING = ("GPU Power Readings", "GPU Ceiling Power Limit")  # a sub-section on some drivers


def _power_xml(*leaves: str) -> tuple[str, ...]:
    return tuple(f"{section}/{leaf}" for section in _POWER_XML for leaf in leaves)


def _power_text(*leaves: str) -> tuple[tuple[str, ...], ...]:
    return tuple((section, leaf) for section in _POWER_TEXT for leaf in leaves)


DEVICE = (
    Field("uuid", clean, ("uuid",), (("GPU UUID",),), ("uuid",)),
    Field(
        "pci_device_id", pci_id, ("pci/pci_device_id",), (("PCI", "Device Id"),), ("pci.device_id",)
    ),
    Field(
        "memory_total_mib",
        number,
        ("fb_memory_usage/total",),
        (("FB Memory Usage", "Total"),),
        ("memory.total",),
    ),
    Field(
        "memory_used_mib",
        number,
        ("fb_memory_usage/used",),
        (("FB Memory Usage", "Used"),),
        ("memory.used",),
    ),
    Field("compute_capability", clean, (), (), ("compute_cap",)),
    Field(
        "power_limit_w",
        number,
        _power_xml("current_power_limit", "power_limit"),
        ((*_CEILING, "Current Power Limit"), *_power_text("Current Power Limit", "Power Limit")),
        ("power.limit",),
    ),
    Field(
        "power_default_limit_w",
        number,
        _power_xml("default_power_limit"),
        ((*_CEILING, "Default Power Limit"), *_power_text("Default Power Limit")),
        ("power.default_limit",),
    ),
    Field(
        "power_enforced_limit_w",
        number,
        _power_xml("enforced_power_limit"),
        _power_text("Enforced Power Limit"),
        ("enforced.power.limit",),
    ),
    Field(
        "power_min_limit_w",
        number,
        _power_xml("min_power_limit"),
        _power_text("Min Power Limit"),
        ("power.min_limit",),
    ),
    Field(
        "power_max_limit_w",
        number,
        _power_xml("max_power_limit"),
        _power_text("Max Power Limit"),
        ("power.max_limit",),
    ),
    Field(
        "power_draw_w",
        number,
        _power_xml("power_draw", "average_power_draw", "instant_power_draw"),
        _power_text("Power Draw", "Average Power Draw", "Instantaneous Power Draw"),
        ("power.draw",),
    ),
    Field(
        "temperature_c",
        number,
        ("temperature/gpu_temp",),
        (("Temperature", "GPU Current Temp"),),
        ("temperature.gpu",),
    ),
    Field("fan_percent", number, ("fan_speed",), (("Fan Speed",),), ("fan.speed",)),
    Field(
        "clock_graphics_mhz",
        number,
        ("clocks/graphics_clock",),
        (("Clocks", "Graphics"),),
        ("clocks.current.graphics",),
    ),
    Field(
        "clock_sm_mhz", number, ("clocks/sm_clock",), (("Clocks", "SM"),), ("clocks.current.sm",)
    ),
    Field(
        "clock_memory_mhz",
        number,
        ("clocks/mem_clock",),
        (("Clocks", "Memory"),),
        ("clocks.current.memory",),
    ),
    Field(
        "clock_graphics_max_mhz",
        number,
        ("max_clocks/graphics_clock",),
        (("Max Clocks", "Graphics"),),
        ("clocks.max.graphics",),
    ),
    Field(
        "clock_memory_max_mhz",
        number,
        ("max_clocks/mem_clock",),
        (("Max Clocks", "Memory"),),
        ("clocks.max.memory",),
    ),
    Field(
        "performance_state", clean, ("performance_state",), (("Performance State",),), ("pstate",)
    ),
    Field(
        "ecc_enabled",
        enabled,
        ("ecc_mode/current_ecc",),
        (("ECC Mode", "Current"),),
        ("ecc.mode.current",),
    ),
    Field(
        "mig_enabled",
        enabled,
        ("mig_mode/current_mig",),
        (("MIG Mode", "Current"),),
        ("mig.mode.current",),
    ),
    Field(
        "driver_model",
        driver_model,
        ("driver_model/current_dm",),
        (("Driver Model", "Current"),),
        ("driver_model.current",),
    ),
    Field(
        "virtualization",
        virtualization,
        ("gpu_virtualization_mode/virtualization_mode",),
        (("GPU Virtualization Mode", "Virtualization Mode"),),
        (),
    ),
)

_LINK_XML = "pci/pci_gpu_link_info/"
_LINK_TEXT = ("PCI", "GPU Link Info")

LINK = (
    Field(
        "current_gen",
        integer,
        (_LINK_XML + "pcie_gen/current_link_gen",),
        ((*_LINK_TEXT, "PCIe Generation", "Current"),),
        ("pcie.link.gen.current",),
    ),
    Field(
        "current_width",
        width,
        (_LINK_XML + "link_widths/current_link_width",),
        ((*_LINK_TEXT, "Link Width", "Current"),),
        ("pcie.link.width.current",),
    ),
    Field(
        "max_gen",
        integer,
        (_LINK_XML + "pcie_gen/max_link_gen",),
        ((*_LINK_TEXT, "PCIe Generation", "Max"),),
        ("pcie.link.gen.max",),
    ),
    Field(
        "max_width",
        width,
        (_LINK_XML + "link_widths/max_link_width",),
        ((*_LINK_TEXT, "Link Width", "Max"),),
        ("pcie.link.width.max",),
    ),
    Field(
        "card_max_gen",
        integer,
        (_LINK_XML + "pcie_gen/max_device_link_gen",),
        ((*_LINK_TEXT, "PCIe Generation", "Device Max"),),
        ("pcie.link.gen.gpumax",),
    ),
    Field(
        "slot_max_gen",
        integer,
        (_LINK_XML + "pcie_gen/max_host_link_gen",),
        ((*_LINK_TEXT, "PCIe Generation", "Host Max"),),
        ("pcie.link.gen.hostmax",),
    ),
    Field("replay_count", integer, ("pci/replay_counter",), (("PCI", "Replays Since Reset"),), ()),
)

# Clock-event ("throttle") reasons that are not a slowdown: the card idles, or was told to.
NOT_SLOWDOWNS = frozenset(
    {"gpu_idle", "idle", "applications_clocks_setting", "active", "supported"}
)


def reason_name(label: str) -> str:
    """'SW Power Cap', 'clocks_event_reason_sw_power_cap' or 'clocks_event_reasons.sw_power_cap'
    -> 'sw_power_cap': the XML's names, shared by the three formats."""
    name = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")
    return re.sub(r"^clocks_(event|throttle)_reasons?_", "", name)
