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
