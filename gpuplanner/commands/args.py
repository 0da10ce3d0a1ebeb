"""Argument types shared by the sub-commands: argparse shows their messages as usage errors."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from gpuplanner.app.job_fields import BY_NAME, FIELDS, JobField
from gpuplanner.core import paths, terminal


def positive_float(text: str) -> float:
    """A number above zero; thousands separators allowed ("12,000"), NaN and infinity not."""
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text} must be above zero and finite")
    return value


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def file_path(text: str) -> Path:
    """A file to write or read: an empty name is refused (it would mean the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a file name is needed")
    return Path(text)


def shop_name(text: str) -> str:
    """A shop's name as it is kept and shown: inert (no control character or bidirectional
    mark; bytes the system could not decode as \\xNN), never empty."""
    name = terminal.user_text(text)
    if not name:
        raise argparse.ArgumentTypeError(f"{text!r} is not a shop's name")
    return name


def output_path(text: str) -> Path:
    """A file a command writes its output to: never one of the app's own files (its databases,
    settings, kiosk configuration, catalog), which the next start would find damaged."""
    path = file_path(text)
    owned = paths.app_owned(path)
    if owned is not None:
        raise argparse.ArgumentTypeError(
            f"{text} is in {owned}; write the output somewhere else (nothing was changed)"
        )
    return path


def timeout_seconds(text: str) -> float:
    """A time limit in seconds: finite and above zero (NaN or infinity would never end)."""
    return positive_float(text)


def _option(parser: argparse.ArgumentParser, job_field: JobField) -> None:
    kind = job_field.kind
    if kind == "flag":
        parser.add_argument(job_field.flag, action="store_true", help=job_field.help)
        return
    options: dict[str, Any] = {"help": job_field.help, "metavar": job_field.metavar}
    if kind == "amount":
        options["type"] = positive_float
    elif kind == "count":
        options["type"] = positive_int
    elif kind == "jobs":
        options["action"] = "append"  # once per job of the mix
    elif kind == "model":
        options["type"] = Path  # read by the command (model_info.read_job), not here
    elif kind == "choice":
        options["choices"] = job_field.choices
        if all(isinstance(c, int) for c in job_field.choices):
            options["type"] = int
    parser.add_argument(job_field.flag, **options)


def add_job_options(parser: argparse.ArgumentParser) -> None:
    """One option per job input, from the field table (app/job_fields.py)."""
    for job_field in FIELDS:
        _option(parser, job_field)


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    """``--engine``, the LLM inference engine, the same on every command that predicts decode."""
    _option(parser, BY_NAME["engine"])
