"""Full disks, read-only and missing folders (issue 18.9): one clear line, exit code 1, nothing
half-written and no temporary file left behind."""

from __future__ import annotations

import contextlib
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

    def broken(_path, _data, _digest):
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


@pytest.fixture
def full_disk(tmp_path):
    """A real file system of 2 MB, filled to the last byte by the test when it wants: a tmpfs
    (root, as CI runs) — ENOSPC as a full disk gives it, not a simulation."""
    import os
    import subprocess

    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode().strip()}")

    def fill() -> None:
        fd = os.open(mount / "filler", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            for size in (65536, 4096, 512, 1):
                with contextlib.suppress(OSError):
                    while True:
                        os.write(fd, b"\0" * size)
        finally:
            os.close(fd)

    try:
        yield mount, fill
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _old_schema(db):
    from gpuplanner.catalog.userdb_schema import MIGRATIONS

    db.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db)
    conn.executescript(MIGRATIONS[0])
    conn.executemany(
        "insert into shops(name, created) values (?, '2026-01-01')",
        [(f"s{i}",) for i in range(200)],
    )
    conn.execute("pragma user_version = 1")
    conn.commit()
    conn.close()


@pytest.mark.slow
def test_a_migration_on_a_full_disk_changes_nothing_and_says_so(tmp_path, full_disk):
    """Issue 30 (18): once "cannot write the output" and a 0-byte .corrupt-* file."""
    from conftest import child_env

    mount, fill = full_disk
    env = child_env(tmp_path, GPUPLANNER_HOME=str(mount / "home"))
    db = mount / "home" / "data" / "gpuplanner.sqlite"
    _old_schema(db)
    (mount / "home" / "logs").mkdir()
    before = db.read_bytes()
    fill()
    packs = run_cli(tmp_path, "db", "packs", env=env)
    _no_traceback(packs)
    assert "is full; nothing was changed" in packs.stderr and str(db) in packs.stderr
    plan = run_cli(tmp_path, "recommend", "--scenario", "student", "--budget", "3000", env=env)
    assert plan.returncode == 0, plan.stderr  # planned with the bundled prices, and said so
    assert "bundled prices only" in plan.stderr
    assert db.read_bytes() == before
    # Nothing beside it but the empty lock every copy opens it under (userdb.py:_open_first).
    lock = db.with_name(db.name + ".recover.lock")
    assert sorted(p.name for p in db.parent.iterdir()) == [db.name, lock.name]
    assert lock.stat().st_size == 0


@pytest.mark.slow
def test_exports_and_set_pin_on_a_full_disk_leave_nothing_half_written(tmp_path, full_disk):
    mount, fill = full_disk
    listing = tmp_path / "list.csv"
    listing.write_text("product,price\nRTX 4090,14999\nRTX 3060 12GB,1999\n", encoding="utf-8")
    assert run_cli(tmp_path, "db", "import-prices", str(listing), "--shop", "s").returncode == 0
    fill()
    for out in ("prices.xlsx", "prices.csv"):
        result = run_cli(tmp_path, "db", "export-prices", str(mount / out), "--shop", "s")
        _no_traceback(result)
        assert "Exception ignored" not in result.stderr
        assert "cannot write" in result.stderr
    config = mount / "kiosk" / "kiosk.json"
    with contextlib.suppress(OSError):
        config.parent.mkdir()
    result = run_cli(
        tmp_path, "kiosk", "set-pin", "--config", str(config), "--pin-stdin", input="2468\n"
    )
    _no_traceback(result)
    assert "the PIN was not changed" in result.stderr
    leftovers = [p for p in mount.rglob("*") if p.is_file() and not p.name.startswith("filler")]
    assert leftovers == []
