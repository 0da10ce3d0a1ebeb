"""The wizard's session announces its changes and plans by itself (issue 54, item 5).

Every field change emits its own event; a change the plan reads makes exactly one plan, and a
compound change (a scenario chosen, a currency switched, a machine adopted, one page edit)
makes one too; a field set to the value it holds makes none. No page, window or controller
asks for a plan: only the session model calls ``replan()``.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from gpuplanner.app.session import FleetSession, Session, adopt_machine
from gpuplanner.core.scenarios import Scenario

MODEL = Path("app") / "session.py"

# What no plan reads: how the app speaks, the rate a currency switch converts with, and the
# budget as typed (the job's budget, which the plan reads, changes with it).
NOT_PLANNED = {"language", "cny_per_usd", "budget_typed"}


class Plans:
    """The plans (and refusals) a session made: each is one replan."""

    def __init__(self, session: Session) -> None:
        self.made: list[object] = []
        session.planned.connect(lambda request, _plan: self.made.append(request))
        session.refused.connect(self.made.append)

    def __len__(self) -> int:
        return len(self.made)


@pytest.fixture
def planned(data):
    """A session with the bundled catalog (what it plans with), and its plans from then on."""
    session = Session(currency="CNY", scenario=Scenario.STUDENT)
    session.catalog = data
    return session, Plans(session)


def test_every_field_emits_one_event_and_the_plan_fields_one_plan_each(planned, tmp_path):
    from helpers.wizard import fake_scan

    session, plans = planned
    events: list[str] = []
    session.events.all.connect(lambda info: events.append(info.signal.name))
    new = {
        "scenario": Scenario.LLM,
        "currency": "USD",
        "market": "US",
        "language": "zh_CN",
        "snapshot": fake_scan(tmp_path)(),
        "probe": None,  # set below from a fake run
        "local_machine": False,
        "psu_watts": 850,
        "psu_rating": "gold",
        "psu_atx": "3.1",
        "psu_8pin": 3,
        "psu_12v2x6": True,
        "case_form": "mid-tower",
        "gpu_clearance_mm": 320,
        "free_slots": 3,
        "job": dataclasses.replace(session.job, budget=9000.0),
        "cny_per_usd": 7.2,
        "today": "2025-01-01",
        "budget_typed": None,  # set below
        "catalog": dataclasses.replace(session.catalog),  # a new load
        "shop_prices": session.catalog.prices[:1],
    }
    from helpers.wizard import FakeRunner

    from gpuplanner.core.money import Money

    new["probe"] = FakeRunner(lambda _e: None, "ok").run()
    new["budget_typed"] = Money(9000.0, "USD")
    assert set(new) == {f.name for f in dataclasses.fields(Session)}, "a field without a check"
    for name, value in new.items():
        events.clear()
        before = len(plans)
        setattr(session, name, value)
        assert events == [name], name
        assert len(plans) - before == (0 if name in NOT_PLANNED else 1), name
        setattr(session, name, value)  # the value it holds: nothing at all
        assert events == [name] and len(plans) - before == (0 if name in NOT_PLANNED else 1)


def test_compound_changes_make_one_plan(planned, tmp_path):
    from helpers.wizard import fake_scan

    session, plans = planned
    session.cny_per_usd = 7.1
    session.set_budget(5000.0)
    for change in (
        lambda: session.choose_scenario(Scenario.SME),  # the scenario, its budget and job
        lambda: session.set_currency("USD"),  # the currency and the budget converted
        lambda: adopt_machine(session, fake_scan(tmp_path)()),  # the machine and its supply
        lambda: session.update(seq=512, batch=4),  # two job inputs
    ):
        before = len(plans)
        change()
        assert len(plans) - before == 1
    before = len(plans)
    with session.changes():
        session.psu_watts, session.free_slots, session.today = 1000, 2, "2025-02-01"
        with session.changes():  # a block inside a block: still the one plan at the end
            session.update(budget=20000.0)
    assert len(plans) - before == 1
    with session.changes():  # nothing the plan reads
        session.language = "en"
        session.psu_watts = 1000  # the value it holds
    session.choose_scenario(Scenario.SME)  # the one chosen
    assert len(plans) - before == 1


def test_no_plan_without_a_catalog_and_one_when_it_arrives(data):
    session = Session()
    plans = Plans(session)
    session.update(budget=6000.0)
    session.psu_watts = 650
    assert not plans.made
    session.catalog = data
    assert len(plans) == 1 and plans.made[0].budget == 6000.0


def test_a_refused_plan_is_one_refusal(planned):
    from gpuplanner.core.errors import UserError

    session, plans = planned
    session.free_slots = -3  # a settings file edited by hand
    assert len(plans) == 1 and isinstance(plans.made[0], UserError)


def test_the_fleet_session_asks_once_per_change(data, tmp_path):
    from helpers.wizard import fake_scan

    from gpuplanner.app.fleet import FleetMachine

    fleet = FleetSession(currency="CNY", budget=20000.0)
    asked: list = []
    fleet.asked.connect(asked.append)
    fleet.budget = 30000.0
    assert not asked  # no machines yet
    machine = FleetMachine(name="a", file="a.json", snapshot=fake_scan(tmp_path)())
    with fleet.changes():
        fleet.catalog, fleet.machines = data, (machine,)
    assert len(asked) == 1 and asked[0].machines == (machine,)
    for name, value in (("budget", 40000.0), ("whole_lab", False), ("scenario", Scenario.LLM)):
        setattr(fleet, name, value)
        setattr(fleet, name, value)
        assert getattr(asked[-1], name) == value
    assert len(asked) == 4
    assert {f.name for f in dataclasses.fields(FleetSession)} == FleetSession.PLAN_FIELDS


# -- through the window --------------------------------------------------------------------


def _probe(controller, qtbot) -> None:
    with qtbot.waitSignal(controller.probe_finished, timeout=20000):
        controller.start_probe()


def _other_index(combo) -> int:
    return next(i for i in range(combo.count()) if i != combo.currentIndex())


def test_each_edit_in_the_window_makes_one_plan(wizard, qtbot):
    """Every field of the session edited as a user does (the model where no widget edits it):
    one plan each, through the controller's ``plan_changed``."""
    window, controller = wizard()
    session = controller.session
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(1)  # the scan arrives with the catalog: the first plan
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    plans = Plans(session)
    shown: list[object] = []
    controller.plan_changed.connect(lambda _request, plan: shown.append(plan))
    computer, workload = window.computer_page, window.page(3)
    edited: set[str] = set()

    def once(field: str, edit, job: str | None = None) -> None:
        before, was = len(plans), getattr(session, field)
        was_job = getattr(session.job, job) if job else None
        edit()
        assert len(plans) - before == 1, (field, job)
        now = getattr(session, field)
        assert now is not was and (field == "catalog" or now != was), field  # a load: a new one
        if job:
            assert getattr(session.job, job) != was_job, job
        edited.add(field)

    once("scenario", lambda: window.scenario_page.set_scenario(Scenario.SME))
    combo = window.currency_combo
    once("currency", lambda: combo.setCurrentIndex(combo.findData("USD")))
    once("market", lambda: window.market_combo.setCurrentIndex(_other_index(window.market_combo)))
    once("psu_watts", lambda: computer.psu_watts.setValue(1000))
    once("psu_rating", lambda: computer.psu_rating.setCurrentIndex(2))
    once("psu_atx", lambda: computer.psu_atx.setCurrentIndex(_other_index(computer.psu_atx)))
    once("psu_8pin", lambda: computer.psu_8pin.setValue(4))
    once("psu_12v2x6", lambda: computer.psu_12v2x6.setChecked(not computer.psu_12v2x6.isChecked()))
    once("case_form", lambda: computer.case_form.setCurrentIndex(2))
    once("gpu_clearance_mm", lambda: computer.clearance.setValue(330))
    once("free_slots", lambda: computer.free_slots.setValue(3))
    once("job", lambda: computer.tariff.setValue(0.9), "tariff")
    once("job", lambda: workload.budget.setValue(workload.budget.value() + 500), "budget")
    once(
        "job",
        lambda: workload.workload.setCurrentIndex(workload.workload.findData("llm")),
        "workload",
    )
    once(
        "job",
        lambda: workload.llm_model.setCurrentIndex(_other_index(workload.llm_model)),
        "llm_model",
    )
    once(
        "job",
        lambda: workload.llm_mode.setCurrentIndex(workload.llm_mode.findData("inference")),
        "llm_mode",
    )
    once("job", lambda: workload.bits.setCurrentIndex(_other_index(workload.bits)), "bits")
    once("job", lambda: workload.engine.setCurrentIndex(_other_index(workload.engine)), "engine")
    once("job", lambda: workload.seq.setValue(1024), "seq")
    once("job", lambda: workload.batch.setValue(2), "batch")
    once("job", lambda: workload.max_gpus.setValue(workload.max_gpus.value() + 1), "max_gpus")
    once("job", lambda: workload.used.setChecked(not workload.used.isChecked()), "used_ok")
    once(
        "job",
        lambda: workload.all_regions.setChecked(not workload.all_regions.isChecked()),
        "show_unavailable",
    )
    once("job", lambda: workload.route.setCurrentIndex(_other_index(workload.route)), "tf_route")
    once("job", lambda: workload.rocm.setChecked(not workload.rocm.isChecked()), "accept_rocm")
    once("job", lambda: workload.keep_psu.setChecked(not workload.keep_psu.isChecked()), "keep_psu")
    once(
        "job",
        lambda: workload.workload.setCurrentIndex(workload.workload.findData("cnn")),
        "workload",
    )
    once(
        "job",
        lambda: workload.precision.setCurrentIndex(_other_index(workload.precision)),
        "precision",
    )
    # What no widget edits: the machine (a scan, a card told, a report), the probe, the date,
    # a new load of the catalog (a price typed or imported) and the shop's list.
    catalog = controller.catalog
    once(
        "snapshot",
        lambda: controller.tell_card(
            next(g.id for g in catalog.gpus if g.id != "geforce-rtx-4090")
        ),
    )
    once("local_machine", lambda: setattr(session, "local_machine", False))
    once("probe", lambda: _probe(controller, qtbot))
    once("today", lambda: setattr(session, "today", "2025-03-01"))
    once("job", lambda: session.update(nvlink_bridge="none"), "nvlink_bridge")
    # Nothing the plan reads: no plan; the results show the plan the session made.
    before = len(plans)
    session.language = "zh_CN"
    session.cny_per_usd = 6.9
    workload.budget.setValue(workload.budget.value())
    window.go(4)
    assert len(plans) == before
    assert controller.plan is not None and controller.request.budget == session.job.budget
    assert controller.request is plans.made[-1]
    # A new load of the catalog (a price typed or a pack imported) and another shop's list.
    once("catalog", lambda: setattr(session, "catalog", dataclasses.replace(catalog)))
    once("shop_prices", lambda: setattr(session, "shop_prices", catalog.prices[:3]))
    assert edited == {f.name for f in dataclasses.fields(Session)} - NOT_PLANNED
    assert len(shown) + sum(isinstance(m, Exception) for m in plans.made) == len(plans)


