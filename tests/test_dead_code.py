"""No dead code in the package: vulture finds nothing its whitelist does not explain."""

from __future__ import annotations

import subprocess

import pytest
from conftest import REPO_ROOT, venv_tool


def test_vulture_finds_no_dead_code_in_the_package():
    vulture = venv_tool("vulture")
    if vulture is None:
        pytest.skip("vulture is not installed (pip install -e '.[test]')")
    result = subprocess.run(
        [
            vulture,
            *("gpuplanner", "tests", "tools", "benchmarks"),
            "tools/vulture_whitelist.py",
            "--min-confidence",
            "60",
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    dead = [line for line in result.stdout.splitlines() if line.startswith("gpuplanner")]
    assert not dead, "\n".join(dead)


def test_the_whitelist_names_only_live_names(package_source):
    """Every whitelisted name still exists in the package: a name removed from the code goes
    from the whitelist too, or the whitelist would hide the next dead one."""
    import re

    text = (REPO_ROOT / "tools" / "vulture_whitelist.py").read_text(encoding="utf-8")
    names = re.findall(r"^_?\.?(\w+)\s*(?:#|$)", text, re.MULTILINE)
    source = "\n".join(package_source.texts.values())
    assert names
    missing = [n for n in names if not re.search(rf"\b{n}\b", source)]
    assert not missing, missing
