"""The planning tests test logic, not the catalog's prices (issue 17: a price edit once broke
them): they pass with every bundled price scaled by a random factor."""

from __future__ import annotations

import csv
import io
import random
import shutil
import subprocess
import sys

import pytest
from catalog_helpers import CSV_DIR
from conftest import REPO_ROOT, SHARED_ABSENT, child_env

PLANNING_TESTS = [
    "tests/test_planning.py",
    "tests/test_advice.py",
    "tests/test_market.py",
    "tests/test_price_age.py",
]
# The child runs in one process: it already runs beside the other workers of this run
# (tests/helpers/parallel.py), and a worker of its own would only add start-up.
ONE_PROCESS = ["-p", "no:cacheprovider", "-p", "no:xdist"]


def edit_prices(folder, seed: int) -> int:
    """Scale each price in ``folder``/prices.csv by a factor in [0.6, 1.6]; the manifest stays."""
    path = folder / "prices.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    head = [line for line in lines if line.startswith("#")]
    body = "".join(line for line in lines if not line.startswith("#"))
    rows = list(csv.DictReader(io.StringIO(body)))
    rng = random.Random(seed)
    for row in rows:
        factor = rng.uniform(0.6, 1.6)
        for column in ("amount", "low", "high"):  # a source's range moves with its price
            if row.get(column):
                row[column] = f"{float(row[column]) * factor:.2f}"
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text("".join(head) + out.getvalue(), encoding="utf-8")
    return len(rows)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_planning_tests_pass_with_prices_edited_at_random(tmp_path, seed):
    folder = tmp_path / "csv"
    shutil.copytree(CSV_DIR, folder)
    assert edit_prices(folder, seed) > 200
    env = child_env(tmp_path, GPUPLANNER_TEST_CATALOG_CSV=str(folder))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", *ONE_PROCESS, *PLANNING_TESTS],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert " passed" in result.stdout
    # Nothing skipped, but the tests that read the team's shared folder where it is absent.
    skipped = [line for line in result.stdout.splitlines() if line.startswith("SKIPPED")]
    assert all(SHARED_ABSENT in line for line in skipped), skipped
    assert bool(skipped) == ("skipped" in result.stdout.splitlines()[-1])


def test_the_override_is_really_used(tmp_path):
    """A catalog with no readable prices must break the planning tests: the edit is seen."""
    folder = tmp_path / "csv"
    shutil.copytree(CSV_DIR, folder)
    (folder / "prices.csv").write_text("not a price pack\n", encoding="utf-8")
    env = child_env(tmp_path, GPUPLANNER_TEST_CATALOG_CSV=str(folder))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *ONE_PROCESS, PLANNING_TESTS[0]],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode != 0
