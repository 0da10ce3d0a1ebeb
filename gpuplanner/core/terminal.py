"""What the command line writes reaches a terminal as text, never as the terminal's commands.

Names and messages come from files and programs the user does not control: a report's product
name, a shop's price list, the probe worker's stderr. An ESC or a C1 control in one of them
would be a terminal command (clear the screen, set the window title, OSC 52 write the
clipboard, a hyperlink that lies). Every write to stdout and stderr passes through
``CleanStream``, so no caller can forget: C0 and C1 controls but tab, newline and carriage
return become "?".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TextIO

# The bidirectional marks, overrides and isolates: a U+202E in a report's product name once
# reversed the rest of the line in ``scan`` (issue 42), so "0904 XTR" read as another card.
BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
# A name the system gave as bytes that are not UTF-8 (a GBK file name from a Windows USB stick)
# reaches Python as lone surrogates (PEP 383), which no file, database or terminal can take: a
# GBK name once ended six commands in a UnicodeEncodeError (issue 51). Shown, each undecodable
# byte is written as \xNN; any other lone surrogate is "?".
_SURROGATES: dict[int, str] = {
    **dict.fromkeys(range(0xD800, 0xE000), "?"),
    **{0xDC80 + i: f"\\x{0x80 + i:02x}" for i in range(128)},
}
# C0 but tab (9), newline (10) and carriage return (13); DEL; C1 (0x80-0x9f, 0x9b is CSI).
_CONTROLS = {
    **dict.fromkeys([*range(0, 9), 11, 12, *range(14, 32), *range(127, 160), *BIDI], "?"),
    **_SURROGATES,
}
# What a stored cell loses: every control and bidirectional mark; a tab or line end is a space.
_CELL = {
    **dict.fromkeys([*range(0, 32), *range(127, 160), *BIDI]),
    **dict.fromkeys([9, 10, 13], " "),
    **_SURROGATES,
}


def escape_bytes(text: str) -> str:
    """``text`` with the bytes the system could not decode written as \\xNN: what a file, the
    database and a terminal can take, and the name still says which file it was."""
    try:
        text.encode("utf-8")  # the common case, at C speed
    except UnicodeEncodeError:
        return text.translate(_SURROGATES)
    return text


def shown_path(path: object) -> str:
    """A path (or a file's name) as a message, a report or the database holds it: undecodable
    bytes escaped, controls and bidirectional marks gone. The path itself, to open the file,
    stays as the system gave it."""
    return clean_cell(str(path))


def user_text(text: str) -> str:
    """A string a user typed (a shop's name, a model's name) as it is kept: undecodable bytes
    escaped, no control character or bidirectional mark, so it is inert wherever it is shown
    (an ESC in a shop's name once reached the HTML report raw, issue 51)."""
    return clean_cell(text).strip()


def clean(text: str) -> str:
    return text.translate(_CONTROLS)


def clean_cell(text: str) -> str:
    """Text from a file as it is stored and exported: no control character, no bidirectional
    override (an ESC or OSC 52 in a shop's SKU was once written raw into CSV exports)."""
    return text.translate(_CELL)


def neutralise(value: object) -> object:
    """Stop a spreadsheet from running a cell as a formula (=, +, -, @, tab, CR at the start),
    and a terminal or viewer from obeying a control character an older version stored."""
    if isinstance(value, str):
        value = clean_cell(value)
    if isinstance(value, str) and value and value[0] in "=+-@\t\r":
        return "'" + value
    return value


def has_controls(text: str) -> bool:
    return text != text.translate(_CELL)


def excerpt(value: object, limit: int = 40) -> str:
    """A short, cleaned quotation of what a message refuses: a 5,000-digit version number was
    once echoed whole."""
    text = clean_cell(str(value))
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit] + "…") + f" ({len(text):,} characters)"


class CleanStream:
    """A text stream that writes through ``clean``; every other attribute is the stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(clean(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def cleaned(stream: TextIO | None) -> Any:
    """``stream`` wrapped once (a stream already wrapped, or None, as it is)."""
    return stream if stream is None or isinstance(stream, CleanStream) else CleanStream(stream)
