"""Price packs from public price feeds: a maintainer's tool beside the app (docs/PRICES.md).

    python tools/price_pack.py build SOURCE_FILE... --out PACK.csv [--name NAME] [--published DATE]
    python tools/price_pack.py build SOURCE_FILE... --merge-into resources/catalog/prices.csv

Each source file is a copy of a public feed (a cloud-price feed's JSONL or JSON history, a
listings index of shop cards) or a maintainer's sheet of figures typed from market reports, and
beside it ``FILE.credit`` says what it is: its format, the catalog source it becomes, the
repository, path and commit (or URL) it was copied from, its licence and the credit that licence
asks for. The builder reads only numbers, names and dates, never prose.

Every figure is mapped to a catalog card by the catalog's own name matching
(``gpuplanner.catalog.names``): a name that fits no card, or several (a variant or a memory size
the source does not state), is listed, never guessed; a credit file may name a card for a feed's
own spelling (``card: B300 288GB SXM = b300``), which is a maintainer's reviewed decision. A
figure without a date, in a currency the source does not state or a pack cannot hold, outside
its card's plausible range, for a modified card, a slice of one or a bundle, is left out and
listed with its reason. The pack is written in the price pack format (pricepack.py) with the
credits in its manifest; ``--merge-into`` puts the rows into the bundled prices instead, in
place of the rows the same sources gave before (tests/test_price_pack_tool.py checks that the
recorded excerpts under tests/data/price_feeds/ give the bundled rows back).
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import json
import math
import re
import statistics
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from fnmatch import fnmatchcase
from pathlib import Path

from gpuplanner.catalog.bundled import csv_folder
from gpuplanner.catalog.csvdata import load_catalog
from gpuplanner.catalog.names import NamedCard, match_product, normalise
from gpuplanner.catalog.price_plausible import SPAN, card_ranges, plausible_range
from gpuplanner.catalog.pricefile import decimal_text
from gpuplanner.catalog.pricepack import HOUR_RANGE, VERSION, Manifest, render_pack
from gpuplanner.catalog.records import Price
from gpuplanner.catalog.schema import CURRENCIES, PRICE_CONDITIONS, REGIONS
from gpuplanner.core.vocab import as_condition, as_currency, as_region

# The catalog sources of the bundled 2026 rows a person typed from a page (a buying guide, an
# article, a README, a buying guide's table): no recorded excerpt rebuilds them, and
# docs/PRICES.md lists them as hand-entered. Every other 2026 row is rebuilt from
# tests/data/price_feeds/ (tests/test_price_pack_tool.py).
HAND_ENTERED = (
    "aihardwareindex-2026-01",
    "aitooldiscovery-a100-2026-03",
    "bestllmfor-2026-05",
    "codesota-2026-03",
    "deploybase-runpod-2026-03",
    "groktech-2026-05",
    "hn-aihw-2026-08",
    "localaimaster-p40-2026-06",
    "mercatus-2026-05",
    "newgearhub-2026-04",
    "ofzen-2026-03",
    "pcgamer-16gb-2026",
    "pixelation-2026",
    "runlocalai-2026-05",
    "runlocalai-xtx-2026-05",
    "signal-noise-2026-06",
    "specpicks-budget-2026",
    "suanli-2026-08",
    "techplained-2026-04",
    "v100-sxm2-guide-2026",
)
# Words in a listing's title that make it something other than one stock card.
ALTERED = re.compile(
    r"\b(modded|modified|mod|bundle|bundled|combo|kit|lot|bios|flashed|for parts|broken|mig)\b"
    r"|\+|魔改|改装|套装",
    re.IGNORECASE,
)
SHEET_COLUMNS = ("card", "figure", "currency", "kind", "month", "report", "how_measured")
SHEET_OPTIONAL = ("region", "low", "high")


class BuildError(Exception):
    """A source file that cannot be read as its credit file says (the message says why)."""


@dataclass(frozen=True)
class Credit:
    """What a source file is and whom it credits (``FILE.credit``, ``key: value`` lines)."""

    file: str
    format: str
    source: str  # the catalog source id its rows carry (resources/catalog/sources.csv)
    name: str
    where: str  # repository path @commit, or the URL
    licence: str
    credit: str
    currency: str = ""  # the currency the source states for all its amounts, if it does
    region: str = ""
    snapshot: str = ""  # which snapshot of a history file: its date; the newest when empty
    cards: tuple[tuple[str, str], ...] = ()  # a feed's own spelling -> catalog id
    providers: tuple[tuple[str, str], ...] = ()  # provider taken -> how it measures
    refused: tuple[tuple[str, str], ...] = ()  # provider left out -> why
    picks: tuple[tuple[str, str], ...] = ()  # 'provider / machine / region' -> 'card / note'


@dataclass(frozen=True)
class Figure:
    """One figure as a source gives it, before it is a catalog price."""

    name: str
    amount: float | None
    currency: str
    condition: str
    region: str
    date: str
    note: str
    source: str
    low: float | None = None
    high: float | None = None
    refusal: str = ""  # a reason the parser already found


@dataclass(frozen=True)
class Refusal:
    file: str
    name: str
    amount: float | None
    reason: str

    def line(self) -> str:
        amount = "" if self.amount is None else f" {decimal_text(self.amount)}"
        return f"{self.file}: {self.name}{amount}: {self.reason}"


@dataclass
class Build:
    prices: list[Price] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    credits: list[Credit] = field(default_factory=list)

    @property
    def unknown(self) -> list[str]:
        """The names no card (or more than one) was found for, each once."""
        names = [r.name for r in self.refusals if r.reason.startswith("no catalog card")]
        names += [r.name for r in self.refusals if r.reason.startswith("several cards")]
        return sorted(set(names))


# -- credit files -----------------------------------------------------------------------------


def read_credit(path: Path) -> Credit:
    credit_path = path.with_name(path.name + ".credit")
    if not credit_path.is_file():
        raise BuildError(
            f"{path.name}: no {credit_path.name} beside it (what it is, whom to credit)"
        )
    values: dict[str, str] = {}
    lists: dict[str, list[tuple[str, str]]] = {
        "card": [],
        "provider": [],
        "refuse": [],
        "pick": [],
    }
    for number, line in enumerate(credit_path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep:
            raise BuildError(f"{credit_path.name}, line {number}: not 'key: value'")
        if key in lists:
            left, eq, right = value.partition("=")
            if not eq:
                raise BuildError(f"{credit_path.name}, line {number}: '{key}: NAME = VALUE'")
            lists[key].append((left.strip(), right.strip()))
        else:
            values[key] = value
    missing = [
        k for k in ("format", "source", "name", "from", "licence", "credit") if not values.get(k)
    ]
    if missing:
        raise BuildError(f"{credit_path.name}: missing {', '.join(missing)}")
    if values["format"] not in PARSERS:
        raise BuildError(
            f"{credit_path.name}: format {values['format']!r} is not one of {', '.join(PARSERS)}"
        )
    return Credit(
        file=path.name,
        format=values["format"],
        source=values["source"],
        name=values["name"],
        where=values["from"],
        licence=values["licence"],
        credit=values["credit"],
        currency=values.get("currency", "").upper(),
        region=values.get("region", ""),
        snapshot=values.get("snapshot", ""),
        cards=tuple(lists["card"]),
        providers=tuple(lists["provider"]),
        refused=tuple(lists["refuse"]),
        picks=tuple(lists["pick"]),
    )


# -- parsers: each reads one format into figures ------------------------------------------------


def _provider_note(credit: Credit, provider: str) -> tuple[str | None, str | None]:
    """(how the provider measures, why it is left out): one of them, or neither."""
    taken, refused = dict(credit.providers), dict(credit.refused)
    if provider in taken:
        return taken[provider], None
    return None, refused.get(provider, "provider not selected in the credit file")


def parse_cloud_jsonl(text: str, credit: Credit) -> list[Figure]:
    """A cloud-price feed's JSONL history (gpu-price-feed v2): one snapshot a line,
    ``{"cheapest": {provider: {gpu: usd_per_gpu_hour}}, "collected_at": ...}``; the snapshot
    collected on ``snapshot`` (the newest when the credit names none)."""
    snapshots = [json.loads(line) for line in text.splitlines() if line.strip()]
    if credit.snapshot:
        snapshots = [
            s for s in snapshots if str(s.get("collected_at", "")).startswith(credit.snapshot)
        ]
    if not snapshots:
        raise BuildError(f"{credit.file}: no snapshot {credit.snapshot or ''}".rstrip())
    snapshot = max(snapshots, key=lambda s: str(s.get("collected_at", "")))
    date = str(snapshot.get("collected_at") or "")[:10]
    figures = []
    for provider, offers in snapshot.get("cheapest", {}).items():
        note, refusal = _provider_note(credit, provider)
        for name, amount in offers.items():
            figures.append(
                Figure(
                    name=name,
                    amount=_number(amount),
                    currency=credit.currency,  # the feed's documented unit (USD per GPU-hour)
                    condition="cloud-hour",
                    region=credit.region,
                    date=date,
                    note=note or "",
                    source=credit.source,
                    refusal=f"{provider}: {refusal}" if refusal else "",
                )
            )
    return figures


def parse_cloud_history(text: str, credit: Credit) -> list[Figure]:
    """A cloud-price feed's JSON history (gpu-price-tracker): ``{"history": {day: [{provider,
    gpu_model, price_per_hour_usd, source, as_of, scrape_time, extra}]}}``, the day
    ``snapshot`` (the newest when the credit names none). A reference row carried in the feed
    is dated by its own ``as_of``, a live one by its scrape."""
    history = json.loads(text).get("history", {})
    day = credit.snapshot or max(history, default="")
    if day not in history:
        raise BuildError(f"{credit.file}: no day {day or '(none)'} in its history")
    figures = []
    for entry in history[day]:
        provider = str(entry.get("provider", ""))
        note, refusal = _provider_note(credit, provider)
        live = entry.get("source") == "live"
        date = str(entry.get("scrape_time") or "")[:10] if live else str(entry.get("as_of") or "")
        size = (entry.get("extra") or {}).get("sample_size")
        if note and size:
            note = f"{note}; {size} offers"
        has_usd = "price_per_hour_usd" in entry
        figures.append(
            Figure(
                name=str(entry.get("gpu_model", "")),
                amount=_number(entry.get("price_per_hour_usd", entry.get("price"))),
                currency="USD" if has_usd else credit.currency,
                condition="cloud-hour",
                region=credit.region,
                date=date,
                note=note or "",
                source=credit.source,
                refusal=f"{provider}: {refusal}" if refusal else "",
            )
        )
    return figures


def parse_listings(text: str, credit: Credit) -> list[Figure]:
    """A listings index of shop cards (gpu-prices-gr): ``{"updatedAt", "listings": [{title,
    chip, vram, price, scrapedAt, source}]}``. A card's figure is the median of its stock
    listings that day, the lowest and highest as its range; a listing whose title says it is
    modified or a bundle is left out by itself."""
    data = json.loads(text)
    groups: dict[tuple[str, str], list[float]] = {}
    figures = []
    for item in data.get("listings", []):
        title = str(item.get("title", ""))
        name = " ".join(str(p) for p in (item.get("chip"), f"{item.get('vram')}GB") if p)
        amount = _number(item.get("price"))
        date = str(item.get("scrapedAt") or data.get("updatedAt") or "")[:10]
        if ALTERED.search(title):
            figures.append(
                _listing(name, amount, date, credit, "a modified card or a bundle: " + title)
            )
        elif amount is not None:
            groups.setdefault((name, date), []).append(amount)
    for (name, date), amounts in groups.items():
        amounts.sort()
        median = statistics.median(amounts)
        note = f"median of {len(amounts)} shop listings"
        figure = _listing(name, median, date, credit, "")
        figures.append(replace(figure, note=note, low=amounts[0], high=amounts[-1]))
    return figures


def _listing(name: str, amount: float | None, date: str, credit: Credit, refusal: str) -> Figure:
    return Figure(
        name=name,
        amount=amount,
        currency=credit.currency,  # the index has no currency field: only the credit can say
        condition="new",
        region=credit.region,
        date=date,
        note="",
        source=credit.source,
        refusal=refusal,
    )


def parse_sheet(text: str, credit: Credit) -> list[Figure]:
    """A maintainer's sheet of figures typed from market reports: ``card, figure, currency,
    kind, month, report, how_measured`` (then optionally ``region, low, high``); ``report`` is
    the catalog source of the report, ``month`` YYYY-MM (the month the figure describes) or a
    day, ``how_measured`` the report's own words on how it got the figure."""
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    header = tuple(rows[0].keys()) if rows else ()
    if not set(SHEET_COLUMNS) <= set(header) or not set(header) <= {
        *SHEET_COLUMNS,
        *SHEET_OPTIONAL,
    }:
        raise BuildError(
            f"{credit.file}: the header must be {','.join(SHEET_COLUMNS)}"
            f" (then any of {','.join(SHEET_OPTIONAL)})"
        )
    figures = []
    for row in rows:
        cell = {k: (v or "").strip() for k, v in row.items()}
        month = cell["month"]
        date = f"{month}-01" if re.fullmatch(r"\d{4}-\d{2}", month) else month
        figures.append(
            Figure(
                name=cell["card"],
                amount=_number(cell["figure"]),
                currency=cell["currency"].upper(),
                condition=cell["kind"],
                region=cell.get("region") or credit.region,
                date=date,
                note=cell["how_measured"],
                source=cell["report"] or credit.source,
                low=_number(cell.get("low")),
                high=_number(cell.get("high")),
            )
        )
    return figures


