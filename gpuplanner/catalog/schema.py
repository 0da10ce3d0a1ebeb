"""The catalog's CSV files: each column's type, whether it may be empty, and its allowed range.

Ranges are sanity bounds, not facts: a value outside them is a typo (an extra zero, a unit
mix-up), and the build stops on it with the file, line and column.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gpuplanner.core import vocab

TEXT, INT, FLOAT, DATE, CHOICE, LIST, BOOL = (
    "text",
    "int",
    "float",
    "date",
    "choice",
    "list",
    "bool",
)


@dataclass(frozen=True, kw_only=True)
class Column:
    name: str
    kind: str = TEXT
    required: bool = False
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Table:
    name: str
    file: str
    columns: tuple[Column, ...]
    key: tuple[str, ...]

    def column_names(self) -> list[str]:
        return [c.name for c in self.columns]


def _c(
    name: str,
    kind: str = TEXT,
    required: bool = False,
    low: float | None = None,
    high: float | None = None,
    choices: Iterable[str] = (),
) -> Column:
    return Column(
        name=name, kind=kind, required=required, low=low, high=high, choices=tuple(choices)
    )


GPU_STATUSES = (
    "official",
    "blackwell-unsupported",
    "below-floor",
    "rocm",
    "rocm-unlisted",
    "none",
    "unknown",
)

GPUS = Table(
    "gpus",
    "gpus.csv",
    (
        _c("id", required=True),
        _c("name", required=True),
        _c("aliases", LIST),
        _c("vendor", CHOICE, True, choices=("NVIDIA", "AMD", "Intel")),
        _c("segment", CHOICE, True, choices=("consumer", "workstation", "datacenter")),
        _c("architecture", required=True),
        _c("chip"),
        _c("die_mm2", FLOAT, False, 20, 3000),
        _c("release_date", DATE, True),
        _c("memory_gb", FLOAT, True, 1, 512),
        _c("memory_type"),
        _c("memory_bus_bits", INT, False, 32, 16384),
        _c("memory_bandwidth_gbs", FLOAT, True, 50, 20000),
        _c("fp32_tflops", FLOAT, True, 0.5, 500),
        _c("tf32_tflops", FLOAT, False, 1, 5000),
        _c("fp16_tflops", FLOAT, False, 1, 10000),
        _c("bf16_tflops", FLOAT, False, 1, 10000),
        _c("fp8_tflops", FLOAT, False, 1, 20000),
        _c("int8_tops", FLOAT, False, 1, 20000),
        _c("board_power_w", FLOAT, True, 10, 2000),
        _c("recommended_psu_w", INT, False, 200, 2000),
        _c("power_6pin", INT, True, 0, 4),
        _c("power_8pin", INT, True, 0, 4),
        _c("power_12v2x6", INT, True, 0, 2),
        _c("power_eps8", INT, True, 0, 2),
        _c("form_factor", CHOICE, True, choices=("pcie", "sxm", "oam", "laptop")),
        _c("slot_width", FLOAT, False, 1, 5),
        _c("length_mm", INT, False, 100, 400),
        _c("cooler", CHOICE, True, choices=("open-air", "blower", "passive", "laptop")),
        _c("pcie_gen", INT, True, 1, 6),
        _c("pcie_lanes", INT, True, 1, 16),
        _c(
            "interconnect",
            CHOICE,
            True,
            choices=("none", "nvlink", "nvlink-bridge", "infinity-fabric"),
        ),
        _c("interconnect_gbs", FLOAT, False, 10, 5000),
        _c("ecc", BOOL, True),
        _c("compute_capability"),
        _c("tf_status", CHOICE, True, choices=GPU_STATUSES),
        _c("tf_reason", required=True),
        _c("sources", required=True),
    ),
    key=("id",),
)

# The words a price row may hold; REGIONS are the markets whose prices, taxes and availability
# the catalog knows.
PRICE_CONDITIONS, CURRENCIES, REGIONS = vocab.PRICE_CONDITIONS, vocab.CURRENCIES, vocab.REGIONS

PRICES = Table(
    "prices",
    "prices.csv",
    (
        _c("gpu_id", required=True),
        _c("amount", FLOAT, True, 0.01, 1_000_000),
        _c("currency", CHOICE, True, choices=CURRENCIES),
        _c("condition", CHOICE, True, choices=PRICE_CONDITIONS),
        _c("region", required=True),
        _c("source", required=True),
        _c("date", DATE, True),
        _c("note"),
        _c("low", FLOAT, False, 0.01, 1_000_000),
        _c("high", FLOAT, False, 0.01, 1_000_000),
    ),
    key=("gpu_id", "condition", "currency", "source", "date", "note"),
)

TF_BUILDS = Table(
    "tf_builds",
    "tf_builds.csv",
    (
        _c("tf_version", required=True),
        _c("os", CHOICE, True, choices=("Linux", "Windows")),
        _c("package", required=True),
        _c("python_versions", required=True),
        _c("cuda_version", required=True),
        _c("cudnn_version", required=True),
        _c("min_driver_linux"),
        _c("min_driver_windows"),
        _c("min_compute_capability", FLOAT, True, 3, 10),
        _c("sources", required=True),
        _c("note"),
    ),
    key=("tf_version", "os"),
)

CPUS = Table(
    "cpus",
    "cpus.csv",
    (
        _c("id", required=True),
        _c("name", required=True),
        _c("aliases", LIST),
        _c("vendor", CHOICE, True, choices=("Intel", "AMD")),
        _c("family", required=True),
        _c("cores", INT, True, 1, 256),
        _c("threads", INT, True, 1, 512),
        _c("base_power_w", INT, True, 5, 600),
        _c("max_power_w", INT, True, 5, 800),
        _c("release_date", DATE, True),
        _c("sources", required=True),
    ),
    key=("id",),
)

SOURCES = Table(
    "sources",
    "sources.csv",
    (
        _c("id", required=True),
        _c("title", required=True),
        _c("label", required=True),  # the short name shown beside a price (translated)
        _c("reference", required=True),
        _c("license", required=True),
        _c("retrieved", DATE, True),
        _c("verified", BOOL, True),
        _c("notes"),
    ),
    key=("id",),
)

BOARDS = Table(
    "boards",
    "boards.csv",
    (
        _c("gpu_id", required=True),
        # 8-pin cables the vendor's 12V-2x6 adapter needs (a count from the vendor, not a formula).
        _c("adapter_8pin", INT, False, 1, 4),
        # The longest widely sold partner board: what fit is judged against by default.
        _c("length_max_mm", INT, False, 100, 400),
        _c("slots_max", FLOAT, False, 1, 5),
        _c("sources", required=True),
        _c("note"),
    ),
    key=("gpu_id",),
)

PSUS = Table(
    "psus",
    "psus.csv",
    (
        _c("watts", INT, True, 200, 3000),
        _c("atx_version", CHOICE, True, choices=("2", "3")),
        _c("cables_12v2x6", INT, True, 0, 4),
        _c("cables_8pin", INT, True, 0, 12),
        _c("amount", FLOAT, True, 1, 100_000),
        _c("currency", CHOICE, True, choices=CURRENCIES),
        _c("region", required=True),
        _c("source", required=True),
        _c("date", DATE, True),
        _c("note"),
    ),
    key=("watts", "currency", "region"),
)

TF_ROUTES = ("official", "ngc", "keras-other")

ROUTES = Table(
    "tf_routes",
    "tf_routes.csv",
    (
        _c("route", CHOICE, True, choices=TF_ROUTES),
        _c("vendor", CHOICE, True, choices=("NVIDIA", "AMD", "Intel")),
        _c("min_cc", FLOAT, False, 1, 20),
        _c("max_cc", FLOAT, False, 1, 20),
        # rocm: only cards on ROCm's supported list; xpu: Intel's PyTorch XPU builds.
        _c("requires", CHOICE, False, choices=("rocm", "xpu")),
        _c("min_driver_linux"),
        _c("platforms", required=True),
        _c("sources", required=True),
        _c("note"),
    ),
    key=("route", "vendor", "min_cc"),
)

REGION_TABLE = Table(
    "regions",
    "regions.csv",
    (
        _c("region", CHOICE, True, choices=REGIONS),
        _c("currency", CHOICE, True, choices=CURRENCIES),
        # Value-added or sales tax, and whether the region's shelf prices already include it.
        _c("tax_pct", FLOAT, True, 0, 30),
        _c("prices_include_tax", BOOL, True),
        _c("sources", required=True),
        _c("note"),
    ),
    key=("region",),
)

# Why a card is not sold in a region: a variant made for another market, an export rule,
# or the end of production (then only used cards are sold).
AVAILABILITY_REASONS = ("china-market", "export-control", "discontinued", "cloud-only")

AVAILABILITY = Table(
    "availability",
    "availability.csv",
    (
        _c("gpu_id", required=True),
        _c("region", CHOICE, True, choices=(*REGIONS, "*")),
        _c("new", BOOL, True),
        _c("used", BOOL, True),
        _c("reason", CHOICE, True, choices=AVAILABILITY_REASONS),
        _c("since", DATE),
        _c("sources", required=True),
        _c("note"),
    ),
    key=("gpu_id", "region"),
)

RISK_KINDS = (
    "no-warranty",
    "modified-board",
    "modified-firmware",
    "blower-noise",
    "passive-cooling",
    "sxm-adapter",
    "mining-wear",
)

RISKS = Table(
    "risks",
    "risks.csv",
    (
        _c("gpu_id", required=True),
        _c("risk", CHOICE, True, choices=RISK_KINDS),
        # always: every such card; used: only when the price planned with is a used one.
        _c("applies", CHOICE, True, choices=("always", "used")),
        _c("sources", required=True),
        _c("note"),
    ),
    key=("gpu_id", "risk"),
)

# How prices of a kind of card moved over a stretch of time, measured from dated series
# (monthly market reports, a shop's daily prices): an old price's "today it may be" range
# follows it (planning/plan/pricing.py).
PRICE_TRENDS = Table(
    "price_trends",
    "price_trends.csv",
    (
        _c("kind", required=True),  # the kind in words (translated): "new RTX 50 cards"
        _c("cards", required=True),  # catalog ids it covers, ';'-separated fnmatch patterns
        _c("region", CHOICE, True, choices=(*REGIONS, "*")),
        _c("condition", CHOICE, True, choices=("new", "used")),
        _c("from_date", DATE, True),
        _c("to_date", DATE, True),
        _c("change_pct", FLOAT, True, -80, 400),
        _c("cards_measured", INT, True, 1, 500),
        _c("sources", required=True),
        _c("note"),
    ),
    key=("kind", "region", "condition", "from_date"),
)

# The LLM presets (planning's memory and speed models read their shapes): each row the model's
# published configuration, its parameter count and the source id it came from. Checked by
# ``db build`` with the rest, read by catalog/llm_presets.py; not a table of the database, so
# the window lists them without opening it.
LLMS = Table(
    "llms",
    "llms.csv",
    (
        _c("id", required=True),
        _c("name", required=True),
        _c("params_b", FLOAT, True, 0.1, 2000),  # billions, every expert counted
        _c("layers", INT, True, 1, 400),
        _c("hidden", INT, True, 64, 65536),
        _c("heads", INT, True, 1, 512),
        _c("kv_heads", INT, True, 1, 512),
        _c("ffn", INT, True, 64, 262144),  # one expert's, for a mixture of experts
        _c("vocab", INT, True, 1000, 1_000_000),
        _c("active_b", FLOAT, False, 0.1, 2000),  # a mixture of experts: billions per token
        _c("head_width", INT, False, 16, 1024),  # where heads are not hidden / heads wide
        _c("context", INT, False, 512, 10_000_000),  # native context (max_position_embeddings)
        _c("sources", required=True),
    ),
    key=("id",),
)

TABLES = (
    SOURCES,
    GPUS,
    PRICES,
    TF_BUILDS,
    CPUS,
    BOARDS,
    PSUS,
    ROUTES,
    REGION_TABLE,
    AVAILABILITY,
    RISKS,
    PRICE_TRENDS,
)
