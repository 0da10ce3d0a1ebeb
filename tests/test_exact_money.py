"""Exact money (issue 42): amounts and rates are written as the decimals they were read from,
so export then import gives the same rows, for every generated pack and shop list (amounts with
up to 2 decimals and 9 significant digits, rates with 9 decimals)."""

from __future__ import annotations

import datetime as dt
import tempfile
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuplanner.catalog.names import named_cards
from gpuplanner.catalog.pricefile import decimal_text
from gpuplanner.catalog.pricelist import read_price_list, write_price_list
from gpuplanner.catalog.pricepack import Manifest, read_pack, render_pack
from gpuplanner.catalog.records import FxRate, Price
from gpuplanner.catalog.store import Catalog
from gpuplanner.catalog.userdb import ShopPriceRow, UserDb

with Catalog.open() as _catalog:
    GPUS = _catalog.gpus()
CARDS = named_cards(GPUS)
NAMES = {g.id: g.name for g in GPUS}
IDS = sorted(NAMES)[:40]


def test_the_figures_the_issue_names_come_back_as_they_were_published():
    for text in ("234567.89", "1234567", "12345.67", "7.123456789", "0.05", "19999.9"):
        assert decimal_text(float(text)) == text
    assert decimal_text(1e-5) == "0.00001"  # never exponent form
    assert decimal_text(3e16) == "30000000000000000"


def _amount(low: int, high: int) -> st.SearchStrategy[Decimal]:
    """Cents in [low, high] CNY, with at most 9 significant digits."""
    return (
        st.integers(low * 100, high * 100)
        .map(lambda cents: Decimal(cents).scaleb(-2))
        .filter(lambda d: len(d.normalize().as_tuple().digits) <= 9)
    )


RATES = st.integers(4_000_000_000, 11_999_999_999).map(lambda n: Decimal(n).scaleb(-9))
PRICE_ROWS = st.lists(
    st.tuples(
        st.sampled_from(IDS),
        _amount(50, 1_999_999),
        st.sampled_from(["new", "used"]),
        st.sampled_from(["CN", "US"]),
        st.dates(dt.date(2015, 1, 1), dt.date(2025, 12, 31)).map(dt.date.isoformat),
        st.sampled_from([None, "boxed", "-5% promotion", "=SUM(A1)", "@home", "+1 fan"]),
    ),
    min_size=1,
    max_size=12,
    unique_by=lambda row: (row[0], row[2], row[3], row[4]),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=PRICE_ROWS, rate=RATES)
def test_a_pack_exported_and_imported_again_is_the_same_pack(rows, rate):
    prices = [
        Price(
            gpu_id=gpu,
            amount=float(amount),
            currency="CNY",
            condition=condition,
            region=region,
            source="shop-x",
            date=day,
            origin="pack",
            note=note,
        )
        for gpu, amount, condition, region, day, note in rows
    ]
    fx = (FxRate("USD", "CNY", float(rate), "2025-12-01", "cfets"),)
    manifest = Manifest(
        version=1, name="generated", published="2025-12-31", publisher="tests", fx=fx
    )
    with tempfile.TemporaryDirectory() as folder:
        first = Path(folder) / "pack.csv"
        first.write_text(render_pack(manifest, prices, NAMES), encoding="utf-8")
        read = read_pack(first, CARDS, "2026-01-01")
        assert read.ok, read.rejected
        with UserDb(Path(folder) / "u.sqlite") as user:  # stored, then exported from there
            user.import_pack(read.manifest, read.prices, read.lines, first.name)
            stored, stored_fx = user.pack_prices("generated"), user.pack_fx("generated")
        key = lambda p: (p.gpu_id, p.condition, p.region, p.date)  # noqa: E731
        assert sorted(stored, key=key) == sorted(prices, key=key)
        assert stored_fx == list(fx)
        again = render_pack(manifest, sorted(stored, key=key), NAMES)
        assert again == render_pack(manifest, sorted(prices, key=key), NAMES)
        assert f"USD/CNY {rate.normalize():f} " in again
        for _, amount, *_ in rows:
            assert f",{amount.normalize():f}," in again


SHOP_ROWS = st.lists(
    st.tuples(
        st.sampled_from(["GeForce RTX 3060 12 GB", "GeForce RTX 3090", "GeForce RTX 4060"]),
        _amount(800, 99_999),
        st.one_of(st.none(), st.integers(0, 999)),
        st.one_of(st.none(), st.text("ABCXYZ0123456789-", min_size=1, max_size=12)),
    ),
    min_size=1,
    max_size=8,
    unique_by=lambda row: row[0],
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=SHOP_ROWS, suffix=st.sampled_from([".csv", ".xlsx"]))
def test_a_shop_list_exported_and_imported_again_is_the_same_list(rows, suffix):
    written = [
        ShopPriceRow(
            line=i + 2,
            product_name=name,
            gpu_id=None,
            match_confidence=0.0,
            amount=float(amount),
            currency="CNY",
            condition="new",
            sku=sku,
            stock=stock,
        )
        for i, (name, amount, stock, sku) in enumerate(rows)
    ]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"list{suffix}"
        write_price_list(path, written)
        report = read_price_list(path, CARDS, "CNY")
        assert report.ok, report.rejected
        got = [(r.product_name, r.amount, r.stock, r.sku) for r in report.accepted]
        assert got == [(r.product_name, r.amount, r.stock, r.sku) for r in written]
        if suffix == ".csv":
            text = path.read_text(encoding="utf-8-sig")
            for _, amount, *_ in rows:
                assert f",{amount.normalize():f}," in text
