"""Shop price lists: read CSV or XLSX as shops write them, check every cell, match names.

Reading never writes: ``read_price_list`` returns a report with the accepted rows, the
rejected ones (line, column, reason) and the unsure matches to review. The caller imports
only a report without rejections, in one transaction (see ``UserDb.replace_shop_prices``).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpuplanner.catalog.names import NamedCard, match_product, normalise, product_index
from gpuplanner.catalog.price_plausible import (
    Ranges,
    amount_text,
    is_plausible,
    plausible_range,
)
from gpuplanner.catalog.pricefile import (
    MAX_AMOUNT,
    MAX_ROWS,
    MIN_AMOUNT,
    PriceListError,
    Rejection,
    decimal_text,
    read_rows,
    unneutralised,
)
from gpuplanner.catalog.userdb import ShopPriceRow
from gpuplanner.core import atomic
from gpuplanner.core.serial import field_error
from gpuplanner.core.terminal import clean_cell, excerpt, has_controls, neutralise
from gpuplanner.core.vocab import PriceCondition

SURE_CONFIDENCE = 0.9
PROGRESS_EVERY = 1000  # rows between two progress reports

HEADERS = {
    "product": (
        "型号",
        "产品",
        "产品名称",
        "商品名称",
        "商品",
        "名称",
        "品名",
        "显卡",
        "显卡型号",
        "product",
        "model",
        "name",
        "description",
        "item",
    ),
    "price": (
        "价格",
        "售价",
        "单价",
        "零售价",
        "报价",
        "金额",
        "price",
        "amount",
        "retail price",
        "unit price",
    ),
    "currency": ("币种", "货币", "currency"),
    "stock": ("库存", "数量", "库存数量", "stock", "qty", "quantity", "in stock"),
    "sku": ("编号", "货号", "商品编码", "编码", "条码", "sku", "code", "item code"),
    "location": ("货架", "位置", "货位", "库位", "shelf", "location", "bin"),
    "condition": ("成色", "新旧", "状态", "condition"),
}
CURRENCY_WORDS = {
    "cny": "CNY",
    "rmb": "CNY",
    "元": "CNY",
    "人民币": "CNY",
    "¥": "CNY",
    "￥": "CNY",
    "usd": "USD",
    "us$": "USD",
    "$": "USD",
    "美元": "USD",
}
CONDITION_WORDS: dict[str, PriceCondition] = {
    "new": "new",
    "全新": "new",
    "新": "new",
    "used": "used",
    "二手": "used",
    "旧": "used",
    "refurbished": "refurbished",
    "翻新": "refurbished",
    "官翻": "refurbished",
}
STOCK_WORDS = {
    "有货": 1,
    "现货": 1,
    "in stock": 1,
    "缺货": 0,
    "无货": 0,
    "售罄": 0,
    "out of stock": 0,
}


@dataclass(frozen=True)
class Review:
    line: int
    product_name: str
    matched: str | None
    confidence: float
    reason: str


@dataclass(kw_only=True)
class PriceListReport:
    file: str
    file_format: str = ""
    encoding: str = ""
    rows_read: int = 0
    accepted: list[ShopPriceRow] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    review: list[Review] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.rejected

    def summary(self) -> dict:
        return {
            "file": self.file,
            "format": self.file_format,
            "encoding": self.encoding,
            "rows_read": self.rows_read,
            "accepted": len(self.accepted),
            "matched": sum(1 for r in self.accepted if r.gpu_id),
            "rejected": [
                {"line": r.line, "column": r.column, "reason": r.reason} for r in self.rejected
            ],
            "review": [
                {
                    "line": r.line,
                    "product": r.product_name,
                    "matched": r.matched,
                    "confidence": r.confidence,
                    "reason": r.reason,
                }
                for r in self.review
            ],
        }


# -- checking the cells ---------------------------------------------------------------------


def map_header(header: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for index, cell in enumerate(header):
        label = cell.strip().lower().lstrip("\ufeff")
        label = re.sub(r"[（(].*?[)）]", "", label).strip()
        for key, names in HEADERS.items():
            if key not in found and label in names:
                found[key] = index
    return found


# Thousands separators only in groups of three: "12,999" is a price, "1,2,3" is not.
_AMOUNT = re.compile(
    r"^\s*(us\$|\$|¥|￥|rmb|cny|usd)?\s*(-?(?:\d{1,3}(?:[,，]\d{3})+|\d+)(?:\.\d+)?)\s*"
    r"(元|rmb|cny|usd|美元)?\s*$",
    re.I,
)


def parse_amount(text: str) -> tuple[float, str | None]:
    """'¥3,299' -> (3299.0, 'CNY'); '499' -> (499.0, None). ValueError if not a price."""
    m = _AMOUNT.match(text.strip().lower())
    if not m:
        raise ValueError(text)
    amount = float(m.group(2).replace(",", "").replace("，", ""))
    marker = (m.group(1) or m.group(3) or "").lower()
    return amount, CURRENCY_WORDS.get(marker)


def read_price_list(
    path: Path,
    cards: list[NamedCard],
    default_currency: str = "CNY",
    ranges: Ranges | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> PriceListReport:
    """Every row checked, matched and, with ``ranges`` (each card's known prices,
    price_plausible.py), its price judged against the card it names. ``on_progress`` hears
    (rows done, rows) every ``PROGRESS_EVERY`` rows and at the end."""
    index = product_index(cards)  # the catalog's names normalised once, not once per row
    rows, file_format, encoding = read_rows(path)
    report = PriceListReport(file=path.name, file_format=file_format, encoding=encoding)
    header_index = next((i for i, r in enumerate(rows) if any(c.strip() for c in r)), None)
    if header_index is None:
        raise PriceListError(path.name, "the file has no rows")
    columns = map_header(rows[header_index])
    missing = [k for k in ("product", "price") if k not in columns]
    if missing:
        names = {"product": "型号 / product", "price": "价格 / price"}
        raise PriceListError(
            path.name,
            f"line {header_index + 1}: no {' or '.join(names[m] for m in missing)} column"
            " in the header",
            detail=f"the header reads {[c[:40] for c in rows[header_index] if c][:8]}",
        )
    body = rows[header_index + 1 :]
    if len(body) > MAX_ROWS:
        raise PriceListError(
            path.name, f"more than {MAX_ROWS:,} rows; split the list or remove old items"
        )
    seen: dict[tuple[str, str], int] = {}
    for offset, cells in enumerate(body):
        if on_progress is not None and offset and offset % PROGRESS_EVERY == 0:
            on_progress(offset, len(body))
        line = header_index + 2 + offset
        if not any(c.strip() for c in cells):
            continue
        report.rows_read += 1
        width = len(rows[header_index])
        if any(c.strip() for c in cells[width:]):
            # "RTX 6000 Ada,56,999,2" under product,price,stock: an unquoted thousands
            # separator, read once as 56 CNY with 999 in stock (issue 42).
            report.rejected.append(
                Rejection(
                    line,
                    None,
                    f"{len(cells)} cells under a header of {width}: quote a price written"
                    ' with a thousands separator ("56,999") or remove the extra cell',
                )
            )
            continue
        row = _check_row(cells, columns, line, default_currency, report)
        if row is None:
            continue
        key = (normalise(row.product_name), row.condition)
        if key in seen:
            report.rejected.append(Rejection(line, "product", f"duplicate of line {seen[key]}"))
            continue
        seen[key] = line
        match = match_product(row.product_name, index)
        gpu_id = match.card.id if match.card and match.confidence >= SURE_CONFIDENCE else None
        if (
            gpu_id is not None
            and match.card is not None
            and ranges is not None
            and not is_plausible(gpu_id, row.amount, row.currency, ranges)
        ):
            low, high = plausible_range(gpu_id, row.currency, ranges)
            report.rejected.append(
                Rejection(
                    line,
                    "price",
                    f"{amount_text(row.amount)} {row.currency} cannot be the price of one"
                    f" {match.card.name} (its known prices make {low:,.0f} to {high:,.0f})",
                )
            )
            continue
        if gpu_id is None or match.confidence < SURE_CONFIDENCE:
            report.review.append(
                Review(
                    line,
                    row.product_name,
                    match.card.name if match.card else None,
                    match.confidence,
                    match.reason
                    + (f" ({', '.join(match.alternatives)})" if match.alternatives else ""),
                )
            )
        report.accepted.append(
            ShopPriceRow(
                line=line,
                product_name=row.product_name,
                gpu_id=gpu_id,
                match_confidence=match.confidence,
                amount=row.amount,
                currency=row.currency,
                condition=row.condition,
                sku=row.sku,
                stock=row.stock,
                location=row.location,
            )
        )
    if on_progress is not None:
        on_progress(len(body), len(body))
    return report


def _cell(cells: list[str], columns: dict[str, int], key: str) -> str:
    index = columns.get(key)
    return unneutralised(cells[index].strip()) if index is not None and index < len(cells) else ""


def _check_row(
    cells: list[str],
    columns: dict[str, int],
    line: int,
    default_currency: str,
    report: PriceListReport,
) -> ShopPriceRow | None:
    """The row as a shop's price record, its words read (currency, condition, stock words)
    and its cells checked by the record's types (msgspec); or its first refusal."""
    raw = {key: _cell(cells, columns, key) for key in HEADERS}
    try:
        row = _shop_row(raw, line, default_currency)
    except _Refused as refused:
        report.rejected.append(Rejection(line, refused.column, refused.reason))
        return None
    return row


