"""The bundled prices are this season's at release (issue 37, 1): measured against the bundled
pack's own publication date, so the test holds on any later day."""

from __future__ import annotations

from conftest import REPO_ROOT

from gpuplanner.catalog.price_stats import COMMON_PICKS, price_ages
from gpuplanner.catalog.store import Catalog

PACK = REPO_ROOT / "resources" / "catalog" / "prices.csv"


def _published() -> str:
    for line in PACK.read_text(encoding="utf-8").splitlines():
        if line.startswith("# published:"):
            return line.split(":", 1)[1].strip()
    raise AssertionError("the bundled pack has no published date")


def _prices():
    with Catalog.open() as catalog:
        return catalog.prices()


def test_the_cards_plans_pick_most_have_prices_at_most_four_months_old():
    day = _published()
    prices = _prices()
    common = price_ages([p for p in prices if p.gpu_id in COMMON_PICKS], day)
    assert common["US"]["new"]["median_days"] <= 120, common["US"]["new"]
    assert common["US"]["used"]["median_days"] <= 120, common["US"]["used"]
    cloud = price_ages(prices, day)["US"]["cloud-hour"]
    assert cloud["median_days"] <= 90, cloud


def test_the_rtx_5090_has_a_us_street_price_from_august_2026_or_later():
    newest = max(
        p.date
        for p in _prices()
        if p.gpu_id == "geforce-rtx-5090" and p.region == "US" and p.condition == "new"
    )
    assert newest >= "2026-08-01"


def test_cloud_prices_come_from_at_least_two_providers_since_august_2026():
    # Each row's note starts with the provider the feed read it from ("RunPod (global), ...").
    providers = {
        (p.note or "").split(",", 1)[0].split(" (", 1)[0]
        for p in _prices()
        if p.condition == "cloud-hour" and p.date >= "2026-08-01"
    }
    assert len(providers - {""}) >= 2, providers