def parse_observations(text: str, credit: Credit) -> list[Figure]:
    """A cloud-price index's daily observations (gpu-price-index): one CSV row per provider,
    machine and region with its ``usd_per_gpu_hour``. The index names models loosely (its
    'A100-40GB' is a PCIe and an SXM4 card alike), so only the rows the credit file picks by
    provider, machine and region are taken, each with the card and the words it gives."""
    picks = {}
    for where, what in credit.picks:
        key = tuple(part.strip() for part in where.split(" / "))
        card, _, note = what.partition(" / ")
        picks[key] = (card.strip(), note.strip())
    figures = []
    for row in csv.DictReader(io.StringIO(text.lstrip("\ufeff"))):
        key = (row.get("provider", ""), (row.get("sku") or "").strip(), row.get("region", ""))
        card, note = picks.get(key, ("", ""))
        figures.append(
            Figure(
                name=card or " ".join(filter(None, (row.get("gpu_model"), key[0], key[1]))),
                amount=_number(row.get("usd_per_gpu_hour")),
                currency="USD",  # the column says so
                condition="cloud-hour",
                region=credit.region,
                date=row.get("date", ""),
                note=note,
                source=credit.source,
                refusal=(
                    f"a {row.get('pricing')} price, not on demand"
                    if row.get("pricing") != "on_demand"
                    else ""
                    if card
                    else f"not picked in the credit file ({' / '.join(key)})"
                ),
            )
        )
    return figures


