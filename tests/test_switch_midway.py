"""Switching the language or the currency on any page changes nothing but the language or the
currency (issue 16: a budget that changed by itself, reasons left in the old language)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from gpuplanner.core.scenarios import Scenario

PAGES = range(6)


def _state(app) -> dict:
    """Everything the user entered or was told, but the language and the currency's words."""
    session = app.session
    fields = {
        f.name: getattr(session, f.name)
        for f in dataclasses.fields(session)
        if f.name not in ("language", "snapshot", "probe", "budget_typed", "job")
    }
    fields.update({f.name: getattr(session.job, f.name) for f in dataclasses.fields(session.job)})
    plan = app.controller.plan
    fields["page"] = app.window.pages.currentIndex()
    fields["plan"] = (
        tuple((o.action, o.gpu_id, o.count, o.offered) for o in plan.options) if plan else None
    )
    return fields


@pytest.fixture
def app(qapp, qtbot):
    from gpuplanner.ui.app import Application, LaunchOptions

    application = Application(qapp, LaunchOptions(language="en", currency="CNY"))
    window = application.window
    qtbot.addWidget(window)
    window.resize(1100, 760)
    window.show()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(1)
    qtbot.waitUntil(lambda: application.session.snapshot is not None, timeout=30000)
    window.computer_page.psu_watts.setValue(650)
    window.go(3)
    window.workload_page.budget.setValue(4321)
    yield application
    application.set_language("en")


def _chinese(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


@pytest.mark.parametrize("page", PAGES)
def test_a_language_switch_changes_only_the_language(app, qtbot, qapp, page):
    app.window.go(page)
    if page >= 4:
        qtbot.waitUntil(lambda: app.controller.plan is not None, timeout=20000)
    qapp.processEvents()
    before = _state(app)
    heading = app.window.page(page).heading
    english = heading.text()
    app.set_language("zh_CN")
    qapp.processEvents()
    assert _chinese(heading.text()) and heading.text() != english
    assert _state(app) == before
    if page == 4:  # the selected option's reasons and warnings follow at once
        assert _chinese(app.window.results_page.details.text())
    if page == 5:  # and the report is made again in the new language
        assert "GPU 选购方案" in app.window.report_page.preview.toPlainText()
    app.set_language("en")
    qapp.processEvents()
    assert heading.text() == english and _state(app) == before


@pytest.mark.parametrize("page", PAGES)
def test_a_currency_switch_there_and_back_changes_nothing(app, qtbot, qapp, page):
    app.window.go(page)
    if page >= 4:
        qtbot.waitUntil(lambda: app.controller.plan is not None, timeout=20000)
    qapp.processEvents()
    before = _state(app)
    combo = app.window.currency_combo
    combo.setCurrentIndex(combo.findData("USD"))
    qapp.processEvents()
    assert app.session.currency == "USD"
    during = _state(app)
    assert {k: v for k, v in during.items() if k not in ("currency", "budget", "plan")} == {
        k: v for k, v in before.items() if k not in ("currency", "budget", "plan")
    }
    assert during["budget"] != before["budget"]  # converted once, at the dated rate
    combo.setCurrentIndex(combo.findData("CNY"))
    qapp.processEvents()
    assert _state(app) == before  # planned again by the session as the currency switched
    assert app.session.job.budget == 4321