class _Refused(Exception):
    def __init__(self, column: str, reason: str) -> None:
        super().__init__(reason)
        self.column, self.reason = column, reason


def _shop_row(raw: dict[str, str], line: int, default_currency: str) -> ShopPriceRow:
    import msgspec

    product, raw_price = raw["product"], raw["price"]
    try:
        amount, marked = parse_amount(raw_price)
    except ValueError:
        reason = f"{excerpt(raw_price)} is not a price" if raw_price else "the price is empty"
        raise _Refused("price", reason) from None
    currency = _currency(raw["currency"], marked, default_currency)
    cells: dict[str, object] = {
        "line": line,
        "product_name": product,
        "gpu_id": None,
        "match_confidence": 0.0,
        "amount": amount,
        "currency": currency,
        "condition": _condition(raw["condition"], product),
        "sku": clean_cell(raw["sku"]) or None,
        "stock": STOCK_WORDS.get(raw["stock"].lower(), raw["stock"] or None),
        "location": clean_cell(raw["location"]) or None,
    }
    try:
        row = msgspec.convert(cells, ShopPriceRow, strict=False)
    except msgspec.ValidationError as exc:
        column = field_error(ShopPriceRow, cells, str(exc)).field
        raise _Refused(*_refusal(column, raw, currency)) from None
    if has_controls(product):  # C0, C1 (a CSI) or a bidi override
        raise _Refused("product", "the product name is not plain text")
    if row.amount < MIN_AMOUNT[row.currency]:
        raise _Refused(
            "price", f"{raw_price} {currency} is not a plausible price for a graphics card"
        )
    if row.amount > MAX_AMOUNT[row.currency]:
        raise _Refused("price", f"{raw_price} {currency} is not a plausible price for one card")
    return row


