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


UNTYPED_NOTE = "Modules with functions not yet typed."


def _untyped_override(config: dict) -> dict:
    return next(
        o for o in config["tool"]["mypy"]["overrides"] if o.get("disallow_untyped_defs") is False
    )


@pytest.mark.slow
def test_the_list_of_untyped_modules_only_shrinks(tmp_path):
    """Every module pyproject.toml lets go untyped still has an untyped function: one that has
    none any more must leave the list, so the list can only get shorter."""
    import re
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - the CI runs 3.11
        pytest.skip("tomllib needs Python 3.11")
    mypy = venv_tool("mypy")
    if mypy is None:
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    text = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert UNTYPED_NOTE in text
    listed = set(_untyped_override(tomllib.loads(text))["module"])
    # The same configuration without the list: which modules have untyped functions now.
    strict = re.sub(
        r"\[\[tool\.mypy\.overrides\]\]\n# "
        + re.escape(UNTYPED_NOTE)
        + r".*?disallow_untyped_defs = false\n",
        "",
        text,
        flags=re.S,
    )
    config = tmp_path / "pyproject.toml"
    config.write_text(strict, encoding="utf-8")
    result = subprocess.run(
        [mypy, "--no-incremental", "--config-file", str(config)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    untyped = {
        line.split(":", 1)[0].removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for line in result.stdout.splitlines()
        if "[no-untyped-def]" in line
    }
    assert untyped <= listed, sorted(untyped - listed)
    assert listed <= untyped, f"typed now, take off the list: {sorted(listed - untyped)}"
