"""The recommendations as a sortable Qt table model. Text comes from report.plan_text."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QSortFilterProxyModel, Qt

from gpuplanner.core.money import format_money
from gpuplanner.planning.recommend import Option
from gpuplanner.report import plan_text

# The templates are marked for extraction where they are defined (report/plan_text.py); here
# they are only looked up, so Qt's translate is called under a plain name.
_qt_translate = QCoreApplication.translate


def tr_finding(text: str) -> str:
    """Qt's translator for the plan's words: the same .ts entries the command line reads."""
    return _qt_translate(plan_text.CONTEXT, text)


def _speed(option: Option) -> float | None:
    return option.speedup if option.speedup is not None else option.predicted_relative


class OptionsModel(QAbstractTableModel):
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

    def _problems(self, option: Option) -> list:
        return [f for f in option.findings if f.severity in ("blocks", "needs", "warns")]

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
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
                "warnings": len(self._problems(option)),
            }[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, option, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in ("gpu", "action", "priced"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [plan_text.finding_text(f, tr=tr_finding) for f in self._problems(option)]
            return "\n".join(lines) or None
        return None

    def _display(self, row: int, option: Option, column: str) -> str:
        if column == "rank":
            return str(row + 1) if option.offered else "✘"
        if column == "action":
            return plan_text.action_text(option.action, tr=tr_finding)
        if column == "gpu":
            return option.gpu + (f" ×{option.count}" if option.count > 1 else "")
        if column == "price":
            mark = " ＋" if any(n.price for n in option.needs) else ""
            return (
                format_money(option.price, option.currency) + mark
                if option.price is not None
                else "N/A"
            )
        if column == "priced":
            each = option.price_each
            return (
                f"{each.date[:7]} {tr_finding(plan_text.CONDITION_TEXT.get(each.condition, each.condition))}"
                if each
                else ""
            )
        if column == "speed":
            return plan_text.speed_cell(_speed(option), option)
        if column == "value":
            return f"{option.value:.3f}" if option.value else "N/A"
        if column == "vram":
            return f"{option.vram_per_card_gb * option.count:g} GB"
        if column == "power":
            return f"{option.power_sustained_w:.0f} W"
        return str(len(self._problems(option)) or "")


class OptionsProxy(QSortFilterProxyModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.show_all = True
        self.setSortRole(Qt.ItemDataRole.UserRole)

    def filterAcceptsRow(self, row, parent) -> bool:
        source = self.sourceModel()
        return self.show_all or (isinstance(source, OptionsModel) and source.options[row].offered)

    def lessThan(self, left, right) -> bool:
        a, b = left.data(Qt.ItemDataRole.UserRole), right.data(Qt.ItemDataRole.UserRole)
        return a < b
