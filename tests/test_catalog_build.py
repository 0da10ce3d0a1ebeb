"""Building the database: deterministic, atomic, and a clear stop on bad CSV."""

from __future__ import annotations

import sqlite3

import pytest
from catalog_helpers import CSV_DIR, copy_csv, edit_line

from gpuplanner.catalog import bundled
from gpuplanner.catalog.build import build_database, csv_digest
from gpuplanner.catalog.errors import CatalogDataError, CatalogUnavailable
from gpuplanner.catalog.store import Catalog


def _dump(path):
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def test_same_csv_same_content(tmp_path):
    first = build_database(CSV_DIR, tmp_path / "a.sqlite")
    second = build_database(CSV_DIR, tmp_path / "b.sqlite")
    assert first.digest == second.digest
    assert _dump(tmp_path / "a.sqlite") == _dump(tmp_path / "b.sqlite")


def test_build_has_the_indexes_the_planner_uses(tmp_path):
    build_database(CSV_DIR, tmp_path / "c.sqlite")
    conn = sqlite3.connect(tmp_path / "c.sqlite")
    names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'index'")}
    conn.close()
    assert {
        "idx_gpu_names_form",
        "idx_prices_gpu_id_currency_condition",
        "idx_gpus_memory_gb",
    } <= names


def _expect_error(folder, file, line, column, words):
    with pytest.raises(CatalogDataError) as caught:
        build_database(folder, folder.parent / "out.sqlite")
    error = caught.value
    assert (error.file, error.line, error.column) == (file, line, column), str(error)
    assert words in error.reason
    assert not (folder.parent / "out.sqlite").exists(), "a failed build must leave nothing behind"


def test_a_bad_number_names_file_line_and_column(tmp_path):
    folder = copy_csv(tmp_path)
    edit_line(folder / "gpus.csv", 5, ",16,GDDR6", ",sixteen,GDDR6")
    _expect_error(folder, "gpus.csv", 5, "memory_gb", "is not a number")


