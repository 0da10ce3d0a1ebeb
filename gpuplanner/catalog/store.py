"""Read-only queries over the bundled catalog database."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from gpuplanner.catalog import export_rules, llm_presets, schema
from gpuplanner.catalog.bundled import ensure_catalog
from gpuplanner.catalog.errors import AmbiguousGpu, CatalogUnavailable, UnknownGpu
from gpuplanner.catalog.names import NamedCard, normalise, resolve, suggestions
from gpuplanner.catalog.records import (
    Availability,
    Board,
    CatalogData,
    CpuPower,
    FxRate,
    GpuSpec,
    MarketRisk,
    Price,
    PriceTrend,
    PsuPrice,
    RegionTax,
    Source,
    TfBuild,
    TfRoute,
)
from gpuplanner.catalog.schema import BOOL, LIST, Table
from gpuplanner.core.vocab import Currency, PriceCondition

_GPU_ORDER = "order by vendor, segment, release_date, name"


def _from_row(table: Table, row: sqlite3.Row) -> Any:
    """``table``'s record from its database row, where a list is stored ';'-joined and a
    boolean as 0 or 1 (build.py); the row was checked against the record when it was built."""
    values = dict(row)
    for column in table.columns:
        if column.kind == LIST:
            values[column.name] = tuple(a for a in (values[column.name] or "").split(";") if a)
        elif column.kind == BOOL:
            values[column.name] = bool(values[column.name])
    return table.record(**values)


def _gpu(row: sqlite3.Row) -> GpuSpec:
    gpu: GpuSpec = _from_row(schema.GPUS, row)
    return gpu


class Catalog:
    """The bundled GPU, price, TensorFlow build and CPU tables."""

    def __init__(self, db_path: Path) -> None:
        self.path = db_path
        try:
            self._conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
            self._conn.row_factory = sqlite3.Row
            self._conn.execute("select 1 from meta limit 1")
        except sqlite3.DatabaseError as exc:
            raise CatalogUnavailable(f"cannot open the catalog database {db_path}: {exc}") from exc

    @classmethod
    def open(cls, db_path: Path | None = None) -> Catalog:
        """The bundled catalog, built or rebuilt first if missing, stale or corrupt."""
        return cls(ensure_catalog(db_path))

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _rows(self, sql: str, *args: object) -> list[sqlite3.Row]:
        return self._conn.execute(sql, args).fetchall()

    # -- GPUs ---------------------------------------------------------------------------

    def gpus(self) -> list[GpuSpec]:
        return [_gpu(r) for r in self._rows(f"select * from gpus {_GPU_ORDER}")]

    def gpu(self, gpu_id: str) -> GpuSpec:
        rows = self._rows("select * from gpus where id = ?", gpu_id)
        if not rows:
            raise UnknownGpu(gpu_id, [])
        return _gpu(rows[0])

    def _named(self) -> list[NamedCard]:
        return [
            NamedCard(
                r["id"],
                r["name"],
                tuple(a for a in (r["aliases"] or "").split(";") if a),
                r["memory_gb"],
            )
            for r in self._rows("select id, name, aliases, memory_gb from gpus order by id")
        ]

    def resolve(self, query: str) -> GpuSpec:
        """One card for a name, alias or shorthand; raises AmbiguousGpu or UnknownGpu."""
        exact = self._rows(
            "select distinct gpu_id from gpu_names where form = ?", normalise(query) or query
        )
        if len(exact) == 1:
            return self.gpu(exact[0]["gpu_id"])
        cards = self._named()
        found = resolve(query, cards)
        if found.match is not None:
            return self.gpu(found.match.id)
        if found.candidates:
            raise AmbiguousGpu(query, sorted(c.name for c in found.candidates))
        raise UnknownGpu(query, suggestions(query, cards))

    def search(self, text: str, limit: int = 20) -> list[GpuSpec]:
        """Exact names first, then names holding every word (fewest extra words first); only
        when none holds every word, names sharing part of a word. '2080 Ti' finds the 2080 Ti
        and its 22 GB variant, not every card with '20' in its name."""
        words = normalise(text).split()
        if not words:
            return []
        wanted = set(words)
        full: list[tuple[int, int, str]] = []
        partial: list[tuple[int, int, str]] = []
        for card in self._named():
            forms = [f.split() for f in card.forms()]
            if any(set(f) == wanted for f in forms) or card.id == text.strip().lower():
                full.append((0, len(card.name), card.id))
            elif any(wanted <= set(f) for f in forms):
                extra = min(len(set(f) - wanted) for f in forms if wanted <= set(f))
                full.append((extra, len(card.name), card.id))
            else:
                shared = max(sum(any(w in word for word in f) for w in wanted) for f in forms)
                if shared:
                    partial.append((-shared, len(card.name), card.id))
        by_id = {g.id: g for g in self.gpus()}
        ranked = sorted(full) if full else sorted(partial)
        return [by_id[card_id] for *_, card_id in ranked[:limit]]

    # -- prices, builds, CPUs -------------------------------------------------------------

    def prices(
        self,
        gpu_id: str | None = None,
        currency: Currency | None = None,
        condition: PriceCondition | None = None,
    ) -> list[Price]:
        sql = (
            "select p.*, s.label as source_name from prices p"
            " left join sources s on s.id = p.source where 1 = 1"
        )
        args: list[object] = []
        for column, value in (("gpu_id", gpu_id), ("currency", currency), ("condition", condition)):
            if value is not None:
                sql += f" and p.{column} = ?"
                args.append(value)
        sql += " order by p.gpu_id, p.condition, p.currency, p.date desc, p.source"
        return [_from_row(schema.PRICES, r) for r in self._rows(sql, *args)]

    def tf_builds(self) -> list[TfBuild]:
        rows = self._rows("select * from tf_builds")
        builds: list[TfBuild] = [_from_row(schema.TF_BUILDS, r) for r in rows]
        return sorted(
            builds,
            key=lambda b: (b.os, tuple(int(p) for p in b.tf_version.split("."))),
            reverse=True,
        )

    def cpus(self) -> list[CpuPower]:
        rows = self._rows("select * from cpus order by vendor, family, name")
        return [_from_row(schema.CPUS, r) for r in rows]

    def sources(self) -> list[Source]:
        rows = self._rows("select * from sources order by id")
        return [_from_row(schema.SOURCES, r) for r in rows]

    def boards(self) -> list[Board]:
        rows = self._rows("select * from boards order by gpu_id")
        return [_from_row(schema.BOARDS, r) for r in rows]

    def psus(self) -> list[PsuPrice]:
        rows = self._rows("select * from psus order by currency, watts")
        return [_from_row(schema.PSUS, r) for r in rows]

    def tf_routes(self) -> list[TfRoute]:
        rows = self._rows("select * from tf_routes order by route, vendor, min_cc")
        return [_from_row(schema.ROUTES, r) for r in rows]

    def fx_rates(self) -> list[FxRate]:
        return [FxRate(**dict(r)) for r in self._rows("select * from fx_rates order by date")]

    def regions(self) -> list[RegionTax]:
        rows = self._rows("select * from regions order by region")
        return [_from_row(schema.REGION_TABLE, r) for r in rows]

    def availability(self) -> list[Availability]:
        rows = self._rows("select * from availability order by gpu_id, region")
        return [_from_row(schema.AVAILABILITY, r) for r in rows]

    def risks(self) -> list[MarketRisk]:
        rows = self._rows("select * from risks order by gpu_id, risk")
        return [_from_row(schema.RISKS, r) for r in rows]

    def price_trends(self) -> list[PriceTrend]:
        rows = self._rows("select * from price_trends order by kind, region, from_date")
        return [_from_row(schema.PRICE_TRENDS, r) for r in rows]

    def load_all(self) -> CatalogData:
        gpus = tuple(self.gpus())
        risks = tuple(self.risks())
        rebuilt = frozenset(r.gpu_id for r in risks if r.risk == "modified-board")
        return CatalogData(
            gpus=gpus,
            prices=tuple(self.prices()),
            tf_builds=tuple(self.tf_builds()),
            cpus=tuple(self.cpus()),
            boards=tuple(self.boards()),
            psus=tuple(self.psus()),
            tf_routes=tuple(self.tf_routes()),
            fx_rates=tuple(self.fx_rates()),
            regions=tuple(self.regions()),
            availability=export_rules.with_rules(tuple(self.availability()), gpus, rebuilt),
            risks=risks,
            price_trends=tuple(self.price_trends()),
            llms=llm_presets.bundled(),  # from llms.csv itself (not a table of the database)
        )

    def info(self) -> dict:
        meta = {r["key"]: r["value"] for r in self._rows("select key, value from meta")}
        price_stats = self._rows("select min(date) as oldest, max(date) as newest from prices")[0]
        currencies = [
            r[0] for r in self._rows("select distinct currency from prices order by currency")
        ]
        conditions = {
            r["condition"]: r["n"]
            for r in self._rows(
                "select condition, count(*) as n from prices group by condition order by condition"
            )
        }
        counts = json.loads(meta["counts"])
        return {
            "path": str(self.path),
            "schema_version": int(meta["schema_version"]),
            "csv_digest": meta["csv_digest"],
            "cards": counts["gpus"],
            "prices": counts["prices"],
            "tf_builds": counts["tf_builds"],
            "cpus": counts["cpus"],
            "sources": counts["sources"],
            "currencies": currencies,
            "price_conditions": conditions,
            "oldest_price_date": price_stats["oldest"],
            "newest_price_date": price_stats["newest"],
        }
