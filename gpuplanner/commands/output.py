"""Printing for the command line: JSON for machines, aligned text for people."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from gpuplanner.core.errors import (  # noqa: F401
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_USAGE,
    InputError,
    UserError,
)
from gpuplanner.core.serial import to_dict

if TYPE_CHECKING:
    from gpuplanner.app.records import IgnoredValue

Handler = Callable[[argparse.Namespace], int]  # a command: its arguments in, its exit status out


def warn(message: str) -> None:
    """A warning line on stderr (a damaged user database set aside on opening, ...)."""
    print(f"gpuplanner: warning: {message}", file=sys.stderr)


def warn_ignored(ignored: Iterable[IgnoredValue], names: dict[str, str], language: str) -> None:
    """A warning line for each stored row left out because a value is not of its kind."""
    from gpuplanner.report import pack_text, plan_text

    def tr(text: str) -> str:
        return plan_text.translate(text, language, "Finding")

    for item in ignored:
        warn(pack_text.ignored_text(item, names, tr))


def print_json(obj: object) -> None:
    json.dump(to_dict(obj), sys.stdout, ensure_ascii=False, indent=2, sort_keys=False)
    sys.stdout.write("\n")


def _width(text: str) -> int:
    """Display width: CJK characters take two terminal columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def print_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    breaks: Mapping[int, str] | None = None,
) -> None:
    """``rows`` under ``headers`` in aligned columns; ``breaks``: a line printed before the
    row of that index (a group's heading)."""
    cells = [[("" if v is None else str(v)) for v in row] for row in rows]
    widths = [max([_width(h)] + [_width(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(
            v + " " * (w - _width(v)) for v, w in zip(values, widths, strict=True)
        ).rstrip()

    print(line(headers))
    print(line(["-" * w for w in widths]))
    for index, row in enumerate(cells):
        if breaks and index in breaks:
            print(breaks[index])
        print(line(row))


def fmt(value: object, unit: str = "") -> str:
    """A value for people: N/A when unknown, trailing zeros dropped."""
    if value is None:
        return "N/A"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        value = f"{value:g}"
    return f"{value}{unit}"


def error(message: str) -> None:
    print(f"gpuplanner: {message}", file=sys.stderr)


def guard(handler: Handler) -> Handler:
    """Run a command; a ``UserError`` of any family becomes its one line and its exit code."""

    def run(args: argparse.Namespace) -> int:
        from gpuplanner.app.errors import AmbiguousGpu

        try:
            return handler(args)
        except AmbiguousGpu as exc:
            error(f"{exc.query!r} matches several cards; say which:")
            for name in exc.candidates:
                print(f"  {name}", file=sys.stderr)
            return exc.exit_code
        except UserError as exc:
            from gpuplanner.report.input_text import error_text  # its words, when one fails

            error(error_text(exc, getattr(args, "language", None) or "en"))
            detail = getattr(exc, "detail", None)  # a price list's: the header it found
            if detail:
                print(f"  {detail}", file=sys.stderr)
            return exc.exit_code

    return run
