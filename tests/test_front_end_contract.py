"""The front ends' contract in substance, not only in imports (issue 40): they hold records
from app/ services and never an open catalog or user database; the wizard's controller builds
the plan request, and no page builds one of its own."""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import enum
from pathlib import Path

# What opens a file or a database: a front end asks an app/ service instead (catalog_admin).
DATABASES = {"Catalog", "UserDb"}
# What builds a plan request: in the wizard, the controller's alone.
REQUEST_BUILDERS = {"to_request", "plan_request", "for_machine", "for_job"}
FRONT_ENDS = ("ui", "commands", "kiosk")


def names_in(tree: ast.AST) -> set[str]:
    """Every name a module says: a name, an attribute, an import (and what it is imported as),
    and the names inside a quoted annotation."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.update(filter(None, (node.name.rsplit(".", 1)[-1], node.asname)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            with contextlib.suppress(SyntaxError):  # "UserDb | None" as an annotation
                found |= names_in(ast.parse(node.value, mode="eval"))
    return found


def front_end_files(source) -> list[Path]:
    files = [p for under in FRONT_ENDS for p in source.files(under)]
    return [*files, source.root / "cli.py"]


def test_no_front_end_names_the_catalog_or_the_user_database(package_source):
    naming = {
        str(path.relative_to(package_source.root)): sorted(
            names_in(package_source.tree(path)) & DATABASES
        )
        for path in front_end_files(package_source)
    }
    assert {k: v for k, v in naming.items() if v} == {}


def test_the_check_sees_a_database_named_any_way():
    for text in (
        "from gpuplanner.app.records import UserDb\n",
        "import gpuplanner.catalog.store as s\ns.Catalog.open()\n",
        "def f(db: 'UserDb | None') -> None: ...\n",
        "from x import Catalog as C\n",
    ):
        assert names_in(ast.parse(text)) & DATABASES, text
    assert not names_in(ast.parse("catalog_admin.card('4090')\n")) & DATABASES


def test_the_front_ends_records_are_records_only():
    """app/records.py hands the front ends data: dataclasses (their methods compute, never
    open anything) and the scenario's enum; neither the catalog nor the user database."""
    from gpuplanner.app import records

    assert not DATABASES & set(records.__all__)
    for name in records.__all__:
        kind = getattr(records, name)
        assert dataclasses.is_dataclass(kind) or issubclass(kind, enum.Enum), name


def test_only_the_controller_builds_the_wizards_plan_request(package_source):
    builders = {
        str(path.relative_to(package_source.root)): sorted(
            names_in(package_source.tree(path)) & REQUEST_BUILDERS
        )
        for path in front_end_files(package_source)
    }
    assert builders.pop("ui/controller.py") == ["to_request"]  # the one that does
    # The command line builds its one request in plan.py from its arguments (no session).
    assert builders.pop("commands/plan.py") == ["plan_request"]
    assert {k: v for k, v in builders.items() if v} == {}


def test_the_plan_arrives_with_the_request_it_answers(wizard, qtbot):
    """The controller emits (request, plan); the report and the chart show that request."""
    window, controller = wizard()
    heard = []
    controller.plan_changed.connect(lambda request, plan: heard.append((request, plan)))
    controller.want_plan()  # the catalog is loaded: the session plans from now on
    controller.session.update(budget=9000.0)
    *_, (request, plan) = heard
    assert plan is controller.plan and request is controller.request
    assert request.budget == 9000.0
    assert plan.currency == request.currency
    assert controller.job_request().budget == 9000.0  # the job page reads the same session
    controller.session.update(budget=12000.0)  # a page edits the session: a new plan follows
    *_, (later, _plan) = heard
    assert later is controller.request and later.budget == 12000.0
    assert request.budget == 9000.0  # the earlier plan's request is its own
    assert window.report_page.html()  # made from the plan's own request
