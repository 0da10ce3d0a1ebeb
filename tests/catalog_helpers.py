"""Shared set-up for the catalog tests: a built database in a temporary folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from conftest import REPO_ROOT

# The bundled CSVs; a test of the tests points this at a copy with its prices edited at random
# (tests/test_price_independence.py), to prove the planning tests do not pin catalog data.
CSV_DIR = Path(os.environ.get("GPUPLANNER_TEST_CATALOG_CSV") or REPO_ROOT / "resources" / "catalog")


def copy_csv(tmp_path: Path) -> Path:
    folder = tmp_path / "csv"
    shutil.copytree(CSV_DIR, folder)
    return folder


def edit_line(path: Path, line: int, old: str, new: str) -> None:
    """Replace the first ``old`` on 1-based ``line`` of a CSV file."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in lines[line - 1], (old, lines[line - 1])
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path.write_text("".join(lines), encoding="utf-8")


def built_catalog(folder: Path, csv_dir: Path = CSV_DIR):
    """The bundled CSVs (or those in ``csv_dir``) built into a database under ``folder``,
    loaded (CatalogData)."""
    from gpuplanner.catalog.build import build_database
    from gpuplanner.catalog.store import Catalog

    path = folder / "catalog.sqlite"
    build_database(csv_dir, path)
    with Catalog(path) as catalog:
        return catalog.load_all()
