"""``python -m gpuplanner.i18n check|update``: keep resources/i18n/*.ts in step with the code."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpuplanner.core import paths
from gpuplanner.i18n.extract import check, extract_tree, merge
from gpuplanner.i18n.tsfile import TsFile, read_ts, write_ts

PACKAGE_DIR = Path(__file__).resolve().parent.parent


def ts_files() -> list[Path]:
    return sorted(paths.resource_path("i18n").glob("*.ts"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpuplanner.i18n")
    parser.add_argument("command", choices=["check", "update"])
    args = parser.parse_args(argv)
    strings, problems = extract_tree(PACKAGE_DIR)
    for path in ts_files():
        ts = read_ts(path) if path.stat().st_size else TsFile(path.stem.split("_", 1)[1], [])
        if args.command == "update":
            write_ts(path, merge(strings, ts))
            print(f"updated {path.name}")
        else:
            problems += check(strings, ts)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
