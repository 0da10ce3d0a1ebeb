"""The report on paper and in a PDF (issue 50, item 4): a text layer that holds every character
drawn, legible type, a summary of a few pages, the refused cards by reason, no heading left at
the foot of a page, and no printed words that ask for typing.

The text layer is read back with poppler's ``pdftotext`` (Debian and Ubuntu: poppler-utils);
the digits it lost were Noto Sans CJK's (fonts-noto-cjk), so the round trip means most with
that face installed, as on a Chinese user's machine.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers.reports import NOW, TODAY, report

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.core.money import format_money
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report import pdf_text
from gpuplanner.report.context import report_context
from gpuplanner.report.html import plan_html, refused_by_reason

PDFTOTEXT = shutil.which("pdftotext")
needs_pdftotext = pytest.mark.skipif(
    PDFTOTEXT is None, reason="pdftotext is not installed (Debian: apt-get install poppler-utils)"
)
MIN_POINTS = 9.0
MAX_SME_PAGES = 6
# Words a printed page may not say: paper cannot be typed on or double-clicked.
TYPING_WORDS = re.compile(r"\btyp(e|ing)\b|double-click|输入|双击|键入", re.I)


def _chinese_face() -> bool:
    """A Simplified Chinese face is installed (without one, Chinese is not drawn at all)."""
    from PySide6.QtGui import QFontDatabase

    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))


def _sme_plan(data, language):
    request = PlanRequest(
        scenario=Scenario.SME,
        currency="CNY",
        budget=40_000.0,
        today=TODAY,
    )
    return request, recommend(request, data, load_speed_model())


def _printed(data, language):
    request, plan = _sme_plan(data, language)
    context = report_context(plan, language, data, request, None, now=NOW)
    return plan, plan_html(plan, language, context, printed=True)


def _document(page: str, path: Path):
    from PySide6.QtGui import QPageSize, QPdfWriter

    from gpuplanner.report.files import printable_document

    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setResolution(150)
    return printable_document(page, writer, print_size=True)


def _pdf(tmp_path: Path, page: str, name: str) -> Path:
    from gpuplanner.report.files import write_pdf

    path = tmp_path / name
    write_pdf(path, page, print_size=True)
    return path


def _text(path: Path, *pages: int) -> str:
    args = [PDFTOTEXT, "-enc", "UTF-8"]
    if pages:
        args += ["-f", str(pages[0]), "-l", str(pages[-1])]
    return subprocess.run(
        [*args, str(path), "-"], capture_output=True, text=True, check=True, timeout=60
    ).stdout


@needs_pdftotext
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_pdf_text_layer_holds_the_top_three_names_totals_and_dates(
    tmp_path, data, qapp, language
):
    """Issue 50: pdftotext gave "GeForce RTX D" and "Made on - - : by gpuplanner . ."."""
    plan, page = _printed(data, language)
    text = _text(_pdf(tmp_path, page, f"plan-{language}.pdf"))
    flat = " ".join(text.split())
    top = plan.fitting()[:3]
    assert len(top) == 3
    for option in top:
        assert option.gpu in flat, option.gpu
        assert format_money(option.price, option.currency) in flat, option.price
        assert option.price_each is not None and option.price_each.date in flat
    assert NOW.strftime("%Y-%m-%d %H:%M") in flat  # the date it was made
    if language == "zh_CN" and _chinese_face():
        # Han characters as themselves, not as the Kangxi radicals that share their glyphs.
        assert "生成于" in flat and not re.search("[\u2e80-\u2fdf]", flat)
    else:
        assert "fine-tuning" in flat  # letters, not the "ﬁ" ligature


def test_the_sme_summary_is_short_legible_and_asks_no_typing(tmp_path, data, qapp):
    from PySide6.QtGui import QTextFormat

    for language in ("en", "zh_CN"):
        _plan, page = _printed(data, language)
        assert not TYPING_WORDS.search(re.sub(r"<[^>]+>", " ", page)), language
        document = _document(page, tmp_path / "layout.pdf")
        assert document.pageCount() <= MAX_SME_PAGES, (language, document.pageCount())
        block = document.begin()
        while block.isValid():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                if fragment.text().strip(" \ufffc"):
                    style = fragment.charFormat()
                    assert style.fontPointSize() >= MIN_POINTS, fragment.text()
                    # Qt draws a negative size adjustment (<small>) below the size it is given.
                    adjust = style.intProperty(QTextFormat.Property.FontSizeAdjustment)
                    assert adjust >= 0, fragment.text()
                fragments += 1
            block = block.next()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("scenario", ["student", "sme", "llm"])
def test_each_scenarios_printed_summary_fits_four_pages(tmp_path, data, qapp, scenario, language):
    page = report(scenario, language, data, printed=True)
    assert _document(page, tmp_path / "layout.pdf").pageCount() <= 4


def test_the_refused_cards_are_counted_by_reason_on_paper_and_listed_in_the_html(data):
    plan, page = _printed(data, "en")
    refused = [o for o in plan.options if not o.offered]
    groups = refused_by_reason(plan)
    assert sum(len(names) for _reason, names in groups) == len(refused) > 20
    assert f"Why the other cards do not fit ({len(refused)})" in page
    assert "not enough memory" in page and "The HTML and JSON reports list every card" in page
    shown = [o.gpu for o in refused if f"<td>{o.gpu}</td>" in page or f"{o.gpu}," in page]
    assert len(shown) <= 3 * len(groups) < len(refused)
    request, _plan = _sme_plan(data, "en")
    context = report_context(plan, "en", data, request, None, now=NOW)
    full = plan_html(plan, "en", context)
    assert all(o.gpu in full for o in refused)  # the HTML keeps every card
    _plan, chinese = _printed(data, "zh_CN")
    assert "显存不足" in chinese and "not enough memory" not in chinese


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_heading_ends_a_page_without_what_it_heads(tmp_path, data, qapp, language):
    """Issue 50: the QR code's heading ended page 8 and its code started page 9."""
    from PySide6.QtGui import QTextCursor

    _plan, page = _printed(data, language)
    document = _document(page, tmp_path / "layout.pdf")
    assert document.pageCount() > 1
    height = document.pageSize().height()
    layout = document.documentLayout()

    def first_line_page(block):
        table = QTextCursor(block).currentTable()
        if table is not None and table.rows() > 1:  # a header row alone is no content
            block = table.cellAt(1, 0).firstCursorPosition().block()
        top = layout.blockBoundingRect(block).top()
        if block.layout().lineCount():
            top += block.layout().lineAt(0).y()
        return int(top // height)

    block, headings = document.begin(), 0
    while block.isValid():
        if block.blockFormat().headingLevel() and block.next().isValid():
            headings += 1
            own = int(layout.blockBoundingRect(block).top() // height)
            assert own == first_line_page(block.next()), block.text()
        block = block.next()
    assert headings > 8


def test_the_text_map_names_each_glyph_by_the_character_it_stands_for():
    cmap = (
        b"beginbfrange\n<0001> <0003> [<0047> <2F63> <FB01>]\n<0004> <0004> <2F00>\n"
        b"<0005> <0006> <0030>\nendbfrange\n"
    )
    fixed = pdf_text.fixed_cmap(cmap)
    assert b"<0001> <0003> [<0047> <751F> <00660069>]" in fixed  # 生, "fi"
    assert b"<0004> <0004> [<4E00>]" in fixed  # the radical ⼀ is 一
    assert b"<0005> <0006> <0030>" in fixed  # digits as they were
    assert pdf_text.searchable("⽣成 ﬁne 0.92×") == "生成 fine 0.92×"


@needs_pdftotext
def test_the_rewritten_pdf_is_whole(tmp_path, qapp):
    """The maps rewritten, every object moves: the cross-reference table follows them."""
    page = "<html><body><h1>生成于 2026</h1><p>ﬁne 0123456789</p></body></html>"
    path = _pdf(tmp_path, page, "small.pdf")
    info = subprocess.run(
        ["pdfinfo", str(path)], capture_output=True, text=True, timeout=60, check=False
    )
    assert info.returncode == 0 and "Syntax Error" not in info.stderr, info.stderr
    text = _text(path)
    assert "0123456789" in text and "fine" in text
    data = path.read_bytes()
    assert pdf_text.fix_text_layer(data) == data  # already searchable: nothing left to change
    assert pdf_text.fix_text_layer(b"%PDF-1.4 not a table") == b"%PDF-1.4 not a table"
