"""``gpuplanner db ...``: the bundled catalog and the shop price lists."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.app import catalog_admin, price_packs
from gpuplanner.app.user_prices import amount_text
from gpuplanner.commands.args import output_path, shop_name
from gpuplanner.commands.output import (
    EXIT_FAILURE,
    EXIT_OK,
    Handler,
    error,
    fmt,
    guard,
    print_json,
    print_table,
    warn,
    warn_ignored,
)
from gpuplanner.core.vocab import CURRENCIES, PRICE_CONDITIONS
from gpuplanner.report.json_export import listing_json

if TYPE_CHECKING:
    from gpuplanner.app.records import PreparedImport


def register(subparsers: argparse._SubParsersAction) -> None:
    db = subparsers.add_parser("db", help="the bundled GPU catalog and shop price lists")
    sub = db.add_subparsers(dest="db_command", metavar="COMMAND", required=True)

    def add(name: str, handler: Handler, help_text: str) -> argparse.ArgumentParser:
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
    prices.add_argument(
        "--forget", action="store_true", help="remove the prices you typed in for this card"
    )
    imp = add(
        "import-prices",
        cmd_import,
        "import a price pack (docs/PRICES.md) or a shop's price list (CSV or XLSX), all or nothing",
    )
    imp.add_argument("file", type=Path)
    imp.add_argument(
        "--preview",
        action="store_true",
        help="show what a price pack would change, and change nothing",
    )
    imp.add_argument(
        "--shop",
        default="default",
        type=shop_name,
        help="the shop's name (default: %(default)s)",
    )
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
    exp = add(
        "export-prices",
        cmd_export,
        "write a price pack (--pack NAME) or a shop's price list (--shop NAME) to a file",
    )
    exp.add_argument("file", type=output_path)
    exp.add_argument("--shop", default="default", type=shop_name)
    exp.add_argument(
        "--pack",
        metavar="NAME",
        help="write a price pack: 'bundled', 'all' (bundled and imported) or an imported pack",
    )
    packs = add("packs", cmd_packs, "the imported price packs, their dates and sizes")
    packs.add_argument("--remove", metavar="NAME", help="remove an imported price pack")


@guard
def cmd_info(args: argparse.Namespace) -> int:
    info = price_packs.catalog_info()
    # The imported price packs and the dates of their prices, beside the bundled ones.
    info["packs"] = catalog_admin.imported_packs(on_notice=warn)
    if args.json:
        print_json(info)
        return EXIT_OK
    print(f"catalog:   {info['path']}")
    print(f"cards:     {info['cards']}")
    by_condition = ", ".join(f"{k} {v}" for k, v in info["price_conditions"].items())
    print(f"prices:    {info['prices']} ({by_condition})")
    print(f"currencies: {', '.join(info['currencies'])}")
    print(f"price dates: {info['oldest_price_date']} to {info['newest_price_date']}")
    for heading, key in (
        ("every card", "price_age"),
        ("cards plans pick most", "price_age_common"),
    ):
        print(f"price ages, {heading}:")
        for region, kinds in info[key].items():
            if region in ("today", "cards"):
                continue
            for kind, age in kinds.items():
                print(
                    f"  {region} {kind}: {age['cards']} cards, median {age['median_days']:g} days"
                    f" old; {age['over_6_months']:.0%} over 6 months,"
                    f" {age['over_12_months']:.0%} over 12"
                )
    print(f"TensorFlow builds: {info['tf_builds']}   CPUs: {info['cpus']}", end="   ")
    print(f"sources: {info['sources']}")
    return EXIT_OK


@guard
def cmd_build(args: argparse.Namespace) -> int:
    report = price_packs.rebuild_catalog(args.output, args.csv)
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


@guard
def cmd_search(args: argparse.Namespace) -> int:
    found = catalog_admin.find_cards(args.text, args.limit)
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


@guard
def cmd_show(args: argparse.Namespace) -> int:
    gpu = catalog_admin.card(args.name)
    data = {**dataclasses.asdict(gpu), "nvlink": gpu.nvlink}
    if args.json:
        print_json(data)
        return EXIT_OK
    width = max(len(k) for k in data)
    for key, value in data.items():
        shown = ", ".join(value) if isinstance(value, tuple) else fmt(value)
        print(f"{key:<{width}}  {shown}")
    return EXIT_OK


@guard
def cmd_prices(args: argparse.Namespace) -> int:
    known = catalog_admin.card_prices(
        args.name, args.currency, args.condition, forget=args.forget, on_notice=warn
    )
    gpu, everything = known.gpu, known.prices
    warn_ignored(known.ignored, {gpu.id: gpu.name}, "en")
    if known.forgotten is not None:
        print(f"removed {known.forgotten} of your prices of {gpu.name}", file=sys.stderr)
    if args.json:
        print_json(
            {"gpu": gpu.name, "gpu_id": gpu.id, "prices": [listing_json(p) for p in everything]}
        )
        return EXIT_OK
    print(gpu.name)
    print_table(
        ["amount", "currency", "condition", "region", "date", "source", "range", "note"],
        [
            [
                amount_text(p.amount),  # as stored: %g once showed 234567.89 as 234568
                p.currency,
                p.condition,
                p.where,
                p.date,
                p.source_name or p.source,
                f"{amount_text(p.low)}-{amount_text(p.high or p.low)}" if p.low is not None else "",
                p.note or "",
            ]
            for p in everything
        ],
    )
    return EXIT_OK


@guard
def cmd_import(args: argparse.Namespace) -> int:
    if price_packs.is_pack(args.file):
        return _import_pack(args)
    if args.preview:
        error(f"{args.file.name}: --preview is for price packs (docs/PRICES.md)")
        return EXIT_FAILURE
    report, count = catalog_admin.import_shop_list(
        args.file,
        args.shop,
        args.currency,
        allow_empty=args.replace_with_empty,
        on_progress=_progress,
        on_notice=warn,
    )
    summary = report.summary()
    if count is None:
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


def _import_pack(args: argparse.Namespace) -> int:
    pack = catalog_admin.import_pack(args.file, preview=args.preview, on_notice=warn).pack
    report = pack.report
    if not pack.ok:
        rejected = [
            {"line": r.line, "column": r.column, "reason": r.reason} for r in report.rejected
        ]
        if args.json:
            print_json({"imported": False, "file": args.file.name, "rejected": rejected})
        else:
            error(f"{args.file.name}: {len(report.rejected)} problem(s); nothing was imported:")
            for rejection in report.rejected[:50]:
                print(f"  {rejection}", file=sys.stderr)
        return EXIT_FAILURE
    manifest = report.manifest
    assert manifest is not None  # a pack read without problems has its manifest
    if args.json:
        print_json(
            {
                "imported": not args.preview,
                "pack": manifest.name,
                "published": manifest.published,
                "prices": len(report.prices),
                "fx": [dataclasses.asdict(r) for r in manifest.fx],
                "replaced": len(pack.replaced),
                "changes": [dataclasses.asdict(c) for c in pack.changes],
            }
        )
        return EXIT_OK
    verb = "would import" if args.preview else "imported"
    print(
        f"{verb} price pack {manifest.name!r} ({manifest.published}): {len(report.prices)} prices"
        + (f", replacing {len(pack.replaced)}" if pack.replaced else "")
    )
    _print_changes(pack)
    if args.preview:
        print("nothing was changed (--preview)")
    return EXIT_OK


def _print_changes(prepared: PreparedImport) -> None:
    changes = prepared.changes
    print(", ".join(f"{v} {k}" for k, v in prepared.counts().items()))
    rows = [
        [
            c.gpu_id,
            c.condition,
            c.region,
            c.kind,
            f"{amount_text(c.old_amount)} {c.currency} ({c.old_date})" if c.old_amount else "",
            f"{amount_text(c.new_amount)} {c.currency} ({c.new_date})" if c.new_amount else "",
        ]
        for c in changes
        if c.kind != "same"
    ]
    if rows:
        print_table(["card", "condition", "region", "change", "before", "after"], rows)


@guard
def cmd_packs(args: argparse.Namespace) -> int:
    if args.remove:
        if not catalog_admin.remove_pack(args.remove, on_notice=warn):
            error(f"no imported price pack {args.remove!r}")
            return EXIT_FAILURE
        print(f"removed price pack {args.remove!r}")
        return EXIT_OK
    packs = catalog_admin.imported_packs(on_notice=warn)
    if args.json:
        print_json(packs)
        return EXIT_OK
    if not packs:
        print("no price packs imported (the bundled prices are used)")
        return EXIT_OK
    print_table(
        ["pack", "published", "prices", "dates", "imported", "file"],
        [
            [
                p["name"],
                p["published"],
                p["prices"],
                f"{p['oldest']} to {p['newest']}",
                p["imported_at"][:10],
                p["file_name"],
            ]
            for p in packs
        ],
    )
    return EXIT_OK


@guard
def cmd_export(args: argparse.Namespace) -> int:
    try:
        if args.pack:
            rows = catalog_admin.export_pack(args.file, args.pack, on_notice=warn)
        else:
            rows = catalog_admin.export_shop_list(args.file, args.shop, on_notice=warn)
    except OSError as exc:  # a full disk, a read-only folder, a missing one
        return _cannot_write(args.file, exc)
    if args.json:
        shown = {"pack": args.pack} if args.pack else {}
        print_json({"file": str(args.file), **shown, "rows": rows})
    elif args.pack:
        print(f"wrote price pack {args.pack!r} with {rows} prices to {args.file}")
    else:
        print(f"wrote {rows} prices to {args.file}")
    return EXIT_OK


def _progress(done: int, rows: int) -> None:
    """A long list's progress on stderr (every thousand rows; stdout stays the result)."""
    print(f"  {done:,} of {rows:,} rows read", file=sys.stderr, flush=True)


def _cannot_write(path: Path, exc: OSError) -> int:
    error(f"cannot write {path}: {exc.strerror or exc}; nothing was written")
    return EXIT_FAILURE
