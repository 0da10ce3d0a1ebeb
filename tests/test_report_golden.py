"""The full report, per scenario and language, against golden files (tests/golden/).

The report is HTML with its pictures as data URIs; the golden form inlines each SVG as text (a
readable diff of the charts) and replaces the QR code's PNG by its SHA-256. The golden reports
are planned on a small frozen catalog, tests/data/golden-catalog/ (its README says how it was
cut), so an edit of the bundled catalog changes none of them; the other tests here read the
bundled one. After a deliberate change to the report (or to the frozen catalog), regenerate with:

    GPUPLANNER_UPDATE_GOLDEN=1 python -m pytest tests/test_report_golden.py
"""

from __future__ import annotations

import base64
import hashlib
import os
import re

import pytest
from catalog_helpers import built_catalog
from conftest import REPO_ROOT
from helpers.reports import NOW, plan_request_for, report

from gpuplanner import __version__
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.planning.recommend import recommend
from gpuplanner.report import html
from gpuplanner.report.context import report_context
from gpuplanner.report.html import plan_html

GOLDEN = REPO_ROOT / "tests" / "golden"
GOLDEN_CATALOG = REPO_ROOT / "tests" / "data" / "golden-catalog"
CASES = [
    (scenario, language) for scenario in ("student", "sme", "llm") for language in ("en", "zh_CN")
]
# The partials no golden report fills: the probe's effects (tests/test_probe_effects.py), the
# ways forward of a blocked job (tests/test_plan_view.py) and the section of a job no card fits.
NOT_IN_GOLDENS = {"probe_effects.html", "no_options.html", "ways_forward.html"}


@pytest.fixture(scope="module")
def frozen(tmp_path_factory):
    """The golden reports' catalog: 36 of the bundled cards, frozen (its README says which)."""
    return built_catalog(tmp_path_factory.mktemp("golden-catalog"), GOLDEN_CATALOG)


def golden_form(page: str) -> str:
    """The report with each SVG inlined as text, the QR code's PNG as its digest and the
    app's version as ``VERSION`` (a release changes no golden file; the version itself is
    checked in test_the_report_says_what_was_planned)."""

    def svg(match: re.Match) -> str:
        return "svg:\n" + base64.b64decode(match.group(1)).decode("utf-8") + "\n"

    def png(match: re.Match) -> str:
        return "png:sha256:" + hashlib.sha256(base64.b64decode(match.group(1))).hexdigest()

    page = page.replace(f"gpuplanner {__version__}", "gpuplanner VERSION")
    page = re.sub(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", svg, page)
    return re.sub(r"data:image/png;base64,([A-Za-z0-9+/=]+)", png, page)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("scenario", ["student", "sme", "llm"])
def test_the_report_matches_its_golden_file(scenario, language, frozen):
    page = golden_form(report(scenario, language, frozen))
    path = GOLDEN / f"report-{scenario}-{language}.html"
    if os.environ.get("GPUPLANNER_UPDATE_GOLDEN"):
        path.write_text(page, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert page == expected, (
        f"{path.name} differs: if the change is meant, regenerate with "
        "GPUPLANNER_UPDATE_GOLDEN=1 python -m pytest tests/test_report_golden.py"
    )


def test_the_golden_reports_fill_every_section_of_the_report(frozen, monkeypatch):
    """The frozen catalog is small, yet the six golden reports together show every part of the
    report: each partial of resources/report/ but those named in NOT_IN_GOLDENS (with their
    printed forms, which the PDF and the printer get)."""
    filled = set()
    real_fill = html.fill

    def fill(name: str, **values: str) -> str:
        filled.add(name)
        return real_fill(name, **values)

    monkeypatch.setattr(html, "fill", fill)
    for scenario, language in CASES:
        report(scenario, language, frozen)
        report(scenario, language, frozen, printed=True)
    partials = {p.name for p in (REPO_ROOT / "resources" / "report").glob("*.html")}
    assert partials >= NOT_IN_GOLDENS
    assert filled == partials - NOT_IN_GOLDENS


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_report_says_what_was_planned(language, data):
    """Contents a reader needs, whatever the golden file holds: date, versions, inputs, job,
    every fitting option with a dated price, the refused cards' reasons, charts, power, QR."""
    request, snapshot = plan_request_for("student", language, data)
    plan = recommend(request, data, load_speed_model())
    page = plan_html(
        plan, language, report_context(plan, language, data, request, snapshot, now=NOW)
    )
    assert "2026-11-30 12:00" in page
    assert f"gpuplanner {__version__}" in page and f"{len(data.gpus)} " in page
    assert "550 W" in page and "ATX 3.x" in page and "320 mm" in page
    assert "RTX 3060 desktop" in page and "570.124.04" in page
    fitting = [o for o in plan.options if o.offered]
    refused = [o for o in plan.options if not o.offered]
    assert fitting and refused
    for option in fitting:
        assert option.gpu in page
        if option.price_each is not None:
            assert option.price_each.date in page
    assert page.count("<tr><td>") >= len(fitting) + len(refused)
    # The value chart when a purchase is offered (a 3060 owner at batch 64 may have none within
    # the student's budget: small batches leave a faster card's extra compute idle), and the
    # power bar.
    purchases = [o for o in fitting if o.action != "keep"]
    assert page.count("data:image/svg+xml;base64,") == (2 if purchases else 1)
    assert page.count("data:image/png;base64,") == 1  # the QR code
    llm_request, _ = plan_request_for("llm", language, data)
    llm = recommend(llm_request, data, load_speed_model())
    llm_page = plan_html(llm, language, report_context(llm, language, data, llm_request, now=NOW))
    assert llm.model in llm_page and "GPTQ/AWQ/GGUF Q4" in llm_page and f"{llm.seq:,}" in llm_page


def test_the_pdf_embeds_the_simplified_chinese_face(tmp_path, data, qapp):
    from gpuplanner.report.files import write_pdf

    fonts = _installed_cjk_faces()
    if not any("SC" in f or "CN" in f or "YaHei" in f for f in fonts):
        pytest.skip("no Simplified Chinese face installed on this machine")
    path = tmp_path / "report.pdf"
    write_pdf(path, report("student", "zh_CN", data))
    embedded = set(re.findall(rb"/BaseFont\s*/([^\s/>\[]+)", path.read_bytes()))
    cjk = {name for name in embedded if b"CJK" in name or b"Han" in name or b"YaHei" in name}
    assert cjk, embedded
    assert all(
        b"sc" in name.lower() or b"cn" in name.lower() or b"YaHei" in name for name in cjk
    ), cjk


def _installed_cjk_faces() -> list[str]:
    from PySide6.QtGui import QFontDatabase

    return [f for f in QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)]


def test_the_report_templates_hold_layout_only():
    """resources/report/*.html: tags and $placeholders, never a word to translate (issue 29)."""
    import re

    folder = REPO_ROOT / "resources" / "report"
    templates = sorted(folder.glob("*.html"))
    assert len(templates) > 10 and (folder / "page.html") in templates
    for template in templates:
        text = template.read_text(encoding="utf-8")
        text = re.sub(r"<style>.*?</style>", "", text, flags=re.S)
        words = re.sub(r"<[^>]*>|\$\w+", "", text).strip()
        assert words == "", (template.name, words)
