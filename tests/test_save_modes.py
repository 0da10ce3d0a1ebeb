"""Saves keep the old file's mode and owner; new files follow the umask, secrets 0600; the
hidden name fits the file system; debris of killed writers, SQLite journals too, is swept
(issue 42)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest
from conftest import run_cli

from gpuplanner.core import atomic

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX modes and owners")
as_root = pytest.mark.skipif(
    os.name != "posix" or os.geteuid() != 0, reason="giving a file to another owner takes root"
)
OTHER = 4321  # an owner that is not the test's


def _mode(path):
    return stat.S_IMODE(path.stat().st_mode)


@as_root
def test_set_pin_over_a_0600_configuration_keeps_its_mode_and_owner(tmp_path):
    config = tmp_path / "kiosk.json"
    config.write_text(json.dumps({"shop_name": "s"}), encoding="utf-8")
    config.chmod(0o600)
    os.chown(config, OTHER, OTHER)
    result = run_cli(
        tmp_path, "kiosk", "set-pin", "--config", str(config), "--pin-stdin", input="13579\n"
    )
    assert result.returncode == 0, result.stderr
    assert "pin_hash" in json.loads(config.read_text(encoding="utf-8"))
    assert _mode(config) == 0o600
    assert (config.stat().st_uid, config.stat().st_gid) == (OTHER, OTHER)


@as_root
def test_an_export_over_a_0600_file_keeps_its_mode_and_owner(tmp_path):
    out = tmp_path / "prices.csv"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o600)
    os.chown(out, OTHER, OTHER + 1)
    result = run_cli(tmp_path, "db", "export-prices", str(out), "--pack", "bundled")
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8") != "old\n"
    assert _mode(out) == 0o600
    assert (out.stat().st_uid, out.stat().st_gid) == (OTHER, OTHER + 1)


@posix_only
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664, 0o755])
def test_any_mode_survives_a_save(tmp_path, mode):
    target = tmp_path / "f.json"
    target.write_text("{}", encoding="utf-8")
    target.chmod(mode)
    atomic.write_text(target, '{"new": 1}')
    assert _mode(target) == mode


@posix_only
def test_a_new_file_follows_the_umask_and_a_secret_is_the_users_alone(tmp_path):
    code = (
        "import os, sys; from pathlib import Path; from gpuplanner.core import atomic;"
        "os.umask(0o027); d = Path(sys.argv[1]);"
        "atomic.write_text(d / 'plain.csv', 'x');"
        "atomic.write_text(d / 'secret.json', 'x', secret=True)"
    )
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True)
    assert _mode(tmp_path / "plain.csv") == 0o640
    assert _mode(tmp_path / "secret.json") == 0o600


@posix_only
def test_set_pin_creating_a_configuration_makes_it_0600(tmp_path):
    config = tmp_path / "new" / "kiosk.json"
    result = run_cli(
        tmp_path, "kiosk", "set-pin", "--config", str(config), "--pin-stdin", input="13579\n"
    )
    assert result.returncode == 0, result.stderr
    assert _mode(config) == 0o600


@pytest.mark.parametrize("length", [200, 236, 245, 250, 255])
def test_a_valid_long_name_is_saved(tmp_path, length):
    name = "p" * (length - 4) + ".csv"
    target = tmp_path / name
    atomic.write_text(target, "old")
    atomic.write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_long_name_of_wide_characters_is_cut_between_characters(tmp_path):
    name = "价" * 80 + ".csv"  # 244 bytes in UTF-8
    target = tmp_path / name
    with atomic.replacing(target) as tmp:
        assert len(os.fsencode(tmp.name)) <= 255
        tmp.name.encode("utf-8")  # no half character
        tmp.write_text("x", encoding="utf-8")
    assert target.read_text(encoding="utf-8") == "x"


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.parametrize("length", [12, 250])
def test_debris_of_killed_writers_journals_too_is_swept(tmp_path, length):
    target = tmp_path / ("c" * (length - 7) + ".sqlite")
    prefix = atomic._prefix(target)
    dead = _dead_pid()
    debris = [
        tmp_path / f"{prefix}{dead}.0123abcd.tmp",
        tmp_path / f"{prefix}{dead}.0123abcd.tmp-journal",
        tmp_path / f"{prefix}{dead}.4567abcd.tmp-wal",
    ]
    alive = tmp_path / f"{prefix}{os.getppid()}.89abcdef.tmp-journal"  # a writer still running
    for path in [*debris, alive]:
        path.write_bytes(b"x")
    atomic.write_text(target, "new")
    assert not any(p.exists() for p in debris)
    assert alive.exists()


def test_fleet_csv_where_it_cannot_write_names_the_file(tmp_path):
    """Issue 42: ``fleet --csv`` into a folder it cannot write said "cannot write: ..." only."""
    lab = tmp_path / "lab"
    lab.mkdir()
    (lab / "pc1.xml").write_bytes(
        b'<?xml version="1.0" ?><nvidia_smi_log><driver_version>550.54</driver_version>'
        b"<gpu><product_name>NVIDIA GeForce RTX 3090</product_name></gpu></nvidia_smi_log>"
    )
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    target = blocker / "plan.csv"  # a folder that is a file: nothing can be written there
    result = run_cli(tmp_path, "fleet", str(lab), "--budget", "5000", "--csv", str(target))
    assert result.returncode == 1, result.stderr
    assert f"cannot write {target}" in result.stderr and "Traceback" not in result.stderr
