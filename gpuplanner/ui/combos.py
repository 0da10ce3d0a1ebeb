"""A combo box's items set anew, as every page refills its choices on a language change."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QComboBox


def refill(combo: QComboBox, items: Iterable[tuple[object, str]]) -> None:
    """``combo`` holds ``items`` (data, text), the chosen data kept where it is still offered
    (else the first), without a change signal: only the words changed, not the choice."""
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for data, text in items:
        combo.addItem(text, data)
    index = combo.findData(current)
    combo.setCurrentIndex(index if index >= 0 else 0)
    combo.blockSignals(False)
