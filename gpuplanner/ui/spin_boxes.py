"""Spin boxes whose lowest value means "unknown" or "default" (their special value text).

Qt's own spin box took a cleared field for a typing slip and put the old value back when the
field was left: a supply once entered could be made unknown again only by typing 0. Here an
empty field is a value of its own, the lowest, and the box shows its special value text.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox


def _cleared(box: QSpinBox | QDoubleSpinBox, text: str) -> bool:
    """The field holds nothing but the box's prefix and suffix (or not even those)."""
    core = text.strip()
    for affix in (box.prefix().strip(), box.suffix().strip()):
        if affix:
            core = core.removeprefix(affix).removesuffix(affix).strip()
    return not core


class UnknownSpinBox(QSpinBox):
    def validate(self, text: str, pos: int) -> Any:
        if self.specialValueText() and _cleared(self, text):
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)

    def valueFromText(self, text: str) -> int:
        if self.specialValueText() and _cleared(self, text):
            return self.minimum()
        return super().valueFromText(text)


class UnknownDoubleSpinBox(QDoubleSpinBox):
    def validate(self, text: str, pos: int) -> Any:
        if self.specialValueText() and _cleared(self, text):
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)

    def valueFromText(self, text: str) -> float:
        if self.specialValueText() and _cleared(self, text):
            return self.minimum()
        return super().valueFromText(text)
