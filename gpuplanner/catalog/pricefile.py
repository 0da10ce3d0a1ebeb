"""Reading a shop's price file into rows of text cells: CSV in any encoding shops use, or XLSX."""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass
from pathlib import Path

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_ROWS = 20_000


@dataclass(frozen=True)
class Rejection:
    """One bad row of a price list or pack: where, and why."""

    line: int
    column: str | None
    reason: str

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        return f"{where}: {self.reason}"


class PriceListError(Exception):
    """The file as a whole cannot be read (format, encoding, size, no header)."""

    def __init__(self, file: str, reason: str) -> None:
        self.file, self.reason = file, reason
        super().__init__(f"{file}: {reason}")


def decode_text(data: bytes, file: str) -> tuple[str, str]:
    """Text and encoding name: BOM first, then UTF-8, then GB18030 (what Excel writes in China)."""
    if data.startswith(codecs.BOM_UTF8):
        return data[len(codecs.BOM_UTF8) :].decode("utf-8", errors="strict"), "utf-8-sig"
    for bom, name in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(name), "utf-16"
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
    rows = []
    try:
        for cells in csv.reader(io.StringIO(text), dialect):
            rows.append(cells)
            if len(rows) > MAX_ROWS + 1:
                break
    except csv.Error as exc:
        raise PriceListError(file, f"not a valid CSV file: {exc}") from None
    return rows, encoding


def _read_xlsx(data: bytes, file: str) -> list[list[str]]:
    import zipfile

    try:
        import openpyxl
    except ImportError:  # pragma: no cover - openpyxl is a dependency
        raise PriceListError(file, "reading XLSX needs the openpyxl package") from None
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise PriceListError(file, f"not a readable XLSX workbook: {exc}") from None
    try:
        sheet = book.worksheets[0]
        rows = []
        for values in sheet.iter_rows(values_only=True):
            rows.append(["" if v is None else _cell_text(v) for v in values])
            if len(rows) > MAX_ROWS + 1:
                break
    finally:
        book.close()
    return rows


def _cell_text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def read_limited(path: Path) -> bytes:
    """The file's bytes: a regular file of at most 20 MB (a FIFO or a device is refused)."""
    file = path.name
    try:
        if not path.is_file():
            raise PriceListError(file, "not a regular file")
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise PriceListError(file, f"cannot read the file: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise PriceListError(file, "the file is over 20 MB; a price list may be at most 20 MB")
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
