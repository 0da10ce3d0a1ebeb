"""``gpuplanner db ...``: the bundled catalog and the shop price lists."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from gpuplanner.catalog import bundled
from gpuplanner.catalog.errors import AmbiguousGpu, CatalogError
from gpuplanner.catalog.names import NamedCard
from gpuplanner.catalog.pricelist import PriceListError, read_price_list, write_price_list
from gpuplanner.catalog.schema import CURRENCIES, PRICE_CONDITIONS
from gpuplanner.catalog.store import Catalog
from gpuplanner.catalog.userdb import UserDb
from gpuplanner.commands.output import error, fmt, open_user_db, print_json, print_table

EXIT_OK, EXIT_FAILURE = 0, 1


def register(subparsers) -> None:
    db = subparsers.add_parser("db", help="the bundled GPU catalog and shop price lists")
    sub = db.add_subparsers(dest="db_command", metavar="COMMAND", required=True)

    def add(name: str, handler, help_text: str) -> argparse.ArgumentParser:
        parser = sub.add_parser(name, help=help_text, description=help_text)
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")
        parser.set_defaults(handler=handler)
        return parser

    add("info", cmd_info, "counts, currencies and price dates of the catalog")
    build = add("build", cmd_build, "build the catalog database from resources/catalog/*.csv")
    build.add_argument(
        "--output", type=Path, help="write the database here (default: the app's cache)"
    )
    build.add_argument("--csv", type=Path, help="read the CSV files from this folder")
    search = add("search", cmd_search, "find cards by name, alias or part of a name")
    search.add_argument("text")
    search.add_argument("--limit", type=int, default=20)
    show = add("show", cmd_show, "every field of one card")
    show.add_argument("name")
    prices = add("prices", cmd_prices, "known prices of one card, bundled and from shops")
    prices.add_argument("name")
    prices.add_argument("--currency", choices=CURRENCIES)
    prices.add_argument("--condition", choices=PRICE_CONDITIONS)
    imp = add(
        "import-prices", cmd_import, "import a shop's price list (CSV or XLSX), all or nothing"
    )
    imp.add_argument("file", type=Path)
    imp.add_argument("--shop", default="default", help="the shop's name (default: %(default)s)")
    imp.add_argument(
        "--replace-with-empty",
        action="store_true",
        help="let a list without rows clear the shop's prices (refused otherwise)",
    )
    imp.add_argument(
        "--currency",
        choices=CURRENCIES,
        default="CNY",
        help="currency of prices that do not say (default: %(default)s)",
    )
    exp = add("export-prices", cmd_export, "write a shop's price list to CSV or XLSX")
    exp.add_argument("file", type=Path)
    exp.add_argument("--shop", default="default")


def _catalog() -> Catalog:
    return Catalog.open()


def _user_db() -> UserDb:
    user = open_user_db()
    if user.recovered_from is not None:
        error(
            f"your database was damaged; it was kept as {user.recovered_from}"
            " and a new one was started"
        )
    return user


def _guard(handler):
    """Turn the library's specific errors into one line and exit status 1."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except AmbiguousGpu as exc:
            error(f"{exc.query!r} matches several cards; say which:")
            for name in exc.candidates:
                print(f"  {name}", file=sys.stderr)
            return EXIT_FAILURE
        except (CatalogError, PriceListError) as exc:
            error(str(exc))
            return EXIT_FAILURE

    return run


@_guard
def cmd_info(args) -> int:
    with _catalog() as catalog:
        info = catalog.info()
    if args.json:
        print_json(info)
        return EXIT_OK
    print(f"catalog:   {info['path']}")
    print(f"cards:     {info['cards']}")
    by_condition = ", ".join(f"{k} {v}" for k, v in info["price_conditions"].items())
    print(f"prices:    {info['prices']} ({by_condition})")
    print(f"currencies: {', '.join(info['currencies'])}")
    print(f"price dates: {info['oldest_price_date']} to {info['newest_price_date']}")
    print(f"TensorFlow builds: {info['tf_builds']}   CPUs: {info['cpus']}", end="   ")
    print(f"sources: {info['sources']}")
    return EXIT_OK


