"""Catalog records as plain frozen dataclasses: what planning and the UI receive."""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core.vocab import Currency, PriceCondition, PriceOrigin, Region, TfRouteName


@dataclass(frozen=True, kw_only=True)
class GpuSpec:
    id: str
    name: str
    aliases: tuple[str, ...]
    vendor: str
    segment: str
    architecture: str
    chip: str | None
    die_mm2: float | None  # the GPU die's area: export rules weigh performance by it
    release_date: str
    memory_gb: float
    memory_type: str | None
    memory_bus_bits: int | None
    memory_bandwidth_gbs: float
    fp32_tflops: float
    # Dense tensor rates; fp16/bf16 with FP32 accumulate (what mixed precision gets).
    tf32_tflops: float | None
    fp16_tflops: float | None
    bf16_tflops: float | None
    fp8_tflops: float | None
    int8_tops: float | None
    board_power_w: float
    recommended_psu_w: int | None
    power_6pin: int
    power_8pin: int
    power_12v2x6: int
    power_eps8: int
    form_factor: str
    slot_width: float | None
    length_mm: int | None
    cooler: str
    pcie_gen: int
    pcie_lanes: int
    interconnect: str
    interconnect_gbs: float | None
    ecc: bool
    compute_capability: str | None
    tf_status: str
    tf_reason: str
    sources: str

    @property
    def nvlink(self) -> bool:
        return self.interconnect.startswith("nvlink")


@dataclass(frozen=True, kw_only=True)
class Price:
    gpu_id: str
    amount: float
    currency: Currency
    condition: PriceCondition
    # The market the price was asked in; None for a shop's and the user's own, which are asked
    # where the buyer buys (``origin`` says whose it is).
    region: Region | None
    source: str
    date: str
    origin: PriceOrigin = "catalog"
    note: str | None = None
    shop: str | None = None
    sku: str | None = None
    stock: int | None = None
    location: str | None = None
    low: float | None = None  # the range the source saw, when it gave one
    high: float | None = None
    # The source's name to show (sources.csv's label) where ``source`` is a catalog id; a
    # pack's, a shop's or the user's source is shown as it is.
    source_name: str | None = None

    @property
    def own(self) -> bool:
        """The shop's or the user's own price, not a market's listing or report."""
        return self.origin in ("shop", "user")

    @property
    def where(self) -> str:
        """The word the price tables and the JSON print for it: its region ('CN', 'US'), or
        whose it is ('shop', 'user') where it has none."""
        return self.region or self.origin


@dataclass(frozen=True, kw_only=True)
class TfBuild:
    tf_version: str
    os: str
    package: str
    python_versions: str
    cuda_version: str
    cudnn_version: str
    min_driver_linux: str | None
    min_driver_windows: str | None
    min_compute_capability: float
    sources: str
    note: str | None


@dataclass(frozen=True, kw_only=True)
class CpuPower:
    id: str
    name: str
    aliases: tuple[str, ...]
    vendor: str
    family: str
    cores: int
    threads: int
    base_power_w: int
    max_power_w: int
    release_date: str
    sources: str


@dataclass(frozen=True, kw_only=True)
class Source:
    id: str
    title: str
    label: str
    reference: str
    license: str
    retrieved: str
    verified: bool
    notes: str | None


@dataclass(frozen=True, kw_only=True)
class Board:
    """What the partner boards of a card add to its reference spec: the adapter, the size."""

    gpu_id: str
    adapter_8pin: int | None  # 8-pin cables the vendor's 12V-2x6 adapter needs
    length_max_mm: int | None  # the longest widely sold board
    slots_max: float | None
    sources: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class PsuPrice:
    """A power supply an option may need, with its dated price."""

    watts: int
    atx_version: str
    cables_12v2x6: int
    cables_8pin: int
    amount: float
    currency: Currency
    region: str
    source: str
    date: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class TfRoute:
    """One way of running TensorFlow or Keras on one vendor's cards (catalog tf_routes.csv)."""

    route: TfRouteName  # catalog/schema.py's choices checked it when the catalog was built
    vendor: str
    min_cc: float | None
    max_cc: float | None
    requires: str | None  # rocm, xpu
    min_driver_linux: str | None
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

    region: str
    currency: Currency
    tax_pct: float
    prices_include_tax: bool
    sources: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class Availability:
    """Whether a card is sold new / used in a region ('*': everywhere), and why not."""

    gpu_id: str
    region: str
    new: bool
    used: bool
    reason: str  # china-market, export-control, discontinued
    since: str | None
    sources: str
    note: str | None = None


@dataclass(frozen=True)
class MarketRisk:
    """A risk of buying a card (a modified board, no warranty): always, or when bought used."""

    gpu_id: str
    risk: str
    applies: str  # always, used
    sources: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class PriceTrend:
    """How prices of a kind of card moved between two dates (catalog/schema.py PRICE_TRENDS)."""

    kind: str
    cards: tuple[str, ...]  # fnmatch patterns over catalog ids
    region: str  # CN, US or * (everywhere)
    condition: PriceCondition  # new, used
    from_date: str
    to_date: str
    change_pct: float
    cards_measured: int
    sources: str
    note: str | None = None


@dataclass(frozen=True, kw_only=True)
class LlmModel:
    """An LLM preset (resources/catalog/llms.csv): the model's published shape (config.json:
    layers, hidden size, attention heads, key/value heads, FFN size, vocabulary) and its own
    parameter count, in billions; or a stand-in of a size (planning/job/resolve.py)."""

    id: str
    name: str
    params_b: float
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn: int
    vocab: int
    # Mixture of experts: every expert sits in memory, only ``active_b`` billion parameters
    # work on each token (compute, and the weights a decode step reads).
    active_b: float | None = None
    # Where a model's attention heads are not hidden / heads wide (Qwen3, Gemma 3, gpt-oss).
    # DeepSeek V3's latent attention caches 576 values per layer: one "head" of 288 keys and
    # 288 values in the formula 2 x kv_heads x head_dim.
    head_width: int | None = None
    # The context the model was trained for (config.json's max_position_embeddings); None
    # where not on record. A longer job runs, but beyond what the model learned.
    context: int | None = None
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
