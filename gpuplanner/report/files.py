"""Writing a report: HTML, PDF (through Qt's text engine), a QR code, JSON. Atomic writes."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

from gpuplanner.core import atomic

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


def write_pdf(path: Path, page: str) -> None:
    """Render the HTML with Qt's text engine into an A4 PDF (needs a QGuiApplication)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QPageSize, QPdfWriter, QTextDocument

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
        document = QTextDocument()
        document.setHtml(page)
        size = writer.pageLayout().paintRectPixels(writer.resolution()).size().toSizeF()
        document.setPageSize(size)
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


def write_pdf_headless(path: Path, page: str) -> None:
    """``write_pdf`` from a terminal: Qt's text engine needs an application object, offscreen."""
    global _headless_app
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _headless_app = QGuiApplication(["gpuplanner"])
    write_pdf(path, page)
