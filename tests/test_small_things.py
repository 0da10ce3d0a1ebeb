"""The small things a careful reader saw (issue 50, item 7), each held by a test."""

from __future__ import annotations

import csv
import re
from dataclasses import replace

import pytest
from conftest import REPO_ROOT
from helpers.reports import plan_request_for

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.i18n.tsfile import read_ts
from gpuplanner.planning.findings import finding
from gpuplanner.planning.plan.pricing import price_age
from gpuplanner.planning.recommend import recommend
from gpuplanner.report.plan_text import finding_text
from gpuplanner.report.summary import summary_text


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "0.015 per 1,000 CNY"), ("zh_CN", "每 1000 元可换得 0.015 倍速度")],
)
def test_a_small_figure_keeps_two_significant_digits(language, words):
    """ "每 1000 CNY 得 0.01" was said for 0.015."""
    said = finding("rank-value", "info", value=0.015, currency="CNY", speed=1.2)
    assert words in finding_text(said, language)
    big = finding("rank-value", "info", value=1.234, currency="CNY", speed=1.2)
    assert "1.23 per" in finding_text(big, "en")


def _sme_plan(data, language="en"):
    request, _snapshot = plan_request_for("sme", language, data)
    return recommend(request, data, load_speed_model())


def test_the_summary_says_what_the_speed_is_relative_to(data):
    """The QR code read "Speed: 0.92× ±21% GeForce RTX 3060 12 GB"."""
    plan = _sme_plan(data)
    best = plan.fitting()[0]
    assert best.gpu != plan.reference_gpu
    assert f"relative to {plan.reference_gpu}" in summary_text(plan, "en")
    chinese = summary_text(_sme_plan(data, "zh_CN"), "zh_CN")
    assert f"相对 {plan.reference_gpu} 为" in chinese
    # The reference card itself: no "1.00×" against itself.
    assert best.count == 1
    itself = replace(plan, reference_gpu=best.gpu)
    assert "relative to" not in summary_text(itself, "en")


def test_a_shops_own_prices_are_not_aged(data):
    """A kiosk's QR called the shop's own list "typically 0 months old ... check today's price"."""
    plan = _sme_plan(data)
    assert price_age(list(plan.options)) is not None

    def at_the_shop(quote):
        offer = replace(quote.offer, price=replace(quote.price, shop="Shop"))
        return replace(quote, offer=offer)

    shop = [
        replace(o, price_each=at_the_shop(o.price_each)) if o.price_each is not None else o
        for o in plan.options
    ]
    assert price_age(shop) is None


def test_one_chinese_name_for_the_small_firm_scenario():
    """ "小公司或课题组" on one page and "中小企业 / 科研团队" on another."""
    entries = read_ts(REPO_ROOT / "resources" / "i18n" / "gpuplanner_zh_CN.ts").lookup()
    names = {
        re.sub(r"\(&\w\)", "", words)
        for (_context, source), words in entries.items()
        if source.replace("&", "") == "Small firm or research group"
    }
    assert names == {"小公司或课题组"}


def test_the_readme_and_the_catalog_page_count_the_cards_there_are():
    """The README said 178 cards; the report, 188."""
    with (REPO_ROOT / "resources" / "catalog" / "gpus.csv").open(encoding="utf-8") as handle:
        cards = sum(1 for _row in csv.DictReader(handle))
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    catalog = (REPO_ROOT / "docs" / "CATALOG.md").read_text(encoding="utf-8")
    assert re.findall(r"catalog \((\d+) cards", readme) == [str(cards)]
    assert re.findall(r"\| `gpus\.csv` \| (\d+) \|", catalog) == [str(cards)]


@pytest.mark.parametrize(
    ("name", "recorded"),
    [
        (
            "nvidia-smi-q-x/nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml",
            "2019-04-11T14:36:26",
        ),
        (
            "nvidia-smi-q-x/nvidia-smi-q-x_a100-sxm4-80gb_mig-enabled_partial-1-of-4-gpus.xml",
            "2023-08-04T11:44:30",
        ),
        ("nvidia-smi-q/nvidia-smi-q_a10_drv535_host-max-na.txt", "2024-09-25T10:40:24"),
        (
            "nvidia-smi-query-gpu-csv/nvidia-smi-query-gpu_rtx2080super_linux_drv595_load_gen3-of-3_all-fields.csv",
            "2026-06-24T10:26:49",
        ),
    ],
)
def test_a_report_is_dated_when_nvidia_smi_wrote_it(tmp_path, name, recorded):
    """`scan --from` dated a report's readings with the time it was loaded."""
    from conftest import run_cli

    path = REPO_ROOT / "tests" / "fixtures" / name
    from gpuplanner.hardware.snapshot import load_file

    assert load_file(path).created == recorded
    done = run_cli(tmp_path, "scan", "--from", str(path))
    assert f", {recorded}]" in done.stdout, done.stdout[:400]
