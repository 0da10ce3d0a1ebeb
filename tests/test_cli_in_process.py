"""``run_cli`` runs a sub-command in the test process as a child process would run it: the
same output, exit codes and isolation (tests/helpers/cli_in_process.py)."""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path

import pytest
from conftest import child_env, in_process_ok, run_cli, run_cli_process
from helpers.process_tests import process_functions

COMMANDS = [
    ("db", "info", "--json"),
    ("db", "show", "Voodoo 5"),  # exit 1, the message on stderr
    ("recommend", "--scenario", "nobody"),  # a usage error: exit 2
    ("--version",),  # ends in the parser, as --help does
    ("--help",),
    ("vram", "--model", "llama-3-8b", "--mode", "lora", "--json"),
]


@pytest.mark.slow
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_in_process_and_a_child_process_say_the_same(tmp_path, args):
    (tmp_path / "in").mkdir()
    (tmp_path / "out").mkdir()
    inside = run_cli(tmp_path / "in", *args)
    child = run_cli_process(tmp_path / "out", *args)
    assert inside.returncode == child.returncode
    assert _said(inside.stdout, tmp_path / "in") == _said(child.stdout, tmp_path / "out")
    assert _said(inside.stderr, tmp_path / "in") == _said(child.stderr, tmp_path / "out")


def _said(text: str, folder: Path) -> list[str]:
    """The lines without the run's own folder and the log's time stamps."""
    return [line for line in text.replace(str(folder), "RUN").splitlines() if line[:2] != "20"]


def test_the_command_sees_the_childs_home_and_folder_and_gives_them_back(tmp_path):
    before_env, before_cwd = dict(os.environ), os.getcwd()
    result = run_cli(tmp_path, "db", "import-prices", "missing.csv", "--shop", "Shop")
    assert result.returncode == 1 and "missing.csv" in result.stderr
    # The log went to the child's home, not this test's.
    assert (tmp_path / "child-home" / "logs" / "gpuplanner.log").is_file()
    assert dict(os.environ) == before_env and os.getcwd() == before_cwd


def test_the_catalog_is_built_from_the_bundled_csv_in_a_fresh_home(tmp_path):
    info = json.loads(run_cli(tmp_path, "db", "info", "--json").stdout)
    assert info["cards"] > 100
    assert (tmp_path / "child-home" / "cache" / "catalog.sqlite").is_file()


def test_what_needs_a_process_gets_one(tmp_path):
    env = child_env(tmp_path)
    assert in_process_ok(("db", "info"), env)
    assert not in_process_ok(("--smoke-test",), env)  # a window
    assert not in_process_ok(("--language", "zh_CN"), env)  # the window in Chinese
    assert in_process_ok(("--help",), env) and in_process_ok(("--version",), env)
    assert not in_process_ok(("recommend", "--report", "r.PDF"), env)  # Qt's application
    assert not in_process_ok(("db", "info"), {**env, "PYTHONIOENCODING": "ascii"})
    assert in_process_ok(("db", "info"), {**env, "LANG": "zh_CN.UTF-8"})
    fakes = {**env, "PYTHONPATH": f"{tmp_path}{os.pathsep}{env['PYTHONPATH']}"}
    assert not in_process_ok(("scan",), fakes)  # modules of its own, seen only by a child


def test_process_tests_are_found_through_the_functions_they_call(tmp_path):
    module = tmp_path / "test_sample.py"
    module.write_text(
        "import subprocess\n"
        "def _child():\n    return subprocess.run(['true'])\n"
        "def _helper():\n    return _child()\n"
        "def test_through_two_helpers():\n    _helper()\n"
        "def test_a_window(tmp_path):\n    run_cli(tmp_path, '--smoke-test')\n"
        "def test_a_pdf(tmp_path):\n    run_cli(tmp_path, 'recommend', '--report', 'a.pdf')\n"
        "def test_in_process(tmp_path):\n    run_cli(tmp_path, 'db', 'info')\n"
        "def test_no_command(tmp_path):\n    run_cli(tmp_path, '--language', 'xx')\n"
        "def test_help(tmp_path):\n    run_cli(tmp_path, '--help')\n"
        "def test_made_at_run_time(tmp_path, args):\n    run_cli(tmp_path, *args)\n",
        encoding="utf-8",
    )
    ast.parse(module.read_text())
    tests = {n for n in process_functions(module) if n.startswith("test_")}
    assert tests == {"test_through_two_helpers", "test_a_window", "test_a_pdf", "test_no_command"}
