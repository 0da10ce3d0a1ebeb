"""The market a plan prices in is a choice of its own, shown wherever prices are (issue 37, 4):
a language or currency switch keeps it; choosing another market changes the prices, the wall
socket and the electricity price."""

from __future__ import annotations

import pytest

from gpuplanner.app.session import Session, to_request
from gpuplanner.core.scenarios import Scenario

TODAY = "2026-12-01"


def _window(qtbot, language, currency):
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow

    session = Session(currency=currency, language=language, today=TODAY)
    controller = WizardController(session)
    window = MainWindow(language, currency, controller)
    qtbot.addWidget(window)
    window.scenario_page.set_scenario(Scenario.SME)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=30000)
    return window, controller


def _wait_for_market(qtbot, controller, region, currency):
    qtbot.waitUntil(
        lambda: (
            controller.plan is not None
            and controller.plan.market is not None
            and controller.plan.market.region == region
            and controller.plan.currency == currency
        ),
        timeout=30000,
    )


MARKET_WORDS = {
    ("en", "US"): "Prices for the US",
    ("en", "CN"): "Prices for China",
    ("zh_CN", "US"): "按美国市场计价",
    ("zh_CN", "CN"): "按中国市场计价",
}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_currency_switch_keeps_the_market_and_says_it_converts(qtbot, language):
    window, controller = _window(qtbot, language, "USD")
    assert window.market() == "US"
    _wait_for_market(qtbot, controller, "US", "USD")
    assert MARKET_WORDS[(language, "US")] in window.results_page.banner.text()
    window.currency_combo.setCurrentIndex(window.currency_combo.findData("CNY"))
    _wait_for_market(qtbot, controller, "US", "CNY")
    assert window.market() == "US" and controller.session.region() == "US"
    banner = window.results_page.banner.text()
    assert MARKET_WORDS[(language, "US")] in banner
    assert ("converted for display only" if language == "en" else "仅为显示而换算") in banner
    request = to_request(controller.session, controller.catalog)
    assert request.socket == "US-15A"  # still the US market's socket, shown in yuan


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_language_switch_keeps_the_market(qtbot, language):
    from PySide6.QtWidgets import QApplication

    from gpuplanner.ui.translator import LanguageSwitcher

    window, controller = _window(qtbot, "en", "USD")
    switcher = LanguageSwitcher(QApplication.instance())
    try:
        switcher.switch(language)
        controller.session.language = language
        window.set_language(language)
        window.results_page.entered()
        _wait_for_market(qtbot, controller, "US", "USD")
        qtbot.waitUntil(
            lambda: MARKET_WORDS[(language, "US")] in window.results_page.banner.text(),
            timeout=30000,
        )
        assert window.market() == "US"
    finally:
        switcher.switch("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_choosing_the_china_market_changes_prices_socket_and_tariff(qtbot, language):
    window, controller = _window(qtbot, language, "USD")
    _wait_for_market(qtbot, controller, "US", "USD")
    before = {o.gpu_id: o.price for o in controller.plan.options if o.price is not None}
    us_request = to_request(controller.session, controller.catalog)
    window.market_combo.setCurrentIndex(window.market_combo.findData("CN"))
    _wait_for_market(qtbot, controller, "CN", "USD")
    assert controller.session.market == "CN"
    assert MARKET_WORDS[(language, "CN")] in window.results_page.banner.text()
    after = {o.gpu_id: o.price for o in controller.plan.options if o.price is not None}
    changed = [g for g in before.keys() & after.keys() if before[g] != after[g]]
    assert changed, "the China market priced every card as the US one"
    cn_request = to_request(controller.session, controller.catalog)
    assert (us_request.socket, cn_request.socket) == ("US-15A", "CN-10A")
    from gpuplanner.planning.cost import default_tariff
    from gpuplanner.planning.market import market_for

    tariffs = [
        default_tariff(market_for("USD", controller.catalog, region)) for region in ("US", "CN")
    ]
    assert tariffs[0] != tariffs[1]
