"""Every stored value checked on the way out (issue 51): a row of the user's database whose value
is not of its column's kind (text or a blob where an amount belongs, NaN, infinity, zero or
less) is set aside with one sentence naming it, and never reaches planning; the tables' checks
use typeof(), so a new row cannot be wrong; a file holding such a row is not "damaged"."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from conftest import child_env, run_cli

from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.catalog.userdb import UserDb, default_path
from gpuplanner.catalog.userdb_schema import MIGRATIONS

CARD = "geforce-rtx-3060-12-gb"
NAME = "GeForce RTX 3060 12 GB"
PLAN = ["recommend", "--scenario", "student", "--budget", "3000", "--currency", "CNY"]
# What an older version's `check (amount > 0)` let in, or another program wrote past it.
HOSTILE = {
    "text": ("abc", "'abc'"),
    "blob": (b"\x00\x01", "x'0001'"),
    "nan": ("NaN", "'NaN'"),
    "negative": (-350.0, "-350.0"),
    "infinity": (float("inf"), "inf"),
}


def _plant(path: Path, table: str, value: object) -> None:
    """One row with ``value`` for its number, written past the table's checks."""
    conn = sqlite3.connect(path)
    conn.execute("pragma ignore_check_constraints = on")
    if table == "user_prices":
        conn.execute(
            "insert into user_prices(gpu_id, amount, currency, condition, date)"
            " values (?, ?, 'CNY', 'new', '2025-06-01')",
            (CARD, value),
        )
    else:
        conn.execute(
            "insert into price_packs(name, version, published, publisher, description,"
            " file_name, imported_at) values ('odd', 1, '2025-06-01', 'x', 'd', 'f.csv', 'x')"
        )
        if table == "pack_prices":
            conn.execute(
                "insert into pack_prices(pack_id, line, gpu_id, amount, currency, condition,"
                " region, source, date) values (1, 2, ?, ?, 'CNY', 'new', 'CN', 's', '2025-06-01')",
                (CARD, value),
            )
        elif table == "pack_fx":
            conn.execute(
                "insert into pack_fx(pack_id, base, quote, rate, date, source)"
                " values (1, 'USD', 'CNY', ?, '2025-06-01', 's')",
                (value,),
            )
        else:
            conn.execute("insert into shops(name, created) values ('corner', '2025-06-01')")
            conn.execute(
                "insert into shop_prices(shop_id, line, product_name, gpu_id, match_confidence,"
                " amount, currency, condition) values (1, 2, 'RTX 3060', ?, 1.0, ?, 'CNY', 'new')",
                (CARD, value),
            )
    conn.commit()
    conn.close()


