"""The user database's schema, as the migrations that build it: each a step from the one before;
and the check that a file holds it (its tables and columns, nothing acting on them).

A migration is never edited once released; a change is a new one at the end, and
``PRAGMA user_version`` records how many have run (userdb.py applies them).
"""

from __future__ import annotations

import sqlite3
from functools import cache


def _amount(column: str) -> str:
    """A positive, finite real: not text, not a blob, not NaN (stored as NULL), not infinity."""
    return f"typeof({column}) = 'real' and {column} > 0 and {column} < 1e999"


def _integer(column: str) -> str:
    return f"typeof({column}) = 'integer'"


def _text(column: str) -> str:
    return f"typeof({column}) = 'text'"


MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema
    """
    create table shops (
        id integer primary key,
        name text not null unique,
        created text not null
    );
    create table shop_prices (
        id integer primary key,
        shop_id integer not null references shops(id) on delete cascade,
        line integer not null,
        product_name text not null,
        gpu_id text,
        match_confidence real not null,
        amount real not null check (amount > 0),
        currency text not null,
        condition text not null,
        sku text,
        stock integer,
        location text
    );
    create index shop_prices_gpu on shop_prices(gpu_id, currency);
    create table price_imports (
        id integer primary key,
        shop_id integer not null references shops(id) on delete cascade,
        file_name text not null,
        imported_at text not null,
        row_count integer not null,
        report_json text not null
    );
    create table plans (
        id integer primary key,
        created text not null,
        name text not null,
        request_json text not null,
        plan_json text not null
    );
    create table scans (
        id integer primary key,
        created text not null,
        machine text not null,
        snapshot_json text not null
    );
    create table probe_runs (
        id integer primary key,
        created text not null,
        python text not null,
        result_json text not null
    );
    """,
    # 2: price packs (dated market prices and exchange rates, docs/PRICES.md)
    """
    create table price_packs (
        id integer primary key,
        name text not null unique,
        version integer not null,
        published text not null,
        publisher text not null,
        description text not null,
        file_name text not null,
        imported_at text not null
    );
    create table pack_prices (
        id integer primary key,
        pack_id integer not null references price_packs(id) on delete cascade,
        line integer not null,
        gpu_id text not null,
        amount real not null check (amount > 0),
        currency text not null,
        condition text not null,
        region text not null,
        source text not null,
        date text not null,
        note text
    );
    create index pack_prices_gpu on pack_prices(gpu_id);
    create table pack_fx (
        pack_id integer not null references price_packs(id) on delete cascade,
        base text not null,
        quote text not null,
        rate real not null check (rate > 0),
        date text not null,
        source text not null
    );
    """,
    # 3: the range each pack price's source saw; prices the user typed in (their own, dated)
    """
    alter table pack_prices add column low real;
    alter table pack_prices add column high real;
    create table user_prices (
        id integer primary key,
        gpu_id text not null,
        amount real not null check (amount > 0),
        currency text not null,
        condition text not null,
        date text not null,
        unique (gpu_id, currency, condition)
    );
    """,
    # 4: the price tables check each value's kind with typeof(): `check (amount > 0)` let text
    # and blobs through (text sorts above every number in SQLite), and every plan then failed
    # (issue 51). Each table is made again and its rows copied as they are: userdb.py copies
    # under `ignore_check_constraints`, so a row an older version let in is kept, and set
    # aside with a sentence whenever it is read, until the user removes it.
    f"""
    create table shop_prices_4 (
        id integer primary key,
        shop_id integer not null references shops(id) on delete cascade,
        line integer not null check ({_integer("line")}),
        product_name text not null check (typeof(product_name) = 'text'),
        gpu_id text check (gpu_id is null or typeof(gpu_id) = 'text'),
        match_confidence real not null
            check (typeof(match_confidence) = 'real' and match_confidence between 0 and 1),
        amount real not null check ({_amount("amount")}),
        currency text not null check (currency in ('CNY', 'USD')),
        condition text not null check ({_text("condition")}),
        sku text check (sku is null or typeof(sku) = 'text'),
        stock integer check (stock is null or ({_integer("stock")} and stock >= 0)),
        location text check (location is null or typeof(location) = 'text')
    );
    insert into shop_prices_4(id, shop_id, line, product_name, gpu_id, match_confidence, amount,
        currency, condition, sku, stock, location)
        select id, shop_id, line, product_name, gpu_id, match_confidence, amount, currency,
        condition, sku, stock, location from shop_prices;
    drop table shop_prices;
    alter table shop_prices_4 rename to shop_prices;
    create index shop_prices_gpu on shop_prices(gpu_id, currency);
    create table pack_prices_4 (
        id integer primary key,
        pack_id integer not null references price_packs(id) on delete cascade,
        line integer not null check ({_integer("line")}),
        gpu_id text not null check ({_text("gpu_id")}),
        amount real not null check ({_amount("amount")}),
        currency text not null check (currency in ('CNY', 'USD')),
        condition text not null check ({_text("condition")}),
        region text check (region is null or typeof(region) = 'text'),
        source text not null check ({_text("source")}),
        date text not null check ({_text("date")}),
        note text check (note is null or typeof(note) = 'text'),
        low real check (low is null or ({_amount("low")})),
        high real check (high is null or ({_amount("high")}))
    );
    insert into pack_prices_4(id, pack_id, line, gpu_id, amount, currency, condition, region,
        source, date, note, low, high)
        select id, pack_id, line, gpu_id, amount, currency, condition, region, source, date,
        note, low, high from pack_prices;
    drop table pack_prices;
    alter table pack_prices_4 rename to pack_prices;
    create index pack_prices_gpu on pack_prices(gpu_id);
    create table pack_fx_4 (
        pack_id integer not null references price_packs(id) on delete cascade,
        base text not null check (base in ('CNY', 'USD')),
        quote text not null check (quote in ('CNY', 'USD')),
        rate real not null check ({_amount("rate")}),
        date text not null check ({_text("date")}),
        source text not null check ({_text("source")})
    );
    insert into pack_fx_4 select pack_id, base, quote, rate, date, source from pack_fx;
    drop table pack_fx;
    alter table pack_fx_4 rename to pack_fx;
    create table user_prices_4 (
        id integer primary key,
        gpu_id text not null check ({_text("gpu_id")}),
        amount real not null check ({_amount("amount")}),
        currency text not null check (currency in ('CNY', 'USD')),
        condition text not null check ({_text("condition")}),
        date text not null check ({_text("date")}),
        unique (gpu_id, currency, condition)
    );
    insert into user_prices_4 select id, gpu_id, amount, currency, condition, date
        from user_prices;
    drop table user_prices;
    alter table user_prices_4 rename to user_prices;
    """,
)
# The tables migration 4 makes again: userdb.py keeps the user's own indexes and triggers on them.
REMADE_TABLES = ("shop_prices", "pack_prices", "pack_fx", "user_prices")
SCHEMA_VERSION = len(MIGRATIONS)


