"""Comments, docstrings and docs cite only files the repository has (issue 40: comments named an
``inputs.py`` of planning/ that never existed, and design notes outside the clone)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from conftest import REPO_ROOT

PACKAGES = "app|core|planning|report|ui|commands|kiosk|hardware|probe|catalog|i18n"
TOP = "tests|tools|docs|benchmarks|resources|installer"
# A module of the package (``planning/recommend.py``, ``gpuplanner/core/paths.py``) or a file
# of the repository's own folders (``docs/PROBE.md``, ``tests/conftest.py``).
CITED = re.compile(
    rf"(?<![\w/.-])(?:gpuplanner/)?((?:{PACKAGES})/[\w/]+\.py)\b"
    rf"|(?<![\w/.-])((?:{TOP})/[\w/.-]*\w\.(?:py|md|csv|json|toml|ts|html|sh|iss|txt))\b"
)


def _explanations(path: Path) -> str:
    """A Python file's comments and docstrings; a Markdown file whole."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        return text
    comments = [
        token.string
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.COMMENT
    ]
    docstrings = [
        ast.get_docstring(node) or ""
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    return "\n".join(comments + docstrings)


def missing_citations(path: Path, root: Path = REPO_ROOT) -> list[str]:
    found = []
    for module, other in CITED.findall(_explanations(path)):
        target = root / "gpuplanner" / module if module else root / other
        if not target.exists():
            found.append(f"{path.relative_to(root)}: {module or other}")
    return found


def _files() -> list[Path]:
    python = [
        p
        for folder in ("gpuplanner", "tests", "tools", "benchmarks")
        for p in sorted((REPO_ROOT / folder).rglob("*.py"))
    ]
    docs = sorted((REPO_ROOT / "docs").glob("*.md"))
    return [*python, *docs, REPO_ROOT / "README.md", REPO_ROOT / "CONTRIBUTING.md"]


def test_every_cited_file_exists():
    missing = [m for path in _files() for m in missing_citations(path)]
    assert not missing, missing


def test_the_check_sees_a_file_that_is_not_there(tmp_path):
    (tmp_path / "gpuplanner" / "core").mkdir(parents=True)
    (tmp_path / "gpuplanner" / "core" / "paths.py").write_text("")
    module = tmp_path / "m.py"
    module.write_text(
        '"""Checked in planning/inputs.py."""\n'
        "# see core/paths.py and docs/NOWHERE.md\n"
        'x = "planning/strings_are_not_citations.py"\n'
    )
    assert sorted(missing_citations(module, tmp_path)) == [
        "m.py: docs/NOWHERE.md",
        "m.py: planning/inputs.py",
    ]
