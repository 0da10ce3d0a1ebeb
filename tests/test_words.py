"""Translated sentences are filled by name, in one call, and never by string surgery."""

from __future__ import annotations

import ast
import re

import pytest
from conftest import REPO_ROOT

from gpuplanner.core.words import fill
from gpuplanner.i18n.extract import check, extract_tree, merge
from gpuplanner.i18n.tsfile import TsFile, read_ts

TS_PATH = REPO_ROOT / "resources" / "i18n" / "gpuplanner_zh_CN.ts"


# -- fill ------------------------------------------------------------------------------------------


def test_fill_puts_each_parameter_in_its_place_in_any_order():
    assert fill("第 {step} 步，共 {steps} 步", steps="5", step="2") == "第 2 步，共 5 步"
    assert fill("{n} x {n}", n="3") == "3 x 3"


def test_a_chinese_value_takes_the_space_beside_it_away():
    # "速度以 您的 GTX 1050 为基准" read as a typo: no space between two Chinese characters.
    assert fill("速度以 {gpu} 为基准", gpu="您的 GTX 1050") == "速度以您的 GTX 1050 为基准"
    assert fill("速度以 {gpu} 为基准", gpu="RTX 4090") == "速度以 RTX 4090 为基准"
    assert fill("约 {n} 元", n="一千") == "约一千元"
    # English keeps its spaces whatever the value; a space not beside Chinese stays.
    assert fill("Speeds against {gpu}.", gpu="您的 GTX 1050") == "Speeds against 您的 GTX 1050."
    assert fill("{a} {b}", a="中", b="文") == "中 文"
    assert fill("速度以 {gpu} 为基准", gpu="") == "速度以  为基准"


def test_fill_raises_on_a_missing_or_an_unknown_parameter():
    with pytest.raises(ValueError, match=r"missing \['gpu'\]"):
        fill("Speeds are relative to {gpu}.")
    with pytest.raises(ValueError, match=r"unknown \['card'\]"):
        fill("Saved {file}", file="a.json", card="x")


def test_fill_leaves_braces_that_are_not_placeholders_and_fills_once():
    # A diagnosis's "{0}" is str.format's; a value with braces is the user's, not a template.
    assert fill("shape [{0}] on {gpu}", gpu="GPU {n}") == "shape [{0}] on GPU {n}"
    assert fill("Saved {file}", file="{weird} name.json") == "Saved {weird} name.json"
    assert fill("no parameters at all") == "no parameters at all"


# -- the .ts keeps each source's placeholders ------------------------------------------------------


def _package(tmp_path, body: str):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "page.py").write_text(body, encoding="utf-8")
    return package


def test_a_translation_with_other_placeholder_names_fails_the_check(tmp_path):
    body = (
        "from gpuplanner.ui.translator import tr\n"
        "def f():\n"
        "    return tr('Page', 'Saved {file}', file='x'), tr('Page', 'Step {step}', step='1')\n"
    )
    strings, problems = extract_tree(_package(tmp_path, body))
    assert problems == []
    ts = merge(strings, TsFile("zh_CN", []))
    translations = {"Saved {file}": "已保存 {path}", "Step {step}": "第 {step} 步"}
    for message in ts.messages:
        message.translation, message.unfinished = translations[message.source], False
    assert [p.message for p in check(strings, ts)] == [
        "placeholders differ: 'Saved {file}' vs '已保存 {path}'"
    ]


def test_every_translation_keeps_its_sources_named_placeholders():
    named = re.compile(r"\{[A-Za-z_]\w*\}")
    ts = read_ts(TS_PATH)
    differ = [
        (m.source, m.translation)
        for m in ts.messages
        if m.done and set(named.findall(m.source)) != set(named.findall(m.translation))
    ]
    assert differ == []


def test_no_source_string_uses_a_numbered_placeholder():
    """Qt's %1 is filled by position and by .replace: every sentence names its parameters."""
    strings, _ = extract_tree(REPO_ROOT / "gpuplanner")
    numbered = [f"{s.filename}:{s.line}" for s in strings if re.search(r"%L?\d", s.text)]
    assert numbered == []


# -- no .replace on translated text ----------------------------------------------------------------

# What gives translated words: Qt's and the reports' translators, and fill's filled sentences.
TRANSLATING = re.compile(r"^(_?tr(_\w+)?|translate|_?qt_translate|translator|words|fill)$")
# A template's placeholder as .replace's first argument: surgery whatever the receiver.
PLACEHOLDER_ARG = re.compile(r"^(\{[A-Za-z_]\w*\}|%L?\d+)$")


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _translates(node: ast.expr) -> bool:
    """``node`` is a call that gives translated words: ``tr(...)``, ``self.tr(...)``,
    ``translator(language)(...)``, ``fill(...)``, or ``.replace`` on one of them."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Call):  # translator(language)(text)
        return bool(TRANSLATING.match(_name(func.func)))
    if _name(func) == "replace" and isinstance(func, ast.Attribute):
        return _translates(func.value)
    return bool(TRANSLATING.match(_name(func)))


def _translated_names(scope: ast.AST) -> set[str]:
    """Names a scope assigns words to: ``text = self.tr(...)``, or a choice between them."""
    names: set[str] = set()
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_translates(part) for part in ast.walk(node.value)):
                names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def replace_on_words(source: str, filename: str) -> list[str]:
    """Each ``.replace(`` in ``source`` applied to translated text, as "file:line"."""
    tree = ast.parse(source, filename=filename)
    found = set()
    scopes = [tree] + [
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    for scope in scopes:
        words = _translated_names(scope)
        for node in ast.walk(scope):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "replace"
            ):
                continue
            receiver, args = node.func.value, node.args
            if (
                _translates(receiver)
                or (isinstance(receiver, ast.Name) and receiver.id in words)
                or (
                    args
                    and isinstance(args[0], ast.Constant)
                    and isinstance(args[0].value, str)
                    and PLACEHOLDER_ARG.match(args[0].value)
                )
            ):
                found.add(f"{filename}:{node.lineno}")
    return sorted(found)


def test_no_replace_on_translated_text_in_the_package(package_source):
    found = []
    for path in package_source.files():
        name = path.relative_to(REPO_ROOT).as_posix()
        found += replace_on_words(package_source.texts[path], name)
    assert found == []


@pytest.mark.parametrize(
    "planted",
    [
        'self.tr("Saved %1").replace("%1", name)',
        'tr(translatable("Report", "GPU {n}")).replace("{n}", "0")',
        'translator(language)("x").replace("a", "b")',
        'fill(tr("Page", "x {a}", a="1"), ).replace("x", "y")',
        'text.replace("{gpu}", gpu)',
    ],
)
def test_the_replace_check_finds_a_planted_one(planted):
    body = f"def f(self, tr, language, name, text, gpu):\n    return {planted}\n"
    assert replace_on_words(body, "page.py") == ["page.py:2"]


def test_the_replace_check_finds_one_through_a_variable():
    body = (
        "def f(self, seconds):\n"
        "    ended = {'a': self.tr('A %1')}.get('a', self.tr('B %1'))\n"
        "    return ended.replace('%1', seconds)\n"
    )
    assert replace_on_words(body, "page.py") == ["page.py:3"]


def test_the_replace_check_leaves_other_replaces_alone():
    body = (
        "import os, datetime as dt\n"
        "def f(text, path, older, when):\n"
        "    os.replace(older, path)\n"
        "    when = dt.datetime.now().replace(microsecond=0)\n"
        "    return text.lower().replace('（', '(')\n"
    )
    assert replace_on_words(body, "names.py") == []
