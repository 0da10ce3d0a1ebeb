"""Words over the scenario grid (issue 41): no "1 cards", no method written as its flag
("qlora", "lora-int8"), no ATX version the user did not give, in the report, the command
line and the window."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from helpers.chinese import plain, visible_texts
from helpers.reports import NOW, TODAY

from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.commands.plan_print import print_plan
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.machine.power import entered_supply
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.context import report_context
from gpuplanner.report.html import plan_html

ONE_CARDS = re.compile(r"(?<![\d.,])1 cards\b")
FLAG_METHOD = re.compile(r"(?<![\w/-])(qlora|lora-int8|lora)(?![\w-])")

GRID = [
    (Scenario.STUDENT, {"budget": 300.0}),
    (Scenario.STUDENT, {"budget": 2000.0}),
    (Scenario.SME, {"budget": 800.0}),
    (Scenario.SME, {"budget": 6000.0, "max_gpus": 2}),
    *[
        (Scenario.LLM, {"workload": "llm", "llm_model": model, "llm_mode": mode, "budget": b})
        for model, mode, b in (
            ("llama-3-8b", "qlora", 1500.0),
            ("llama-3-8b", "lora", 1200.0),
            ("llama-3-8b", "lora-int8", 900.0),
            ("llama-3-70b", "qlora", 6000.0),
            ("llama-3-70b", "full", 20000.0),
        )
    ],
]


@pytest.fixture(scope="module")
def data():
    return load_catalog(user_data=False).data


def _bad(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        for pattern in (ONE_CARDS, FLAG_METHOD):
            for hit in pattern.finditer(text):
                found.append(text[max(0, hit.start() - 60) : hit.end() + 40])
    return found


@pytest.mark.parametrize(("scenario", "job"), GRID)
def test_the_report_and_the_command_line_count_and_name_right(data, capsys, scenario, job):
    supply = entered_supply(550, None, False, 2, "gold")  # the ATX version left unknown
    request = PlanRequest(scenario=scenario, currency="USD", today=TODAY, psu=supply, **job)
    plan = recommend(request, data, load_speed_model())
    context = report_context(plan, "en", data, request, None, now=NOW)
    page = plain(plan_html(plan, "en", context))
    print_plan(plan, "en", 20)
    out = capsys.readouterr().out
    assert not _bad([page, out])
    assert "ATX 2.x" not in page, "the report claims an ATX version the user did not give"
    assert "ATX version not given" in page


@pytest.mark.parametrize("job", [GRID[4][1], GRID[8][1]])
def test_the_window_counts_and_names_right(wizard, qtbot, job):
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.LLM)
    controller.session.update(**{k: v for k, v in job.items() if k != "budget"})
    controller.session.set_budget(job["budget"])
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    page = window.results_page
    assert not page.show_all.isChecked() or not controller.plan.fitting()
    texts = visible_texts(window)
    for row in range(min(page.proxy.rowCount(), 12)):  # each offered card's details
        page.table.selectRow(row)
        texts.append(plain(page.details.text()))
    assert not _bad(texts)


def test_what_does_not_fit_waits_behind_its_count(wizard, qtbot):
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    page, plan = window.results_page, controller.plan
    hidden = len(plan.options) - len(plan.fitting())
    assert plan.fitting() and hidden > 1
    assert not page.show_all.isChecked()
    assert page.proxy.rowCount() == len(plan.fitting())
    assert f"the {hidden} cards that do not fit" in page.show_all.text()
    page.show_all.setChecked(True)
    assert page.proxy.rowCount() == len(plan.options)


def test_one_hidden_card_is_a_card(wizard, qtbot):
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    plan = controller.plan
    keep = [*plan.fitting(), next(o for o in plan.options if not o.offered)]
    window.results_page._show_all_text(replace(plan, options=tuple(keep)))
    assert "the card that does not fit" in window.results_page.show_all.text()


def test_the_value_column_says_what_it_divides(wizard, qtbot):
    """Issue 41: "Speed per 1,000" was speed ÷ price for a first card and gain ÷ price for an
    upgrade without saying which. The wizard's machine has a 4090 that runs the job."""
    from PySide6.QtCore import Qt

    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    plan = controller.plan
    header = window.results_page.model.headerData(6, Qt.Orientation.Horizontal)
    upgrade = any(o.action == "keep" and o.offered for o in plan.options)
    assert header == ("Speed added per 1,000 CNY" if upgrade else "Speed per 1,000 CNY")


def test_a_short_rented_job_is_not_free():
    """Issue 41: renting read "0.4 h, $0 for the job"."""
    from gpuplanner.planning.options import Rental
    from gpuplanner.report.html import _rent

    class Plan:
        rent = (
            Rental(
                gpu_id="h100",
                gpu="H100 SXM",
                count=1,
                per_hour=0.75,
                hours=0.4,
                job_cost=0.3,
                currency="USD",
            ),
        )

    assert "0.4 h, $0.30 for the job" in _rent(Plan(), "en", lambda text: text)