PARSERS: dict[str, Callable[[str, Credit], list[Figure]]] = {
    "cloud-jsonl": parse_cloud_jsonl,
    "cloud-history": parse_cloud_history,
    "cloud-observations": parse_observations,
    "listings-index": parse_listings,
    "report-sheet": parse_sheet,
}


def _number(value: object) -> float | None:
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        number = float(str(value).replace(",", ""))
    except ValueError:
        return None
    return number if math.isfinite(number) else None


# -- the builder: figures to checked prices --------------------------------------------------


@dataclass(frozen=True)
class Catalog:
    cards: list[NamedCard]
    prices: list[Price]
    sources: dict[str, str]  # catalog source id -> its label (sources.csv)

    @classmethod
    def bundled(cls, folder: Path | None = None) -> Catalog:
        data = load_catalog(folder or csv_folder())
        cards = [
            NamedCard(g["id"], g["name"], tuple(g["aliases"] or ()), g["memory_gb"])
            for g in data["gpus"]
        ]
        prices = [
            Price(
                gpu_id=p["gpu_id"],
                amount=p["amount"],
                currency=as_currency(p["currency"]),
                condition=as_condition(p["condition"]),
                region=as_region(p["region"]),
                source=p["source"],
                date=p["date"],
                note=p["note"],
                low=p["low"],
                high=p["high"],
            )
            for p in data["prices"]
        ]
        return cls(cards, prices, {s["id"]: s["label"] or s["id"] for s in data["sources"]})


