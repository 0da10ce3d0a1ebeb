"""Argument types shared by the sub-commands: argparse shows their messages as usage errors."""

from __future__ import annotations

import argparse
import math
from pathlib import Path


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


def timeout_seconds(text: str) -> float:
    """A time limit in seconds: finite and above zero (NaN or infinity would never end)."""
    return positive_float(text)


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    """``--engine``, the LLM inference engine, the same on every command that predicts decode."""
    from gpuplanner.app.choices import ENGINES

    parser.add_argument(
        "--engine",
        choices=ENGINES,
        help="LLM inference engine (default: keras for 16-bit weights, llama.cpp for 8 and 4)",
    )
