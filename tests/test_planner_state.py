"""A planner without state (issue 40, item 2): every candidate is judged from the request's
frozen context and the installed cards' baseline alone, so judging them in any order gives the
same plan, and nothing the planner holds is written once it is made."""

from __future__ import annotations

import ast
import copy
import dataclasses
import random

import pytest
from conftest import REPO_ROOT

from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning import recommend as recommend_module
from gpuplanner.planning.job.resolve import ResolvedJob
from gpuplanner.planning.options import Option, Plan
from gpuplanner.planning.plan import context as context_module
from gpuplanner.planning.plan.judge_inputs import Assessment, Baseline, Context
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend

TODAY = "2026-11-30"
DESKTOP = {"has_gpu": True, "kind": "desktop", "installed_count": 1}
REQUESTS = {
    # An installed card every purchase is judged against, its probe capping what it is fed.
    "keep-capped": PlanRequest(
        scenario=Scenario.STUDENT,
        currency="CNY",
        today=TODAY,
        machine=MachineFacts(
            current_gpu_id="geforce-rtx-3060-12-gb",
            pipeline_images_s=300.0,
            copy_gbs=3.0,
            **DESKTOP,
        ),
    ),
    # A pair that takes a bridge, under a power limit: keep, bridge, add and replace.
    "pair": PlanRequest(
        scenario=Scenario.SME,
        currency="USD",
        today=TODAY,
        machine=MachineFacts(
            current_gpu_id="geforce-rtx-3090",
            **{**DESKTOP, "installed_count": 2},
            power_cap_w=250.0,
            power_default_w=350.0,
            power_max_w=350.0,
        ),
    ),
    # Nothing fits: the ways forward plan the job again, each replan judged in its own order.
    "nothing-fits": PlanRequest(
        scenario=Scenario.LLM,
        currency="USD",
        budget=14_000,
        llm_model="llama-3-70b",
        llm_mode="lora",
        today=TODAY,
    ),
}


def _shuffled(monkeypatch, seed: int) -> None:
    """Every plan judges its candidates in an order drawn from ``seed``."""
    judge_all, rng = recommend_module.judge_all, random.Random(seed)

    def shuffled(ctx: Context, order=None) -> list[Option]:
        judging_order = list(ctx.candidates if order is None else order)
        rng.shuffle(judging_order)
        return judge_all(ctx, judging_order)

    monkeypatch.setattr(recommend_module, "judge_all", shuffled)


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_judging_the_candidates_in_any_order_gives_the_same_plan(name, data, model, monkeypatch):
    request = REQUESTS[name]
    expected = recommend(request, data, model)
    assert expected.options
    for seed in range(4):
        with monkeypatch.context() as patch:
            _shuffled(patch, seed)
            assert recommend(request, data, model) == expected, (name, seed)


def test_the_installed_cards_are_the_baseline_wherever_they_are_judged(data, model):
    ctx = context_module.build(REQUESTS["keep-capped"], data, model)
    assert ctx.candidates[0].action == "keep"
    backwards = recommend_module.judge_all(ctx, reversed(ctx.candidates))
    assert backwards == recommend_module.judge_all(ctx)
    assert any(o.speedup not in (None, 1.0) for o in backwards if o.action != "keep")
    assert any(o.input_capped for o in backwards)  # read from the options, afterwards
    plan = recommend_module.plan_of(ctx, backwards)
    assert {e.figure for e in plan.probe_effects} & {"pipeline", "copy"}


def test_nothing_the_planner_holds_is_written_after_it_is_made(data, model, monkeypatch):
    seen: list[tuple[Context, Context]] = []
    judge = recommend_module.judge

    def recording(c, ctx, baseline):
        if not seen or seen[-1][0] is not ctx:
            seen.append((ctx, copy.deepcopy(ctx)))
        return judge(c, ctx, baseline)

    monkeypatch.setattr(recommend_module, "judge", recording)
    for request in REQUESTS.values():
        recommend(request, data, model)
    assert len(seen) > len(REQUESTS)  # the ways forward's plans too
    for ctx, before in seen:
        assert ctx == before  # nothing in it changed, its tables' contents included
        with pytest.raises(dataclasses.FrozenInstanceError):
            ctx.batch = 1  # type: ignore[misc]
    for record in (Context, ResolvedJob, Baseline, Assessment, Option, Plan):
        assert record.__dataclass_params__.frozen, record.__name__  # type: ignore[attr-defined]


PLANNER = (
    "recommend",
    "plan/context",
    "plan/judge",
    "plan/assess",
    "plan/card_count",
    "plan/judge_inputs",
    "job/resolve",
)


@pytest.mark.parametrize("module", PLANNER)
def test_the_planner_keeps_no_object_with_state(module):
    """Every class of the planner's modules is a frozen dataclass, and no function assigns an
    attribute: the state a class once kept between judgements has nowhere to live."""
    tree = ast.parse((REPO_ROOT / "gpuplanner" / "planning" / f"{module}.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            frozen = [
                d
                for d in node.decorator_list
                if isinstance(d, ast.Call)
                and getattr(d.func, "id", "") == "dataclass"
                and any(k.arg == "frozen" and getattr(k.value, "value", False) for k in d.keywords)
            ]
            assert frozen, f"{module}.py: class {node.name} is not a frozen dataclass"
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, (ast.AugAssign, ast.AnnAssign))
            else []
        )
        for target in targets:
            assert not isinstance(target, ast.Attribute), (
                f"{module}.py:{node.lineno} writes an attribute"
            )
