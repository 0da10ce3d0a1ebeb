"""The price you see, typed over a total in the results table: kept, re-ranked, restarted."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gpuplanner.app.session import Session
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.scenarios import Scenario
from gpuplanner.ui.controller import WizardController
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.table_model import OptionsModel

CARD = "geforce-rtx-3060-12-gb"


def _window(qtbot, controller):
    window = MainWindow("en", "CNY", controller)
    qtbot.addWidget(window)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    return window


def _option(plan):
    return next(o for o in plan.options if o.gpu_id == CARD and o.count == 1)


def _session():
    return Session(
        currency="CNY", language="en", scenario=Scenario.STUDENT, job=JobInputs(budget=3000)
    )


def test_a_typed_price_is_kept_used_and_survives_a_restart(qtbot):
    controller = WizardController(_session())
    window = _window(qtbot, controller)
    model = window.results_page.model
    row = next(i for i, o in enumerate(model.options) if o.gpu_id == CARD and o.count == 1)
    index = model.index(row, OptionsModel.COLUMNS.index("price"))
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(index, "not a price")
    with qtbot.waitSignal(controller.plan_changed, timeout=20000):
        assert model.setData(index, "1599")
    typed = _option(controller.plan).price_each
    assert typed.amount == 1599 and typed.source == "user" and typed.origin == "user"
    cell = model.index(
        next(i for i, o in enumerate(model.options) if o.gpu_id == CARD and o.count == 1),
        OptionsModel.COLUMNS.index("priced"),
    )
    assert model.data(cell).startswith("your price, ")
    # A restart: a new controller and window read it back from the user database.
    again = WizardController(_session())
    _window(qtbot, again)
    assert _option(again.plan).price_each.amount == 1599
    # Forgotten, the market's price is back.
    with qtbot.waitSignal(again.plan_changed, timeout=20000):
        again.forget_price(CARD)
    assert _option(again.plan).price_each.source != "user"


def test_a_kiosk_table_takes_no_typed_prices(qtbot):
    controller = WizardController(_session(), shop_prices=())
    window = _window(qtbot, controller)
    model = window.results_page.model
    assert not model.prices_editable
    index = model.index(0, OptionsModel.COLUMNS.index("price"))
    assert not model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert not window.results_page.forget_price.isVisibleTo(window)