def card_of(name: str, credit: Credit, catalog: Catalog) -> tuple[str | None, str]:
    """The catalog id a source's name means, or None and why: the credit file's own mapping, an
    exact catalog id, the one card the name matching fits fully (variant and memory size
    stated), or a card's exact full name. A short alias ('RTX 3060') is not enough where the
    name fits several cards."""
    if ALTERED.search(name):
        return None, "a modified card, a slice of one (MIG) or a bundle, not a stock card"
    mapped = dict(credit.cards)
    if name in mapped:
        return mapped[name], ""
    if name.strip().lower() in {c.id for c in catalog.cards}:
        return name.strip().lower(), ""
    match = match_product(name, catalog.cards)
    if match.card is not None and not match.alternatives and match.confidence >= 0.9:
        # Every model word the name has is the card's ('Voodoo 5 6000' is no Quadro RTX 6000).
        extra = _model_words(name) - {w for form in match.card.forms() for w in form.split()}
        if not extra:
            return match.card.id, ""
        return (
            None,
            f"no catalog card is called that ({', '.join(sorted(extra))} is not {match.card.name}'s)",
        )
    full = [c for c in catalog.cards if normalise(c.name) == normalise(name)]
    if len(full) == 1:
        return full[0].id, ""
    if match.card is None:
        return None, f"no catalog card is called that ({match.reason})"
    names = ", ".join((match.card.name, *match.alternatives))
    return None, f"several cards fit ({names}): the source does not say which"


