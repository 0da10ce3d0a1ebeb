"""One mapping from a user's error to its line and exit status: commands/output.py guard."""

from __future__ import annotations

import re

from conftest import REPO_ROOT, run_cli


def test_every_command_module_uses_the_one_guard():
    commands = REPO_ROOT / "gpuplanner" / "commands"
    guards = [
        f"{p.name}: {m.group(0)}"
        for p in commands.glob("*.py")
        for m in re.finditer(r"^def \w*guard\w*\(", p.read_text(encoding="utf-8"), re.M)
    ]
    assert guards == ["output.py: def guard("], guards


def test_the_fleet_and_db_commands_report_through_it(tmp_path):
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    result = run_cli(tmp_path, "fleet", str(tmp_path / "bad.json"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("gpuplanner: ")
    result = run_cli(tmp_path, "db", "import-prices", str(tmp_path / "bad.json"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
