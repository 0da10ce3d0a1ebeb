"""The recommendations as a sortable Qt table model; the cells' words are report/plan_view.py's
(the command line and the report show the same rows)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)

from gpuplanner.app.user_prices import parse_cell
from gpuplanner.report import plan_text
from gpuplanner.report.plan_view import OptionRow, option_rows

if TYPE_CHECKING:  # annotations only: the records load with the plan, not before
    from gpuplanner.app.records import Option, Plan

# The templates are marked for extraction where they are defined (report/plan_text.py); here
# they are only looked up, so Qt's translate is called under a plain name.
_qt_translate = QCoreApplication.translate


def tr_finding(text: str) -> str:
    """Qt's translator for the plan's words: the same .ts entries the command line reads."""
    return _qt_translate(plan_text.CONTEXT, text)


def _speed(option: Option) -> float | None:
    return option.speedup if option.speedup is not None else option.predicted_relative


class OptionsModel(QAbstractTableModel):
    # A price typed over a purchase's price cell: (gpu_id, amount per card, condition).
    price_typed = Signal(str, float, str)
    COLUMNS = (
        "rank",
        "action",
        "gpu",
        "price",
        "priced",
        "speed",
        "value",
        "vram",
        "power",
        "warnings",
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.options: list[Option] = []
        self.rows: list[OptionRow] = []  # the options in words (report/plan_view.py)
        self.headers = list(self.COLUMNS)
        self.prices_editable = True  # a kiosk's prices are the shop's: not typed over

    def set_plan(self, plan: Plan, language: str) -> None:
        """The plan's options, worded once for the window, the command line and the report."""
        self.beginResetModel()
        self.options = list(plan.options)
        self.rows = option_rows(plan, language)
        self.endResetModel()

    def set_headers(self, headers: list[str]) -> None:
        self.headers = headers
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(headers) - 1)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if (parent is not None and parent.isValid()) else len(self.options)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> str | None:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        if (
            self.prices_editable
            and index.isValid()
            and self.COLUMNS[index.column()] == "price"
            and self.options[index.row()].bought > 0
        ):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(
        self,
        index: QModelIndex | QPersistentModelIndex,
        value: object,
        role: int = Qt.ItemDataRole.EditRole,
    ) -> bool:
        """The price the user sees for one card: kept as theirs and the plan re-ranked."""
        if role != Qt.ItemDataRole.EditRole or not (self.flags(index) & Qt.ItemFlag.ItemIsEditable):
            return False
        typed = parse_cell(str(value))
        if typed is None:
            return False
        amount, condition = typed
        self.price_typed.emit(self.options[index.row()].gpu_id, amount, condition)
        return True

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid():
            return None
        row = index.row()
        option = self.options[row]
        column = self.COLUMNS[index.column()]
        if role == Qt.ItemDataRole.UserRole:  # the sort key
            return {
                "rank": row,
                "action": option.action,
                "gpu": option.gpu,
                "price": option.price or 0.0,
                "priced": option.price_each.date if option.price_each else "",
                "speed": _speed(option) or 0.0,
                "value": option.value or 0.0,
                "vram": option.vram_per_card_gb * option.count,
                "power": option.power_sustained_w,
                "warnings": len(self.rows[row].warnings),
            }[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(self.rows[row], option, column)
        if role == Qt.ItemDataRole.EditRole and column == "price":
            each = option.price_each
            return f"{each.amount:g}" if each else ""
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in ("gpu", "action", "priced"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == "price" and self.rows[row].price_invite and self.prices_editable:
                return self.rows[row].price_invite
            if column == "priced" and self.rows[row].price_note:  # "≈": another market's
                return self.rows[row].price_note
            return "\n".join(w.text for w in self.rows[row].warnings) or None
        return None

    def _display(self, row: OptionRow, option: Option, column: str) -> str:
        if column == "rank":  # a price to confirm carries its ✎ (report/plan_view.py)
            return row.rank_cell if row.rank is not None else "✘"
        if column == "price":
            text = row.price
            if option.price is not None and any(n.price for n in option.needs):
                text += " ＋"  # what it needs is bought too: in the total
            if row.price_invite and self.prices_editable:
                text = "✎ " + text  # no recent local listing: the user's own price is wanted
            return text
        if column == "value":
            return row.value or "N/A"
        if column == "warnings":
            return str(len(row.warnings) or "")
        return str(getattr(row, column))


class OptionsProxy(QSortFilterProxyModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.show_all = True
        self.setSortRole(Qt.ItemDataRole.UserRole)

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:
        source = self.sourceModel()
        return self.show_all or (isinstance(source, OptionsModel) and source.options[row].offered)

    def lessThan(
        self, left: QModelIndex | QPersistentModelIndex, right: QModelIndex | QPersistentModelIndex
    ) -> bool:
        a, b = left.data(Qt.ItemDataRole.UserRole), right.data(Qt.ItemDataRole.UserRole)
        return a < b