def _model_words(name: str) -> set[str]:
    """The words of a name that identify a model: those with a digit, memory sizes aside."""
    return {
        w
        for w in normalise(name).split()
        if any(ch.isdigit() for ch in w) and not re.fullmatch(r"\d+(\.\d+)?gb", w)
    }


def _date_ok(text: str) -> bool:
    try:
        return len(text) == 10 and bool(dt.date.fromisoformat(text))
    except ValueError:
        return False


def build(paths: Iterable[Path], catalog: Catalog, today: str | None = None) -> Build:
    """Every source file's figures checked and mapped; the refused ones with their reasons."""
    out = Build()
    judge = card_ranges(catalog.prices)
    hours: dict[tuple[str, str], tuple[float, float]] = {}
    for p in catalog.prices:
        if p.condition == "cloud-hour":
            low, high = hours.get((p.gpu_id, p.currency), (p.amount, p.amount))
            hours[(p.gpu_id, p.currency)] = (min(low, p.amount), max(high, p.amount))
    seen: set[tuple] = set()
    for path in paths:
        credit = read_credit(path)
        out.credits.append(credit)
        text = path.read_text(encoding="utf-8")
        for figure in PARSERS[credit.format](text, credit):
            price, reason = _check(figure, credit, catalog, judge, hours, today)
            if price is None:
                out.refusals.append(Refusal(credit.file, figure.name, figure.amount, reason))
                continue
            key = (
                price.gpu_id,
                price.condition,
                price.region,
                price.currency,
                price.source,
                price.date,
                price.note,
                price.amount,
            )
            if key not in seen:
                seen.add(key)
                out.prices.append(price)
    return out


