"""The recommendations as a sortable Qt table model."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QSortFilterProxyModel, Qt

from gpuplanner.planning.recommend import Option


class OptionsModel(QAbstractTableModel):
    COLUMNS = ("fits", "gpu", "price", "speed", "value", "vram", "power", "warnings")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.options: list[Option] = []
        self.headers = list(self.COLUMNS)

    def set_options(self, options) -> None:
        self.beginResetModel()
        self.options = list(options)
        self.endResetModel()

    def set_headers(self, headers: list[str]) -> None:
        self.headers = headers
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(headers) - 1)

    def rowCount(self, parent=None) -> int:
        return 0 if (parent is not None and parent.isValid()) else len(self.options)

    def columnCount(self, parent=None) -> int:
        return len(self.COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        option = self.options[index.row()]
        column = self.COLUMNS[index.column()]
        if role == Qt.ItemDataRole.UserRole:  # the sort key
            return {
                "fits": (option.fits, option.score),
                "gpu": option.gpu,
                "price": option.price or 0.0,
                "speed": option.predicted_relative or 0.0,
                "value": option.value or 0.0,
                "vram": option.vram_per_card_gb * option.count,
                "power": option.power_sustained_w,
                "warnings": sum(w.severity != "info" for w in option.warnings),
            }[column]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == "fits":
                return "✔" if option.fits else "✘"
            if column == "gpu":
                return option.gpu + (f" ×{option.count}" if option.count > 1 else "")
            if column == "price":
                return f"{option.price:,.0f}" if option.price else "N/A"
            if column == "speed":
                return f"{option.predicted_relative:.2f}×" if option.predicted_relative else "N/A"
            if column == "value":
                return f"{option.value:.3f}" if option.value else "N/A"
            if column == "vram":
                return f"{option.vram_per_card_gb * option.count:g} GB"
            if column == "power":
                return f"{option.power_sustained_w:.0f} W"
            return str(sum(w.severity != "info" for w in option.warnings) or "")
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in ("gpu",):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(w.message for w in option.warnings if w.severity != "info") or None
        return None


class OptionsProxy(QSortFilterProxyModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.show_all = True
        self.setSortRole(Qt.ItemDataRole.UserRole)

    def filterAcceptsRow(self, row, parent) -> bool:
        return self.show_all or self.sourceModel().options[row].fits

    def lessThan(self, left, right) -> bool:
        a, b = left.data(Qt.ItemDataRole.UserRole), right.data(Qt.ItemDataRole.UserRole)
        return a < b
