"""Full disks, read-only and missing folders (issue 18.9): one clear line, exit code 1, nothing
half-written and no temporary file left behind."""

from __future__ import annotations

import errno
import json
import sqlite3

import pytest
from catalog_helpers import CSV_DIR
from conftest import run_cli

from gpuplanner.catalog import build
from gpuplanner.kiosk.config import load_config

UNWRITABLE = "/dev/full/out"  # a file where a folder should be: "Not a directory"


def _no_traceback(result) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["db", "export-prices", f"{UNWRITABLE}.csv", "--pack", "bundled"],
        ["db", "build", "--output", f"{UNWRITABLE}.sqlite"],
    ],
)
def test_db_commands_writing_where_they_cannot_say_so(tmp_path, args):
    result = run_cli(tmp_path, *args)
    _no_traceback(result)
    assert "cannot write" in result.stderr or "cannot write" in result.stdout


@pytest.mark.slow
def test_scan_save_where_it_cannot_says_so(tmp_path):
    report = tmp_path / "a.xml"
    report.write_bytes(
        b'<?xml version="1.0" ?><nvidia_smi_log><driver_version>550.54</driver_version>'
        b"<gpu><product_name>NVIDIA GeForce RTX 3090</product_name></gpu></nvidia_smi_log>"
    )
    result = run_cli(tmp_path, "scan", "--from", str(report), "--save", f"{UNWRITABLE}.json")
    _no_traceback(result)
    assert "cannot save" in result.stderr


def test_a_full_disk_during_a_catalog_build_leaves_no_temporary_file(tmp_path, monkeypatch):
    out = tmp_path / "cache" / "catalog.sqlite"
    real_connect = sqlite3.connect

    def full(path, *args, **kwargs):
        conn = real_connect(path, *args, **kwargs)
        conn.execute("pragma max_page_count = 8")  # "database or disk is full" soon
        return conn

    monkeypatch.setattr(build.sqlite3, "connect", full)
    for _ in range(3):  # once left a new .catalog.sqlite.<pid>.tmp on every try
        with pytest.raises(sqlite3.OperationalError, match="full"):
            build.build_database(CSV_DIR, out)
    assert sorted(p.name for p in out.parent.iterdir()) == []


def test_a_failed_write_keeps_the_catalog_already_there(tmp_path, monkeypatch):
    out = tmp_path / "catalog.sqlite"
    build.build_database(CSV_DIR, out)
    before = out.read_bytes()

    def broken(tmp_path_, data, digest):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(build, "_write_database", broken)
    with pytest.raises(OSError, match="No space"):
        build.build_database(CSV_DIR, out)
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["catalog.sqlite"]


@pytest.mark.slow
def test_set_pin_recovers_an_empty_configuration_and_refuses_a_broken_one(tmp_path):
    config = tmp_path / "kiosk" / "kiosk.json"
    config.parent.mkdir()
    config.write_bytes(b"")  # what an interrupted save by an older version left
    result = run_cli(
        tmp_path, "kiosk", "set-pin", "--config", str(config), "--pin-stdin", input="2468\n"
    )
    assert result.returncode == 0, result.stderr
    assert load_config(config).pin_hash.startswith("pbkdf2_sha256$")
    assert json.loads(config.read_text(encoding="utf-8"))["shop_name"]  # the example's settings

    config.write_text('{"shop_name": "Lab", broken', encoding="utf-8")
    before = config.read_bytes()
    result = run_cli(
        tmp_path, "kiosk", "set-pin", "--config", str(config), "--pin-stdin", input="2468\n"
    )
    _no_traceback(result)
    assert "not valid JSON" in result.stderr and "broken" not in result.stderr  # no echo
    assert config.read_bytes() == before

    result = run_cli(
        tmp_path,
        "kiosk",
        "set-pin",
        "--config",
        f"{UNWRITABLE}.json",
        "--pin-stdin",
        input="2468\n",
    )
    _no_traceback(result)
    assert "the PIN was not changed" in result.stderr


_PDF_CHILD = """
import os, resource, signal, sys
from pathlib import Path
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtGui import QGuiApplication
from gpuplanner.report.files import write_pdf
app = QGuiApplication([])
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails as on a full disk
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), resource.RLIM_INFINITY))
try:
    write_pdf(Path(sys.argv[1]), "<h1>Plan</h1>" + "<p>RTX 4090 24 GB, 1,599 USD</p>" * 400)
except OSError as exc:
    print(exc.strerror)
    sys.exit(1)
"""


@pytest.mark.slow
@pytest.mark.parametrize("room", [0, 4000])
def test_a_pdf_that_qt_could_not_finish_is_an_error_and_keeps_the_old_file(tmp_path, room):
    """Issue 30 (1): Qt's PDF writer fails silently on a full disk; the save must not."""
    import subprocess
    import sys

    from conftest import child_env

    old = tmp_path / "r.pdf"
    old.write_bytes(b"%PDF-1.4 the report from yesterday %%EOF")
    result = subprocess.run(
        [sys.executable, "-c", _PDF_CHILD, str(old), str(room)],
        capture_output=True,
        text=True,
        timeout=120,
        env=child_env(tmp_path),
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "cut short" in result.stdout
    assert old.read_bytes() == b"%PDF-1.4 the report from yesterday %%EOF"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".r.pdf")] == []
