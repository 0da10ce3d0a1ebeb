"""The PDF's text layer made searchable: what Qt's PDF writer maps each drawn glyph back to.

Qt writes a font's ToUnicode map by walking the font's character map from U+0000 up and keeping
the first character of each glyph. Noto Sans CJK (the Simplified Chinese face the report asks
for first) draws 生 and the Kangxi radical ⽣ (U+2F63) with one glyph, so the text layer read
"⽣成", which no search for 生成 finds; the "ﬁ" ligature came back as one character. The map is
rewritten here: each such character becomes the character (or letters) it stands for, by its
Unicode compatibility mapping, or for a CJK radical the ideograph the face draws it as. Digits are the writer's concern (report/files.py: the font's
``locl`` feature swapped them for glyphs no character maps to, and they vanished).

Works on the classic cross-reference table Qt writes; any other file is returned unchanged.
"""

from __future__ import annotations

import re
import unicodedata
import zlib

# Characters that share a glyph with the character they stand for, and come first in a font's
# character map: Kangxi and CJK radicals, CJK compatibility ideographs, Latin ligatures.
_STAND_INS = (
    (0x2E80, 0x2FDF),
    (0xF900, 0xFAFF),
    (0xFB00, 0xFB4F),
    (0x2F800, 0x2FA1F),
)
# CJK radicals (U+2E80-2EFF) have no compatibility mapping; these are the ideographs whose
# glyphs Noto Sans CJK SC draws them with (found by comparing the face's glyph indexes), most of
# them the simplified forms a Chinese report uses: 见 (U+89C1) came back as ⻅ (U+2EC5).
RADICALS: dict[int, int] = {
    0x2E82: 0x4E5B,
    0x2E83: 0x4E5A,
    0x2E85: 0x4EBB,
    0x2E89: 0x5202,
    0x2E8B: 0x353E,
    0x2E8F: 0x5C23,
    0x2E90: 0x5C22,
    0x2E92: 0x5DF3,
    0x2E93: 0x5E7A,
    0x2E94: 0x5F51,
    0x2E95: 0x5F50,
    0x2E96: 0x5FC4,
    0x2E98: 0x624C,
    0x2E99: 0x6535,
    0x2E9B: 0x65E1,
    0x2E9E: 0x6B7A,
    0x2E9F: 0x6BCD,
    0x2EA0: 0x6C11,
    0x2EA1: 0x6C35,
    0x2EA3: 0x706C,
    0x2EA4: 0x722B,
    0x2EA6: 0x4E2C,
    0x2EA8: 0x72AD,
    0x2EAD: 0x793B,
    0x2EAF: 0x7CF9,
    0x2EB0: 0x7E9F,
    0x2EB1: 0x7F53,
    0x2EB3: 0x34C1,
    0x2EB9: 0x8002,
    0x2EBA: 0x8080,
    0x2EBE: 0x8279,
    0x2EC2: 0x8864,
    0x2EC5: 0x89C1,
    0x2EC6: 0x89D2,
    0x2EC8: 0x8BA0,
    0x2EC9: 0x8D1D,
    0x2ECB: 0x8F66,
    0x2ECC: 0x8FB6,
    0x2ED0: 0x9485,
    0x2ED1: 0x9577,
    0x2ED2: 0x9578,
    0x2ED3: 0x957F,
    0x2ED4: 0x95E8,
    0x2ED6: 0x961D,
    0x2ED8: 0x9752,
    0x2ED9: 0x97E6,
    0x2EDA: 0x9875,
    0x2EDB: 0x98CE,
    0x2EDC: 0x98DE,
    0x2EDD: 0x98DF,
    0x2EDF: 0x98E0,
    0x2EE0: 0x9963,
    0x2EE2: 0x9A6C,
    0x2EE3: 0x9AA8,
    0x2EE4: 0x9B3C,
    0x2EE5: 0x9C7C,
    0x2EE6: 0x9E1F,
    0x2EE7: 0x5364,
    0x2EE8: 0x9EA6,
    0x2EE9: 0x9EC4,
    0x2EEA: 0x9EFE,
    0x2EEB: 0x6589,
    0x2EEC: 0x9F50,
    0x2EEE: 0x9F7F,
    0x2EEF: 0x7ADC,
    0x2EF0: 0x9F99,
    0x2EF1: 0x9F9C,
    0x2EF2: 0x4E80,
    0x2EF3: 0x9F9F,
}
_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_TABLE = re.compile(rb"xref\s+0\s+(\d+)\s+")
_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])")
_STREAM = re.compile(rb"(\d+) 0 obj\s*<<(.*?)>>\s*stream\r?\n", re.S)
_LENGTH = re.compile(rb"/Length (\d+)\b(?!\s+\d+\s+R)")
_RANGE = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)")
_HEX = re.compile(rb"<([0-9A-Fa-f]*)>")