def _fresh(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    UserDb(path).close()
    return path


@pytest.mark.parametrize("kind", sorted(HOSTILE))
@pytest.mark.parametrize("table", ["user_prices", "pack_prices", "shop_prices", "pack_fx"])
def test_a_stored_value_not_of_its_kind_is_set_aside_and_never_planned(table, kind):
    value, shown = HOSTILE[kind]
    _plant(_fresh(default_path()), table, value)
    loaded = load_catalog(strict=True)
    assert loaded.recovered_from is None  # the file is sound: nothing of it set aside
    assert len(loaded.ignored) == 1
    ignored = loaded.ignored[0]
    assert (ignored.table, ignored.value) == (table, shown)
    assert ignored.column == ("rate" if table == "pack_fx" else "amount")
    planned = (*loaded.data.prices, *loaded.shop_prices)
    assert not [p for p in planned if p.origin in ("user", "pack", "shop")]
    assert all(isinstance(r.rate, float) for r in loaded.data.fx_rates)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_recommend_plans_on_and_names_each_row_it_ignored(tmp_path, kind):
    value, shown = HOSTILE[kind]
    env = child_env(tmp_path)
    path = _fresh(Path(env["GPUPLANNER_HOME"]) / "data" / "gpuplanner.sqlite")
    _plant(path, "user_prices", value)
    _plant(path, "pack_prices", value)
    result = run_cli(tmp_path, *PLAN, "--json", env=env)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert json.loads(result.stdout)["options"]  # the plan made
    warnings = [line for line in result.stderr.splitlines() if "was ignored" in line]
    assert len(warnings) == 2, result.stderr
    user, pack = sorted(warnings, reverse=True)
    assert f"Your stored price of {NAME} was ignored: its amount is {shown}" in user
    assert f'gpuplanner db prices "{NAME}" --forget' in user
    assert f"A price of {NAME} in price pack odd was ignored: its amount is {shown}" in pack
    assert "gpuplanner db packs --remove odd" in pack
    # The sentences' ways out work, and then nothing is said.
    assert run_cli(tmp_path, "db", "prices", NAME, "--forget", env=env).returncode == 0
    assert run_cli(tmp_path, "db", "packs", "--remove", "odd", env=env).returncode == 0
    again = run_cli(tmp_path, *PLAN, env=env)
    assert again.returncode == 0 and "was ignored" not in again.stderr


def test_db_prices_json_over_a_stored_blob(tmp_path):
    env = child_env(tmp_path)
    _plant(
        _fresh(Path(env["GPUPLANNER_HOME"]) / "data" / "gpuplanner.sqlite"), "user_prices", b"\x01"
    )
    result = run_cli(tmp_path, "db", "prices", NAME, "--json", env=env)
    assert result.returncode == 0, result.stderr
    prices = json.loads(result.stdout)["prices"]
    assert prices and all(isinstance(p["amount"], float | int) for p in prices)
    assert "its amount is x'01'" in result.stderr


def test_the_tables_refuse_a_new_row_not_of_its_kind():
    path = _fresh(default_path())
    conn = sqlite3.connect(path)
    for value in ("abc", b"\x00", -1.0, float("inf"), "12.5x"):
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(
                "insert into user_prices(gpu_id, amount, currency, condition, date)"
                " values (?, ?, 'CNY', 'new', '2025-06-01')",
                (CARD, value),
            )
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute(
            "insert into user_prices(gpu_id, amount, currency, condition, date)"
            " values (?, 100.0, 'CNY', 'new', x'00')",
            (CARD,),
        )
    conn.execute(  # a number as text is still a number: REAL affinity stores it as one
        "insert into user_prices(gpu_id, amount, currency, condition, date)"
        " values (?, '1999', 'CNY', 'new', '2025-06-01')",
        (CARD,),
    )
    conn.commit()
    conn.close()
    with UserDb(path) as user:
        assert [p.amount for p in user.user_prices()] == [1999.0]
        assert user.ignored == []


def test_an_older_file_keeps_its_odd_rows_and_the_users_own_index_through_the_migration():
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    for migration in MIGRATIONS[:3]:
        conn.executescript(migration)
    conn.execute("pragma user_version = 3")
    conn.execute("create index my_amounts on pack_prices(amount)")
    conn.commit()
    conn.close()
    _plant(path, "user_prices", "abc")  # what schema 3's `check (amount > 0)` let in
    _plant(path, "pack_prices", -5.0)  # and what it did not, written past it
    with UserDb(path) as user:
        assert user.recovered_from is None
        assert user.user_prices() == [] and user.pack_prices() == []
        assert [(i.table, i.value) for i in user.ignored] == [
            ("user_prices", "'abc'"),
            ("pack_prices", "-5.0"),
        ]
    # Read from the file itself: migrated to the newest schema, the bad rows kept.
    conn = sqlite3.connect(path)
    assert conn.execute("pragma user_version").fetchone()[0] == len(MIGRATIONS)
    for table in ("user_prices", "pack_prices"):
        assert conn.execute(f"select count(*) from {table}").fetchone()[0] == 1
    names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'index'")}
    conn.close()
    assert {"my_amounts", "pack_prices_gpu", "shop_prices_gpu"} <= names


def test_a_column_the_user_added_does_not_stop_the_migration():
    """check_schema keeps what the user added (issue 42); the migration copies our columns by
    name, so a table with one more column is made again, not set aside as damaged."""
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    for migration in MIGRATIONS[:3]:
        conn.executescript(migration)
    conn.execute("pragma user_version = 3")
    conn.execute("alter table shop_prices add column my_note text")
    conn.execute("insert into shops(name, created) values ('corner', '2025-06-01')")
    conn.execute(
        "insert into shop_prices(shop_id, line, product_name, gpu_id, match_confidence, amount,"
        " currency, condition, my_note) values (1, 2, 'RTX 3060', ?, 1.0, 1999.0, 'CNY', 'new', 'x')",
        (CARD,),
    )
    conn.commit()
    conn.close()
    with UserDb(path) as user:
        assert user.recovered_from is None
        assert [p.amount for p in user.shop_prices()] == [1999.0]
    conn = sqlite3.connect(path)
    assert conn.execute("pragma user_version").fetchone()[0] == len(MIGRATIONS)
    conn.close()
