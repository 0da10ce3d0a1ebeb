"""Writing a report: HTML, PDF (through Qt's text engine), a QR code, JSON. Atomic writes."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.core import atomic

if TYPE_CHECKING:  # Qt loads when a PDF is written, not with the report's words
    from PySide6.QtGui import QPagedPaintDevice, QTextBlock, QTextDocument

_atomic = atomic.write_bytes


def write_html(path: Path, page: str) -> None:
    _atomic(path, page.encode("utf-8"))


def write_json(path: Path, data: dict) -> None:
    _atomic(path, (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))


def qr_png(text: str, scale: int = 6) -> bytes:
    """The summary as a QR code a phone can scan (UTF-8, error correction M)."""
    from io import BytesIO

    import segno

    buffer = BytesIO()
    segno.make(text, error="m", encoding="utf-8").save(buffer, kind="png", scale=scale, border=2)
    return buffer.getvalue()


# A heading moved to the next page at most this many times (each move is one relayout).
MAX_HEADING_MOVES = 40


def printable_document(
    page: str, device: QPagedPaintDevice, print_size: bool = False
) -> QTextDocument:
    """The page laid out for ``device``'s pages (a PDF writer, a printer): digits that stay
    text, no heading left at the foot of a page; with ``print_size``, type at the size its
    style asks on paper (the plan's printed report, whose style is written for paper)."""
    from PySide6.QtGui import QTextBlockFormat, QTextCursor, QTextFormat

    document = _laid_out(page, device, print_size)
    for _ in range(MAX_HEADING_MOVES):
        block = heading_to_move(document)
        if block is None:
            return document
        moved = QTextBlockFormat()
        moved.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        QTextCursor(block).mergeBlockFormat(moved)
        # Laid out afresh: Qt re-lays a document whose block formats changed only in part, and
        # a block it left unlaid was printed as nothing (a whole option card and a heading went
        # missing from the PDF). The moved heading travels as page-break-before.
        document = _laid_out(document.toHtml(), device, print_size)
    return document


def _laid_out(page: str, device: QPagedPaintDevice, print_size: bool) -> QTextDocument:
    from PySide6.QtGui import QFont, QTextDocument

    document = QTextDocument()
    font = QFont()
    # Noto Sans CJK's localised forms ("locl") swap Latin-script digits for glyphs no
    # character maps to: the PDF's text layer then had no digits ("RTX D" for "RTX 4090 D").
    font.setFeature(QFont.Tag("locl"), 0)
    document.setDefaultFont(font)
    if print_size:
        # Laid out at the device's resolution: on the screen's, a 10 pt style printed at 6 pt
        # (pages styled for the screen, as the fleet's, keep that layout: their tables fit).
        document.documentLayout().setPaintDevice(device)
    document.setHtml(page)
    resolution = device.logicalDpiY()
    document.setPageSize(device.pageLayout().paintRectPixels(resolution).size().toSizeF())
    return document


def heading_to_move(document: QTextDocument) -> QTextBlock | None:
    """The first heading whose content starts on the next page (a table's header row counts
    as the heading's: it goes with them), which must go to that page too."""
    from PySide6.QtGui import QTextFormat

    height = document.pageSize().height()
    layout = document.documentLayout()
    block = document.begin()
    while block.isValid():
        following = block.next()
        if (
            block.blockFormat().headingLevel()
            and following.isValid()
            and block.blockFormat().pageBreakPolicy() == QTextFormat.PageBreakFlag.PageBreak_Auto
        ):
            own = layout.blockBoundingRect(block)
            content = _first_content(following)
            lines = content.layout()
            first = layout.blockBoundingRect(content).top() + (
                lines.lineAt(0).y() if lines.lineCount() else 0.0
            )
            if int(own.top() // height) < int(first // height):
                return block
        block = following
    return None


def _first_content(block: QTextBlock) -> QTextBlock:
    """What a heading introduces: the block after it, or a table's first row under its header."""
    from PySide6.QtGui import QTextCursor

    table = QTextCursor(block).currentTable()
    if table is None or table.rows() < 2:
        return block
    return table.cellAt(1, 0).firstCursorPosition().block()


def write_pdf(path: Path, page: str, print_size: bool = False) -> None:
    """Render the HTML with Qt's text engine into an A4 PDF (needs a QGuiApplication)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QPageSize, QPdfWriter

    from gpuplanner.report.pdf_text import fix_text_layer

    def render(tmp: Path) -> None:
        # Rendered into memory, written by Python: Qt takes a file name as text, and a name
        # the system gave as bytes that are not UTF-8 (a GBK folder) became another file
        # (issue 51).
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        writer = QPdfWriter(buffer)
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setResolution(150)
        document = printable_document(page, writer, print_size)
        document.print_(writer)
        del writer  # finishes the PDF into the buffer
        buffer.close()
        try:
            tmp.write_bytes(bytes(data.data()))
        except OSError as exc:  # a full disk, a file size limit
            raise OSError(
                errno.EIO,
                f"the PDF was cut short (is the disk full? {exc.strerror or exc});"
                f" {path.name} was not changed",
            ) from exc
        check_pdf(tmp, path)
        written = tmp.read_bytes()
        fixed = fix_text_layer(written)
        if fixed != written:
            tmp.write_bytes(fixed)

    atomic.write_with(path, render)


def check_pdf(tmp: Path, path: Path) -> None:
    """Qt's PDF writer reports neither a failed open nor a failed write (a full disk leaves a
    file cut short, or empty), so the file itself is the proof: a PDF starts with its header
    and ends with its end-of-file mark."""
    try:
        with open(tmp, "rb") as handle:
            head = handle.read(5)
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - 1024))
            tail = handle.read()
    except OSError as exc:
        raise OSError(errno.EIO, f"could not write {path.name}: {exc.strerror or exc}") from exc
    if head != b"%PDF-" or b"%%EOF" not in tail:
        raise OSError(
            errno.EIO, f"the PDF was cut short (is the disk full?); {path.name} was not changed"
        )


_headless_app = None


def write_pdf_headless(path: Path, page: str, print_size: bool = False) -> None:
    """``write_pdf`` from a terminal: Qt's text engine needs an application object, offscreen."""
    global _headless_app
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _headless_app = QGuiApplication(["gpuplanner"])
    write_pdf(path, page, print_size)
