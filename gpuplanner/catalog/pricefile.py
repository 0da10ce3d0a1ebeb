"""Reading a shop's price file into rows of text cells: CSV in any encoding shops use, or XLSX."""

from __future__ import annotations

import codecs
import csv
import io
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from gpuplanner.core.boundedio import FileRefused, read_regular, utf16_encoding
from gpuplanner.core.errors import UserError

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_ROWS = 20_000
MAX_COLUMNS = 256
# Rows and columns each within bounds can still be millions of cells: a 7.6 MB XLSX of 14,499
# rows x 250 columns (95 MB unpacked) was refused after 85 s and 313 MB (issue 51). A shop's
# list is a few columns wide; this leaves 20 a row for the longest list.
MAX_CELLS = 20 * MAX_ROWS
# One card's price, for shop lists and price packs alike. Beyond these a price is a typo (an
# extra zero); below, no graphics card sells (a used GT 710 is about ¥150): a unit slip.
MAX_AMOUNT = {"CNY": 2_000_000.0, "USD": 300_000.0}
MIN_AMOUNT = {"CNY": 50.0, "USD": 8.0}
MAX_UNPACKED_BYTES = 100 * 1024 * 1024


def decimal_text(value: float) -> str:
    """An amount or a rate as the decimal it was read from: the shortest text that reads back
    as the same number, never in exponent form. ``%g`` once wrote a pack's 234567.89 CNY as
    234568 and 7.123456789 CNY per USD as 7.12346, so a round trip changed published prices."""
    text = format(Decimal(repr(float(value))), "f")
    return text[:-2] if text.endswith(".0") else text


FORMULA_STARTS = "=+-@\t\r"


def unneutralised(cell: str) -> str:
    """A cell as it was before an export kept a spreadsheet from running it (a ``'`` before
    =, +, -, @): the apostrophe is the spreadsheet's text marker, not part of the value, so a
    SKU "-5" comes back "-5" and export then import is the identity."""
    if len(cell) > 1 and cell[0] == "'" and cell[1] in FORMULA_STARTS:
        return cell[1:]
    return cell


@dataclass(frozen=True)
class Rejection:
    """One bad row of a price list or pack: where, and why."""

    line: int
    column: str | None
    reason: str

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        return f"{where}: {self.reason}"


class PriceListError(UserError):
    """The file as a whole cannot be read (format, encoding, size, no header).

    ``reason`` never quotes the file; ``detail`` may (the header it found), for the one who
    imports the file at a terminal, never for a kiosk screen.
    """

    def __init__(self, file: str, reason: str, detail: str | None = None) -> None:
        self.file, self.reason, self.detail = file, reason, detail
        super().__init__(f"{file}: {reason}")


def decode_text(data: bytes, file: str) -> tuple[str, str]:
    """Text and encoding name: BOM first, then UTF-8, then GB18030 (what Excel writes in China)."""
    if data.startswith(codecs.BOM_UTF8):
        try:
            return data[len(codecs.BOM_UTF8) :].decode("utf-8", errors="strict"), "utf-8-sig"
        except UnicodeDecodeError as exc:
            # A UTF-8 mark before GBK bytes (a file re-saved by two editors): say so.
            raise PriceListError(
                file,
                f"the file starts as UTF-8 but is not UTF-8 at byte {exc.start + 3};"
                " save it again as UTF-8 CSV",
            ) from None
    for bom, name in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(name), "utf-16"
            except UnicodeDecodeError as exc:
                raise PriceListError(file, f"broken UTF-16 text at byte {exc.start}") from None
    wide = utf16_encoding(data)  # UTF-16 without its mark: what PowerShell's ">" writes
    if wide is not None:
        try:
            return data.decode(wide), "utf-16"
        except UnicodeDecodeError as exc:
            raise PriceListError(file, f"broken UTF-16 text at byte {exc.start}") from None
    if b"\x00" in data[:4096]:
        raise PriceListError(file, "this is a binary file, not a CSV or XLSX price list")
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError as exc:
        raise PriceListError(
            file,
            f"the text is neither UTF-8 nor GBK/GB18030 (bad byte at {exc.start});"
            " save it as UTF-8 CSV",
        ) from None
    if sum(ch in "\ufffd\x7f" or (ord(ch) < 32 and ch not in "\t\r\n") for ch in text) > 0:
        raise PriceListError(
            file, "the file contains control characters; it does not look like a text price list"
        )
    return text, "gb18030"


def _read_csv(data: bytes, file: str) -> tuple[list[list[str]], str]:
    text, encoding = decode_text(data, file)
    sample = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # Counted before the reader builds a row: one line of ten million commas is one row.
    separators = text.count(getattr(dialect, "delimiter", ","))
    if separators > MAX_CELLS + MAX_ROWS:
        raise PriceListError(file, _too_many_cells(separators))
    rows = []
    cells_read = 0
    try:
        # newline="": the reader sees each line end as written, so a file of CR-only lines
        # (an old Mac export) reads, not "do you need universal-newline mode?".
        for cells in csv.reader(io.StringIO(text, newline=""), dialect):
            rows.append(cells)
            cells_read += len(cells)
            if cells_read > MAX_CELLS:
                raise PriceListError(file, _too_many_cells(cells_read))
            if len(rows) > MAX_ROWS + 1:
                break
    except csv.Error as exc:
        raise PriceListError(file, f"not a valid CSV file: {exc}") from None
    _refuse_if_cut(text, rows, file)
    return rows, encoding