def _check(
    f: Figure,
    credit: Credit,
    catalog: Catalog,
    judge: dict[tuple[str, str], tuple[float, float]],
    hours: dict[tuple[str, str], tuple[float, float]],
    today: str | None,
) -> tuple[Price | None, str]:
    if f.refusal:
        return None, f.refusal
    if f.amount is None or f.amount <= 0:
        return None, "no figure"
    if not f.date:
        return None, "no date: the source does not say when the figure is from"
    if not _date_ok(f.date):
        return None, f"{f.date!r} is not a date (YYYY-MM or YYYY-MM-DD)"
    if today and f.date > today:
        return None, f"dated {f.date}, after today"
    if not f.currency:
        return None, "the source does not state the currency"
    if f.currency not in CURRENCIES:
        return None, f"in {f.currency}: a price pack holds {' or '.join(CURRENCIES)}"
    if f.condition not in PRICE_CONDITIONS:
        return None, f"kind {f.condition!r} is not one of {', '.join(PRICE_CONDITIONS)}"
    if f.region not in REGIONS:
        return None, f"market {f.region!r} is not one of {', '.join(REGIONS)}"
    if f.source not in catalog.sources:
        return None, f"source {f.source!r} is not in resources/catalog/sources.csv"
    gpu_id, why = card_of(f.name, credit, catalog)
    if gpu_id is None:
        return None, why
    if f.condition == "cloud-hour":
        low, high = HOUR_RANGE[f.currency]
        known = hours.get((gpu_id, f.currency))
        if known:
            low, high = max(low, known[0] / SPAN), min(high, known[1] * SPAN)
    else:
        low, high = plausible_range(gpu_id, f.currency, judge)
    if not low <= f.amount <= high:
        return None, (
            f"an outlier: {decimal_text(f.amount)} {f.currency} is outside {gpu_id}'s plausible"
            f" range {low:.4g}-{high:.4g}"
        )
    if (f.low is None) != (f.high is None) or (
        f.low is not None and f.high is not None and not f.low <= f.amount <= f.high
    ):
        return None, "its range does not hold the figure"
    return (
        Price(
            gpu_id=gpu_id,
            amount=f.amount,
            currency=as_currency(f.currency),
            condition=as_condition(f.condition),
            region=as_region(f.region),
            source=f.source,
            date=f.date,
            origin="pack",
            note=f.note or None,
            low=f.low,
            high=f.high,
        ),
        "",
    )


# -- writing ----------------------------------------------------------------------------------


def pack_text(result: Build, name: str, published: str, labels: dict[str, str]) -> str:
    """The pack, each row's source by name (and the commit read, where the source is one file
    at one commit): a pack's source is shown as it is, not looked up in the catalog."""
    commits = {}
    for c in result.credits:
        found = re.findall(r" @([0-9a-f]{40})\b", c.where)
        if len(found) == 1:
            commits[c.source] = found[0][:7]
    named = [
        replace(
            p,
            source=labels.get(p.source, p.source)
            + (f" @{commits[p.source]}" if p.source in commits else ""),
        )
        for p in result.prices
    ]

    credits = "; ".join(
        f"{c.name} ({c.where}; {c.licence}; credit: {c.credit})" for c in result.credits
    )
    manifest = Manifest(
        version=VERSION,
        name=name,
        published=published,
        publisher="gpuplanner maintainers (tools/price_pack.py)",
        description=f"Built from public price feeds and report sheets. Sources: {credits}",
    )
    return render_pack(manifest, named, {})


def bundled_line(p: Price) -> list[str]:
    return [
        p.gpu_id,
        decimal_text(p.amount),
        p.currency,
        p.condition,
        p.region or "",
        p.source,
        p.date,
        p.note or "",
        decimal_text(p.low) if p.low is not None else "",
        decimal_text(p.high) if p.high is not None else "",
    ]


def row_key(cells: list[str]) -> tuple[str, ...]:
    """A bundled row's identity: card, kind, market, currency, source, date and note."""
    gpu, _amount, currency, condition, region, source, date, note = cells[:8]
    return (gpu, condition, region, currency, source, date, note)


