"""Odd, foreign and read-only user databases (issue 30, 9 and 10): every command that opens one
prints a message naming the file and what to do, changes nothing of the user's, and never ends
in a traceback; a finished probe still prints its result."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import stat
import subprocess
import threading
from pathlib import Path

import pytest
from conftest import child_env, run_cli
from helpers.fake_python import fake_python

from gpuplanner.catalog.userdb import UserDb, UserDbError
from gpuplanner.catalog.userdb_schema import MIGRATIONS

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and links")


def _fresh(db: Path) -> sqlite3.Connection:
    UserDb(db).close()
    return sqlite3.connect(db)


def _make(kind: str, db: Path) -> None:
    """A database of one odd kind at ``db``."""
    db.parent.mkdir(parents=True, exist_ok=True)
    statements = {
        "negative-version": "pragma user_version = -3",
        "a-dropped-column": "alter table shop_prices drop column location",
        "a-view-for-a-table": "drop table user_prices; create view user_prices as select 1 as gpu_id",
    }
    if kind in statements:
        conn = _fresh(db)
        conn.executescript(statements[kind])
        conn.commit()
        conn.close()
    elif kind == "version-2-no-tables":
        conn = sqlite3.connect(db)
        conn.execute("pragma user_version = 2")
        conn.commit()
        conn.close()
    elif kind == "a-folder":
        db.mkdir()
    elif kind == "a-dangling-link":
        db.symlink_to(db.with_name("nowhere.sqlite"))
    elif kind == "a-link-loop":
        other = db.with_name("other.sqlite")
        db.symlink_to(other)
        other.symlink_to(db)
    elif kind == "a-fifo":
        os.mkfifo(db)
    elif kind == "damaged-and-the-lock-a-folder":
        db.write_bytes(b"not a database " * 500)
        db.with_name(db.name + ".recover.lock").mkdir()
    else:
        raise AssertionError(kind)


# An index, a view or a trigger of the user's own is kept (issue 42, tests/test_own_files.py).
SET_ASIDE = [  # damaged or foreign: kept as a backup byte for byte, a new database started
    "negative-version",
    "version-2-no-tables",
    "a-dropped-column",
    "a-view-for-a-table",
]
UNUSABLE = [  # nothing SQLite can open, or cannot be set aside: refused, left as it is
    "a-folder",
    "a-dangling-link",
    "a-link-loop",
    "a-fifo",
    "damaged-and-the-lock-a-folder",
]


def _state(folder: Path) -> dict[str, tuple]:
    """What is in the folder: each entry's kind and, for files, its bytes."""
    out = {}
    for entry in sorted(folder.iterdir()):
        info = entry.lstat()
        kind = stat.S_IFMT(info.st_mode)
        data = (
            entry.read_bytes()
            if stat.S_ISREG(info.st_mode)
            else os.readlink(entry)
            if entry.is_symlink()
            else None
        )
        out[entry.name] = (kind, data)
    return out


@posix_only
@pytest.mark.parametrize("kind", SET_ASIDE)
def test_a_foreign_or_damaged_schema_is_set_aside_whole(tmp_path, kind):
    db = tmp_path / "data" / "u.sqlite"
    _make(kind, db)
    original = db.read_bytes()
    with UserDb(db) as user:
        assert user.recovered_from is not None
        assert user.recovered_from.read_bytes() == original
        assert user.shops() == []  # the new database works
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("pragma user_version").fetchone()[0] == len(MIGRATIONS)
    finally:
        conn.close()


@posix_only
@pytest.mark.parametrize("kind", UNUSABLE)
def test_what_sqlite_cannot_use_is_refused_by_name_and_left_as_it_is(tmp_path, kind):
    db = tmp_path / "data" / "u.sqlite"
    _make(kind, db)
    before = _state(db.parent)
    outcome: list[BaseException | UserDb] = []

    def open_it() -> None:  # in a thread: a FIFO once made SQLite wait for ever
        try:
            outcome.append(UserDb(db))
        except BaseException as exc:
            outcome.append(exc)

    opener = threading.Thread(target=open_it, daemon=True)
    opener.start()
    opener.join(20)
    assert outcome, "opening the database hung"
    refused = outcome[0]
    assert isinstance(refused, UserDbError), refused
    assert str(db) in str(refused)
    assert "Move it away" in str(refused)
    assert _state(db.parent) == before


