"""The smaller defects of issue 51 (its item 9), each with its test."""

from __future__ import annotations

import io
import os
import shutil
import stat
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import run_cli

from gpuplanner.catalog.pricefile import PriceListError, read_rows
from gpuplanner.core import atomic
from gpuplanner.hardware.snapshot import SnapshotError, load_file, load_paths
from gpuplanner.probe.runner import ProbeRunner

FIXTURES = Path(__file__).parent / "fixtures"

PACK = """# gpuplanner price pack: 1
# name: big-numbers
# published: 2026-11-20
# publisher: a test
# description: amounts that %g once shortened
# region: CN
# currency: CNY
# condition: new
# source: a test
# date: 2026-11-18
gpu,amount,currency,condition,region,source,date,note
H100 SXM5 80 GB,234567.89,,,,,,
B200,1234567,,,,,,
"""


def test_the_import_preview_shows_amounts_as_they_are(tmp_path):
    pack = tmp_path / "pack.csv"
    pack.write_text(PACK, encoding="utf-8")
    result = run_cli(tmp_path, "db", "import-prices", str(pack), "--preview")
    assert result.returncode == 0, result.stderr
    assert "234567.89 CNY" in result.stdout and "1234567 CNY" in result.stdout
    assert "234568" not in result.stdout and "e+06" not in result.stdout


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_link_loop_in_a_lab_folder_counts_each_machine_once(tmp_path):
    lab = tmp_path / "lab"
    (lab / "room").mkdir(parents=True)
    report = next((FIXTURES / "nvidia-smi-q-x").glob("*.xml"))
    shutil.copyfile(report, lab / "room" / "pc1.xml")
    (lab / "room" / "back").symlink_to(lab, target_is_directory=True)
    (lab / "same.xml").symlink_to(lab / "room" / "pc1.xml")
    result = load_paths([lab])
    assert [Path(file).name for file, _ in result.snapshots] == ["pc1.xml"]
    said = {e.file: e.reason for e in result.errors}
    assert "read already" in said["room/back"] and "read already" in said["same.xml"]


def test_an_empty_python_is_named_as_none(tmp_path):
    result = ProbeRunner(python="").run()
    assert result.status == "bad-python" and "no Python was named" in result.message
    assert "folder" not in result.message


def test_a_workbook_of_empty_parts_says_parts_not_megabytes(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as book:
        for number in range(10_001):
            book.writestr(f"x/{number}", b"")
    path = tmp_path / "parts.xlsx"
    path.write_bytes(buffer.getvalue())
    with pytest.raises(PriceListError, match="10,001 parts") as refused:
        read_rows(path)
    assert "0 MB" not in str(refused.value)


def test_a_csv_of_carriage_returns_only_is_read(tmp_path):
    path = tmp_path / "mac.csv"
    path.write_bytes(b"product,price\rRTX 3060,1999\rRTX 4090,12999\r")
    rows, kind, _ = read_rows(path)
    assert kind == "csv" and rows[1:] == [["RTX 3060", "1999"], ["RTX 4090", "12999"]]


def test_utf16_without_its_mark_is_read_not_called_binary(tmp_path):
    path = tmp_path / "powershell.csv"
    path.write_bytes("product,price\r\nRTX 3060,1999\r\n".encode("utf-16-le"))
    rows, _, encoding = read_rows(path)
    assert encoding == "utf-16" and rows[1] == ["RTX 3060", "1999"]


def test_a_number_of_thousands_of_digits_is_said_in_words(tmp_path):
    path = tmp_path / "long.json"
    path.write_text('{"kind": "gpuplanner-snapshot", "version": ' + "9" * 5000 + "}")
    with pytest.raises(SnapshotError) as refused:
        load_file(path)
    assert "5,000 digits" in str(refused.value)
    assert "set_int_max_str_digits" not in str(refused.value)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_a_secret_written_over_a_readable_file_is_the_owners_only(tmp_path):
    config = tmp_path / "kiosk.json"
    config.write_text("{}", encoding="utf-8")
    config.chmod(0o644)
    atomic.write_text(config, '{"pin_hash": "x"}', secret=True)
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    plain = tmp_path / "plain.txt"
    plain.write_text("a", encoding="utf-8")
    plain.chmod(0o644)
    atomic.write_text(plain, "b")
    assert stat.S_IMODE(plain.stat().st_mode) == 0o644  # what is not a secret keeps its mode


def test_a_budget_of_a_typo_is_refused_in_words(tmp_path):
    result = run_cli(tmp_path, "recommend", "--scenario", "student", "--budget", "1e30")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "more than any plan here can spend" in result.stderr
    assert "1,000,000,000,000,000,019" not in result.stdout + result.stderr


def test_a_supply_of_a_typo_is_refused_in_words(tmp_path):
    result = run_cli(tmp_path, "recommend", "--scenario", "student", "--psu-watts", "1e9")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "more than any is rated" in result.stderr


def test_a_saved_machine_entry_outside_the_windows_range_is_set_aside():
    from gpuplanner.app.saved_entries import saved_entry

    assert saved_entry("psu_watts", "-350") is None
    assert saved_entry("psu_watts", "1e309") is None and saved_entry("psu_watts", "nan") is None
    assert saved_entry("psu_watts", "850") == 850
    assert saved_entry("free_slots", "0") == 0 and saved_entry("free_slots", "99") is None


def test_an_empty_gpuplanner_home_is_refused_not_taken_as_unset(tmp_path):
    from conftest import child_env

    home = tmp_path / "real-home"
    home.mkdir()
    env = child_env(tmp_path, GPUPLANNER_HOME="", HOME=str(home))
    result = run_cli(tmp_path, "db", "info", env=env)
    assert result.returncode == 1 and "GPUPLANNER_HOME is set but empty" in result.stderr
    assert list(home.iterdir()) == []  # nothing written to the user's own folders


def test_a_kept_machine_entry_outside_the_windows_range_is_set_aside():
    # The entries are kept per machine now (issue 50): a hand-edited book is read the same way.
    from gpuplanner.app.machine_entries import MachineEntries, apply_entries
    from gpuplanner.app.session import Session

    session = Session(currency="USD", language="en")
    apply_entries(session, MachineEntries(psu_watts=-350, free_slots=3, gpu_clearance_mm=9999))
    assert session.psu_watts is None and session.gpu_clearance_mm is None
    assert session.free_slots == 3
