"""Each catalog file is declared once, by its record (catalog/records.py): the header of every
bundled CSV is its record's fields, and a bad cell is refused by the record's own types."""

from __future__ import annotations

import csv
import dataclasses
import re

import pytest
from catalog_helpers import copy_csv, edit_line
from conftest import REPO_ROOT

from gpuplanner.catalog import pricepack, schema
from gpuplanner.catalog.csvdata import read_table
from gpuplanner.catalog.errors import CatalogDataError

FOLDERS = [REPO_ROOT / "resources" / "catalog", REPO_ROOT / "tests" / "data" / "golden-catalog"]


def _header(path):
    with path.open(encoding="utf-8-sig", newline="") as handle:
        lines = (line for line in handle if not line.startswith("#") and line.strip())
        return [cell.strip() for cell in next(csv.reader(lines))]


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.parent.name + "/" + f.name)
@pytest.mark.parametrize("table", [*schema.TABLES, schema.LLMS], ids=lambda t: t.name)
def test_each_csv_header_is_its_records_fields(folder, table):
    fields = [f.name for f in dataclasses.fields(table.record) if f.name not in table.derived]
    header = _header(folder / table.file)
    if table is schema.PRICES:  # a price pack, whose reader takes gpu_id for gpu
        assert header[0] == "gpu_id"
    assert header == fields == table.column_names()


def test_every_bundled_csv_has_its_table():
    files = {t.file for t in (*schema.TABLES, schema.LLMS)}
    assert {p.name for p in (REPO_ROOT / "resources" / "catalog").glob("*.csv")} == files


def test_the_price_packs_columns_are_the_price_records():
    assert ("gpu_id", *pricepack.COLUMNS[1:], *pricepack.RANGE_COLUMNS) == tuple(
        schema.PRICES.column_names()
    )
    for pack in (REPO_ROOT / "resources" / "prices").glob("*.csv"):
        assert tuple(_header(pack)) in (
            pricepack.COLUMNS,
            (*pricepack.COLUMNS, *pricepack.RANGE_COLUMNS),
        )


def test_no_module_declares_a_column_of_its_own():
    """A second declaration (a Column written out beside the record) is what this refuses."""
    catalog = REPO_ROOT / "gpuplanner" / "catalog"
    for path in catalog.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        calls = re.findall(r"\bColumn\(", text)
        assert len(calls) == (1 if path.name == "schema.py" else 0), path.name


def test_a_planted_column_beside_the_record_is_caught():
    """A table cannot be given columns: they are its record's."""
    with pytest.raises(TypeError):
        schema.Table("gpus", "gpus.csv", schema.records.GpuSpec, ("id",), columns=())  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("file", "line", "old", "new", "column", "words"),
    [
        ("cpus.csv", 2, ",Intel,", ",Cyrix,", "vendor", "'Cyrix' is not one of: Intel, AMD"),
        ("cpus.csv", 2, ",Intel,", ",,", "vendor", "a value is required"),
        ("regions.csv", 2, ",13,", ",1.5.3,", "tax_pct", "'1.5.3' is not a number"),
        ("regions.csv", 2, ",13,", ",31,", "tax_pct", "outside the plausible range 0–30"),
        ("regions.csv", 2, ",13,", ",nan,", "tax_pct", "outside the plausible range"),
        ("sources.csv", 2, ",yes,", ",maybe,", "verified", "'maybe' is not yes or no"),
        ("sources.csv", 2, ",2025-12-01,", ",2025-13-01,", "retrieved", "is not a date YYYY-MM-DD"),
    ],
)
def test_a_bad_cell_is_refused_by_its_records_type(tmp_path, file, line, old, new, column, words):
    folder = copy_csv(tmp_path)
    edit_line(folder / file, line, old, new)
    table = next(t for t in schema.TABLES if t.file == file)
    with pytest.raises(CatalogDataError) as caught:
        read_table(folder, table)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.reason


def test_a_whole_number_column_refuses_a_fraction(tmp_path):
    folder = copy_csv(tmp_path)
    lines = (folder / "cpus.csv").read_text(encoding="utf-8").splitlines()
    cells = next(csv.reader([lines[1]]))
    cells[5] = "8.5"  # cores
    lines[1] = ",".join(cells)
    (folder / "cpus.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CatalogDataError) as caught:
        read_table(folder, schema.CPUS)
    assert caught.value.column == "cores" and "'8.5' is not a whole number" in caught.value.reason
