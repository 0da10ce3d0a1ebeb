"""Switching currency changes the currency, not the budget (issue 16)."""

from __future__ import annotations

import pytest

from gpuplanner.app.session import Session
from gpuplanner.core.scenarios import Scenario


@pytest.mark.parametrize(
    ("amount", "start", "other"),
    [(100_000, "CNY", "USD"), (4_000, "CNY", "USD"), (600, "USD", "CNY")],
)
def test_switching_there_and_back_restores_the_typed_budget(amount, start, other):
    session = Session(currency=start, scenario=Scenario.LLM, cny_per_usd=7.02)
    session.set_budget(float(amount))
    session.set_currency(other)
    assert session.job.budget not in (None, float(amount))
    session.set_currency(start)
    assert session.job.budget == amount
    for _ in range(5):  # no drift however often
        session.set_currency(other)
        session.set_currency(start)
    assert session.job.budget == amount


def test_a_budget_typed_after_a_switch_is_the_new_reference():
    session = Session(currency="CNY", scenario=Scenario.STUDENT, cny_per_usd=7.1)
    session.set_budget(4_000.0)
    session.set_currency("USD")
    session.set_budget(600.0)
    session.set_currency("CNY")
    assert session.job.budget == pytest.approx(600 * 7.1, abs=1)
    session.set_currency("USD")
    assert session.job.budget == 600


def test_without_a_rate_on_record_the_budget_is_not_guessed():
    session = Session(currency="CNY", scenario=Scenario.STUDENT)
    session.set_budget(4_000.0)
    session.set_currency("USD")
    assert session.job.budget is None  # the scenario's typical USD budget, no made-up rate
    session.set_currency("CNY")
    assert session.job.budget == 4_000


def test_the_window_keeps_the_budget_through_a_currency_switch(qtbot):
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow

    session = Session(currency="CNY", language="zh_CN")
    controller = WizardController(session)
    window = MainWindow("zh_CN", "CNY", controller)
    qtbot.addWidget(window)
    window.scenario_page.set_scenario(Scenario.LLM)
    window.go(3)
    page = window.workload_page
    page.budget.setValue(100_000)
    for currency, prefix in (("USD", "$"), ("CNY", "¥")):
        window.currency_combo.setCurrentIndex(window.currency_combo.findData(currency))
        page.load_from_session()
        assert page.budget.prefix().strip() == prefix
    assert page.budget.value() == 100_000 and session.job.budget == 100_000
