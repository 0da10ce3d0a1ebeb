"""The app's own files are never a command's output (issue 42): an export onto the live user
database, the built catalog, the settings or the kiosk configuration is refused as bad usage and
changes nothing; a user database with an index, a view or a trigger of the user's own keeps its
data."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from conftest import child_env, run_cli

from gpuplanner.catalog.userdb import UserDb, user_price
from gpuplanner.core import paths


def _home_with_data(tmp_path: Path) -> tuple[dict[str, str], Path]:
    env = child_env(tmp_path)
    home = Path(env["GPUPLANNER_HOME"])
    db = home / "data" / "gpuplanner.sqlite"
    db.parent.mkdir(parents=True)
    with UserDb(db) as user:
        user.set_user_price(user_price("rtx-4090", 14999.0, "CNY", "new", "2026-01-02"))
    for name in ("config/settings.ini", "config/kiosk.json", "cache/catalog.sqlite"):
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_text("[ui]\nlanguage=zh_CN\n", encoding="utf-8")
    return env, home


@pytest.mark.parametrize(
    "target",
    [
        "data/gpuplanner.sqlite",
        "data/gpuplanner.sqlite-journal",
        "config/settings.ini",
        "config/kiosk.json",
        "cache/catalog.sqlite",
    ],
)
def test_an_export_onto_the_apps_own_files_is_refused_and_changes_nothing(tmp_path, target):
    env, home = _home_with_data(tmp_path)
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    result = run_cli(
        tmp_path, "db", "export-prices", str(home / target), "--pack", "bundled", env=env
    )
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "nothing was changed" in result.stderr
    assert "Traceback" not in result.stderr
    assert {p: p.read_bytes() for p in home.rglob("*") if p.is_file()} == before
    with UserDb(home / "data" / "gpuplanner.sqlite") as user:
        assert user.recovered_from is None
        assert [p.amount for p in user.user_prices()] == [14999.0]


def test_an_export_over_another_sqlite_database_is_refused(tmp_path):
    other = tmp_path / "elsewhere.sqlite"
    UserDb(other).close()
    before = other.read_bytes()
    result = run_cli(tmp_path, "db", "export-prices", str(other), "--shop", "s")
    assert result.returncode == 2 and other.read_bytes() == before


def test_the_bundled_resources_and_the_app_folders_are_the_apps_own(tmp_path, monkeypatch):
    monkeypatch.setenv("GPUPLANNER_HOME", str(tmp_path / "home"))
    assert paths.app_owned(paths.resource_path("catalog", "prices.csv")) is not None
    assert paths.app_owned(tmp_path / "home" / "data" / "gpuplanner.sqlite") is not None
    assert paths.app_owned(tmp_path / "home" / "config" / ".." / "config" / "x") is not None
    assert paths.app_owned(tmp_path / "prices.csv") is None  # the user's own file
    link = tmp_path / "innocent.csv"
    link.symlink_to(tmp_path / "home" / "data" / "gpuplanner.sqlite")
    assert paths.app_owned(link) is not None  # a link is followed to what it would replace


@pytest.mark.parametrize(
    "statement",
    [
        "create index my_idx on pack_prices(amount)",
        "create view cheap as select * from user_prices where amount < 1000",
        "create trigger stamp after insert on probe_runs begin select 1; end",
        "create table my_notes(text)",
    ],
)
def test_a_user_database_with_an_object_of_the_users_own_keeps_its_data(tmp_path, statement):
    db = tmp_path / "data" / "u.sqlite"
    db.parent.mkdir()
    with UserDb(db) as user:
        user.set_user_price(user_price("rtx-4090", 14999.0, "CNY", "new", "2026-01-02"))
    conn = sqlite3.connect(db)
    conn.execute(statement)
    conn.commit()
    conn.close()
    with UserDb(db) as user:
        assert user.recovered_from is None
        assert [p.amount for p in user.user_prices()] == [14999.0]
    assert not list(db.parent.glob("*.corrupt-*"))
    conn = sqlite3.connect(db)
    kept = {row[0] for row in conn.execute("select name from sqlite_master")}
    conn.close()
    assert {"my_idx", "cheap", "stamp", "my_notes"} & kept  # the user's object is still there
