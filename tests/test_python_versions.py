"""The Pythons the README promises (3.10 to 3.13) can run the code; the suite itself runs on
one of them, so what the others need is checked here without them.

- 3.10, the oldest: every module parses with 3.10's grammar (``ast.parse(feature_version=...)``
  refuses newer syntax such as ``except*`` or ``type X = ...``), and mypy checks the package
  against 3.10's standard library (``python_version`` in pyproject.toml: typeshed knows which
  functions and modules each version has, so ``tomllib`` or ``datetime.UTC`` fail there).
- 3.12 and 3.13: no module imports a standard module they removed (PEP 594, PEP 632).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest
from conftest import REPO_ROOT

OLDEST = (3, 10)
# Removed in 3.12 (distutils, asynchat, asyncore, imp, smtpd) and 3.13 (PEP 594's dead
# batteries), so an import of one breaks the app there.
REMOVED = {
    *("distutils", "asynchat", "asyncore", "imp", "smtpd"),
    *("aifc", "audioop", "cgi", "cgitb", "chunk", "crypt", "imghdr", "mailcap", "msilib"),
    *("nis", "nntplib", "ossaudiodev", "pipes", "sndhdr", "spwd", "sunau", "telnetlib"),
    *("uu", "xdrlib", "lib2to3"),
}


def _modules(package_source) -> dict[Path, str]:
    others = {
        p: p.read_text(encoding="utf-8")
        for folder in ("tests", "tools", "benchmarks", "installer")
        for p in sorted((REPO_ROOT / folder).rglob("*.py"))
    }
    return {**package_source.texts, **others}


def test_every_module_parses_with_the_oldest_pythons_grammar(package_source):
    refused = []
    for path, text in _modules(package_source).items():
        try:
            ast.parse(text, filename=str(path), feature_version=OLDEST)
        except SyntaxError as exc:
            refused.append(f"{path.relative_to(REPO_ROOT)}:{exc.lineno}: {exc.msg}")
    assert not refused, refused


@pytest.mark.skipif(sys.version_info < (3, 11), reason="3.10 parses 3.11 syntax as an error")
def test_the_grammar_check_refuses_newer_syntax():
    newer = "try:\n    pass\nexcept* ValueError:\n    pass\n"  # 3.11's exception groups
    ast.parse(newer)
    with pytest.raises(SyntaxError):
        ast.parse(newer, feature_version=OLDEST)


def test_no_module_imports_what_a_newer_python_removed(package_source):
    found = []
    for path, text in _modules(package_source).items():
        for node in ast.walk(ast.parse(text)):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            found += [f"{path.name}: {n}" for n in names if n.split(".")[0] in REMOVED]
    assert not found, found


def test_vermin_finds_nothing_newer_than_the_oldest_python():
    """vermin, run as the pre-commit hook runs it (its entry in .pre-commit-config.yaml), finds
    no module, function or syntax the oldest Python promised lacks, in any Python file here."""
    import shlex
    import subprocess

    from conftest import venv_tool

    config = (REPO_ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    entry = re.search(r"^\s*entry: (vermin .*)$", config, re.MULTILINE)
    assert entry, "the vermin hook is gone from .pre-commit-config.yaml"
    command = shlex.split(entry.group(1))
    assert f"--target={OLDEST[0]}.{OLDEST[1]}-" in command
    vermin = venv_tool("vermin")
    if vermin is None:
        pytest.fail("vermin is not installed: pip install -e '.[test]'")
    files = [str(p) for p in _python_files()]
    result = subprocess.run(
        [vermin, *command[1:], *files], cwd=REPO_ROOT, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def _python_files() -> list[Path]:
    return [
        p
        for folder in ("gpuplanner", "tests", "tools", "benchmarks", "installer")
        for p in sorted((REPO_ROOT / folder).rglob("*.py"))
        if "__pycache__" not in p.parts
    ]


def test_the_promise_the_checks_and_the_package_name_the_same_oldest_python():
    project = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    oldest = ".".join(map(str, OLDEST))
    assert f'requires-python = ">={oldest}"' in project
    assert f'python_version = "{oldest}"' in project  # mypy
    assert f'target-version = "py{oldest.replace(".", "")}"' in project  # ruff
    assert re.search(rf"Python {re.escape(oldest)}[–-]3\.13", readme)
