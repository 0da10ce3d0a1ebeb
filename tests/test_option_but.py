"""``Option.but``, the planner's fast ``dataclasses.replace`` for loops over every option: the
same option replace makes, and a name that is no field refused as replace refuses it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.recommend import PlanRequest, recommend


def test_but_makes_what_replace_makes(data, model):
    plan = recommend(PlanRequest(scenario=Scenario.STUDENT, currency="USD"), data, model)
    option = plan.options[0]
    changes = {"offered": not option.offered, "score": 0.5, "jobs": ()}
    before = dict(option.__dict__)
    made = option.but(**changes)
    assert made == replace(option, **changes) and made is not option
    assert option.__dict__ == before  # the original is unchanged
    with pytest.raises(TypeError):
        option.but(no_such_field=1)
