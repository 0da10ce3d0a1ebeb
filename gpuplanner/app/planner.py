"""A plan for a request: the one call every front end makes (the wizard on each change, the
command line, the kiosk, the lab fleet's worker), with the fitted speed model the app ships
and the shop's and the user's own prices."""

from __future__ import annotations

from collections.abc import Iterable

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog.records import CatalogData, Price
from gpuplanner.planning.options import Plan
from gpuplanner.planning.recommend import recommend
from gpuplanner.planning.request import PlanRequest


def plan(request: PlanRequest, catalog: CatalogData, prices: Iterable[Price] = ()) -> Plan:
    """The ranked options for ``request`` (``PlanError`` or ``InputError`` when refused)."""
    return recommend(request, catalog, load_speed_model(), tuple(prices))
