"""A request planning cannot answer, with the reason in words (below every planning module, so
the job inputs, the engines and the planner can all raise it)."""

from __future__ import annotations

from gpuplanner.core.errors import UserError


class PlanError(UserError, ValueError):
    """A request that cannot be planned, with the reason in words."""
