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
    from gpuplanner.planning.prices.cost import default_tariff
    from gpuplanner.planning.prices.market import market_for

    tariffs = [
        default_tariff(market_for("USD", controller.catalog, region)) for region in ("US", "CN")
    ]
    assert tariffs[0] != tariffs[1]


@pytest.mark.parametrize(
    ("asked", "currency", "language", "saved", "expected"),
    [
        (None, "USD", None, "CN", ("US", "currency")),
        (None, "CNY", "en", "US", ("CN", "currency")),  # the currency speaks of money first
        (None, None, "en", "CN", ("US", "language")),
        (None, None, "zh_CN", "US", ("CN", "language")),
        ("CN", "USD", "en", "US", ("CN", "market")),
        (None, None, None, "CN", ("CN", "saved")),
        (None, None, None, "XX", (None, "default")),
    ],
)
def test_the_command_line_chooses_the_market_over_memory(
    asked, currency, language, saved, expected
):
    from gpuplanner.core.markets import launch_market

    assert launch_market(asked=asked, currency=currency, language=language, saved=saved) == expected


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_currency_usd_with_a_saved_china_market_opens_on_the_us_and_says_why(qapp, qtbot, language):
    """Issue 50: `gpuplanner --language en --currency USD` opened on a China market left from
    an earlier run, pricing "for China, shown in USD"."""
    from gpuplanner.ui.app import Application, LaunchOptions
    from gpuplanner.ui.settings import open_settings

    settings = open_settings()
    settings.setValue("ui/market", "CN")
    settings.sync()
    application = Application(qapp, LaunchOptions(language=language, currency="USD"))
    window = application.window
    qtbot.addWidget(window)
    try:
        _says_why(application, window, language)
    finally:
        application.set_language("en")
    # Nothing on the command line: the saved market.
    later = Application(qapp, LaunchOptions(language="en"))
    qtbot.addWidget(later.window)
    assert later.session.region() == "US"  # the language given: its market
    settings.setValue("ui/market", "CN")
    latest = Application(qapp, LaunchOptions())
    qtbot.addWidget(latest.window)
    assert latest.session.region() == "CN" and latest.window.market_note.isHidden()


def _says_why(application, window, language):
    assert application.session.region() == "US" and window.market() == "US"
    note = window.market_note.text()
    assert not window.market_note.isHidden()
    if language == "en":
        assert "United States" in note and "prices in USD" in note
    else:
        assert "美国" in note and "USD" in note
    window.market_combo.setCurrentIndex(window.market_combo.findData("CN"))  # chosen: no note
    assert window.market_note.isHidden() and application.session.region() == "CN"
