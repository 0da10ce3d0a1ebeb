"""The power numbers: sustained and transient draw, what a supply tolerates, the cables a set of
cards needs, the supply that would carry it, the wall socket. Judgement is in rules/power.py.

Sustained system draw = CPU sustained peak (PL2/PPT) + GPU board power x cards + platform; keep
it under 80% of the supply's rating. Millisecond GPU spikes reach about 1.8x board power
(Ampere/Ada/Blackwell); an ATX 3.x supply above 450 W with a 12V-2x6 cable is specified for
180% for 1 ms (Intel ATX 3 guide, table 3-3), an ATX 3.x supply without it 145%, and an ATX 2.x
supply has no excursion rating (120% assumed, its typical over-power trip). Connectors: 150 W
per 8-pin, 600 W per 12V-2x6, 75 W from the slot; a 12V-2x6 card on a supply without that cable
uses the vendor's adapter, whose 8-pin count is a catalog fact per card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.core.errors import InputError
from gpuplanner.core.markets import HOME, SOCKETS
from gpuplanner.core.vocab import AtxEntry, AtxVersion, PsuRating

PLATFORM_W = 60.0  # motherboard, memory, storage, fans
SUSTAINED_CEILING = 0.80
GPU_SPIKE = 1.8
DEFAULT_CPU_W = 125.0  # unknown CPU: a mid-range desktop's sustained peak
# A laptop is built around its adapter (a Dell XPS 15 with a GTX 1650 Max-Q: 130 W): an
# unknown laptop CPU at an H-series part's 45 W base power, the screen, board and SSD at about
# 20 W, and an adapter at the 87-88% average efficiency of the US DoE's level VI.
LAPTOP_CPU_W = 45.0
LAPTOP_PLATFORM_W = 20.0
LAPTOP_ADAPTER_EFFICIENCY = 0.88
SLOT_W = 75.0
EIGHT_PIN_W = 150.0
EFFICIENCY = {
    "white": 0.82,
    "bronze": 0.85,
    "silver": 0.88,
    "gold": 0.90,
    "platinum": 0.92,
    "titanium": 0.94,
}
CONTINUOUS_DERATING = 0.80


@dataclass(frozen=True, kw_only=True)
class PsuSpec:
    rated_w: float
    atx_version: AtxVersion = "2"
    has_12v2x6: bool = False
    pcie_8pin_cables: int | None = None
    rating: PsuRating | None = None
    cables_12v2x6: int | None = None  # a count; None: one cable when has_12v2x6, else none
    atx_told: bool = True  # False: the version was not given and 2.x is assumed (issue 41)
    # What the supply itself said it delivered when its reading was saved (liquidctl): more
    # than the plan's parts can draw where something else loads it.
    read_output_w: float | None = None

    @property
    def high_power_cables(self) -> int:
        if self.cables_12v2x6 is not None:
            return self.cables_12v2x6
        return 1 if self.has_12v2x6 else 0


# More than any one supply of a desktop, workstation or server is rated (a server's redundant
# supplies are each a few kW).
MAX_SUPPLY_W = 20_000


def entered_supply(
    rated_w: float | None,
    atx: AtxEntry | None,
    has_12v2x6: bool,
    pcie_8pin_cables: int | None,
    rating: PsuRating | None,
    cables_12v2x6: int | None = None,
) -> PsuSpec | None:
    """The supply as the user described it; None without its wattage. An ATX version not given
    is planned as 2.x, the weaker spike rating."""
    for id, value in (
        ("psu-watts-negative", rated_w),
        ("psu-8pin-negative", pcie_8pin_cables),
        ("psu-12v2x6-negative", cables_12v2x6),
    ):
        if value is not None and value < 0:
            raise InputError(id, value=value)
    if rated_w is not None and not (math.isfinite(rated_w) and rated_w <= MAX_SUPPLY_W):
        # A 1e9 W supply was once planned with (issue 51): a typo, not a supply.
        raise InputError("psu-watts-too-high", value=f"{rated_w:g}", limit=f"{MAX_SUPPLY_W:,}")
    if not rated_w:
        return None
    return PsuSpec(
        rated_w=float(rated_w),
        atx_version=atx or "2",
        has_12v2x6=bool(has_12v2x6),
        pcie_8pin_cables=pcie_8pin_cables,
        rating=rating,
        cables_12v2x6=cables_12v2x6,
        atx_told=bool(atx),
    )


@dataclass(frozen=True, kw_only=True)
class GpuLoad:
    board_power_w: float
    count: int = 1
    power_8pin: int = 0
    power_12v2x6: int = 0
    power_6pin: int = 0
    recommended_psu_w: int | None = None


@dataclass(frozen=True, kw_only=True)
class PowerBudget:
    cpu_w: float
    gpus_w: float
    platform_w: float
    sustained_w: float
    transient_w: float
    psu_w: float | None
    sustained_limit_w: float | None  # 80% of the supply
    transient_limit_w: float | None
    headroom_w: float | None  # against the 80% ceiling
    headroom_pct: float | None
    wall_w: float  # from the socket, with the supply's efficiency
    socket_limit_w: float
    verdict: str  # ok, tight, over, unknown
    # A server's: its cards alone. Its CPUs, fans, switches and supplies draw what its maker
    # rates them at, which a desktop's CPU, board and supply do not stand for.
    maker_rated: bool = False

    @property
    def sustained_ok(self) -> bool:
        return self.sustained_limit_w is None or self.sustained_w <= self.sustained_limit_w

    @property
    def transient_ok(self) -> bool:
        return self.transient_limit_w is None or self.transient_w <= self.transient_limit_w


@dataclass(frozen=True)
class Cables:
    eight_pin: int  # separate PCIe 8-pin cables (6-pins counted as 8-pins)
    high_power: int  # native 12V-2x6 cables used
    unknown_adapters: int  # 12V-2x6 cards whose adapter count is not on record


def needs_power_cables(gpu: GpuSpec) -> bool:
    """A card (catalog GpuSpec) that cannot run from the slot alone: a connector, or over 75 W."""
    wired = gpu.power_8pin + gpu.power_6pin + gpu.power_12v2x6 + gpu.power_eps8
    return bool(wired) or gpu.board_power_w > SLOT_W


def transient_allowance(psu: PsuSpec) -> float:
    if psu.atx_version == "3":
        return 1.8 if (psu.rated_w > 450 and psu.high_power_cables) else 1.45
    return 1.2


def socket_limit_w(socket: str) -> float:
    volts, amps = SOCKETS[socket]
    return volts * amps * CONTINUOUS_DERATING


def budget(
    gpu: GpuLoad,
    psu: PsuSpec | None,
    cpu_peak_w: float | None = None,
    cpu_base_w: float | None = None,
    socket: str = HOME.socket,
    existing_gpu_w: float = 0.0,
    laptop: bool = False,
    server: bool = False,
) -> PowerBudget:
    """The system's draw with ``gpu.count`` cards (plus ``existing_gpu_w`` of other cards);
    a ``laptop``'s at a laptop's CPU, platform and adapter, not a desktop's; a ``server``'s
    cards alone, the rest its maker's rating (``PowerBudget.maker_rated``)."""
    if server:  # the server's supplies' losses are in its maker's rating too
        cpu, platform, efficiency = 0.0, 0.0, 1.0
    elif laptop:
        cpu, platform = cpu_peak_w or LAPTOP_CPU_W, LAPTOP_PLATFORM_W
        efficiency = LAPTOP_ADAPTER_EFFICIENCY
    else:
        cpu, platform = cpu_peak_w or DEFAULT_CPU_W, PLATFORM_W
        efficiency = EFFICIENCY.get((psu.rating or "").lower(), 0.85) if psu else 0.85
    cards = gpu.board_power_w * gpu.count
    sustained = cpu + cards + existing_gpu_w + platform
    transient = cpu + (cards + existing_gpu_w) * GPU_SPIKE + platform
    wall = sustained / efficiency
    limit_socket = socket_limit_w(socket)
    if psu is None:
        return PowerBudget(
            cpu_w=cpu,
            gpus_w=cards + existing_gpu_w,
            platform_w=platform,
            sustained_w=sustained,
            transient_w=transient,
            psu_w=None,
            sustained_limit_w=None,
            transient_limit_w=None,
            headroom_w=None,
            headroom_pct=None,
            wall_w=round(wall, 1),
            socket_limit_w=limit_socket,
            verdict="unknown",
            maker_rated=server,
        )
    limit = psu.rated_w * SUSTAINED_CEILING
    transient_limit = psu.rated_w * transient_allowance(psu)
    headroom = limit - sustained
    if sustained > psu.rated_w:
        verdict = "over"
    elif sustained > limit or transient > transient_limit:
        verdict = "tight"
    else:
        verdict = "ok"
    return PowerBudget(
        cpu_w=cpu,
        gpus_w=cards + existing_gpu_w,
        platform_w=platform,
        sustained_w=sustained,
        transient_w=transient,
        psu_w=psu.rated_w,
        sustained_limit_w=limit,
        transient_limit_w=transient_limit,
        headroom_w=round(headroom, 1),
        headroom_pct=round(headroom / psu.rated_w * 100, 1),
        wall_w=round(wall, 1),
        socket_limit_w=limit_socket,
        verdict=verdict,
        maker_rated=server,
    )


