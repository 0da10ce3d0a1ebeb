"""The job's words are held by the type checker, and records are built by keyword (issue 40).

A parameter, a dataclass field or an annotated attribute named for a vocabulary of
core/vocab.py (or core/scenarios.py's ``Scenario``) is typed with it, never a plain ``str``:
then mypy (tests/test_lint.py) checks every value passed, compared or stored, where grep
tests used to look for the words. A dataclass of six or more fields is ``kw_only``: a record
that long built by position puts a value in the wrong field without a word from anyone.

Both tests read the syntax tree of every module in gpuplanner/.
"""

from __future__ import annotations

import ast
from pathlib import Path

# The names that always mean a word of a vocabulary (Workload, LlmMode or ProbeMode,
# Precision, TfRouteName, Engine, Scenario, PriceCondition).
VOCABULARY_NAMES = frozenset(
    {"workload", "mode", "precision", "route", "tf_route", "engine", "scenario", "condition"}
)
KW_ONLY_FROM = 6  # fields

PLAIN_STR = frozenset({"str", "str | None", "None | str", "Optional[str]", "typing.Optional[str]"})


def _is_plain_str(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body  # a quoted annotation
    return ast.unparse(annotation) in PLAIN_STR


def _str_typed_words(tree: ast.Module) -> set[str]:
    """ "Scope.name" of every parameter, field or annotated attribute named for a vocabulary
    and annotated ``str`` (or ``str | None``) in the module."""
    found: set[str] = set()

    def visit(node: ast.AST, scope: tuple[str, ...]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, (*scope, child.name))
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                arguments = child.args
                for arg in (
                    *arguments.posonlyargs,
                    *arguments.args,
                    *arguments.kwonlyargs,
                    *(a for a in (arguments.vararg, arguments.kwarg) if a is not None),
                ):
                    if arg.arg in VOCABULARY_NAMES and _is_plain_str(arg.annotation):
                        found.add(".".join((*scope, child.name, arg.arg)))
                # self.x: str inside a method belongs to the class
                visit(child, (*scope, child.name))
            elif isinstance(child, ast.AnnAssign):
                target = child.target
                name = (
                    target.id
                    if isinstance(target, ast.Name)
                    else target.attr
                    if isinstance(target, ast.Attribute)
                    else None
                )
                if name in VOCABULARY_NAMES and _is_plain_str(child.annotation):
                    owner = scope[:-1] if isinstance(target, ast.Attribute) else scope
                    found.add(".".join((*owner, name)))
            else:
                visit(child, scope)

    visit(tree, ())
    return found


def _dataclass_decorator(node: ast.ClassDef) -> ast.expr | None:
    for decorator in node.decorator_list:
        func = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name == "dataclass":
            return decorator
    return None


def _long_positional_records(tree: ast.Module) -> set[str]:
    """Every dataclass of ``KW_ONLY_FROM`` or more fields whose decorator lacks kw_only=True."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        decorator = _dataclass_decorator(node)
        if decorator is None:
            continue
        fields = [
            s
            for s in node.body
            if isinstance(s, ast.AnnAssign)
            and isinstance(s.target, ast.Name)
            and not ast.unparse(s.annotation).startswith(("ClassVar", "typing.ClassVar"))
        ]
        kw_only = isinstance(decorator, ast.Call) and any(
            k.arg == "kw_only" and isinstance(k.value, ast.Constant) and k.value.value is True
            for k in decorator.keywords
        )
        if len(fields) >= KW_ONLY_FROM and not kw_only:
            found.add(node.name)
    return found


def _everywhere(package_source, find) -> set[tuple[str, str]]:
    root: Path = package_source.root
    return {
        (path.relative_to(root).as_posix(), name)
        for path in package_source.files()
        for name in find(package_source.tree(path))
    }


def test_no_vocabulary_word_is_a_plain_string(package_source):
    found = _everywhere(package_source, _str_typed_words)
    assert not found, sorted(found)


def test_every_record_of_six_or_more_fields_is_built_by_keyword(package_source):
    found = _everywhere(package_source, _long_positional_records)
    assert not found, sorted(found)


def test_the_checks_see_what_they_look_for():
    """Each finder catches its case (and lets the typed or keyword one pass)."""
    source = ast.parse(
        "from dataclasses import dataclass\n"
        "def plan(workload: str, mode: 'str | None', engine: Engine, name: str) -> None: ...\n"
        "class Job:\n"
        "    precision: str | None = None\n"
        "    tf_route: TfRouteName = 'official'\n"
        "    def __init__(self, route: Optional[str]) -> None:\n"
        "        self.condition: str = 'new'\n"
        "@dataclass(frozen=True)\n"
        "class Long:\n"
        "    a: int\n    b: int\n    c: int\n    d: int\n    e: int\n    f: int\n"
        "@dataclass(frozen=True, kw_only=True)\n"
        "class Keyed:\n"
        "    a: int\n    b: int\n    c: int\n    d: int\n    e: int\n    f: int\n"
        "@dataclass\n"
        "class Short:\n"
        "    a: int\n    b: int\n    c: int\n    d: int\n    e: int\n"
    )
    assert _str_typed_words(source) == {
        "plan.workload",
        "plan.mode",
        "Job.precision",
        "Job.__init__.route",
        "Job.condition",
    }
    assert _long_positional_records(source) == {"Long"}
