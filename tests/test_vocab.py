"""The closed word sets (core/vocab.py) match what the code writes and what its tables handle
(issue 17: the comments listing allowed values had drifted from the code)."""

from __future__ import annotations

import ast
import typing

import pytest
from conftest import REPO_ROOT
from helpers.package_source import PackageSource

from gpuplanner.catalog import pricelist, schema
from gpuplanner.core import vocab
from gpuplanner.core.markets import SOCKETS
from gpuplanner.planning.machine.power import EFFICIENCY
from gpuplanner.report import fleet_export, job_text, plan_text
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


def _assigned(source: PackageSource, name: str, under: str) -> tuple[set[str], set[str]]:
    """(the string literals assigned to ``name`` or given as ``name=``, the annotations
    ``name`` is declared with) in the modules under ``under``: read from the syntax tree."""
    written, annotations = set(), set()
    for path in source.files(under):
        for node in ast.walk(source.tree(path)):
            values: list[ast.expr] = []
            if isinstance(node, ast.keyword) and node.arg == name:
                values = [node.value]
            elif isinstance(node, ast.Assign):
                values = [node.value] if any(_named(t, name) for t in node.targets) else []
            elif isinstance(node, ast.AnnAssign) and _named(node.target, name):
                annotations.add(ast.unparse(node.annotation))
                values = [node.value] if node.value is not None else []
            written |= {
                v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            }
    return written, annotations


def _named(target: ast.expr, name: str) -> bool:
    return (isinstance(target, ast.Name) and target.id == name) or (
        isinstance(target, ast.Attribute) and target.attr == name
    )


def test_every_driver_state_written_is_in_the_vocabulary(package_source):
    written = _string_args(package_source, "_status") | _string_args(package_source, "DriverStatus")
    assert written and written <= set(typing.get_args(vocab.DriverState)), written - set(
        typing.get_args(vocab.DriverState)
    )
    # Every state but ok and not-read has a hint for the user.
    assert set(HINTS) <= set(typing.get_args(vocab.DriverState))


def test_every_tensorflow_verdict_written_is_in_the_vocabulary(package_source):
    written, annotations = _assigned(package_source, "verdict", "hardware")
    assert written and written <= set(typing.get_args(vocab.TfVerdict)), written - set(
        typing.get_args(vocab.TfVerdict)
    )
    # Declared as the vocabulary wherever it is declared: mypy checks each value written.
    assert annotations == {"TfVerdict"}, annotations


def test_the_tables_cover_their_vocabulary():
    assert set(EFFICIENCY) == set(vocab.PSU_RATINGS)
    assert set(job_text.RATING) == set(vocab.PSU_RATINGS)
    assert set(job_text.CASE_FORM) == set(vocab.CASE_FORMS)
    assert set(plan_text.CONDITION_TEXT) >= set(vocab.PRICE_CONDITIONS)
    assert set(fleet_export.TITLES) >= set(typing.get_args(vocab.FleetMode))  # each mode's heading


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

    assert set(markets.MARKETS) == set(vocab.REGIONS)
    assert {m.currency for m in markets.MARKETS.values()} == set(vocab.CURRENCIES)
    assert all(m.socket in SOCKETS and m.tariff_per_kwh > 0 for m in markets.MARKETS.values())
    assert markets.region_of("USD") == "US" and markets.region_of("USD", "CN") == "CN"
    # A socket named anywhere but in markets.py (its socket table's keys among them) is a
    # market's default said twice.
    for path in package_source.files():
        if path.name == "markets.py":
            continue
        tree = package_source.tree(path)
        keys = {id(k) for node in ast.walk(tree) if isinstance(node, ast.Dict) for k in node.keys}
        said = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in SOCKETS and id(node) not in keys
        ]
        assert not said, (path.name, [node.lineno for node in said])


def test_each_job_word_is_read_from_outside_by_its_helper():
    """A command line's, a setting's or a file's string becomes a word once, through the
    vocabulary's helper: every word comes back as itself, anything else is a ValueError."""
    helpers = {
        vocab.as_llm_method: vocab.LLM_METHODS,
        vocab.as_engine: vocab.ENGINES,
        vocab.as_condition: vocab.PRICE_CONDITIONS,
    }
    for helper, words in helpers.items():
        assert [helper(w) for w in words] == list(words)
        for wrong in ("", "LLM", "lora ", words[0].upper() + "x"):
            with pytest.raises(ValueError, match="is not a"):
                helper(wrong)
    # The narrower vocabularies are parts of the wider ones.
    assert set(vocab.KERAS_WORKLOADS) == set(vocab.WORKLOADS) - {"llm", "own"}
    assert set(vocab.LLM_METHODS) == set(vocab.LLM_MODES) - {"inference"}
    assert set(vocab.PREDICT_WORKLOADS) == set(vocab.KERAS_WORKLOADS) | {
        f"llm-{m}" for m in vocab.LLM_METHODS
    }


def test_the_probe_modes_are_the_workers_sizes():
    """The worker spells ProbeMode again (it never imports gpuplanner): the two agree, and each
    mode has its work sizes and its time limit."""
    from gpuplanner.probe import runner, worker

    modes = typing.get_args(vocab.ProbeMode)
    assert typing.get_args(worker.ProbeMode) == modes
    assert tuple(worker.SIZES) == modes
    assert set(runner.DEFAULT_TIMEOUT_S) == set(modes)
