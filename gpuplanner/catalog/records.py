"""Catalog records as plain frozen dataclasses: what planning and the UI receive.

Each record is its table's one declaration: catalog/schema.py derives the CSV header and the
database's columns from its fields, and the build checks every cell against its type with
msgspec. ``Annotated[..., Meta(ge=, le=)]`` ranges are sanity bounds, not facts: a value outside
them is a typo (an extra zero, a unit mix-up), and the build stops on it with the file, line
and column. A ``Literal`` is the column's vocabulary; ``| None`` marks a cell that may be empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Literal

from msgspec import Meta

from gpuplanner.core.vocab import (
    AtxVersion,
    Currency,
    PriceCondition,
    PriceOrigin,
    Region,
    TfRouteName,
)

# A date as the catalog writes it, YYYY-MM-DD (a month 01-12, a day 01-31).
DATE_PATTERN = r"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$"
Date = Annotated[str, Meta(pattern=DATE_PATTERN)]
Vendor = Literal["NVIDIA", "AMD", "Intel"]
GpuStatus = Literal[
    "official",
    "blackwell-unsupported",
    "below-floor",
    "rocm",
    "rocm-unlisted",
    "none",
    "unknown",
]
# "unknown": the installed card the catalog does not hold, as planning stands it in
# (planning/plan/candidates.py), as with tf_status.
Segment = Literal["consumer", "workstation", "datacenter", "unknown"]
FormFactor = Literal["pcie", "sxm", "oam", "laptop", "unknown"]
Cooler = Literal["open-air", "blower", "passive", "laptop", "unknown"]
Interconnect = Literal["none", "nvlink", "nvlink-bridge", "infinity-fabric"]
# Why a card is not sold in a region: a variant made for another market, an export rule,
# or the end of production (then only used cards are sold).
AvailabilityReason = Literal["china-market", "export-control", "discontinued", "cloud-only"]
RiskKind = Literal[
    "no-warranty",
    "modified-board",
    "modified-firmware",
    "blower-noise",
    "passive-cooling",
    "sxm-adapter",
    "mining-wear",
]
AnyRegion = Literal[Region, "*"]  # "*": every region
# A price: above zero and finite, at most the largest a price file may hold
# (catalog/pricefile.py MAX_AMOUNT); each currency's plausible range is the reader's.
Amount = Annotated[float, Meta(gt=0, le=2_000_000)]
Slots = Annotated[float, Meta(ge=1, le=5)]
BoardLength = Annotated[int, Meta(ge=100, le=400)]
ComputeCapability = Annotated[float, Meta(ge=1, le=20)]


# The share of a GDDR board's memory left to jobs with ECC on (GpuSpec.driver_memory_gb).
ECC_MEMORY_SHARE = 15 / 16


@dataclass(frozen=True, kw_only=True)
class GpuSpec:
    id: str
    name: str
    aliases: tuple[str, ...]
    vendor: Vendor
    segment: Segment
    architecture: str
    chip: str | None
    # The GPU die's area: export rules weigh performance by it.
    die_mm2: Annotated[float, Meta(ge=20, le=3000)] | None
    release_date: Date
    memory_gb: Annotated[float, Meta(ge=1, le=512)]
    memory_type: str | None
    memory_bus_bits: Annotated[int, Meta(ge=32, le=16384)] | None
    # From a 64-bit entry card (a GT 1030's 48 GB/s; its DDR4 board's 16.8) to a rack's HBM.
    memory_bandwidth_gbs: Annotated[float, Meta(ge=10, le=20000)]
    fp32_tflops: Annotated[float, Meta(ge=0.5, le=500)]
    # Dense tensor rates; fp16/bf16 with FP32 accumulate (what mixed precision gets).
    tf32_tflops: Annotated[float, Meta(ge=1, le=5000)] | None
    fp16_tflops: Annotated[float, Meta(ge=1, le=10000)] | None
    bf16_tflops: Annotated[float, Meta(ge=1, le=10000)] | None
    fp8_tflops: Annotated[float, Meta(ge=1, le=20000)] | None
    int8_tops: Annotated[float, Meta(ge=1, le=20000)] | None
    board_power_w: Annotated[float, Meta(ge=10, le=2000)]
    recommended_psu_w: Annotated[int, Meta(ge=200, le=2000)] | None
    power_6pin: Annotated[int, Meta(ge=0, le=4)]
    power_8pin: Annotated[int, Meta(ge=0, le=4)]
    power_12v2x6: Annotated[int, Meta(ge=0, le=2)]
    power_eps8: Annotated[int, Meta(ge=0, le=2)]
    form_factor: FormFactor
    slot_width: Slots | None
    length_mm: BoardLength | None
    cooler: Cooler
    pcie_gen: Annotated[int, Meta(ge=1, le=6)]
    pcie_lanes: Annotated[int, Meta(ge=1, le=16)]
    interconnect: Interconnect
    interconnect_gbs: Annotated[float, Meta(ge=10, le=5000)] | None
    ecc: bool
    compute_capability: str | None
    tf_status: GpuStatus
    tf_reason: str
    sources: str
    # The ECC state a scan read on an installed card (nvidia-smi's "ECC Mode: Current"): an
    # owner may have turned it on or off. None: a card of the catalog, run as shipped. Not a
    # column of the catalog (schema.GPUS).
    ecc_on: bool | None = None

    @property
    def nvlink(self) -> bool:
        return self.interconnect.startswith("nvlink")

    @property
    def hbm(self) -> bool:
        return (self.memory_type or "").upper().startswith("HBM")

    # Cached: the speed model and the memory rules ask for every card of every candidate.
    @cached_property
    def ecc_on_as_shipped(self) -> bool:
        """NVIDIA ships its data-centre boards with ECC on, its GeForce and workstation boards
        with it off (the driver's default, changed with ``nvidia-smi -e``). GDDR has no spare
        bits, so the code lives in the memory itself; HBM carries it beside the data."""
        return (
            self.vendor == "NVIDIA" and self.segment == "datacenter" and self.ecc and not self.hbm
        )

    @cached_property
    def gddr_ecc_on(self) -> bool:
        """ECC on, on GDDR, where it costs memory and bandwidth: as the scan read it on an
        installed card, else as shipped. HBM's code costs neither."""
        on = self.ecc_on_as_shipped if self.ecc_on is None else self.ecc_on
        return on and not self.hbm

    @cached_property
    def driver_memory_gb(self) -> float:
        """The memory the driver gives jobs: a GDDR board with ECC on keeps 1/16 for the code
        (the recorded AWS Tesla T4 reports 15,360 MiB of its 16 GB, the A10G 23,028 MiB of 24)."""
        return self.memory_gb * (ECC_MEMORY_SHARE if self.gddr_ecc_on else 1.0)


@dataclass(frozen=True, kw_only=True)
class Price:
    gpu_id: str
    amount: Amount
    currency: Currency
    condition: PriceCondition
    # The market the price was asked in; None for a shop's and the user's own, which are asked
    # where the buyer buys (``origin`` says whose it is).
    region: Region | None
    source: str
    date: Date
    origin: PriceOrigin = "catalog"
    note: str | None = None
    shop: str | None = None
    sku: str | None = None
    stock: int | None = None
    location: str | None = None
    low: Amount | None = None  # the range the source saw, when it gave one
    high: Amount | None = None
    # The source's name to show (sources.csv's label) where ``source`` is a catalog id; a
    # pack's, a shop's or the user's source is shown as it is.
    source_name: str | None = None

    @property
    def own(self) -> bool:
        """The shop's or the user's own price, not a market's listing or report."""
        return self.origin in ("shop", "user")

    @property
    def where(self) -> Region | PriceOrigin:
        """The word the price tables and the JSON print for it: its region ('CN', 'US'), or
        whose it is ('shop', 'user') where it has none."""
        return self.region or self.origin


@dataclass(frozen=True, kw_only=True)
class TfBuild:
    tf_version: str
    os: Literal["Linux", "Windows"]
    package: str
    python_versions: str
    cuda_version: str
    cudnn_version: str
    min_driver_linux: str | None
    min_driver_windows: str | None
    min_compute_capability: Annotated[float, Meta(ge=3, le=10)]
    sources: str
    note: str | None


@dataclass(frozen=True, kw_only=True)
class CpuPower:
    id: str
    name: str
    aliases: tuple[str, ...]
    vendor: Literal["Intel", "AMD"]
    family: str
    cores: Annotated[int, Meta(ge=1, le=256)]
    threads: Annotated[int, Meta(ge=1, le=512)]
    base_power_w: Annotated[int, Meta(ge=5, le=600)]
    max_power_w: Annotated[int, Meta(ge=5, le=800)]
    release_date: Date
    sources: str


@dataclass(frozen=True, kw_only=True)
class Source:
    id: str
    title: str
    label: str  # the short name shown beside a price (translated)
    reference: str
    license: str
    retrieved: Date
    verified: bool
    notes: str | None


@dataclass(frozen=True, kw_only=True)
class Board:
    """What the partner boards of a card add to its reference spec: the adapter, the size."""

    gpu_id: str
    # 8-pin cables the vendor's 12V-2x6 adapter needs (a count from the vendor, not a formula).
    adapter_8pin: Annotated[int, Meta(ge=1, le=4)] | None
    # The longest widely sold partner board: what fit is judged against by default.
    length_max_mm: BoardLength | None
    slots_max: Slots | None
    sources: str
    note: str | None = None
    # The card comes as a low-profile (half-height) board, its bracket in the box or a partner
    # board's: what a small office PC takes (``sources`` names where it is from).
    low_profile: bool = False


@dataclass(frozen=True, kw_only=True)
class PsuPrice:
    """A power supply an option may need, with its dated price."""

    watts: Annotated[int, Meta(ge=200, le=3000)]
    atx_version: AtxVersion
    cables_12v2x6: Annotated[int, Meta(ge=0, le=4)]
    cables_8pin: Annotated[int, Meta(ge=0, le=12)]
    amount: Annotated[float, Meta(ge=1, le=100_000)]
    currency: Currency
    region: Region
    source: str
    date: Date
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class TfRoute:
    """One way of running TensorFlow or Keras on one vendor's cards (catalog tf_routes.csv)."""

    route: TfRouteName
    vendor: Vendor
    min_cc: ComputeCapability | None
    max_cc: ComputeCapability | None
    # rocm: only cards on ROCm's supported list; xpu: Intel's PyTorch XPU builds.
    requires: Literal["rocm", "xpu"] | None
    min_driver_linux: str | None
    # The same floor as a Windows driver numbers it: WSL2 runs on the Windows host's driver.
    # None where no source gives it (the Linux number is then said).
    min_driver_windows: str | None
    platforms: str
    sources: str
    note: str | None = None


@dataclass(frozen=True)
class FxRate:
    """One ``base`` is ``rate`` ``quote`` on ``date`` (a price pack's manifest)."""

    base: str
    quote: str
    rate: float
    date: str
    source: str


@dataclass(frozen=True, kw_only=True)
class RegionTax:
    """A market's currency and tax: CNY shelf prices include 13% VAT, US prices exclude tax."""

    region: Region
    currency: Currency
    # Value-added or sales tax, and whether the region's shelf prices already include it.
    tax_pct: Annotated[float, Meta(ge=0, le=30)]
    prices_include_tax: bool
    sources: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Availability:
    """Whether a card is sold new / used in a region ('*': everywhere), and why not."""

    gpu_id: str
    region: AnyRegion
    new: bool
    used: bool
    reason: AvailabilityReason
    since: Date | None
    sources: str
    note: str | None = None


@dataclass(frozen=True)
class MarketRisk:
    """A risk of buying a card (a modified board, no warranty): always, or when bought used."""

    gpu_id: str
    risk: RiskKind
    # always: every such card; used: only when the price planned with is a used one.
    applies: Literal["always", "used"]
    sources: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class PriceTrend:
    """How prices of a kind of card moved between two dates (catalog/schema.py PRICE_TRENDS)."""

    kind: str  # the kind in words (translated): "new RTX 50 cards"
    # Catalog ids it covers, fnmatch patterns (';'-separated in the file).
    cards: Annotated[tuple[str, ...], Meta(min_length=1)]
    region: AnyRegion
    condition: Literal["new", "used"]
    from_date: Date
    to_date: Date
    change_pct: Annotated[float, Meta(ge=-80, le=400)]
    cards_measured: Annotated[int, Meta(ge=1, le=500)]
    sources: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class LlmModel:
    """An LLM preset (resources/catalog/llms.csv): the model's published shape (config.json:
    layers, hidden size, attention heads, key/value heads, FFN size, vocabulary) and its own
    parameter count, in billions; or a stand-in of a size (planning/job/resolve.py)."""

    id: str
    name: str
    params_b: Annotated[float, Meta(ge=0.1, le=2000)]  # billions, every expert counted
    layers: Annotated[int, Meta(ge=1, le=400)]
    hidden: Annotated[int, Meta(ge=64, le=65536)]
    heads: Annotated[int, Meta(ge=1, le=512)]
    kv_heads: Annotated[int, Meta(ge=1, le=512)]
    ffn: Annotated[int, Meta(ge=64, le=262144)]  # one expert's, for a mixture of experts
    vocab: Annotated[int, Meta(ge=1000, le=1_000_000)]
    # Mixture of experts: every expert sits in memory, only ``active_b`` billion parameters
    # work on each token (compute, and the weights a decode step reads).
    active_b: Annotated[float, Meta(ge=0.1, le=2000)] | None = None
    # Where a model's attention heads are not hidden / heads wide (Qwen3, Gemma 3, gpt-oss).
    # DeepSeek V3's latent attention caches 576 values per layer: one "head" of 288 keys and
    # 288 values in the formula 2 x kv_heads x head_dim.
    head_width: Annotated[int, Meta(ge=16, le=1024)] | None = None
    # The context the model was trained for (config.json's max_position_embeddings); None
    # where not on record. A longer job runs, but beyond what the model learned.
    context: Annotated[int, Meta(ge=512, le=10_000_000)] | None = None
    sources: str = ""  # source ids in sources.csv; empty for a stand-in

    @property
    def head_dim(self) -> int:
        return self.head_width or self.hidden // self.heads

    @property
    def active_params_b(self) -> float:
        return self.active_b or self.params_b

    @property
    def moe(self) -> bool:
        return self.active_b is not None


@dataclass(frozen=True, kw_only=True)
class CatalogData:
    """Everything the planner needs, loaded at once."""

    gpus: tuple[GpuSpec, ...]
    prices: tuple[Price, ...]
    tf_builds: tuple[TfBuild, ...]
    cpus: tuple[CpuPower, ...]
    boards: tuple[Board, ...] = ()
    psus: tuple[PsuPrice, ...] = ()
    tf_routes: tuple[TfRoute, ...] = ()
    fx_rates: tuple[FxRate, ...] = ()
    regions: tuple[RegionTax, ...] = ()
    availability: tuple[Availability, ...] = ()
    risks: tuple[MarketRisk, ...] = ()
    price_trends: tuple[PriceTrend, ...] = ()
    llms: tuple[LlmModel, ...] = ()  # the LLM presets (catalog/llm_presets.py)
