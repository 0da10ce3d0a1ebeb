"""Which tests start a process: they get the ``integration`` mark (conftest.py), the rest run
in this one (``pytest -m "not integration"`` is the quick layer; the default run has both).

Read from each test module's syntax tree once a session, so a new test is marked by what it
does, not by a list someone must remember: a test function is a process test when it, or a
function of its module it calls, calls ``subprocess.*``, ``run_cli_process``, the Xvfb
server, or ``run_cli`` with arguments that open a window or write a PDF (which ``run_cli``
runs in a child, see conftest.py), or with no sub-command at all.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

_SPAWN = {"run", "Popen", "check_output", "check_call", "call"}
_HELPERS = {"run_cli_process", "xvfb_display"}
_WINDOW_ARGS = ("--smoke-test", "--screenshot", "--kiosk")


def _spawns_directly(function: ast.AST, spawners: set[str]) -> bool:
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        if (
            isinstance(called, ast.Attribute)
            and called.attr in _SPAWN
            and isinstance(called.value, ast.Name)
            and called.value.id == "subprocess"
        ):
            return True
        if isinstance(called, ast.Name):
            if called.id in _HELPERS or called.id in spawners:
                return True
            if called.id == "run_cli" and _runs_a_child(node.args[1:]):
                return True
    return False


def _runs_a_child(args: list[ast.expr]) -> bool:
    """Whether ``run_cli(folder, *args)`` goes to a child (conftest.in_process_ok): a window or
    a PDF; or, where every argument is written out, no sub-command, ``--help`` or
    ``--version`` among them, which is the window too. Arguments made at run time say nothing."""
    from gpuplanner.cli import COMMANDS

    if any(_opens_a_window(arg) for arg in args):
        return True
    if not all(isinstance(arg, ast.Constant) for arg in args):
        return False
    words = {arg.value for arg in args}
    return not words & {*COMMANDS, "-h", "--help", "--version"}


def _opens_a_window(arg: ast.expr) -> bool:
    if not isinstance(arg, ast.Constant) or not isinstance(arg.value, str):
        return False
    return arg.value.startswith(_WINDOW_ARGS) or arg.value.lower().endswith(".pdf")


@cache
def process_functions(path: Path) -> frozenset[str]:
    """The names of the functions in ``path`` that start a process, directly or through a
    function of the same module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions = [
        node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    spawners: set[str] = set()
    while True:  # until no caller of a spawner is left unmarked
        found = {f.name for f in functions if _spawns_directly(f, spawners)}
        if found <= spawners:
            return frozenset(spawners)
        spawners |= found