def merge_into(path: Path, prices: list[Price]) -> tuple[int, int, int]:
    """The bundled prices with the builder's rows in place of the rows their sources gave
    before: a row the builder gives again stays where it is (its line untouched when nothing
    changed), a row it no longer gives goes, a new one is added at the end. (kept, dropped,
    added)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    body_start = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    built = {row_key(bundled_line(p)): p for p in prices}
    sources = {p.source for p in prices}
    out = lines[: body_start + 1]
    used: set[tuple[str, ...]] = set()
    kept = dropped = 0
    for line in lines[body_start + 1 :]:
        cells = next(csv.reader([line]))
        if len(cells) < 8 or cells[5] not in sources:
            out.append(line)
            continue
        key = row_key(cells)
        if key not in built or key in used:
            dropped += 1
            continue
        used.add(key)
        kept += 1
        fresh = bundled_line(built[key])
        out.append(line if _same(cells, fresh) else _csv_line(fresh))
    added = [_csv_line(bundled_line(p)) for p in prices if row_key(bundled_line(p)) not in used]
    path.write_text("".join(out) + "".join(added), encoding="utf-8")
    return kept, dropped, len(added)


def _same(cells: list[str], fresh: list[str]) -> bool:
    """The same row, whatever the spelling of its numbers (2.0 or 2)."""
    padded = cells + [""] * (10 - len(cells))
    return row_key(padded) == row_key(fresh) and all(
        _number(padded[i]) == _number(fresh[i]) for i in (1, 8, 9)
    )


def _csv_line(cells: list[str]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(cells)
    return buffer.getvalue()


# -- the measured direction: trends from the monthly series ---------------------------------

# (kind as price_trends.csv words it, its card pattern, market, condition, the sources whose
# monthly figures make its series): the series tools/price_pack.py trends measures.
SERIES = (
    ("used RTX 50 cards", "geforce-rtx-50*", "US", "used", "gpupoet-"),
    ("used RTX 30 cards", "geforce-rtx-30*", "US", "used", "gpupoet-"),
    ("new RTX 50 cards", "geforce-rtx-50*", "US", "new", "gpupoet-"),
)
TREND_HEADER = (
    "kind",
    "cards",
    "region",
    "condition",
    "from_date",
    "to_date",
    "change_pct",
    "cards_measured",
    "sources",
    "note",
)


def monthly(
    prices: Iterable[Price], pattern: str, region: str, condition: str, source_prefix: str
) -> dict[str, dict[str, Price]]:
    """{month: {card: its figure that month}} from one kind of source's monthly figures; a
    month with two figures of a card (a report and its later correction) keeps the one the
    later report gives."""
    out: dict[str, dict[str, Price]] = {}
    for p in prices:
        if not (
            fnmatchcase(p.gpu_id, pattern)
            and p.region == region
            and p.condition == condition
            and p.source.startswith(source_prefix)
            and p.date.endswith("-01")
        ):
            continue
        month = out.setdefault(p.date[:7], {})
        if p.gpu_id not in month or _report_order(p.source) > _report_order(month[p.gpu_id].source):
            month[p.gpu_id] = p
    return out


def _report_order(source: str) -> str:
    """Later reports sort later: gpupoet-2026-h1 (February to July) before gpupoet-2026-08."""
    return source.replace("-h1", "-07")


def trend_rows(prices: list[Price]) -> list[list[str]]:
    """Each series' month-to-month change: the median of the per-card changes between two
    months both report, over at least two cards (a step with fewer runs on to the next month
    that has two)."""
    rows = []
    for kind, pattern, region, condition, prefix in SERIES:
        series = monthly(prices, pattern, region, condition, prefix)
        months = sorted(series)
        steps: list[tuple[int, int]] = []
        start = 0
        while start < len(months) - 1:
            end = _partner(series, months, start, start + 1)
            if end is None and steps:  # the last step runs on instead, if that measures
                end = _partner(series, months, steps[-1][0], start + 1)
                if end is not None:
                    steps[-1] = (steps[-1][0], end)
                    start = end
                    continue
            if end is None:
                start += 1
                continue
            steps.append((start, end))
            start = end
        for first, last in steps:
            a, b = series[months[first]], series[months[last]]
            both = sorted(set(a) & set(b))
            changes = [(b[c].amount / a[c].amount - 1) * 100 for c in both]
            pairs = ", ".join(
                f"{c.removeprefix('geforce-rtx-')} ${decimal_text(a[c].amount)} to"
                f" ${decimal_text(b[c].amount)}"
                for c in both
            )
            sources = sorted({a[c].source for c in both} | {b[c].source for c in both})
            rows.append(
                [
                    kind,
                    pattern,
                    region,
                    condition,
                    f"{months[first]}-01",
                    f"{months[last]}-01",
                    f"{statistics.median(changes):.1f}",
                    str(len(both)),
                    ";".join(sources),
                    f"Median of the per-card changes of the monthly figures ({pairs});"
                    " made by tools/price_pack.py trends from the bundled prices",
                ]
            )
    return rows


def _partner(
    series: dict[str, dict[str, Price]], months: list[str], start: int, after: int
) -> int | None:
    """The first month from ``after`` on whose figures share two cards with ``start``'s."""
    for end in range(after, len(months)):
        if len(set(series[months[start]]) & set(series[months[end]])) >= 2:
            return end
    return None


