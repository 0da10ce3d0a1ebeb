"""Writing a report: HTML, PDF (through Qt's text engine), a QR code, JSON. Atomic writes."""

from __future__ import annotations

import json
import os
from pathlib import Path


def _atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


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
    from PySide6.QtGui import QPageSize, QPdfWriter, QTextDocument

    tmp = path.with_name(f".{path.name}.tmp")
    writer = QPdfWriter(str(tmp))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setResolution(150)
    document = QTextDocument()
    document.setHtml(page)
    document.setPageSize(writer.pageLayout().paintRectPixels(writer.resolution()).size().toSizeF())
    document.print_(writer)
    del writer
    os.replace(tmp, path)


_headless_app = None


def write_pdf_headless(path: Path, page: str) -> None:
    """``write_pdf`` from a terminal: Qt's text engine needs an application object, offscreen."""
    global _headless_app
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _headless_app = QGuiApplication(["gpuplanner"])
    write_pdf(path, page)
