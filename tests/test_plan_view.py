"""A plan's headline and its option rows are worded once (report/plan_view.py); the results
page, ``recommend``'s text and the HTML report each lay out those same words, in both
languages (issue 29). Two plans: keep the cards you have, and nothing fits (ways forward)."""

from __future__ import annotations

import html

import pytest
from helpers.wizard import fake_scan

from gpuplanner.app.inventory import enrich
from gpuplanner.app.scanning import catalog_for_matching
from gpuplanner.app.session import to_request
from gpuplanner.commands.plan_print import print_plan
from gpuplanner.core.scenarios import Scenario
from gpuplanner.report.context import report_context
from gpuplanner.report.html import plan_html
from gpuplanner.report.plan_view import headline, option_rows


def _plans(wizard, qtbot, tmp_path, language):
    """(window, plan, catalog) for a keep plan and a ways-forward plan, in ``language``."""
    window, controller = wizard(language=language)
    catalog = catalog_for_matching()
    controller.session.snapshot = enrich(fake_scan(tmp_path)(), catalog)
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    yield window, controller.plan, to_request(controller.session, catalog), catalog
    session = controller.session
    with session.changes():  # the session plans again, once
        session.scenario = Scenario.LLM
        session.update(workload="llm", llm_model="llama-2-13b", llm_mode="lora", budget=8_000.0)
    plan = controller.plan
    yield window, plan, to_request(session, catalog), catalog


def _cells(model, number: int) -> dict[str, str]:
    return {name: model.data(model.index(number, i)) for i, name in enumerate(model.COLUMNS)}


def _window_text(page) -> str:
    return html.unescape(page.intro.text() + "\n" + page.banner.text())


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_headline_and_rows_are_the_same_in_window_text_and_report(
    wizard, qtbot, tmp_path, capsys, language
):
    seen = set()
    for window, plan, request, catalog in _plans(wizard, qtbot, tmp_path, language):
        head, rows = headline(plan, language), option_rows(plan, language)
        assert rows and any(row.warnings for row in rows)
        kept = head.no_purchase and plan.keep_refused is None  # not the cards said to be short
        seen.add("keep" if kept else "forward" if head.ways_forward else "other")
        print_plan(plan, language, top=len(rows))
        printed = capsys.readouterr().out
        report = html.unescape(
            plan_html(plan, language, report_context(plan, language, catalog, request))
        )
        page = window.results_page
        shown = _window_text(page)
        said = [
            head.summary,
            head.market,
            head.ask_price,
            head.price_age,
            head.no_purchase,
            *head.keep,
        ]
        said += [head.route_alternative, head.ways_forward, *head.alternatives]
        for text in filter(None, said):
            assert text in printed, text
            assert text in report, text
            assert text in shown, text
        for number, row in enumerate(rows):
            cells = _cells(page.model, number)
            assert (cells["action"], cells["gpu"], cells["speed"]) == (
                row.action,
                row.gpu,
                row.speed,
            )
            # The window's cell may be marked: ✎ (type your price), ＋ (what it needs, bought too).
            assert row.price in cells["price"] and cells["priced"] == row.priced
            assert row.gpu in printed and row.action in printed and row.speed in printed
            assert row.gpu in report
            if row.rank is not None:
                assert row.speed in report and row.action in report
            for warning in row.warnings:
                if row.rank is not None or warning.severity == "blocks":
                    assert warning.text in report, warning.text
    assert seen == {"keep", "forward"}
