"""Readings no machine can have are unknown, not facts: a supply of -1 W, 3x10^23 GB free.

A snapshot or a report is a file anyone can edit, and a tool can print garbage. A value outside
what any real part reaches would be shown as it is and planned with (a -1 W supply blocks every
card; a 10^23 MiB card holds every model). Each reading has the range real hardware spans,
generously; outside it the value becomes None (unknown, as when a tool says "N/A") and the
snapshot's notes say which field was dropped. A stored finding whose severity is not one the
scan writes is dropped the same way.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from gpuplanner.core.findings import SEVERITIES, Finding
from gpuplanner.hardware.pcie import link_findings
from gpuplanner.hardware.records import (
    CaseInfo,
    CpuInfo,
    GpuDevice,
    MemoryInfo,
    PcieLink,
    PowerSupply,
    PsuReading,
    SystemSnapshot,
)

TIB_IN_MIB = 1024 * 1024

# (lowest, highest) that real parts reach; both ends included.
RANGES: dict[type, dict[str, tuple[float, float]]] = {
    PcieLink: {
        **dict.fromkeys(("current_gen", "max_gen", "card_max_gen", "slot_max_gen"), (1, 7)),
        **dict.fromkeys(
            ("current_width", "max_width", "card_max_width", "slot_max_width"), (1, 32)
        ),
        "replay_count": (0, 1e12),
    },
    GpuDevice: {
        "memory_total_mib": (16, TIB_IN_MIB),
        "memory_used_mib": (0, TIB_IN_MIB),
        **dict.fromkeys(
            (
                "power_limit_w",
                "power_default_limit_w",
                "power_min_limit_w",
                "power_max_limit_w",
                "power_enforced_limit_w",
            ),
            (1, 3000),
        ),
        "power_draw_w": (0, 3000),
        "temperature_c": (-40, 150),
        "fan_percent": (0, 100),
        # A sleeping GPU reads 0 MHz now; its maximum is never 0.
        **dict.fromkeys(("clock_graphics_mhz", "clock_sm_mhz", "clock_memory_mhz"), (0, 50_000)),
        **dict.fromkeys(("clock_graphics_max_mhz", "clock_memory_max_mhz"), (1, 50_000)),
        "nvlink_active_links": (0, 64),
    },
    CpuInfo: {
        "cores": (1, 4096),
        "threads": (1, 8192),
        "base_power_w": (1, 2000),
        "max_power_w": (1, 2000),
        "package_power_w": (0, 2000),
    },
    MemoryInfo: {"total_mib": (64, 64 * TIB_IN_MIB), "available_mib": (0, 64 * TIB_IN_MIB)},
    PowerSupply: {"rated_w": (50, 10_000), "pcie_8pin_cables": (0, 32)},
    PsuReading: {
        "output_power_w": (0, 10_000),
        "input_power_w": (0, 12_000),
        "input_voltage_v": (0, 300),
        "rail_12v_power_w": (0, 10_000),
        "temperature_c": (-40, 150),
        "efficiency_percent": (0, 100),
    },
    CaseInfo: {"gpu_clearance_mm": (50, 1500), "free_slots": (0, 32)},
}


def _fits(value: object, bounds: tuple[float, float]) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return True  # not a number: the types were checked on loading
    return math.isfinite(value) and bounds[0] <= value <= bounds[1]


def _clean(record: Any, path: str, dropped: list[str]) -> Any:
    """``record`` with every implausible reading None, its nested records cleaned too."""
    if not dataclasses.is_dataclass(record) or isinstance(record, type):
        return record
    ranges = RANGES.get(type(record), {})
    changes: dict[str, Any] = {}
    for item in dataclasses.fields(record):
        value = getattr(record, item.name)
        where = f"{path}.{item.name}"
        if item.name in ranges and value is not None and not _fits(value, ranges[item.name]):
            dropped.append(f"{where} = {str(value)[:20]}")
            changes[item.name] = None
        elif dataclasses.is_dataclass(value):
            cleaned = _clean(value, where, dropped)
            if cleaned is not value:
                changes[item.name] = cleaned
        elif isinstance(value, tuple) and value and dataclasses.is_dataclass(value[0]):
            cleaned_items = tuple(_clean(v, f"{where}[{i}]", dropped) for i, v in enumerate(value))
            if any(a is not b for a, b in zip(cleaned_items, value, strict=True)):
                changes[item.name] = cleaned_items
    return dataclasses.replace(record, **changes) if changes else record


def _sound(finding: Finding) -> bool:
    return finding.severity in SEVERITIES and all(
        isinstance(k, str) and isinstance(v, str) for k, v in finding.params.items()
    )


def _link_findings_again(before: SystemSnapshot, after: SystemSnapshot) -> tuple[Finding, ...]:
    """The findings, those of a GPU whose link lost a reading worked out again from what is
    left: a link generation of -4 was "taken as unknown" while its finding still said
    "Link at Gen-4 of Gen4 while idle" (issue 42)."""
    changed = {
        new.index: new
        for old, new in zip(before.gpus, after.gpus, strict=False)
        # _clean gives back the same record when nothing of it was dropped
        if old.pcie is not new.pcie or old.bridges is not new.bridges
    }
    if not changed:
        return after.findings
    kept = tuple(
        f for f in after.findings if not (f.id.startswith("pcie-") and f.gpu_index in changed)
    )
    return kept + tuple(f for gpu in changed.values() for f in link_findings(gpu))


def plausible(snapshot: SystemSnapshot) -> SystemSnapshot:
    """The snapshot with readings no machine has made unknown, and said in its notes."""
    dropped: list[str] = []
    cleaned = _clean(snapshot, "snapshot", dropped)
    findings = tuple(f for f in _link_findings_again(snapshot, cleaned) if _sound(f))
    dropped += [
        f"finding {f.id[:40]} ({f.severity[:20]})" for f in cleaned.findings if not _sound(f)
    ]
    if not dropped:
        return snapshot
    note = "not plausible, taken as unknown: " + "; ".join(dropped[:10])
    if len(dropped) > 10:
        note += f"; and {len(dropped) - 10} more"
    return dataclasses.replace(cleaned, findings=findings, notes=(*cleaned.notes, note))