def write_trends(path: Path, prices: list[Price]) -> int:
    """price_trends.csv with the measured series rebuilt; the other rows (a trend made by hand
    from two kinds of source) stay as they are."""
    measured = {(k, c, r, d) for k, c, r, d, _ in SERIES}
    with path.open(encoding="utf-8", newline="") as f:
        kept = [
            row
            for row in csv.reader(f)
            if row
            and row[0] != "kind"
            and not ((row[0], row[1], row[2], row[3]) in measured and _is_series_row(row))
        ]
    rows = sorted(kept + trend_rows(prices), key=lambda r: (r[0], r[2], r[4]))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(TREND_HEADER)
    writer.writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return len(rows)


def _is_series_row(row: list[str]) -> bool:
    """A row the series makes: all its sources are the series' own (a row that also names
    another kind of source was made by hand)."""
    return all(s.startswith(tuple(p for *_, p in SERIES)) for s in row[8].split(";"))


# -- command line -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="price_pack.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    b = commands.add_parser("build", help="build a price pack from source files")
    b.add_argument("sources", nargs="+", type=Path, help="source files, each with FILE.credit")
    target = b.add_mutually_exclusive_group(required=True)
    target.add_argument("--out", type=Path, help="the price pack to write")
    target.add_argument("--merge-into", type=Path, help="the bundled prices.csv to update")
    b.add_argument("--name", default="", help="the pack's name (default: prices-PUBLISHED)")
    b.add_argument("--published", default=dt.date.today().isoformat())
    b.add_argument("--catalog", type=Path, help="the catalog CSV folder (default: the bundled one)")
    t = commands.add_parser("trends", help="rebuild the measured trends of price_trends.csv")
    t.add_argument("--catalog", type=Path, help="the catalog CSV folder (default: the bundled one)")
    args = parser.parse_args(argv)
    if args.command == "trends":
        folder = args.catalog or csv_folder()
        count = write_trends(folder / "price_trends.csv", Catalog.bundled(folder).prices)
        print(f"{folder / 'price_trends.csv'}: {count} trends")
        return 0
    try:
        catalog = Catalog.bundled(args.catalog)
        result = build(args.sources, catalog, today=args.published)
    except (BuildError, OSError, ValueError) as exc:
        print(f"price_pack: {exc}", file=sys.stderr)
        return 2
    if not result.prices:
        print("price_pack: no figure passed the checks; nothing written", file=sys.stderr)
        for refusal in result.refusals:
            print(f"  {refusal.line()}", file=sys.stderr)
        return 1
    if args.out:
        name = args.name or f"prices-{args.published}"
        args.out.write_text(
            pack_text(result, name, args.published, catalog.sources), encoding="utf-8"
        )
        print(f"{args.out}: {len(result.prices)} prices")
    else:
        kept, dropped, added = merge_into(args.merge_into, result.prices)
        print(f"{args.merge_into}: {kept} rows kept, {dropped} dropped, {added} added")
    print(f"{len(result.refusals)} figures left out:")
    for refusal in result.refusals:
        print(f"  {refusal.line()}")
    if result.unknown:
        print("names no single catalog card has: " + "; ".join(result.unknown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
