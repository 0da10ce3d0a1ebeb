"""The power budget: sustained and transient draw against the PSU, connectors, the wall socket.

Rules (docs/PLANNING.md): sustained system draw = CPU sustained peak (PL2/PPT) + GPU board
power x cards + platform; keep it under 80% of the PSU's rating. Millisecond GPU spikes
reach about 1.8x board power (Ampere/Ada/Blackwell); an ATX 3.x PSU above 450 W with a
12V-2x6 cable is specified for 180% for 1 ms (Intel ATX 3 guide, table 3-3), an ATX 3.x
PSU without it 145%, and an ATX 2.x PSU has no excursion rating (assume 120%, its typical
over-power trip). Connectors: 150 W per 8-pin, 600 W per 12V-2x6, 75 W from the slot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PLATFORM_W = 60.0  # motherboard, memory, storage, fans
SUSTAINED_CEILING = 0.80
GPU_SPIKE = 1.8
DEFAULT_CPU_W = 125.0  # unknown CPU: a mid-range desktop's sustained peak
EFFICIENCY = {
    "white": 0.82,
    "bronze": 0.85,
    "silver": 0.88,
    "gold": 0.90,
    "platinum": 0.92,
    "titanium": 0.94,
}
SOCKETS = {"CN-10A": (220, 10), "CN-16A": (220, 16), "US-15A": (120, 15), "US-20A": (120, 20)}
CONTINUOUS_DERATING = 0.80


@dataclass(frozen=True)
class PsuSpec:
    rated_w: float
    atx_version: str = "2"  # "2" or "3"
    has_12v2x6: bool = False
    pcie_8pin_cables: int | None = None
    rating: str | None = None


@dataclass(frozen=True)
class GpuLoad:
    board_power_w: float
    count: int = 1
    power_8pin: int = 0
    power_12v2x6: int = 0
    power_6pin: int = 0
    recommended_psu_w: int | None = None


@dataclass(frozen=True)
class PowerBudget:
    cpu_w: float
    gpus_w: float
    platform_w: float
    sustained_w: float
    transient_w: float
    psu_w: float | None
    sustained_limit_w: float | None  # 80% of the PSU
    transient_limit_w: float | None
    headroom_w: float | None  # against the 80% ceiling
    headroom_pct: float | None
    wall_w: float  # from the socket, with the PSU's efficiency
    verdict: str  # ok, tight, over, unknown
    issues: tuple[tuple[str, str, dict], ...]  # (id, severity, params)


def transient_allowance(psu: PsuSpec) -> float:
    if psu.atx_version == "3":
        return 1.8 if (psu.rated_w > 450 and psu.has_12v2x6) else 1.45
    return 1.2


def connectors_needed(gpu: GpuLoad) -> tuple[int, int]:
    """(8-pin cables, 12V-2x6 cables) per card; a 12V-2x6 card can also take 8-pins by adapter."""
    return gpu.power_8pin + gpu.power_6pin, gpu.power_12v2x6


def budget(
    gpu: GpuLoad,
    psu: PsuSpec | None,
    cpu_peak_w: float | None = None,
    cpu_base_w: float | None = None,
    socket: str = "CN-10A",
    existing_gpu_w: float = 0.0,
) -> PowerBudget:
    cpu = cpu_peak_w or DEFAULT_CPU_W
    gpus = gpu.board_power_w * gpu.count + existing_gpu_w
    sustained = cpu + gpus + PLATFORM_W
    transient = cpu + gpu.board_power_w * gpu.count * GPU_SPIKE + existing_gpu_w + PLATFORM_W
    issues: list[tuple[str, str, dict]] = []
    efficiency = EFFICIENCY.get((psu.rating or "").lower(), 0.85) if psu else 0.85
    wall = sustained / efficiency
    volts, amps = SOCKETS[socket]
    socket_limit = volts * amps * CONTINUOUS_DERATING
    if wall > socket_limit:
        issues.append(
            (
                "power-socket",
                "error",
                {
                    "wall_w": f"{wall:.0f}",
                    "limit_w": f"{socket_limit:.0f}",
                    "socket": f"{volts} V {amps} A",
                },
            )
        )
    if psu is None:
        recommended = max(
            gpu.recommended_psu_w or 0, math.ceil(sustained / SUSTAINED_CEILING / 50) * 50
        )
        issues.append(("power-psu-unknown", "info", {"recommended_w": str(recommended)}))
        return PowerBudget(
            cpu,
            gpus,
            PLATFORM_W,
            sustained,
            transient,
            None,
            None,
            None,
            None,
            None,
            wall,
            "unknown",
            tuple(issues),
        )
    limit = psu.rated_w * SUSTAINED_CEILING
    transient_limit = psu.rated_w * transient_allowance(psu)
    headroom = limit - sustained
    verdict = "ok"
    if sustained > psu.rated_w:
        verdict = "over"
        issues.append(
            (
                "power-over",
                "error",
                {"sustained_w": f"{sustained:.0f}", "psu_w": f"{psu.rated_w:.0f}"},
            )
        )
    elif sustained > limit:
        verdict = "tight"
        issues.append(
            (
                "power-tight",
                "warning",
                {
                    "sustained_w": f"{sustained:.0f}",
                    "psu_w": f"{psu.rated_w:.0f}",
                    "percent": f"{sustained / psu.rated_w:.0%}",
                },
            )
        )
    if transient > transient_limit:
        issues.append(
            (
                "power-transient",
                "warning",
                {
                    "transient_w": f"{transient:.0f}",
                    "limit_w": f"{transient_limit:.0f}",
                    "atx": psu.atx_version,
                },
            )
        )
        verdict = (
            "tight" if verdict == "ok" else verdict
        )  # spikes trip the PSU's protection: a warning, not "over"
    if gpu.recommended_psu_w and gpu.count == 1 and psu.rated_w < gpu.recommended_psu_w:
        issues.append(
            (
                "power-below-vendor",
                "warning",
                {"psu_w": f"{psu.rated_w:.0f}", "recommended_w": str(gpu.recommended_psu_w)},
            )
        )
    eight, high = connectors_needed(gpu)
    if high and not psu.has_12v2x6:
        adapter = max(1, math.ceil((gpu.board_power_w - 75) / 150))  # the slot gives the first 75 W
        issues.append(("power-12v2x6-adapter", "warning", {"cables": str(adapter * gpu.count)}))
        eight = adapter
    if psu.pcie_8pin_cables is not None and eight * gpu.count > psu.pcie_8pin_cables:
        issues.append(
            (
                "power-connectors",
                "error",
                {"needed": str(eight * gpu.count), "have": str(psu.pcie_8pin_cables)},
            )
        )
    return PowerBudget(
        cpu,
        gpus,
        PLATFORM_W,
        sustained,
        transient,
        psu.rated_w,
        limit,
        transient_limit,
        round(headroom, 1),
        round(headroom / psu.rated_w * 100, 1),
        round(wall, 1),
        verdict,
        tuple(issues),
    )
