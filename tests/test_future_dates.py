"""Dates that can be true (issue 42): exchange rates, prices and packs dated after tomorrow (a
day's slack for time zones) are refused, and none stored by an older version converts a price."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.catalog import pricepack
from gpuplanner.catalog.names import NamedCard
from gpuplanner.catalog.userdb import UserDb, default_path

TODAY = "2026-03-10"
RESOLVE = pricepack.resolver([NamedCard("geforce-rtx-3060-12-gb", "GeForce RTX 3060 12 GB")])


def _pack(published=TODAY, fx_date=TODAY, price_date=TODAY) -> str:
    return (
        "# gpuplanner price pack: 1\n# name: dated\n"
        f"# published: {published}\n# fx: USD/CNY 7.1 {fx_date} a bank\n"
        "# region: CN\n# currency: CNY\n"
        "gpu,amount,currency,condition,region,source,date,note\n"
        f"GeForce RTX 3060 12 GB,2199,,new,,jd.com,{price_date},\n"
    )


@pytest.mark.parametrize(
    ("field", "reason"),
    [
        ("fx_date", "the rate is dated 2099-12-31, after today"),
        ("published", "published 2099-12-31, after today"),
        ("price_date", "2099-12-31 is in the future"),
    ],
)
def test_a_pack_dated_after_today_is_refused_with_the_reason(field, reason):
    report = pricepack.parse_pack(_pack(**{field: "2099-12-31"}), "p.csv", RESOLVE, TODAY)
    assert not report.ok
    assert any(reason in r.reason for r in report.rejected), report.rejected


@pytest.mark.parametrize("field", ["fx_date", "published", "price_date"])
def test_tomorrow_is_allowed_the_day_after_is_not(field):
    assert pricepack.parse_pack(_pack(**{field: "2026-03-11"}), "p.csv", RESOLVE, TODAY).ok
    assert not pricepack.parse_pack(_pack(**{field: "2026-03-12"}), "p.csv", RESOLVE, TODAY).ok


def test_a_stored_future_rate_converts_nothing():
    with UserDb() as user:
        report = pricepack.parse_pack(_pack(), "p.csv", RESOLVE, TODAY)
        user.import_pack(report.manifest, report.prices, report.lines, "p.csv")
    future = (dt.date.today() + dt.timedelta(days=30)).isoformat()
    conn = sqlite3.connect(default_path())
    conn.execute("update pack_fx set rate = 11.9, date = ?", (future,))
    conn.commit()
    conn.close()
    loaded = load_catalog()
    assert not any(r.date == future or r.rate == 11.9 for r in loaded.data.fx_rates)
    assert loaded.data.fx_rates  # the bundled rates are still there


def test_a_pack_price_dated_years_before_the_card_existed_is_refused(tmp_path):
    from gpuplanner.app.price_packs import prepare

    path = tmp_path / "pack.csv"
    text = _pack(price_date="2015-06-01").replace("3060 12 GB", "4090").replace("2199", "14999")
    path.write_text(text, "utf-8")
    with UserDb(tmp_path / "u.sqlite") as user:
        prepared = prepare(path, user, TODAY)
    assert [r.column for r in prepared.pack.report.rejected] == ["date"]
    assert "before the GeForce RTX 4090 existed" in prepared.pack.report.rejected[0].reason
