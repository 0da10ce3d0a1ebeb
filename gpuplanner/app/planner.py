"""A plan for a request: the one call every front end makes (the wizard on each change, the
command line, the kiosk, the lab fleet's worker), with the fitted speed model the app ships
and the shop's and the user's own prices."""

from __future__ import annotations

from collections.abc import Iterable

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog.records import CatalogData, Price
from gpuplanner.planning.options import Plan
from gpuplanner.planning.prices.book import price_book
from gpuplanner.planning.recommend import recommend
from gpuplanner.planning.request import PlanRequest


def plan(request: PlanRequest, catalog: CatalogData, prices: Iterable[Price] = ()) -> Plan:
    """The ranked options for ``request`` (``PlanError`` or ``InputError`` when refused),
    priced from one book: the catalog's prices (with the imported packs and the user's kept
    prices, app/catalog_data.py) and ``prices``, the shop's list and the prices typed for this
    run; each says whose it is (``Price.origin``)."""
    return recommend(request, catalog, load_speed_model(), price_book(catalog.prices, prices))