def _stands_in(char: str) -> bool:
    return any(low <= ord(char) <= high for low, high in _STAND_INS)


def searchable(text: str) -> str:
    """``text`` with each stand-in character replaced by what it stands for."""
    return "".join(
        chr(RADICALS[ord(char)])
        if ord(char) in RADICALS
        else unicodedata.normalize("NFKC", char)
        if _stands_in(char)
        else char
        for char in text
    )


def _hex(text: str) -> bytes:
    return b"<" + text.encode("utf-16-be").hex().upper().encode() + b">"


def _fixed_target(target: bytes) -> bytes:
    try:
        text = bytes.fromhex(target.decode()).decode("utf-16-be")
    except (ValueError, UnicodeDecodeError):
        return b"<" + target + b">"
    return _hex(searchable(text))


def _fixed_range(match: re.Match[bytes]) -> bytes:
    first, last, targets = match.group(1), match.group(2), match.group(3)
    if targets.startswith(b"["):
        fixed = _HEX.sub(lambda m: _fixed_target(m.group(1)), targets)
        return b"<" + first + b"> <" + last + b"> " + fixed
    count = int(last, 16) - int(first, 16) + 1
    start = _HEX.fullmatch(targets)
    if start is None or count < 1 or count > 0x10000:
        return match.group(0)
    try:
        text = bytes.fromhex(start.group(1).decode()).decode("utf-16-be")
    except (ValueError, UnicodeDecodeError):
        return match.group(0)
    if not text:
        return match.group(0)
    # A range maps to consecutive characters: spelled out when any of them is a stand-in.
    chars = [text[:-1] + chr(ord(text[-1]) + i) for i in range(count)]
    if not any(_stands_in(c) for char in chars for c in char):
        return match.group(0)
    return (
        b"<" + first + b"> <" + last + b"> [" + b" ".join(_hex(searchable(c)) for c in chars) + b"]"
    )


def fixed_cmap(cmap: bytes) -> bytes:
    """A ToUnicode CMap whose targets are the characters a reader searches for."""
    return _RANGE.sub(_fixed_range, cmap)


def _fixed_object(segment: bytes) -> bytes | None:
    """A ToUnicode stream object with its map fixed; None when it is not one Qt would write."""
    head = _STREAM.match(segment)
    if head is None:
        return None
    length = _LENGTH.search(head.group(2))
    if length is None:
        return None
    body = segment[head.end() : head.end() + int(length.group(1))]
    flate = b"/FlateDecode" in head.group(2)
    try:
        cmap = zlib.decompress(body) if flate else body
    except zlib.error:
        return None
    fixed = fixed_cmap(cmap)
    if fixed == cmap:
        return segment
    stream = zlib.compress(fixed) if flate else fixed
    entries = _LENGTH.sub(b"/Length " + str(len(stream)).encode(), head.group(2), count=1)
    return (
        head.group(1)
        + b" 0 obj\n<<"
        + entries
        + b">>\nstream\n"
        + stream
        + b"\nendstream\nendobj\n"
    )


def fix_text_layer(data: bytes) -> bytes:
    """The PDF with every font's ToUnicode map made searchable (see the module's note)."""
    tail = _STARTXREF.search(data)
    if tail is None:
        return data
    xref_at = int(tail.group(1))
    table = _TABLE.match(data, xref_at)
    if table is None:
        return data
    size = int(table.group(1))
    entries = _ENTRY.findall(data, table.end(), data.find(b"trailer", xref_at))
    trailer_at = data.find(b"trailer", xref_at)
    if len(entries) != size or trailer_at < 0:
        return data  # more than one section, or not the table Qt writes: left as it is
    wanted = {int(n) for n in re.findall(rb"/ToUnicode (\d+) 0 R", data)}
    used = sorted(
        (int(offset), number)
        for number, (offset, _gen, kind) in enumerate(entries)
        if kind == b"n" and int(offset) < xref_at
    )
    if not used:
        return data
    out = bytearray(data[: used[0][0]])
    offsets: dict[int, int] = {}
    for i, (offset, number) in enumerate(used):
        end = used[i + 1][0] if i + 1 < len(used) else xref_at
        segment = data[offset:end]
        if number in wanted:
            fixed = _fixed_object(segment)
            if fixed is None:
                return data
            segment = fixed
        offsets[number] = len(out)
        out += segment
    new_xref = len(out)
    out += b"xref\n0 " + str(size).encode() + b"\n"
    for number, (offset, generation, kind) in enumerate(entries):
        at = offsets.get(number, int(offset)) if kind == b"n" else int(offset)
        out += b"%010d %s %s \n" % (at, generation, kind)
    trailer = data[trailer_at : tail.start()]
    out += trailer + b"startxref\n" + str(new_xref).encode() + b"\n%%EOF\n"
    return bytes(out)
