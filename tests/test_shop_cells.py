"""Every cell of a shop's list accounted for (issue 42): a row with more cells than its header
is refused with its line, and a price is judged against the card it names."""

from __future__ import annotations

import pytest
from conftest import run_cli

from gpuplanner.app.price_packs import read_shop_list


def _list(tmp_path, text):
    path = tmp_path / "shop.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_unquoted_thousands_separator_is_refused_with_its_line(tmp_path):
    path = _list(tmp_path, "product,price,stock\nRTX 3060 12GB,2199,3\nRTX 6000 Ada,56,999,2\n")
    report = read_shop_list(path, "CNY")
    assert not report.ok
    assert [(r.line, r.column) for r in report.rejected] == [(3, None)]
    assert "4 cells under a header of 3" in report.rejected[0].reason


def test_the_quoted_price_and_trailing_empty_cells_are_read(tmp_path):
    path = _list(tmp_path, 'product,price,stock\nRTX 6000 Ada,"56,999",2,,\n')
    report = read_shop_list(path, "CNY")
    assert report.ok, report.rejected
    assert [(r.amount, r.stock) for r in report.accepted] == [(56_999.0, 2)]


@pytest.mark.parametrize("amount", ["56", "999"])
def test_a_price_far_below_the_cards_own_range_is_refused(tmp_path, amount):
    """Above the global floor (50 CNY), far below what an RTX 6000 Ada sells for."""
    path = _list(tmp_path, f"product,price\nRTX 6000 Ada,{amount}\n")
    report = read_shop_list(path, "CNY")
    assert [(r.line, r.column) for r in report.rejected] == [(2, "price")]
    assert "cannot be the price of one RTX 6000 Ada" in report.rejected[0].reason


def test_the_command_line_names_the_line_and_imports_nothing(tmp_path):
    path = _list(tmp_path, "product,price,stock\nRTX 6000 Ada,56,999,2\n")
    result = run_cli(tmp_path, "db", "import-prices", str(path), "--shop", "s")
    assert result.returncode == 1
    assert "line 2" in result.stderr and "Traceback" not in result.stderr


PACK = """\
# gpuplanner price pack: 1
# name: cut-separator
# published: 2026-01-02
# region: CN
# currency: CNY
gpu,amount,currency,condition,region,source,date,note
RTX 3060 12GB,2199,,new,,jd.com,2026-01-01,
RTX 6000 Ada,56,,new,,jd.com,2026-01-01,
"""


def test_a_pack_price_far_below_the_cards_own_range_is_refused_by_its_line(tmp_path):
    from gpuplanner.app.price_packs import prepare
    from gpuplanner.catalog.userdb import UserDb

    path = tmp_path / "pack.csv"
    path.write_text(PACK, encoding="utf-8")
    with UserDb(tmp_path / "u.sqlite") as user:
        prepared = prepare(path, user, "2026-01-03")
    assert not prepared.pack.ok
    assert [(r.line, r.column) for r in prepared.pack.report.rejected] == [(8, "amount")]
    assert "RTX 6000 Ada" in prepared.pack.report.rejected[0].reason
