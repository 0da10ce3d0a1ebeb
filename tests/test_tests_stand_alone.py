"""The tests stand alone: helpers live in tests/helpers/, the shared folder is asked for once.

A test module that imports another one runs that module's tests' imports (and once its
fixtures) wherever it is used; a test that finds ../shared its own way is skipped, or fails,
for reasons of its own in a plain clone."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import TESTS_DIR


def _modules():
    return sorted(TESTS_DIR.glob("test_*.py")) + sorted((TESTS_DIR / "helpers").glob("*.py"))


def test_no_test_module_imports_another():
    offenders = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0].startswith("test_")]
    assert not offenders, offenders


def test_only_conftest_works_out_where_the_shared_folder_is():
    """Tests mark what they read with ``@pytest.mark.shared(part)`` and use conftest.SHARED."""
    here = Path(__file__).name
    found = [
        path.name
        for path in _modules()
        if path.name != here
        and (
            "GPUPLANNER_SHARED" in (text := path.read_text(encoding="utf-8")) or '"shared"' in text
        )
    ]
    assert not found, found
