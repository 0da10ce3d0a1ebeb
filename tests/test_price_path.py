"""One price through the plan (issue 40, 3): a listing is converted into the buyer's money once,
the option's quote carries that listing and that conversion to the view, and whose a price is
(the catalog's, a pack's, a shop's, the user's) is a typed field, never a region."""

from __future__ import annotations

import ast
import typing
from collections import Counter
from dataclasses import fields, replace

import pytest
from conftest import example_shop_list

from gpuplanner.app.plan_request import plan_request
from gpuplanner.catalog.records import Price
from gpuplanner.catalog.userdb import user_price
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.vocab import REGIONS, PriceOrigin
from gpuplanner.planning.prices.book import price_book
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.recommend import recommend
from gpuplanner.report.json_export import listing_json, plan_json

TODAY = "2026-12-01"
TYPED = "geforce-rtx-3060-12-gb"


@pytest.fixture(scope="module")
def shop(data, tmp_path_factory):
    from gpuplanner.app.price_packs import shop_prices

    listing = example_shop_list(tmp_path_factory.mktemp("shop"), "2026-11-24")
    prices, _report = shop_prices(listing, "Example", data.gpus, "CNY")
    assert prices
    return tuple(prices)


@pytest.mark.parametrize("currency", ["CNY", "USD"])
@pytest.mark.parametrize("scenario", list(Scenario))
def test_every_price_is_converted_once_per_plan(data, model, shop, monkeypatch, scenario, currency):
    typed = user_price(TYPED, 1599 if currency == "CNY" else 229, currency, "new", TODAY)
    book = price_book(data.prices, shop, (typed,))
    request = replace(
        plan_request(scenario, currency, catalog=data, today=TODAY), alternatives=False
    )
    seen: Counter[int] = Counter()
    convert = Market.convert

    def counted(market: Market, price: Price):  # type: ignore[no-untyped-def]
        seen[id(price)] += 1
        return convert(market, price)

    monkeypatch.setattr(Market, "convert", counted)
    plan = recommend(request, data, model, book)
    assert seen, "nothing was converted"
    twice = [n for n in seen.values() if n > 1]
    assert not twice, f"{len(twice)} prices converted more than once (up to {max(twice)} times)"
    # The option's quote holds the very listing the book had, not a copy of its fields.
    listed = {id(p) for prices in book.by_card.values() for p in prices}
    quoted = [o.price_each for o in plan.options if o.price_each is not None]
    assert quoted and all(id(q.price) in listed for q in quoted)
    mine = next(q for o in plan.options if (q := o.price_each) and o.gpu_id == TYPED)
    assert mine.origin == "user" and mine.price is typed and mine.region is None


def test_the_json_says_whose_a_price_is_where_it_always_did(data, model, shop):
    request = replace(
        plan_request(Scenario.STUDENT, "CNY", catalog=data, today=TODAY), alternatives=False
    )
    typed = user_price(TYPED, 1599, "CNY", "new", TODAY)
    plan = recommend(request, data, model, price_book(data.prices, shop, (typed,)))
    regions = {o["gpu_id"]: o["price"]["region"] for o in plan_json(plan)["options"] if o["price"]}
    assert regions[TYPED] == "user"
    assert "shop" in regions.values()
    assert set(regions.values()) <= {"user", "shop", *REGIONS}
    # `db prices --json` prints a listing with the keys it always had.
    listing = listing_json(typed)
    assert listing["region"] == "user" and "origin" not in listing
    assert list(listing) == [f.name for f in fields(Price) if f.name != "origin"]


def test_whose_a_price_is_is_a_type_and_the_region_only_a_market():
    hints = typing.get_type_hints(Price)
    assert typing.get_args(hints["origin"]) == typing.get_args(PriceOrigin)
    region, none = typing.get_args(hints["region"])
    assert typing.get_args(region) == REGIONS and none is type(None)


def _region_compared_to_an_origin(node: ast.AST) -> bool:
    """``x.region == "user"``, ``x.region in ("shop", ...)`` and the like."""
    if not isinstance(node, ast.Compare):
        return False
    sides = [node.left, *node.comparators]
    if not any(isinstance(s, ast.Attribute) and s.attr == "region" for s in sides):
        return False
    words = set()
    for side in sides:
        for leaf in ast.walk(side):
            if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str):
                words.add(leaf.value)
    return bool(words & {"user", "shop"})


def test_no_code_reads_whose_a_price_is_from_its_region(package_source):
    found = [
        f"{path.relative_to(package_source.root)}:{node.lineno}"
        for path in package_source.files()
        for node in ast.walk(package_source.tree(path))
        if _region_compared_to_an_origin(node)
    ]
    assert not found, found


def test_the_check_finds_a_region_compared_to_an_origin():
    for code in ('p.region == "user"', 'p.region in ("shop", "user")', '"shop" != price.region'):
        assert _region_compared_to_an_origin(ast.parse(code).body[0].value)  # type: ignore[attr-defined]
    assert not _region_compared_to_an_origin(ast.parse('p.origin == "user"').body[0].value)  # type: ignore[attr-defined]