def test_an_implausible_value_is_caught(tmp_path):
    folder = copy_csv(tmp_path)
    lines = (folder / "prices.csv").read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if not line.startswith("#")) + 3
    cells = lines[row].split(",")
    cells[1] = "-5"
    lines[row] = ",".join(cells)
    (folder / "prices.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _expect_error(folder, "prices.csv", row + 1, "amount", "'-5' is not a price")


def test_a_missing_column_fails_on_the_header(tmp_path):
    folder = copy_csv(tmp_path)
    text = (folder / "cpus.csv").read_text(encoding="utf-8")
    (folder / "cpus.csv").write_text(
        text.replace(",max_power_w", ",max_power", 1), encoding="utf-8"
    )
    _expect_error(folder, "cpus.csv", 1, None, "missing ['max_power_w']")


def test_a_duplicate_id_is_caught(tmp_path):
    folder = copy_csv(tmp_path)
    lines = (folder / "cpus.csv").read_text(encoding="utf-8").splitlines()
    lines.append(lines[1])
    (folder / "cpus.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _expect_error(folder, "cpus.csv", len(lines), "id", "duplicate of line 2")


def test_an_unknown_source_is_caught(tmp_path):
    folder = copy_csv(tmp_path)
    edit_line(folder / "cpus.csv", 2, "intel-ark-recalled", "my-memory")
    _expect_error(folder, "cpus.csv", 2, "sources", "unknown source 'my-memory'")


def test_a_price_for_an_unknown_card_is_caught(tmp_path):
    folder = copy_csv(tmp_path)
    with (folder / "prices.csv").open("a", encoding="utf-8") as handle:
        handle.write("geforce-rtx-9999,999,USD,new,US,wikipedia-launch-msrp,2030-01-01,,,\n")
    lines = (folder / "prices.csv").read_text(encoding="utf-8").splitlines()
    _expect_error(
        folder,
        "prices.csv",
        len(lines),
        "gpu",
        "no card in the catalog is called 'geforce-rtx-9999'",
    )


def test_a_card_without_price_builds_and_stays_unpriced(tmp_path):
    # No public price is a fact too: the planner says "price unknown" rather than invent one.
    folder = copy_csv(tmp_path)
    lines = (folder / "prices.csv").read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if not line.startswith("h20,")]
    (folder / "prices.csv").write_text("\n".join(kept) + "\n", encoding="utf-8")
    build_database(folder, tmp_path / "out.sqlite")
    with Catalog(tmp_path / "out.sqlite") as catalog:
        assert catalog.resolve("H20").id == "h20"
        assert catalog.prices("h20") == []


def test_broken_csv_quoting_is_caught(tmp_path):
    folder = copy_csv(tmp_path)
    edit_line(folder / "sources.csv", 3, "epoch,", 'epoch,"unterminated')
    with pytest.raises(CatalogDataError) as caught:
        build_database(folder, tmp_path / "out.sqlite")
    assert caught.value.file == "sources.csv"


def test_not_utf8_is_caught(tmp_path):
    folder = copy_csv(tmp_path)
    (folder / "cpus.csv").write_bytes((folder / "cpus.csv").read_text("utf-8").encode("utf-16"))
    with pytest.raises(CatalogDataError):
        build_database(folder, tmp_path / "out.sqlite")


def test_missing_database_is_built_on_first_use(tmp_path):
    db = tmp_path / "cache" / "catalog.sqlite"
    with Catalog.open(db) as catalog:
        assert catalog.info()["cards"] >= 150
    assert db.exists()


def test_stale_database_is_rebuilt_when_the_csv_changes(tmp_path):
    folder = copy_csv(tmp_path)
    db = tmp_path / "catalog.sqlite"
    bundled.ensure_catalog(db, folder)
    edit_line(folder / "cpus.csv", 2, "Core i3-12100,", "Core i3-12100 (edited),")
    assert bundled.stored_digest(db) != csv_digest(folder)
    bundled.ensure_catalog(db, folder)
    with Catalog(db) as catalog:
        assert any(c.name == "Core i3-12100 (edited)" for c in catalog.cpus())


def test_a_corrupt_database_is_rebuilt(tmp_path):
    db = tmp_path / "catalog.sqlite"
    bundled.ensure_catalog(db)
    data = bytearray(db.read_bytes())
    data[100:4000] = b"\xff" * 3900
    db.write_bytes(bytes(data))
    bundled.ensure_catalog(db)
    with Catalog(db) as catalog:
        assert catalog.info()["cards"] >= 150


def test_garbage_in_place_of_the_database_is_rebuilt(tmp_path):
    db = tmp_path / "catalog.sqlite"
    db.write_bytes(b"not a database at all")
    bundled.ensure_catalog(db)
    with Catalog(db) as catalog:
        assert catalog.gpus()


def test_invalid_bundled_csv_is_a_clear_error(tmp_path):
    folder = copy_csv(tmp_path)
    edit_line(folder / "gpus.csv", 5, ",16,GDDR6", ",sixteen,GDDR6")
    with pytest.raises(CatalogUnavailable, match=r"gpus.csv:5, column memory_gb"):
        bundled.ensure_catalog(tmp_path / "catalog.sqlite", folder)


def test_an_installed_app_copies_the_database_it_shipped_with(tmp_path, monkeypatch):
    from gpuplanner.catalog import bundled

    shipped = tmp_path / "install" / "catalog.sqlite"
    shipped.parent.mkdir()
    bundled.rebuild(shipped)
    monkeypatch.setattr(bundled, "prebuilt_db_path", lambda: shipped)
    calls = []
    monkeypatch.setattr(bundled, "rebuild", lambda *a: calls.append(a))
    cache = tmp_path / "cache" / "catalog.sqlite"
    assert bundled.ensure_catalog(cache) == cache
    assert calls == [] and cache.read_bytes() == shipped.read_bytes()
    # A shipped database from other CSV files is not used.
    cache.unlink()
    with sqlite3.connect(shipped) as conn:
        conn.execute("update meta set value = 'other' where key = 'csv_digest'")
    bundled.ensure_catalog(cache)
    assert len(calls) == 1
