"""The recorded machines (nvidia-smi and lspci reports: the repository's copies and the team's
shared folder's wider set, conftest.recordings) and their plans for each scenario, made once per test process for every test that reads them.

A plan is a function of its request, catalog and speed model alone (tests/test_planner_state.py),
and making these plans is most of the time of the tests that check them
(tests/test_advice.py, tests/test_tf_reality.py; helpers/parallel.py runs the two in one worker).
"""

from __future__ import annotations

from pathlib import Path

from conftest import recordings

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.snapshot import load_paths
from gpuplanner.planning.recommend import MachineFacts, Plan, PlanRequest, recommend

TODAY = "2026-11-30"

_planned: dict[Scenario, tuple[object, object, list[tuple[str, MachineFacts, Plan]]]] = {}


def machines(data) -> list[tuple[str, object]]:
    """Each recorded report's file name and its snapshot, enriched from the catalog."""
    result = load_paths(recordings())
    return [(Path(name).name, enrich(snapshot, data)) for name, snapshot in result.snapshots]


def plans(data, model, scenario: Scenario) -> list[tuple[str, MachineFacts, Plan]]:
    """Each recorded machine's name, facts and plan for ``scenario`` (CNY, today TODAY)."""
    made = _planned.get(scenario)
    if made is not None and made[0] is data and made[1] is model:
        return made[2]
    out = []
    for name, snapshot in machines(data):
        facts = machine_facts(snapshot, None, data)
        request = PlanRequest(
            scenario=scenario, currency="CNY", machine=facts, today=TODAY, alternatives=False
        )
        out.append((name, facts, recommend(request, data, model)))
    _planned[scenario] = (data, model, out)
    return out