# -- nobody else asks for a plan ------------------------------------------------------------


def replan_calls(tree: ast.Module) -> list[int]:
    """The lines that call something's ``replan`` (``x.replan()``), or a ``replan`` of their
    own outside planning/ (where ``replan`` is the what-if parameter of the ways forward)."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Attribute) and node.func.attr == "replan")
            or (isinstance(node.func, ast.Name) and node.func.id == "replan")
        )
    ]


def _callers(package_source) -> dict[str, list[int]]:
    found = {}
    for path in package_source.files():
        relative = path.relative_to(package_source.root)
        if relative == MODEL or relative.parts[0] == "planning":
            continue
        lines = replan_calls(package_source.tree(path))
        if lines:
            found[str(relative)] = lines
    return found


def test_only_the_session_model_calls_replan(package_source):
    assert _callers(package_source) == {}
    assert replan_calls(package_source.tree(package_source.root / MODEL))  # it does


@pytest.mark.parametrize(
    ("where", "planted"),
    [
        ("ui/pages/results_page.py", "def entered(self):\n    self.controller.replan()\n"),
        ("ui/fleet_window.py", "def f(window):\n    window.fleet.replan()\n"),
        ("app/planted.py", "from x import replan\nreplan()\n"),
    ],
)
def test_the_check_fails_on_a_planted_call(package_source, where, planted):
    from helpers.package_source import PackageSource

    path = package_source.root / where
    text = package_source.texts.get(path, "") + "\n" + planted
    source = PackageSource(package_source.root, {**package_source.texts, path: text})
    assert where in _callers(source)