def _too_many_cells(count: int) -> str:
    return (
        f"it holds {count:,} cells or more; a price list has at most {MAX_CELLS:,}"
        " (rows times columns): split it, or keep only the columns it needs"
    )


def _refuse_if_cut(text: str, rows: list[list[str]], file: str) -> None:
    """A copy or a download that stopped mid-row leaves a last line shorter than the header
    and no line end; importing it would replace the whole list with its first rows and store
    the cut row's number (14999 cut to 149)."""
    if not rows or text.endswith(("\n", "\r")) or len(rows) > MAX_ROWS + 1:
        return
    filled = [r for r in rows if any(c.strip() for c in r)]
    if len(filled) >= 2 and len(filled[-1]) < len(filled[0]):
        raise PriceListError(
            file,
            f"the last line ({len(rows)}) has fewer cells than the header and no line end:"
            " the file looks cut short, so nothing was imported. If it is complete, end it"
            " with a new line",
        )


def _read_xlsx(data: bytes, file: str) -> list[list[str]]:
    import zipfile

    try:
        import openpyxl
    except ImportError:  # pragma: no cover - openpyxl is a dependency
        raise PriceListError(file, "reading XLSX needs the openpyxl package") from None
    try:
        members = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise PriceListError(file, f"not a readable XLSX workbook: {exc}") from None
    # The 20 MB limit is on the compressed file; a few MB can unpack to gigabytes.
    unpacked = sum(m.file_size for m in members)
    if len(members) > 10_000:  # "unpacks to 0 MB" once refused 100,000 empty parts
        raise PriceListError(
            file, f"the workbook holds {len(members):,} parts; a price list has a few dozen"
        )
    if unpacked > MAX_UNPACKED_BYTES:
        raise PriceListError(
            file,
            f"the workbook unpacks to {unpacked // (1024 * 1024)} MB; a price list is far smaller",
        )
    _check_parts(zipfile.ZipFile(io.BytesIO(data)), members, file)
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds on a damaged workbook
        raise PriceListError(file, f"not a readable XLSX workbook: {exc}") from None
    try:
        sheet = _shown_sheet(book, file)
        _check_sheet_shape(book, sheet, file)
        # The declared dimension pads every row to its width and fills every gap: a one-cell
        # sheet declaring A1:XFD1048576 would become 17 billion cells. Rows as they are.
        sheet.reset_dimensions()
        rows = []
        for values in sheet.iter_rows(values_only=True):
            rows.append(["" if v is None else _cell_text(v) for v in values])
            if len(rows) > MAX_ROWS + 1:
                break
    except PriceListError:
        raise
    except Exception as exc:  # damaged sheet XML surfaces only while rows are read
        raise PriceListError(file, f"the sheet cannot be read: {exc}") from None
    finally:
        book.close()
    return rows


# What openpyxl builds whole on opening a workbook, counted first in the parts' bytes: a 290 KB
# styles part once took 1.28 GB and 40 s, a 10 MB shared-strings part 671 MB and 65 s (issue
# 42). A shop's list has a few dozen styles and a few strings per row.
MAX_STYLES = 5_000  # cell formats, fonts, fills, borders, number formats together
MAX_SHARED_STRINGS = 10 * MAX_ROWS
_STYLE_TAG = re.compile(rb"<(?:[\w.-]+:)?(?:xf|font|fill|border|numFmt|dxf|cellStyle)[\s/>]")
_STRING_TAG = re.compile(rb"<(?:[\w.-]+:)?si[\s/>]")
# A cell past column ZZ (702) in any sheet, found before openpyxl's own pass over a sheet that
# declares no dimension (20,000 rows of one cell in column XFD took it 1.8 s to measure).
_FAR_CELL = re.compile(rb"<(?:[\w.-]+:)?c\s[^>]*?\br=\"([A-Z]{3,})[0-9]")


def _count(pattern: re.Pattern[bytes], data: bytes, limit: int) -> int:
    """Matches of ``pattern`` in ``data``, counting stopped just past ``limit``."""
    count = 0
    for _ in pattern.finditer(data):
        count += 1
        if count > limit:
            break
    return count


def _part(archive: Any, member: Any, file: str) -> bytes:
    try:
        return bytes(archive.read(member))  # its size was bounded above
    except Exception as exc:  # a damaged member: zlib, CRC, a bad header
        raise PriceListError(file, f"not a readable XLSX workbook: {exc}") from None


_CELL_TAG = re.compile(rb"<(?:[\w.-]+:)?c[\s/>]")
_SHEET_CHUNK = 1024 * 1024


