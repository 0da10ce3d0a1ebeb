"""Find every translatable string in the source, and check a ``.ts`` file against them.

Recognised forms (the same ones ``pyside6-lupdate`` reads):
``self.tr("text")`` (context: the enclosing class), ``QCoreApplication.translate("Ctx", "text")``,
``translatable("Ctx", "text")`` and the window's ``tr("Ctx", "text", **params)`` (a plain
``tr`` called with two literals; a one-argument ``tr(text)`` is a translator handed a marked
string). A ``tr()`` whose text is not a literal cannot be translated and is reported as a
problem. The catalog's data holds words shown to the user too:
each source's ``label`` (sources.csv), context "Source", and each price trend's ``kind``.
"""

from __future__ import annotations

import ast
import csv
import re
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.i18n.tsfile import TsFile, TsMessage

_TRANSLATE_OWNERS = {"QCoreApplication", "QApplication", "QGuiApplication"}
# Qt's numbered markers and every brace pair: a translation must keep its source's
# ``{name}`` parameters (``core.words.fill`` needs each one) and its ``{0}`` format fields.
_PLACEHOLDER = re.compile(r"%n|%L?\d+|\{[A-Za-z_0-9]*\}")


@dataclass(frozen=True)
class SourceString:
    context: str
    text: str
    filename: str
    line: int
    numerus: bool = False


@dataclass(frozen=True)
class Problem:
    filename: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}: {self.message}"


class _Visitor(ast.NodeVisitor):
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.classes: list[str] = []
        self.found: list[SourceString] = []
        self.problems: list[Problem] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def _literal(self, node: ast.AST | None) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        return None

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name == "tr" and isinstance(func, ast.Attribute):
            self._tr(node)
        elif name == "translate" and isinstance(func, ast.Attribute):
            owner = func.value
            if isinstance(owner, ast.Name) and owner.id in _TRANSLATE_OWNERS:
                self._with_context(node)
        elif (name == "translatable" and isinstance(func, ast.Name)) or (
            name == "tr" and isinstance(func, ast.Name) and len(node.args) >= 2
        ):
            self._with_context(node)
        self.generic_visit(node)

    def _tr(self, node: ast.Call) -> None:
        text = self._literal(node.args[0]) if node.args else None
        if text is None:
            self.problems.append(
                Problem(
                    self.filename, node.lineno, "tr() needs a string literal to be translatable"
                )
            )
            return
        if not self.classes:
            self.problems.append(Problem(self.filename, node.lineno, "tr() outside a class"))
            return
        numerus = len(node.args) >= 3 or any(k.arg == "n" for k in node.keywords)
        self.found.append(SourceString(self.classes[-1], text, self.filename, node.lineno, numerus))

    def _with_context(self, node: ast.Call) -> None:
        context = self._literal(node.args[0]) if len(node.args) >= 2 else None
        text = self._literal(node.args[1]) if len(node.args) >= 2 else None
        if context is None or text is None:
            self.problems.append(
                Problem(self.filename, node.lineno, "translate() needs literal context and text")
            )
            return
        numerus = len(node.args) >= 4
        self.found.append(SourceString(context, text, self.filename, node.lineno, numerus))


def extract_file(path: Path, display_name: str) -> tuple[list[SourceString], list[Problem]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=display_name)
    visitor = _Visitor(display_name)
    visitor.visit(tree)
    return visitor.found, visitor.problems


# Catalog words the user reads: (file under the project root, column, context).
DATA_STRINGS = (
    ("resources/catalog/sources.csv", "label", "Source"),
    # A trend's kind is a finding's parameter: translated in the findings' own context.
    ("resources/catalog/price_trends.csv", "kind", "Finding"),
)


def extract_data(root: Path) -> list[SourceString]:
    """The user-visible words in the catalog's data files under ``root`` (the project)."""
    found: list[SourceString] = []
    for name, column, context in DATA_STRINGS:
        path = root / name
        if not path.is_file():
            continue
        with path.open(encoding="utf-8", newline="") as handle:
            for line, row in enumerate(csv.DictReader(handle), start=2):
                text = (row.get(column) or "").strip()
                if text:
                    found.append(SourceString(context, text, name, line))
    return found


def extract_tree(package_dir: Path) -> tuple[list[SourceString], list[Problem]]:
    """Every translatable string under ``package_dir`` and in the data files beside it, paths
    relative to its parent."""
    strings: list[SourceString] = []
    problems: list[Problem] = []
    base = package_dir.parent
    for path in sorted(package_dir.rglob("*.py")):
        found, bad = extract_file(path, path.relative_to(base).as_posix())
        strings.extend(found)
        problems.extend(bad)
    strings.extend(extract_data(base))
    return strings, problems


def placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


def check(strings: list[SourceString], ts: TsFile) -> list[Problem]:
    """Each source string must have a finished translation with the same placeholders."""
    by_key = {(m.context, m.source): m for m in ts.messages}
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for s in strings:
        key = (s.context, s.text)
        if key in seen:
            continue
        seen.add(key)
        message = by_key.get(key)
        if message is None:
            problems.append(Problem(s.filename, s.line, f"no entry in the .ts for {s.text!r}"))
        elif not message.done:
            problems.append(Problem(s.filename, s.line, f"untranslated: {s.text!r}"))
        elif placeholders(message.translation) != placeholders(s.text):
            problems.append(
                Problem(
                    s.filename,
                    s.line,
                    f"placeholders differ: {s.text!r} vs {message.translation!r}",
                )
            )
    return problems


def merge(strings: list[SourceString], ts: TsFile) -> TsFile:
    """The .ts updated to the source: new strings added unfinished, gone ones marked vanished."""
    old = {(m.context, m.source): m for m in ts.messages}
    merged: dict[tuple[str, str], TsMessage] = {}
    for s in strings:
        key = (s.context, s.text)
        message = merged.get(key)
        if message is None:
            previous = old.get(key)
            message = TsMessage(
                context=s.context,
                source=s.text,
                translation=previous.translation if previous else "",
                unfinished=previous.unfinished if previous else True,
                numerus=s.numerus,
            )
            if previous is not None and previous.obsolete:
                message.unfinished = not previous.translation
            merged[key] = message
        message.locations.append((s.filename, s.line))
    for key, previous in old.items():
        if key not in merged and previous.translation:
            previous.obsolete = True
            previous.locations = []
            merged[key] = previous
    return TsFile(language=ts.language, messages=list(merged.values()))
