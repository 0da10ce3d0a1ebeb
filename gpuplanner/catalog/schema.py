"""The catalog's CSV files and database tables, each derived from its record (records.py).

A table names its record, its file and its key; its columns (name, kind, whether a cell may be
empty, the plausible range, the vocabulary) are read from the record's fields, so a column is
declared once. Ranges are sanity bounds, not facts: a value outside them is a typo (an extra
zero, a unit mix-up), and the build stops on it with the file, line and column.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import dataclass
from typing import Any

from gpuplanner.catalog import records
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
_KINDS: dict[Any, str] = {int: INT, float: FLOAT, bool: BOOL, str: TEXT}


@dataclass(frozen=True, kw_only=True)
class Column:
    name: str
    kind: str = TEXT
    required: bool = False
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()


def column(name: str, hint: Any) -> Column:
    """The column of a record's field ``name`` annotated ``hint``."""
    args = typing.get_args(hint)
    optional = typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args
    if optional:
        (hint,) = (a for a in args if a is not type(None))
    metas = typing.get_args(hint)[1:] if typing.get_origin(hint) is typing.Annotated else ()
    base = typing.get_args(hint)[0] if metas else hint
    low = next((m.ge for m in metas if getattr(m, "ge", None) is not None), None)
    high = next((m.le for m in metas if getattr(m, "le", None) is not None), None)
    if typing.get_origin(base) is typing.Literal:
        kind, choices = CHOICE, tuple(typing.get_args(base))
    elif typing.get_origin(base) is tuple:
        # A list may be empty unless its record says it holds at least one.
        kind, choices = LIST, ()
        optional = not any(getattr(m, "min_length", None) for m in metas)
    elif any(getattr(m, "pattern", None) == records.DATE_PATTERN for m in metas):
        kind, choices = DATE, ()
    else:
        kind, choices = _KINDS[base], ()
    return Column(name=name, kind=kind, required=not optional, low=low, high=high, choices=choices)


@dataclass(frozen=True)
class Table:
    """A CSV file and its database table: the fields of ``record`` but ``derived`` (fields the
    loaders or the scan fill in, not columns of the file)."""

    name: str
    file: str
    record: type
    key: tuple[str, ...]
    derived: tuple[str, ...] = ()

    @functools.cached_property
    def columns(self) -> tuple[Column, ...]:
        hints = typing.get_type_hints(self.record, include_extras=True)
        return tuple(
            column(f.name, hints[f.name])
            for f in dataclasses.fields(self.record)
            if f.name not in self.derived
        )

    def column_names(self) -> list[str]:
        return [c.name for c in self.columns]


# The words a price row may hold; REGIONS are the markets whose prices, taxes and availability
# the catalog knows.
PRICE_CONDITIONS, CURRENCIES, REGIONS = vocab.PRICE_CONDITIONS, vocab.CURRENCIES, vocab.REGIONS

SOURCES = Table("sources", "sources.csv", records.Source, key=("id",))
# A card's ECC state is the scan's (an installed card), never the catalog's.
GPUS = Table("gpus", "gpus.csv", records.GpuSpec, key=("id",), derived=("ecc_on",))
PRICES = Table(
    "prices",
    "prices.csv",
    records.Price,
    key=("gpu_id", "condition", "currency", "source", "date", "note"),
    # Whose price it is, a shop's details and the source's label: not in the bundled pack.
    derived=("origin", "shop", "sku", "stock", "location", "source_name"),
)
TF_BUILDS = Table("tf_builds", "tf_builds.csv", records.TfBuild, key=("tf_version", "os"))
CPUS = Table("cpus", "cpus.csv", records.CpuPower, key=("id",))
BOARDS = Table("boards", "boards.csv", records.Board, key=("gpu_id",))
PSUS = Table("psus", "psus.csv", records.PsuPrice, key=("watts", "currency", "region"))
ROUTES = Table("tf_routes", "tf_routes.csv", records.TfRoute, key=("route", "vendor", "min_cc"))
REGION_TABLE = Table("regions", "regions.csv", records.RegionTax, key=("region",))
AVAILABILITY = Table(
    "availability", "availability.csv", records.Availability, key=("gpu_id", "region")
)
RISKS = Table("risks", "risks.csv", records.MarketRisk, key=("gpu_id", "risk"))
# How prices of a kind of card moved over a stretch of time, measured from dated series
# (monthly market reports, a shop's daily prices): an old price's "today it may be" range
# follows it (planning/plan/pricing.py).
PRICE_TRENDS = Table(
    "price_trends",
    "price_trends.csv",
    records.PriceTrend,
    key=("kind", "region", "condition", "from_date"),
)
# The LLM presets (planning's memory and speed models read their shapes): checked by
# ``db build`` with the rest, read by catalog/llm_presets.py; not a table of the database, so
# the window lists them without opening it.
LLMS = Table("llms", "llms.csv", records.LlmModel, key=("id",))

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
