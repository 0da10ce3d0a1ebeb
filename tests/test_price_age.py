"""Every price shows its age, counted from today: the date moves, the marks move with it."""

from __future__ import annotations

import re

import pytest
from catalog_helpers import built_catalog

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.recommend import PlanRequest, recommend


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return built_catalog(tmp_path_factory.mktemp("age"))


def _plan(data, today):
    request = PlanRequest(scenario=Scenario.SME, currency="CNY", today=today, alternatives=False)
    return recommend(request, data, load_speed_model())


def _marks(plan, gpu_id):
    option = next(o for o in plan.options if o.gpu_id == gpu_id and o.count == 1)
    return {f.id for f in option.findings} & {"price-stale", "price-very-old"}, option


def test_price_age_and_stale_marks_follow_today(data):
    early = _plan(data, "2024-02-01")
    late = _plan(data, "2026-11-30")
    # The RTX 4070 SUPER price is from 2024-01-17: fresh in early 2024, a year old by early 2025.
    marks, option = _marks(early, "geforce-rtx-4070-super")
    assert marks == set() and option.price_each.age_days == 15
    one_year_on = _plan(data, "2025-01-20")
    marks, _option = _marks(one_year_on, "geforce-rtx-4070-super")
    assert marks == {"price-stale"}
    # The RTX 4060's launch price (2023-06-29) is over three years old by late 2026.
    marks, option = _marks(late, "geforce-rtx-4060")
    assert marks == {"price-very-old"} and option.price_each.age_days == 1250
    assert late.price_age.median_days > early.price_age.median_days
    assert late.price_age.unknown >= early.price_age.unknown


def test_a_card_out_of_production_is_sold_new_until_its_date(data):
    """The 4070 SUPER sold out in January 2025 (availability.csv): planned new before, and
    after it only as a card no longer sold new."""
    before = _plan(data, "2025-01-20")
    after = _plan(data, "2026-11-30")
    _marks_before, option = _marks(before, "geforce-rtx-4070-super")
    assert option.price_each is not None and option.price_each.condition == "msrp"
    assert "not-sold-here" not in {f.id for f in option.findings}
    _marks_after, option = _marks(after, "geforce-rtx-4070-super")
    assert option.price_each is None
    assert "not-sold-here" in {f.id for f in option.findings}


def test_a_price_dated_after_today_is_not_used(data):
    # The 4090 D's 2025 listing did not exist in early 2024: the 2023 launch price is planned.
    _marks_early, option = _marks(_plan(data, "2024-02-01"), "geforce-rtx-4090-d")
    assert option.price_each.date == "2023-12-28" and option.price_each.age_days == 35


def test_no_calendar_year_decides_a_price_age(package_source):
    pattern = re.compile(r"price_year|\b20[1-3]\d\b")
    for folder in ("planning", "report", "commands", "ui"):
        for path in package_source.files(folder):
            for number, line in enumerate(package_source.texts[path].splitlines(), 1):
                code = line.split("#", 1)[0]
                if "age" in code.lower() and pattern.search(code):
                    raise AssertionError(f"{path.name}:{number}: {line.strip()}")


def test_the_results_page_says_how_old_the_prices_are(qtbot):
    from gpuplanner.app.session import Session
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow

    session = Session(currency="CNY", language="en", scenario=Scenario.SME, today="2024-06-01")
    controller = WizardController(session)
    window = MainWindow("en", "CNY", controller)
    qtbot.addWidget(window)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    first = window.results_page.banner.text()
    session.today = "2027-06-01"  # the session plans again
    later = window.results_page.banner.text()
    assert "Prices behind these options" in first and "Prices behind these options" in later
    months = [int(re.search(r"typically (\d+) months", text).group(1)) for text in (first, later)]
    assert months[1] - months[0] >= 35