def _check_sheet_part(archive: Any, member: Any, file: str) -> None:
    """A sheet's XML, streamed a megabyte at a time and never held whole: no cell past the
    last column, and at most MAX_CELLS cells in all."""
    cells, carry = 0, b""
    try:
        with archive.open(member) as source:
            while True:
                chunk = source.read(_SHEET_CHUNK)
                buffer = carry + chunk
                # Every tag starts at a "<": what follows the last one waits for the next chunk.
                cut = buffer.rfind(b"<") if chunk and len(buffer) < 2 * _SHEET_CHUNK else -1
                done, carry = (buffer, b"") if cut <= 0 else (buffer[:cut], buffer[cut:])
                far = _FAR_CELL.search(done)
                if far is not None:
                    raise PriceListError(
                        file,
                        f"a sheet has a cell in column {_column_of(far.group(1).decode()):,};"
                        f" a price list has at most {MAX_COLUMNS} columns",
                    )
                cells += _count(_CELL_TAG, done, MAX_CELLS - cells)
                if cells > MAX_CELLS:
                    raise PriceListError(file, _too_many_cells(cells))
                if not chunk:
                    return
    except PriceListError:
        raise
    except Exception as exc:  # a damaged member: zlib, CRC, a bad header
        raise PriceListError(file, f"not a readable XLSX workbook: {exc}") from None


def _check_parts(archive: Any, members: list[Any], file: str) -> None:
    for member in members:
        name = member.filename.lower()
        if name.startswith("xl/worksheets/") and name.endswith(".xml"):
            _check_sheet_part(archive, member, file)
            continue
        if name.endswith("styles.xml"):
            pattern, limit, what = _STYLE_TAG, MAX_STYLES, "styles"
        elif name.endswith("sharedstrings.xml"):
            pattern, limit, what = _STRING_TAG, MAX_SHARED_STRINGS, "shared strings"
        else:
            continue
        if _count(pattern, _part(archive, member, file), limit) > limit:
            raise PriceListError(
                file, f"the workbook holds more than {limit:,} {what}; a price list has far fewer"
            )


def _shown_sheet(book: Any, file: str) -> Any:  # openpyxl's Workbook and Worksheet
    """The sheet the shop sees on opening the workbook: the active one, or else the first that
    is not hidden. A hidden sheet (old prices, a cost column) is never the price list."""
    shown = [ws for ws in book.worksheets if ws.sheet_state == "visible"]
    if not shown:
        raise PriceListError(file, "the workbook has no visible sheet")
    active = book.active
    return active if any(active is ws for ws in shown) else shown[0]


def _check_sheet_shape(book: Any, sheet: Any, file: str) -> None:
    """Count the sheet's rows and cells from its XML, streamed, before openpyxl builds them: a
    108 KB sheet can hold two million cells in one row. A price list has a few columns."""
    from defusedxml.ElementTree import iterparse

    rows = 0
    with book._archive.open(sheet._worksheet_path) as source:
        cells = 0
        for event, element in iterparse(source, events=("start", "end")):
            tag = element.tag.rpartition("}")[2]
            if event == "start":
                if tag == "row":
                    rows, cells = rows + 1, 0
                    number = element.get("r", "")
                    if rows > MAX_ROWS + 1 or (number.isdigit() and int(number) > MAX_ROWS + 1):
                        raise PriceListError(file, f"more than {MAX_ROWS:,} rows; split the list")
                elif tag == "c":
                    cells += 1
                    column = _column_of(element.get("r", ""))
                    if column > MAX_COLUMNS:
                        # Rows are padded to their last cell: 20,000 rows of one cell in
                        # column XFD became 327 million cells and 2.66 GB (issue 42).
                        raise PriceListError(
                            file,
                            f"row {rows} has a cell in column {column:,};"
                            f" a price list has at most {MAX_COLUMNS} columns",
                        )
                    if cells > MAX_COLUMNS:
                        raise PriceListError(
                            file,
                            f"row {rows} has more than {MAX_COLUMNS} cells;"
                            " a price list has a few columns",
                        )
            elif tag in ("row", "c"):
                element.clear()


def _column_of(reference: str) -> int:
    """The column number of a cell reference ("XFD7" is 16,384); 0 when it gives none."""
    number = 0
    for ch in reference:
        if not ("A" <= ch <= "Z"):
            break
        number = number * 26 + ord(ch) - 64
        if number > 1 << 20:
            break
    return number


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def read_limited(path: Path) -> bytes:
    """The file's bytes: a regular file of at most 20 MB (a FIFO or a device is refused)."""
    file = path.name
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        raise PriceListError(file, exc.reason) from None
    if not data.strip():
        raise PriceListError(file, "the file is empty")
    return data


def read_rows(path: Path) -> tuple[list[list[str]], str, str]:
    """The file's rows of cells, its format ('csv'/'xlsx') and its text encoding."""
    file = path.name
    data = read_limited(path)
    if data.startswith(b"PK\x03\x04"):
        return _read_xlsx(data, file), "xlsx", ""
    rows, encoding = _read_csv(data, file)
    return rows, "csv", encoding
