"""ruff's lint and format checks and mypy are part of the test run, so CI and developers see the
same."""

from __future__ import annotations

import subprocess

import pytest
from conftest import REPO_ROOT, venv_tool


@pytest.mark.parametrize("args", [["check"], ["format", "--check"]], ids=["lint", "format"])
def test_ruff(args):
    ruff = venv_tool("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    result = subprocess.run(
        [ruff, *args, "."], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy():
    """The type checker passes on the packages pyproject.toml's [tool.mypy] names."""
    mypy = venv_tool("mypy")
    if mypy is None:
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    result = subprocess.run(
        [mypy, "--no-incremental"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_the_decisions_and_the_use_cases():
    """`mypy --strict` passes on planning/, core/ and app/ as run by hand: no bare generic, no
    name reached through a module that only imports it (an implicit re-export)."""
    mypy = venv_tool("mypy")
    if mypy is None:
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    packages = ["gpuplanner/planning", "gpuplanner/core", "gpuplanner/app"]
    result = subprocess.run(
        [mypy, "--strict", "--no-incremental", *packages],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_module_is_let_go_untyped():
    """Every function of the package is typed: mypy's disallow_untyped_defs holds for all of it,
    and no override lets a module off (the list that only shrank is empty, and gone)."""
    import sys

    if sys.version_info < (3, 11):  # pragma: no cover - the CI runs 3.11
        pytest.skip("tomllib needs Python 3.11")
    import tomllib  # novm: read only where it exists (3.11+), as the line above says

    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    assert mypy["disallow_untyped_defs"] is True and mypy["check_untyped_defs"] is True
    assert not [o for o in mypy.get("overrides", []) if o.get("disallow_untyped_defs") is False]