@posix_only
@pytest.mark.slow
@pytest.mark.parametrize("kind", SET_ASIDE[:2] + UNUSABLE)
def test_every_command_over_an_odd_database_says_so_without_a_traceback(tmp_path, kind):
    env = child_env(tmp_path)
    db = Path(env["GPUPLANNER_HOME"]) / "data" / "gpuplanner.sqlite"
    commands = [
        ["db", "packs"],
        ["recommend", "--scenario", "student", "--budget", "3000", "--currency", "CNY"],
        ["probe", "--python", str(fake_python(tmp_path, "forks_then_exits.py")), "--timeout", "30"],
    ]
    for command in commands:
        shutil.rmtree(db.parent, ignore_errors=True)  # each command meets the odd file
        _make(kind, db)
        result = run_cli(tmp_path, *command, env=env, timeout=60)
        assert "Traceback" not in result.stderr, (command, result.stderr)
        assert str(db) in result.stderr, (command, result.stderr)
        if command[0] == "probe":  # the measurement is shown whatever the history does
            assert result.stdout.startswith("Probe ("), result.stdout
        if kind in UNUSABLE and command[0] != "probe":
            assert result.returncode == 1


# -- a read-only home ---------------------------------------------------------------------------


@contextlib.contextmanager
def _read_only(folder: Path):
    """Make ``folder`` read-only for this process: a read-only bind mount when running as root
    (root writes through file modes), else the modes themselves."""
    if os.geteuid() == 0:
        shadow = folder.with_name(folder.name + "-source")
        folder.rename(shadow)
        folder.mkdir()
        mounted = subprocess.run(["mount", "--bind", str(shadow), str(folder)], capture_output=True)
        if mounted.returncode != 0:
            folder.rmdir()
            shadow.rename(folder)
            pytest.skip("root without mount: no way to make a read-only folder")
        try:
            subprocess.run(["mount", "-o", "remount,ro,bind", str(folder)], check=True)
            yield
        finally:
            subprocess.run(["umount", str(folder)], check=False)
            folder.rmdir()
            shadow.rename(folder)
    else:
        modes = {p: p.stat().st_mode for p in [folder, *folder.rglob("*")]}
        for path in modes:
            path.chmod(stat.S_IMODE(modes[path]) & ~0o222)
        try:
            yield
        finally:
            for path, mode in modes.items():
                path.chmod(stat.S_IMODE(mode))


def _old_schema(db: Path) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db)
    conn.executescript(MIGRATIONS[0])
    conn.execute("pragma user_version = 1")
    conn.commit()
    conn.close()


@posix_only
@pytest.mark.slow
@pytest.mark.parametrize("database", ["none", "older-schema", "current"])
def test_a_read_only_home_plans_and_refuses_writes_by_name(tmp_path, database):
    env = child_env(tmp_path)
    home = Path(env["GPUPLANNER_HOME"])
    home.mkdir()
    db = home / "data" / "gpuplanner.sqlite"
    if database == "older-schema":
        _old_schema(db)
    elif database == "current":
        UserDb(db).close()
    prices = tmp_path / "list.csv"
    prices.write_text("product,price\nRTX 4090,14999\n", encoding="utf-8")
    before = db.read_bytes() if db.exists() else None
    with _read_only(home):
        plan = run_cli(
            tmp_path,
            "recommend",
            "--scenario",
            "student",
            "--budget",
            "3000",
            "--currency",
            "CNY",
            env=env,
            timeout=120,
        )
        assert plan.returncode == 0, plan.stderr
        assert "Traceback" not in plan.stderr
        if database == "older-schema":
            assert str(db) in plan.stderr and "bundled prices only" in plan.stderr
        imported = run_cli(
            tmp_path, "db", "import-prices", str(prices), "--shop", "s", env=env, timeout=120
        )
        assert imported.returncode == 1
        assert "Traceback" not in imported.stderr
        assert str(db) in imported.stderr and "read-only" in imported.stderr
    assert (db.read_bytes() if db.exists() else None) == before


@posix_only
def test_the_window_settings_open_in_a_read_only_home(tmp_path, monkeypatch):
    from gpuplanner.ui.settings import open_settings

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("GPUPLANNER_HOME", str(home))
    with _read_only(home):
        settings = open_settings()
        settings.setValue("language", "zh_CN")
        assert settings.value("language") == "zh_CN"
    assert not (home / "config").exists()
    shutil.rmtree(home)
