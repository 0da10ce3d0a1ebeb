"""Tables and dialogs that fit (issue 50, item 5): figures are never elided at any width from
1024 px, in either language, and Qt's own file dialog speaks the window's language."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from gpuplanner.core.scenarios import Scenario
from gpuplanner.ui.translator import LanguageSwitcher


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1024, 600), (1600, 1000)])
def test_no_figure_in_the_results_table_is_elided(wizard, qtbot, qapp, language, size):
    """Issue 50: with nothing fitting and every card shown, the price, speed, memory and power
    columns read "N/A", "1…", "9… W"."""
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch(language)
        window, controller = wizard()
        controller.session.language = language
        window.set_language(language)
        window.resize(*size)
        window.show()
        window.scenario_page.set_scenario(Scenario.STUDENT)
        controller.session.update(budget=100.0)  # nothing fits: every card is shown
        window.go(4)
        qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
        page = window.results_page
        qtbot.waitUntil(lambda: page.proxy.rowCount() > 100, timeout=20000)
        assert page.show_all.isChecked() and not controller.plan.fitting()
        qapp.processEvents()
        table, model = page.table, page.proxy
        metrics = table.fontMetrics()
        for column in range(model.columnCount()):
            if column == page.NAME_COLUMN:
                continue
            width = table.columnWidth(column)
            for row in range(model.rowCount()):
                text = model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)
                if text:
                    needed = max(metrics.horizontalAdvance(line) for line in str(text).split("\n"))
                    assert needed + 6 <= width, (language, size, column, text, width)
    finally:
        switcher.switch("en")


def test_the_chinese_file_dialog_speaks_chinese(qapp, qtbot):
    """Issue 50: "Look in" and "Files of type" in English in the Chinese interface (Qt's own
    Chinese catalogue lacks them)."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QFileDialog, QLabel

    from gpuplanner.ui.translator import QT_GAPS

    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        for words in QT_GAPS:  # ours answer where Qt's catalogue has no answer
            assert QCoreApplication.translate("QFileDialog", words) != words
        for mode in (QFileDialog.AcceptMode.AcceptOpen, QFileDialog.AcceptMode.AcceptSave):
            dialog = QFileDialog(None, "", "", "JSON (*.json)")
            dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
            dialog.setAcceptMode(mode)
            qtbot.addWidget(dialog)
            labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
            assert len(labels) >= 3
            for text in labels:
                words = re.sub(r"\(&\w\)", "", text)  # the mnemonic, as Chinese menus write it
                assert not re.search("[A-Za-z]", words), text
    finally:
        switcher.switch("en")


def test_the_header_combos_fit_their_longest_item_after_a_language_switch(wizard, qtbot, qapp):
    """Issue 50: the market combo read "Chin" after a switch from Chinese to English."""
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        window, _controller = wizard()
        window.set_language("zh_CN")
        window.resize(1024, 600)
        window.show()
        qapp.processEvents()
        switcher.switch("en")
        window.set_language("en")
        qtbot.waitUntil(lambda: window.market_combo.currentText() == "China", timeout=5000)
        for _ in range(3):  # the new words, then the layout they ask for
            qapp.processEvents()
        for combo in (window.market_combo, window.language_combo, window.currency_combo):
            metrics = combo.fontMetrics()
            longest = max(
                metrics.horizontalAdvance(combo.itemText(i)) for i in range(combo.count())
            )
            assert combo.width() >= longest + 16, (
                combo.objectName(),
                combo.currentText(),
                combo.sizeHint(),
                combo.sizeAdjustPolicy(),
                [combo.itemText(i) for i in range(combo.count())],
            )
    finally:
        switcher.switch("en")
