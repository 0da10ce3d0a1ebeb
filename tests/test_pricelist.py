"""Shop price lists as shops really write them, and everything that can be wrong with one."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from catalog_helpers import CSV_DIR
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuplanner.catalog.build import build_database
from gpuplanner.catalog.names import NamedCard
from gpuplanner.catalog.pricelist import (
    MAX_ROWS,
    PriceListError,
    parse_amount,
    read_price_list,
    write_price_list,
)
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.terminal import neutralise

GOOD = (
    "型号,价格,库存,货架,成色\n"
    '七彩虹 iGame GeForce RTX 4070 SUPER Ultra W OC 12G,"￥4,899",3,A-12,全新\n'
    "华硕 TUF RTX 4090 24G,13999,1,B-01,\n"
    "影驰 RTX 3090 24G,5200,2,C-3,二手\n"
    "RTX 4060 Ti,3199,5,A-1,\n"
)


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("pl") / "catalog.sqlite"
    build_database(CSV_DIR, path)
    with Catalog(path) as catalog:
        return [NamedCard(g.id, g.name, g.aliases, g.memory_gb) for g in catalog.gpus()]


def _write(tmp_path, text: str, encoding: str = "utf-8", name: str = "list.csv"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gbk", "gb18030", "utf-16"])
def test_every_encoding_shops_use(tmp_path, cards, encoding):
    report = read_price_list(_write(tmp_path, GOOD, encoding), cards)
    assert report.ok, report.rejected
    assert [r.gpu_id for r in report.accepted] == [
        "geforce-rtx-4070-super",
        "geforce-rtx-4090",
        "geforce-rtx-3090",
        None,
    ]
    first = report.accepted[0]
    assert (first.amount, first.currency, first.stock, first.location, first.condition) == (
        4899,
        "CNY",
        3,
        "A-12",
        "new",
    )
    assert report.accepted[2].condition == "used"
    assert [r.line for r in report.review] == [5]  # the 4060 Ti without its memory size


def test_english_headers_and_semicolons(tmp_path, cards):
    text = "Product;Price;Currency;Stock;SKU\nGeForce RTX 4080 SUPER 16GB;999;USD;2;X-1\n"
    report = read_price_list(_write(tmp_path, text), cards)
    row = report.accepted[0]
    assert (row.gpu_id, row.amount, row.currency, row.sku) == (
        "geforce-rtx-4080-super",
        999,
        "USD",
        "X-1",
    )


def test_xlsx(tmp_path, cards):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["商品名称", "售价", "库存"])
    sheet.append(["铭瑄 RTX 4070 Ti SUPER 16G", 6499, 4])
    sheet.append(["RTX 3060 12G", 2199.5, None])
    path = tmp_path / "list.xlsx"
    book.save(path)
    report = read_price_list(path, cards)
    assert report.ok and report.file_format == "xlsx"
    assert [(r.gpu_id, r.amount) for r in report.accepted] == [
        ("geforce-rtx-4070-ti-super", 6499),
        ("geforce-rtx-3060-12-gb", 2199.5),
    ]


@pytest.mark.parametrize(
    ("row", "column", "words"),
    [
        ("RTX 4090,abc", "price", "not a price"),
        ("RTX 4090,-100", "price", "above zero"),
        ("RTX 4090,0", "price", "above zero"),
        ("RTX 4090,99999999", "price", "not a plausible price"),
        ("RTX 4090,", "price", "the price is empty"),
        (",100", "product", "empty"),
        ("RTX 4090,100,EUR", "currency", "unknown currency 'EUR'"),
        ("RTX 4090,$100,CNY", "price", "says USD"),
        ("RTX 4090,100,CNY,two", "stock", "not a count"),
        ("RTX 4090,100,CNY,-1", "stock", "not a count"),
    ],
)
def test_bad_cells_are_rejected_with_line_and_column(tmp_path, cards, row, column, words):
    text = "型号,价格,币种,库存\nRTX 3090,5000,CNY,1\n" + row + "\n"
    report = read_price_list(_write(tmp_path, text), cards)
    assert not report.ok
    [rejection] = report.rejected
    assert (rejection.line, rejection.column) == (3, column)
    assert words in rejection.reason


def test_duplicates_are_rejected(tmp_path, cards):
    text = "型号,价格\nRTX 3090 24G,5000\nRTX 4090,12000\nrtx 3090 24g,5100\n"
    report = read_price_list(_write(tmp_path, text), cards)
    assert [(r.line, r.reason) for r in report.rejected] == [(4, "duplicate of line 2")]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (bytes(range(256)) * 20, "binary file"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "binary file"),
        (b"PK\x03\x04garbage-not-a-zip", "not a readable XLSX"),
        (b"", "empty"),
        ("颜色;说明\n一;二\n".encode(), "no 型号 / product or 价格 / price column"),
        (
            "型号,价格\nRTX 3090,1000\n".encode("shift_jis", errors="ignore")
            + b"\x82\xa0\xff\xfe\x81",
            "neither UTF-8 nor GBK",
        ),
    ],
)
def test_unreadable_files_get_a_clear_error(tmp_path, cards, data, words):
    path = tmp_path / "bad.csv"
    path.write_bytes(data)
    with pytest.raises(PriceListError) as caught:
        read_price_list(path, cards)
    assert words in str(caught.value)
    assert "bad.csv" in str(caught.value)


def test_100000_rows_are_refused_clearly(tmp_path, cards):
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["型号", "价格"])
    for i in range(100_000):
        writer.writerow([f"RTX 4090 item {i}", 12999])
    with pytest.raises(PriceListError, match=f"more than {MAX_ROWS:,} rows"):
        read_price_list(_write(tmp_path, buffer.getvalue()), cards)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("¥3,299", (3299.0, "CNY")),
        ("3299元", (3299.0, "CNY")),
        ("$499", (499.0, "USD")),
        ("US$ 1,599.00", (1599.0, "USD")),
        ("2199.5", (2199.5, None)),
        ("1，299", (1299.0, None)),
    ],
)
def test_parse_amount(text, expected):
    assert parse_amount(text) == expected


def test_export_neutralises_formulas_and_round_trips(tmp_path, cards):
    text = (
        '型号,价格,编号\n"=HYPERLINK(""http://x"")  RTX 3090",5000,+cmd\n'
        "RTX 4090 24G,12999,@SUM(A1)\n"
    )
    report = read_price_list(_write(tmp_path, text), cards)
    assert report.ok
    out = tmp_path / "out.csv"
    write_price_list(out, report.accepted)
    exported = list(csv.reader(out.read_text(encoding="utf-8-sig").splitlines()))
    assert (
        exported[1][0].startswith("'=")
        and exported[1][6] == "'+cmd"
        and exported[2][6] == "'@SUM(A1)"
    )
    again = read_price_list(out, cards)
    assert [r.gpu_id for r in again.accepted] == [r.gpu_id for r in report.accepted]
    xlsx = tmp_path / "out.xlsx"
    write_price_list(xlsx, report.accepted)
    sheet = openpyxl.load_workbook(xlsx).active
    assert sheet["A2"].value.startswith("'=")


def test_neutralise_leaves_numbers_and_plain_text():
    assert (
        neutralise(-5) == -5 and neutralise("RTX 4090") == "RTX 4090" and neutralise("-x") == "'-x"
    )


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=2000) | st.text(max_size=500).map(lambda s: s.encode("utf-8")))
def test_any_bytes_are_read_or_refused_never_crash(tmp_path, cards, data):
    path = tmp_path / "fuzz.csv"
    path.write_bytes(data)
    try:
        report = read_price_list(path, cards)
    except PriceListError as exc:
        assert str(exc).startswith("fuzz.csv: ")
    else:
        assert all(r.amount > 0 for r in report.accepted)


@pytest.mark.parametrize(
    ("price", "stock", "column"),
    [
        ("1e-07", "1", "price"),
        ("0.5", "1", "price"),
        ("1,2,3", "1", "price"),
        ("12,99", "1", "price"),
        ("3299", "inf", "stock"),
        ("3299", "99999999999999999999", "stock"),
    ],
)
def test_numbers_that_are_not_prices_or_counts_are_rejected(tmp_path, cards, price, stock, column):
    """Issue 18 (8): no price of 1e-07 at the top, no "1,2,3" read as 123, no inf in stock."""
    path = tmp_path / "shop.csv"
    path.write_text(f'型号,价格,库存\nRTX 3060 12G,"{price}",{stock}\n', encoding="utf-8")
    report = read_price_list(path, cards)
    assert not report.ok
    assert report.rejected[0].column == column


def test_grouped_thousands_still_read():
    assert parse_amount("¥12,999") == (12999.0, "CNY")
    assert parse_amount("1,299.50") == (1299.5, None)


def test_a_list_cut_inside_its_last_row_is_refused_whole(tmp_path, cards):
    """Issue 30 (4): a copy that stopped mid-row (no line end, fewer cells than the header)
    is refused, never imported as its first rows with the cut row's number."""
    text = GOOD.rstrip("\n")
    last = text.rfind("\n") + 1
    cut_points = [i for i in range(last + 1, len(text)) if text[i:].count(",") >= 1]
    assert len(cut_points) > 10
    for cut in cut_points:
        path = tmp_path / "cut.csv"
        path.write_text(text[:cut], encoding="utf-8")
        with pytest.raises(PriceListError, match="cut short"):
            read_price_list(path, cards)
    # The same rows, ended with a line end, or a full last row without one, are read.
    for whole in (text[: text.rfind(",")] + "\n", text):
        path.write_text(whole, encoding="utf-8")
        assert len(read_price_list(path, cards).accepted) == 4