def cables(gpu: GpuLoad, adapter_8pin: int | None, native_12v2x6: int) -> Cables:
    """The cables ``gpu.count`` cards take from a supply with ``native_12v2x6`` 12V-2x6 cables."""
    eight = (gpu.power_8pin + gpu.power_6pin) * gpu.count
    high_needed = gpu.power_12v2x6 * gpu.count
    native = min(high_needed, native_12v2x6)
    adapted = high_needed - native
    unknown = 0
    if adapted:
        if adapter_8pin:
            eight += adapted * adapter_8pin
        else:
            unknown = adapted
    return Cables(eight, native, unknown)


def plugs_rated_w(gpu: GpuSpec) -> float:
    """What a card's power inputs are rated to carry (PCIe CEM 5.1): the slot's 75 W, 75 W per
    6-pin, 150 W per 8-pin, 600 W per 12V-2x6, 300 W per EPS-8 (datacenter cards)."""
    return (
        SLOT_W
        + 75 * gpu.power_6pin
        + EIGHT_PIN_W * gpu.power_8pin
        + 600 * gpu.power_12v2x6
        + 300 * gpu.power_eps8
    )


def minimum_8pin(board_power_w: float) -> int:
    """The fewest 8-pin cables that could carry a card beside the slot's 75 W (a lower bound)."""
    return max(1, math.ceil((board_power_w - SLOT_W) / EIGHT_PIN_W))


def supply_needed_w(draw: PowerBudget, recommended_psu_w: int | None = None) -> int:
    """The smallest rating (in 50 W steps) that an ATX 3.x supply with a 12V-2x6 cable needs."""
    watts = max(
        draw.sustained_w / SUSTAINED_CEILING,
        draw.transient_w / GPU_SPIKE,
        float(recommended_psu_w or 0),
    )
    return int(math.ceil(watts / 50) * 50)
