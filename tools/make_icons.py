"""Draw the application icon and write it as PNG (Linux), ICO (Windows) and ICNS (macOS).

Usage: python tools/make_icons.py   (writes resources/icons/; the files are committed)
The icon: a green rounded square with a GPU board and a rising bar chart, readable at 16 px.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT = REPO_ROOT / "resources" / "icons"


def draw(size: int):
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter, QPen

    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 256
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#2f7d4f"))
    p.drawRoundedRect(QRectF(8 * s, 8 * s, 240 * s, 240 * s), 48 * s, 48 * s)
    # The card: a board with a fan, and its gold edge connector.
    p.setBrush(QColor("#e8f1ea"))
    p.drawRoundedRect(QRectF(36 * s, 70 * s, 184 * s, 100 * s), 14 * s, 14 * s)
    p.setBrush(QColor("#d9a521"))
    p.drawRect(QRectF(70 * s, 170 * s, 110 * s, 16 * s))
    p.setBrush(QColor("#2f7d4f"))
    p.drawEllipse(QRectF(58 * s, 82 * s, 76 * s, 76 * s))
    p.setBrush(QColor("#e8f1ea"))
    p.drawEllipse(QRectF(86 * s, 110 * s, 20 * s, 20 * s))
    # Rising bars: speed.
    p.setBrush(QColor("#2f7d4f"))
    for i, height in enumerate((26, 44, 62)):
        p.drawRect(QRectF((150 + i * 22) * s, (152 - height) * s, 14 * s, height * s))
    p.setPen(QPen(QColor("#ffffff"), max(1.0, 10 * s)))
    p.drawLine(int(44 * s), int(214 * s), int(212 * s), int(214 * s))
    p.end()
    return image


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication(sys.argv[:1])
    OUT.mkdir(parents=True, exist_ok=True)
    big = draw(256)
    for name, fmt in (
        ("gpuplanner.png", "PNG"),
        ("gpuplanner.ico", "ICO"),
        ("gpuplanner.icns", "ICNS"),
    ):
        if not big.save(str(OUT / name), fmt):
            print(f"could not write {name}", file=sys.stderr)
            return 1
        print(OUT / name)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
