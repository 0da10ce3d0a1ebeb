"""The user database's schema, as the migrations that build it: each a step from the one before.

A migration is never edited once released; a change is a new one at the end, and
``PRAGMA user_version`` records how many have run (userdb.py applies them).
"""

from __future__ import annotations

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
)
SCHEMA_VERSION = len(MIGRATIONS)
