"""The layers' boundaries (README, Develop; pyproject.toml [tool.importlinter]), enforced by
import-linter, plus what imports alone cannot see."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import REPO_ROOT, venv_tool

PACKAGE = REPO_ROOT / "gpuplanner"


def _lint_imports(root: Path) -> subprocess.CompletedProcess:
    tool = venv_tool("lint-imports")
    if tool is None:
        pytest.fail("import-linter is not installed: pip install -e '.[test]'")
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.run(
        [tool, "--config", str(root / "pyproject.toml"), "--no-cache"],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
        timeout=120,
    )


def test_import_contracts_hold():
    result = _lint_imports(REPO_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" not in result.stdout.split("Contracts:")[-1].split("kept")[0]


@pytest.mark.parametrize(
    ("module", "source", "contract"),
    [
        ("planning/_leak.py", "import PySide6\n", "Qt only in ui/ and report/"),
        ("planning/_leak.py", "import sqlite3\n", "planning/ is pure"),
        ("_leak.py", "import pynvml\n", "NVML only in hardware/"),
        ("_leak.py", "import tensorflow\n", "TensorFlow only in the probe worker"),
        ("planning/_leak.py", "import gpuplanner.app.session\n", "Layers:"),
        ("core/_leak.py", "import gpuplanner.catalog.store\n", "Layers:"),
        ("report/_leak.py", "import gpuplanner.ui.charts\n", "Layers:"),
        ("report/_leak.py", "import gpuplanner.planning.plan.frontier\n", "Views only show"),
        ("report/_leak.py", "from gpuplanner.catalog import pricelist\n", "Views only show"),
        ("report/_leak.py", "import gpuplanner.kiosk.config\n", "Views only show"),
        ("report/_leak.py", "from gpuplanner.i18n.tsfile import read_ts\n", "Views only show"),
        # An annotation counts: the record's type comes through app/records.py.
        (
            "report/_leak.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from gpuplanner.hardware.records import SystemSnapshot\n",
            "Views only show",
        ),
        ("hardware/_leak.py", "import gpuplanner.catalog.store\n", "stand alone"),
        ("catalog/_leak.py", "import gpuplanner.probe.results\n", "stand alone"),
        ("ui/_leak.py", "import gpuplanner.planning.recommend\n", "Front ends through app/"),
        ("commands/_leak.py", "from gpuplanner.catalog import userdb\n", "Front ends through app/"),
        ("kiosk/_leak.py", "import gpuplanner.hardware.scan\n", "Front ends through app/"),
        ("ui/pages/_leak.py", "import gpuplanner.probe.runner\n", "Front ends through app/"),
        ("planning/machine/_leak.py", "import gpuplanner.planning.request\n", "planning/ in rooms"),
        (
            "planning/speed/_leak.py",
            "import gpuplanner.planning.prices.market\n",
            "planning/ in rooms",
        ),
        ("planning/job/_leak.py", "import gpuplanner.planning.options\n", "planning/ in rooms"),
        ("planning/_loose.py", "X = 1\n", "planning/ in rooms"),
    ],
)
def test_a_forbidden_import_breaks_the_build(tmp_path, module, source, contract):
    shutil.copytree(PACKAGE, tmp_path / "gpuplanner", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "gpuplanner" / module).write_text(source)
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    assert contract in result.stdout


_IO_BUILTINS = {"open", "print", "input", "exec", "eval", "__import__"}


def io_calls_in(modules: dict[Path, ast.Module]) -> list[str]:
    """Builtins that do I/O, which the import contract cannot see."""
    found = []
    for path, tree in sorted(modules.items()):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in _IO_BUILTINS
            ):
                found.append(f"{path.name}:{node.lineno} {node.func.id}()")
    return found


def test_planning_calls_no_io_builtins(package_source):
    planning = {p: package_source.tree(p) for p in package_source.files("planning")}
    assert planning and io_calls_in(planning) == []


def test_io_builtin_check_can_fail(tmp_path):
    (tmp_path / "bad.py").write_text("def f():\n    return open('x')\n")
    bad = tmp_path / "bad.py"
    assert io_calls_in({bad: ast.parse(bad.read_text())}) == ["bad.py:2 open()"]


def test_app_init_re_exports_nothing():
    """app/ is a package of services, each imported by its module's name: its __init__ holds
    its docstring alone, so no name of a lower layer passes through it (issue 54)."""
    tree = ast.parse((PACKAGE / "app" / "__init__.py").read_text(encoding="utf-8"))
    assert [type(node).__name__ for node in tree.body] == ["Expr"]


def test_the_package_top_holds_only_the_entry_points():
    """Everything else lives in a layer (issue 17): core, app, planning, report, ui, ..."""
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "cli.py"], top


def test_planning_is_a_few_rooms_each_saying_what_it_decides():
    """Issue 54: at most 8 modules beside the rooms; a room names its concern in its docstring."""
    planning = PACKAGE / "planning"
    modules = sorted(p.name for p in planning.glob("*.py") if p.name != "__init__.py")
    rooms = sorted(p.name for p in planning.iterdir() if (p / "__init__.py").exists())
    assert len(modules) <= 8, modules
    assert 4 <= len(rooms) <= 8, rooms
    for room in rooms:
        doc = ast.get_docstring(ast.parse((planning / room / "__init__.py").read_text()))
        assert doc and "Decides" in doc and len(doc.split()) >= 40, room