@cache
def _expected_schema() -> dict[tuple[str, str], set[str]]:
    """Every table, index and trigger the migrations make, with each table's columns."""
    memory = sqlite3.connect(":memory:")
    try:
        for migration in MIGRATIONS:
            memory.executescript(migration)
        return _schema_of(memory)
    finally:
        memory.close()


def _schema_of(conn: sqlite3.Connection) -> dict[tuple[str, str], set[str]]:
    objects = conn.execute(
        "select type, name from sqlite_master where name not like 'sqlite_%'"
    ).fetchall()
    return {
        (kind, name): (
            {row[1] for row in conn.execute(f'pragma table_info("{name}")')}
            if kind == "table"
            else set()
        )
        for kind, name in objects
    }


def check_schema(conn: sqlite3.Connection) -> list[str]:
    """The file holds gpuplanner's tables with their columns: a missing table or column would fail
    on first use, so such a file is one to set aside. What the user added of their own (an index,
    a view, a trigger, a table) is kept and returned: setting a whole database aside for
    ``create index my_idx on pack_prices(amount)`` once lost every imported pack (issue 42); a
    view cannot take one of our tables' names, and a trigger is the user's own doing."""
    found = _schema_of(conn)
    expected = _expected_schema()
    for key, columns in expected.items():
        if key not in found:
            raise sqlite3.DatabaseError(f"the {key[0]} {key[1]} is missing")
        if not columns <= found[key]:
            raise sqlite3.DatabaseError(
                f"the table {key[1]} lacks {', '.join(sorted(columns - found[key]))}"
            )
    return sorted(f"{kind} {name}" for kind, name in found if (kind, name) not in expected)