def _currency(text: str, marked: str | None, default: str) -> str:
    """The currency column's word (a symbol, a name, a code), which the price's own mark must
    agree with; the mark, or the shop's currency, where the column is empty."""
    if not text:
        return marked or default
    currency = CURRENCY_WORDS.get(text.lower()) or text.upper()
    if marked and marked != currency and currency in MAX_AMOUNT:
        raise _Refused("price", f"the price says {marked} but the currency column says {currency}")
    return currency


def _condition(text: str, product: str) -> str:
    """The condition column's word (new / used / refurbished, in English or Chinese); a
    product named as used is used; new otherwise."""
    if not text:
        return "used" if re.search(r"二手|used", product, re.I) else "new"
    word = CONDITION_WORDS.get(text.lower())
    if word is None:
        raise _Refused(
            "condition", f"{excerpt(text)} is not new / used / refurbished (全新 / 二手 / 翻新)"
        )
    return word


def _refusal(column: str, raw: dict[str, str], currency: str) -> tuple[str, str]:
    """The column the shop's price record refused, and why, in the price list's words."""
    if column == "product_name":
        if not raw["product"]:
            return "product", "the product name is empty"
        return "product", "the product name is not plain text"
    if column == "currency":
        return "currency", f"unknown currency {excerpt(raw['currency'])} (use CNY or USD)"
    if column == "stock":
        return "stock", f"{excerpt(raw['stock'])} is not a count of cards"
    return "price", f"the price must be above zero, not {raw['price']}"


# -- writing --------------------------------------------------------------------------------

EXPORT_COLUMNS = (
    "product",
    "gpu_id",
    "price",
    "currency",
    "condition",
    "stock",
    "sku",
    "location",
    "match_confidence",
)


def export_rows(rows: list[ShopPriceRow], csv_text: bool = False) -> list[list[object]]:
    """The rows to write; for CSV the amounts as their decimal text (a workbook keeps numbers)."""
    return [
        [
            neutralise(v)
            for v in (
                r.product_name,
                r.gpu_id or "",
                decimal_text(r.amount) if csv_text else r.amount,
                r.currency,
                r.condition,
                "" if r.stock is None else r.stock,
                r.sku or "",
                r.location or "",
                r.match_confidence,
            )
        ]
        for r in rows
    ]


def write_price_list(path: Path, rows: list[ShopPriceRow]) -> None:
    """CSV (UTF-8 with BOM, so Excel shows Chinese right) or XLSX, by the file's suffix."""
    if path.suffix.lower() == ".xlsx":
        body = export_rows(rows)
        import openpyxl

        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = "prices"
        sheet.append(list(EXPORT_COLUMNS))
        for values in body:
            sheet.append(values)
        # Zipped in memory, then written as one file: a zip writing to a full disk fails a
        # second time when it is collected ("Exception ignored in ZipFile.__del__").
        workbook = io.BytesIO()
        book.save(workbook)
        atomic.write_bytes(path, workbook.getvalue())
        return
    text = io.StringIO(newline="")
    writer = csv.writer(text)
    writer.writerow(EXPORT_COLUMNS)
    writer.writerows(export_rows(rows, csv_text=True))
    atomic.write_bytes(path, text.getvalue().encode("utf-8-sig"))
