"""Reading a user's file with limits: a regular file only, at most so many bytes.

A FIFO or a device passes a size check (its size is 0) and then blocks or never ends; a file
that grows while it is read can exceed what its size said. Every parser of a file the user
names reads it through here, and turns ``FileRefused`` into its own error with the file's name.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from gpuplanner.core.terminal import excerpt


class FileRefused(Exception):
    """The file cannot be read within the rules; ``reason`` says why, in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path``: a regular file of at most ``limit`` bytes, else FileRefused."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileRefused("the file does not exist") from None
    except OSError as exc:
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileRefused("this is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused("not a regular file (a device, a pipe or a socket)")
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise FileRefused(f"the file is over {_size(limit)}, more than such a file ever is")
    return data


def json_work(text: str, containers: int, values: int) -> str | None:
    """Why a JSON text would build more than ``containers`` objects and lists or ``values``
    values than such a file ever holds, counted before it is parsed (a C search over the text,
    holding nothing); None when it would not. A 24 MB snapshot of 8 million ``{}`` in one list
    once took 2.2 s and 629 MB to parse before it was refused (issue 51). A brace or a comma
    inside a string counts too: the bounds leave room for that many times over."""
    built = text.count("{") + text.count("[")
    if built > containers:
        return f"it holds {built:,} objects and lists; such a file holds at most {containers:,}"
    listed = text.count(",")
    if listed > values:
        return f"it holds {listed:,} values; such a file holds at most {values:,}"
    return None


MAX_INTEGER_DIGITS = 4000  # under Python's own limit (4,300), whose message names its setting


def json_integer(text: str) -> int:
    """A JSON integer (``json.loads(..., parse_int=json_integer)``); one of thousands of digits
    is refused in words, never with Python's advice to call sys.set_int_max_str_digits()."""
    if len(text) > MAX_INTEGER_DIGITS:
        raise ValueError(f"a number of {len(text):,} digits, which no field of such a file holds")
    return int(text)


def json_float(text: str) -> float:
    """A JSON number with a fraction or an exponent (``parse_float=json_float``): 1e999 is
    refused, where ``float`` would make it infinity and every sum with it infinite."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{excerpt(text)} is not a finite number")
    return number


def json_constant(text: str) -> float:
    """``parse_constant=json_constant``: NaN, Infinity and -Infinity, which Python's reader
    takes and JSON does not have, are refused in words."""
    raise ValueError(f"{text} is not a finite number")


def load_json(text: str) -> Any:
    """``json.loads`` with every number checked: no integer of thousands of digits, no NaN,
    no infinity (a ``ValueError`` in words, as a ``JSONDecodeError`` for bad syntax)."""
    return json.loads(
        text, parse_int=json_integer, parse_float=json_float, parse_constant=json_constant
    )


def utf16_encoding(data: bytes) -> str | None:
    """'utf-16' (with a BOM), 'utf-16-le'/'utf-16-be' (without one, told by where the NULs
    fall in text that is mostly ASCII: what PowerShell's ``>`` writes), or None."""
    if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return "utf-16"
    sample = data[:4096]
    if len(sample) < 8 or len(sample) % 2:
        sample = sample[: len(sample) - len(sample) % 2]
    if len(sample) < 8:
        return None
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16-be"
    return None


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"
