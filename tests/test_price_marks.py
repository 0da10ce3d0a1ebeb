"""Where a price comes from, at a glance (issue 48, item 3): the price cell marks a price
converted from another market ("≈ from the US: $325", with its tooltip), a launch price and an
estimate, in the table, the report and the JSON; in USD on the China market a US listing is
shown at its own dollar amount and source, never as the China price converted back."""

from __future__ import annotations

import json

import pytest

from gpuplanner.app.session import Session
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report import html as report_html
from gpuplanner.report import plan_text
from gpuplanner.report.plan_view import option_rows

TODAY = "2026-12-01"
CARD = "geforce-rtx-3060-12-gb"  # priced in China only by a US listing (2026-08, $325)


def _plan(data, model, currency, region="CN", budget=None):
    request = PlanRequest(
        scenario=Scenario.STUDENT,
        currency=currency,
        region=region,
        budget=budget or (400 if currency == "USD" else 3_000),
        today=TODAY,
        alternatives=False,
    )
    return recommend(request, data, model)


def _card(plan):
    return next(o for o in plan.options if o.gpu_id == CARD and o.count == 1)


@pytest.mark.parametrize("currency", ["USD", "CNY"])
@pytest.mark.parametrize(("language", "word"), [("en", "from the US"), ("zh_CN", "来自美国")])
def test_a_us_listing_in_china_is_marked_at_its_own_amount(data, model, currency, language, word):
    plan = _plan(data, model, currency)
    option = _card(plan)
    each = option.price_each
    assert each.region == "US" and each.price.currency == "USD"
    listed = plan_text.format_money(each.price.amount, "USD")
    assert each.amount != each.price.amount  # the total carries China's VAT
    row = next(
        r for r, o in zip(option_rows(plan, language), plan.options, strict=True) if o is option
    )
    assert "≈" in row.priced and word in row.priced and listed in row.priced
    assert row.price_note is not None and listed in row.price_note
    assert plan_text.source_text(each, language) in row.price_note
    assert "13%" in row.price_note  # the VAT it gained on the way
    # The report's price cell says the same, under the total.
    cell = report_html._price_cell(option, language, row.price_note)
    assert "≈" in cell and listed in cell


def test_a_local_price_is_not_marked_converted(data, model):
    plan = _plan(data, model, "USD", region="US", budget=450)
    for row, option in zip(option_rows(plan, "en"), plan.options, strict=True):
        if option.price_each is not None and option.price_each.region == "US":
            assert "≈" not in row.priced and row.price_note is None


def test_the_json_marks_the_price_and_gives_the_source_figure(tmp_path):
    from conftest import run_cli

    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "student",
        "--currency",
        "USD",
        "--region",
        "CN",
        "--budget",
        "3000",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    options = json.loads(result.stdout)["options"]
    card = next(o for o in options if o["gpu_id"] == CARD and o["count"] == 1)
    assert "converted" in card["price"]["marks"]
    assert card["price"]["as_listed"] == {"amount": 325.0, "currency": "USD", "region": "US"}
    msrp = [o for o in options if o["price"] and o["price"]["condition"] == "msrp"]
    assert msrp and all("msrp" in o["price"]["marks"] for o in msrp)


@pytest.mark.parametrize(("language", "word"), [("en", "from the US"), ("zh_CN", "来自美国")])
def test_the_window_marks_a_converted_price_with_its_tooltip(qtbot, language, word):
    from PySide6.QtCore import Qt

    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.table_model import OptionsModel

    session = Session(
        currency="USD",
        language=language,
        scenario=Scenario.STUDENT,
        market="CN",
        job=JobInputs(budget=400),
    )
    controller = WizardController(session)
    window = MainWindow(language, "USD", controller)
    qtbot.addWidget(window)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    model = window.results_page.model
    row = next(i for i, o in enumerate(model.options) if o.gpu_id == CARD and o.count == 1)
    listed = plan_text.format_money(model.options[row].price_each.price.amount, "USD")
    cell = model.index(row, OptionsModel.COLUMNS.index("priced"))
    shown = model.data(cell)
    assert "≈" in shown and word in shown and listed in shown
    tip = model.data(cell, Qt.ItemDataRole.ToolTipRole)
    assert tip and listed in tip and "≈" in tip
