"""Every user-visible string goes through tr() and has a Chinese translation."""

from __future__ import annotations

from pathlib import Path

from conftest import REPO_ROOT

from gpuplanner.i18n.extract import check, extract_tree, merge
from gpuplanner.i18n.tsfile import TsFile, read_ts, write_ts

TS_PATH = REPO_ROOT / "resources" / "i18n" / "gpuplanner_zh_CN.ts"


def test_every_string_has_a_chinese_translation():
    strings, problems = extract_tree(REPO_ROOT / "gpuplanner")
    assert strings, "no translatable strings found: the extractor is broken"
    problems += check(strings, read_ts(TS_PATH))
    assert [str(p) for p in problems] == []


def _package(tmp_path: Path, body: str) -> Path:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "page.py").write_text(body, encoding="utf-8")
    return package


def test_a_new_string_without_translation_fails(tmp_path):
    package = _package(
        tmp_path, "class Page:\n    def f(self):\n        return self.tr('New text')\n"
    )
    strings, _ = extract_tree(package)
    problems = check(strings, read_ts(TS_PATH))
    assert [p.message for p in problems] == ["no entry in the .ts for 'New text'"]


def test_non_literal_tr_is_reported(tmp_path):
    package = _package(tmp_path, "class Page:\n    def f(self, x):\n        return self.tr(x)\n")
    _, problems = extract_tree(package)
    assert "string literal" in problems[0].message


def test_translate_with_context_and_translatable_are_found(tmp_path):
    body = (
        "from PySide6.QtCore import QCoreApplication\n"
        "from gpuplanner.core.words import translatable\n"
        "A = translatable('Table', 'Name')\n"
        "def f():\n    return QCoreApplication.translate('Ctx', 'Hello %1')\n"
    )
    strings, problems = extract_tree(_package(tmp_path, body))
    assert problems == []
    assert {(s.context, s.text) for s in strings} == {("Table", "Name"), ("Ctx", "Hello %1")}


def test_unfinished_and_placeholder_mismatch_fail(tmp_path):
    package = _package(
        tmp_path,
        "class P:\n    def f(self):\n        return self.tr('A %1'), self.tr('B')\n",
    )
    strings, _ = extract_tree(package)
    ts = merge(strings, TsFile("zh_CN", []))
    for message in ts.messages:
        if message.source == "A %1":
            message.translation, message.unfinished = "甲", False
    problems = [p.message for p in check(strings, ts)]
    assert problems == ["placeholders differ: 'A %1' vs '甲'", "untranslated: 'B'"]


def test_ts_round_trip_keeps_translations(tmp_path):
    ts = read_ts(TS_PATH)
    copy = tmp_path / "copy.ts"
    write_ts(copy, ts)
    assert read_ts(copy).lookup() == ts.lookup()


def test_merge_keeps_old_translations_and_marks_gone_strings(tmp_path):
    package = _package(tmp_path, "class P:\n    def f(self):\n        return self.tr('Kept')\n")
    strings, _ = extract_tree(package)
    old = merge(strings, TsFile("zh_CN", []))
    old.messages[0].translation, old.messages[0].unfinished = "保留", False
    package.joinpath("page.py").write_text(
        "class P:\n    def f(self):\n        return self.tr('New')\n", encoding="utf-8"
    )
    strings, _ = extract_tree(package)
    merged = {m.source: m for m in merge(strings, old).messages}
    assert merged["Kept"].obsolete and merged["Kept"].translation == "保留"
    assert merged["New"].unfinished


def test_a_string_without_a_translation_shows_in_english_not_empty(qapp):
    from gpuplanner.ui.translator import LanguageSwitcher

    switcher = LanguageSwitcher(qapp)
    switcher.switch("zh_CN")
    try:
        assert qapp.translate("NoSuchContext", "Not translated yet") == "Not translated yet"
        assert qapp.translate("MainWindow", "&Next >") != "&Next >"
    finally:
        switcher.switch("en")


# Chinese the app reads rather than says: a shop's column headers and words in its price list,
# a price typed with its condition ("二手 1599"), and each language's name in its own script
# (the language menu must show 简体中文 whatever the window's language is).
CHINESE_READ_NOT_SAID = {"catalog/pricelist.py", "app/user_prices.py", "core/languages.py"}


def test_no_chinese_sentence_lives_outside_the_translation_source(package_source):
    """Every Chinese word the app shows is in the .ts; the package's strings are English."""
    import ast
    import re

    from conftest import REPO_ROOT

    han = re.compile(r"[\u4e00-\u9fff]")
    package = REPO_ROOT / "gpuplanner"
    found = []
    for path in package_source.files():
        name = path.relative_to(package).as_posix()
        if name in CHINESE_READ_NOT_SAID:
            continue
        tree = package_source.tree(path)
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        found += [
            f"{name}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and han.search(node.value)
        ]
    assert not found, found


def test_the_scan_findings_read_from_the_one_sentence_table_and_the_one_filler():
    from gpuplanner.core.findings import Finding
    from gpuplanner.report.finding_sentences import TEXT
    from gpuplanner.report.plan_text import finding_text

    finding = Finding("pcie-replays", "info", {"count": "12"}, gpu_index=0)
    assert "pcie-replays" in TEXT
    assert finding_text(finding, "en").startswith("12 PCIe replays since reset")
    assert finding_text(finding, "zh_CN").startswith("自复位以来 PCIe 重传 12 次")
    # A parameter the finding lacks is said as unknown, never a blank.
    assert finding_text(Finding("pcie-replays", "info", gpu_index=0), "en").startswith("? PCIe")
