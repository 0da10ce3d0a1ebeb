"""The closed word sets (core/vocab.py) match what the code writes and what its tables handle
(issue 17: the comments listing allowed values had drifted from the code)."""

from __future__ import annotations

import ast
import re

from conftest import REPO_ROOT
from helpers.package_source import PackageSource

from gpuplanner.catalog import pricelist, schema
from gpuplanner.core import vocab
from gpuplanner.planning.power import EFFICIENCY
from gpuplanner.report import job_text, plan_text
from gpuplanner.report.machine_view import HINTS


def _string_args(source: PackageSource, call_name: str, position: int = 0) -> set[str]:
    """Every string literal passed at ``position`` to a call of ``call_name`` in the package."""
    found = set()
    for path in source.files():
        for node in ast.walk(source.tree(path)):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == call_name
                and len(node.args) > position
                and isinstance(node.args[position], ast.Constant)
                and isinstance(node.args[position].value, str)
            ):
                found.add(node.args[position].value)
    return found


def _assigned(source: PackageSource, keyword: str) -> set[str]:
    """String literals given to ``keyword=`` anywhere in hardware/ (the scan's verdicts)."""
    found = set()
    for path in source.files("hardware"):
        text = source.texts[path]
        found |= set(re.findall(rf'\b{keyword}\s*=\s*"([a-z-]+)"', text))
    return found


def test_every_driver_state_written_is_in_the_vocabulary(package_source):
    written = _string_args(package_source, "_status") | _string_args(package_source, "DriverStatus")
    assert written and written <= set(vocab.DRIVER_STATES), written - set(vocab.DRIVER_STATES)
    # Every state but ok and not-read has a hint for the user.
    assert set(HINTS) <= set(vocab.DRIVER_STATES)


def test_every_tensorflow_verdict_written_is_in_the_vocabulary(package_source):
    written = _assigned(package_source, "verdict")
    assert written and written <= set(vocab.TF_VERDICTS), written - set(vocab.TF_VERDICTS)


def test_the_tables_cover_their_vocabulary():
    assert set(EFFICIENCY) == set(vocab.PSU_RATINGS)
    assert set(job_text.RATING) == set(vocab.PSU_RATINGS)
    assert set(job_text.CASE_FORM) == set(vocab.CASE_FORMS)
    assert set(plan_text.CONDITION_TEXT) >= set(vocab.PRICE_CONDITIONS)


def test_a_shops_condition_words_and_the_price_tables_use_the_vocabulary():
    # "refurbished" was read from shop lists and planned but missing from the vocabulary.
    assert set(pricelist.CONDITION_WORDS.values()) <= set(vocab.PRICE_CONDITIONS)
    assert set(pricelist.CURRENCY_WORDS.values()) <= set(vocab.CURRENCIES)
    columns = {c.name: c for c in schema.PRICES.columns}
    assert tuple(columns["condition"].choices) == vocab.PRICE_CONDITIONS
    assert tuple(columns["currency"].choices) == vocab.CURRENCIES
    assert set(plan_text.REGION_TEXT) >= set(vocab.REGIONS)


def test_the_catalog_data_speaks_the_vocabulary():
    import csv

    rows = [
        line
        for line in (REPO_ROOT / "resources" / "catalog" / "prices.csv")
        .read_text(encoding="utf-8")
        .splitlines()
        if not line.startswith("#")
    ]
    prices = list(csv.DictReader(rows))
    assert {p["condition"] for p in prices} <= set(vocab.PRICE_CONDITIONS)
    assert {p["currency"] for p in prices} <= set(vocab.CURRENCIES)
    assert {p["region"] for p in prices} <= set(vocab.REGIONS)


def test_each_market_is_said_once_and_its_words_are_known(package_source):
    """Per-market defaults (money, socket, tariff) live in core/markets.py only (issue 29)."""
    from gpuplanner.core import markets
    from gpuplanner.planning.power import SOCKETS

    assert set(markets.MARKETS) == set(vocab.REGIONS)
    assert {m.currency for m in markets.MARKETS.values()} == set(vocab.CURRENCIES)
    assert all(m.socket in SOCKETS and m.tariff_per_kwh > 0 for m in markets.MARKETS.values())
    assert markets.region_of("USD") == "US" and markets.region_of("USD", "CN") == "CN"
    for path, text in package_source.texts.items():
        if path.name != "markets.py":
            assert '"CN-10A"' not in text.replace('"CN-10A": (', ""), path.name