@_guard
def cmd_build(args) -> int:
    report = bundled.rebuild(args.output, args.csv)
    result = {
        "path": str(report.path),
        "csv_digest": report.digest,
        "counts": report.counts,
        "seconds": round(report.seconds, 3),
    }
    if args.json:
        print_json(result)
    else:
        counts = ", ".join(f"{v} {k}" for k, v in report.counts.items())
        print(f"built {report.path} in {report.seconds:.2f} s: {counts}")
    return EXIT_OK


@_guard
def cmd_search(args) -> int:
    with _catalog() as catalog:
        found = catalog.search(args.text, args.limit)
    if args.json:
        print_json(
            [
                {"id": g.id, "name": g.name, "memory_gb": g.memory_gb, "vendor": g.vendor}
                for g in found
            ]
        )
        return EXIT_OK
    if not found:
        error(f"no card matches {args.text!r}")
        return EXIT_FAILURE
    print_table(
        ["id", "name", "memory", "FP16 tensor", "board power"],
        [
            [
                g.id,
                g.name,
                fmt(g.memory_gb, " GB"),
                fmt(g.fp16_tflops, " TFLOPS"),
                fmt(g.board_power_w, " W"),
            ]
            for g in found
        ],
    )
    return EXIT_OK


@_guard
def cmd_show(args) -> int:
    with _catalog() as catalog:
        gpu = catalog.resolve(args.name)
    data = {**dataclasses.asdict(gpu), "nvlink": gpu.nvlink}
    if args.json:
        print_json(data)
        return EXIT_OK
    width = max(len(k) for k in data)
    for key, value in data.items():
        shown = ", ".join(value) if isinstance(value, tuple) else fmt(value)
        print(f"{key:<{width}}  {shown}")
    return EXIT_OK


@_guard
def cmd_prices(args) -> int:
    with _catalog() as catalog:
        gpu = catalog.resolve(args.name)
        prices = catalog.prices(gpu.id, args.currency, args.condition)
    with _user_db() as user:
        shop = [
            p
            for p in user.shop_prices(gpu.id)
            if (args.currency in (None, p.currency)) and (args.condition in (None, p.condition))
        ]
    everything = shop + prices
    if args.json:
        print_json({"gpu": gpu.name, "gpu_id": gpu.id, "prices": everything})
        return EXIT_OK
    print(gpu.name)
    print_table(
        ["amount", "currency", "condition", "region", "date", "source", "note"],
        [
            [fmt(p.amount), p.currency, p.condition, p.region, p.date, p.source, p.note or ""]
            for p in everything
        ],
    )
    return EXIT_OK


@_guard
def cmd_import(args) -> int:
    with _catalog() as catalog:
        cards = [NamedCard(g.id, g.name, g.aliases, g.memory_gb) for g in catalog.gpus()]
    report = read_price_list(args.file, cards, args.currency)
    summary = report.summary()
    if not report.ok:
        if args.json:
            print_json({"imported": False, **summary})
        else:
            error(
                f"{args.file.name}: {len(report.rejected)} line(s) rejected; nothing was imported:"
            )
            for rejection in report.rejected[:50]:
                print(f"  {rejection}", file=sys.stderr)
            if len(report.rejected) > 50:
                print(f"  ... and {len(report.rejected) - 50} more", file=sys.stderr)
        return EXIT_FAILURE
    with _user_db() as user:
        count = user.replace_shop_prices(
            args.shop,
            args.file.name,
            report.accepted,
            summary,
            allow_empty=args.replace_with_empty,
        )
    if args.json:
        print_json({"imported": True, "shop": args.shop, **summary})
        return EXIT_OK
    matched = summary["matched"]
    print(f"imported {count} prices for shop {args.shop!r} ({matched} matched to catalog cards)")
    if report.review:
        print(f"{len(report.review)} to review (not used for recommendations until matched):")
        for item in report.review:
            guess = f" -> {item.matched}?" if item.matched else ""
            print(f"  line {item.line}: {item.product_name}{guess} ({item.reason})")
    return EXIT_OK


@_guard
def cmd_export(args) -> int:
    with _user_db() as user:
        if args.shop not in user.shops():
            error(
                f"no price list for shop {args.shop!r}"
                + (f"; shops: {', '.join(user.shops())}" if user.shops() else "")
            )
            return EXIT_FAILURE
        rows = user.shop_rows(args.shop)
    write_price_list(args.file, rows)
    if args.json:
        print_json({"file": str(args.file), "rows": len(rows)})
    else:
        print(f"wrote {len(rows)} prices to {args.file}")
    return EXIT_OK
