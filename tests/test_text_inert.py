"""Text inert everywhere (issue 51): `--shop "esc\\x1b[31mshop"` was stored raw and its ESC
reached the HTML report. A control character or a bidirectional mark is neutralised where a
user's string enters (a shop's name on the command line, in the window's import or in the
kiosk's configuration; a file's name; a Python's path), not only where it is printed."""

from __future__ import annotations

import shutil
import sqlite3

import pytest
from conftest import REPO_ROOT, child_env, run_cli
from helpers.kiosk import write_config

from gpuplanner.app import catalog_admin
from gpuplanner.catalog.userdb import UserDb, default_path
from gpuplanner.kiosk.config import load_config
from gpuplanner.probe.runner import ProbeRunner

HOSTILE = ("\x1b", "\u202e", "\u2066", "\x9b", "\x07", "\x00")
SHOP = "esc\x1b[31mshop\u202e\x9b\x07"
EXAMPLE = REPO_ROOT / "resources" / "kiosk" / "example-prices.csv"


def _inert(text: str) -> bool:
    return not any(ch in text for ch in HOSTILE)


def test_a_shop_named_on_the_command_line_is_stored_and_reported_inert(tmp_path):
    env = child_env(tmp_path)
    imported = run_cli(tmp_path, "db", "import-prices", str(EXAMPLE), "--shop", SHOP, env=env)
    assert imported.returncode == 0, imported.stderr
    report = tmp_path / "plan.html"
    plan = ["recommend", "--scenario", "student", "--currency", "CNY", "--report", str(report)]
    assert run_cli(tmp_path, *plan, env=env).returncode == 0
    html = report.read_text(encoding="utf-8")
    assert "esc[31mshop" in html and _inert(html)
    exported = tmp_path / "out.csv"
    again = run_cli(tmp_path, "db", "export-prices", str(exported), "--shop", SHOP, env=env)
    assert again.returncode == 0, again.stderr  # the same name finds the same shop


def test_a_shop_and_a_file_named_through_the_app_are_kept_inert(tmp_path):
    listed = tmp_path / "list\x1b]0;title\x07\u202e.csv"
    shutil.copyfile(EXAMPLE, listed)
    _, count = catalog_admin.import_shop_list(listed, SHOP, "CNY")
    assert count
    with UserDb() as user:
        assert user.shops() == ["esc[31mshop"]
        assert user.shop_rows(SHOP)  # found by the name as typed
    conn = sqlite3.connect(default_path())
    (file_name,) = conn.execute("select file_name from price_imports").fetchone()
    conn.close()
    assert file_name.startswith("list]0;title") and _inert(file_name)


def test_a_shop_named_in_the_kiosk_configuration_is_inert(tmp_path):
    config = load_config(write_config(tmp_path, shop_name=f"  {SHOP}  "))
    assert config.shop_name == "esc[31mshop"
    with pytest.raises(Exception, match="shop_name"):
        load_config(write_config(tmp_path, shop_name="\x1b\u202e"))


def test_a_machine_named_for_its_file_is_inert(tmp_path):
    folder = tmp_path / "lab"
    folder.mkdir()
    source = REPO_ROOT / "tests" / "fixtures"
    report = next(source.rglob("*.xml"))
    shutil.copyfile(report, folder / "pc\x1b[2J\u202e1.xml")
    result = run_cli(tmp_path, "fleet", str(folder), "--html", str(tmp_path / "lab.html"))
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "lab.html").read_text(encoding="utf-8")
    assert "pc[2J1" in html and _inert(html)


def test_a_python_path_is_kept_inert_in_the_result(tmp_path):
    odd = tmp_path / "py\x1b[31m\u202e"
    result = ProbeRunner(python=str(odd)).run()
    assert result.status == "bad-python"
    assert _inert(result.python) and _inert(result.message)
    assert "py[31m" in result.message


def test_a_python_path_of_a_finished_probe_is_kept_inert(tmp_path):
    from helpers.fake_python import fake_python

    python = fake_python(tmp_path, "finishes.py").rename(tmp_path / "python\x1b[31m\u202e")
    result = ProbeRunner(python=str(python)).run()
    assert result.status == "ok", result.message
    assert result.python.endswith("python[31m") and _inert(result.python)
