"""The errors a front end tells apart. Every one is a ``UserError`` (core/errors.py), which is
all most front ends catch; these are for the few that say more than the message: the
cards an ambiguous name could mean, or a refused plan kept apart from a broken file."""

from __future__ import annotations

from gpuplanner.catalog.errors import AmbiguousGpu, CatalogError
from gpuplanner.catalog.pricefile import PriceListError
from gpuplanner.catalog.pricepack import PackError
from gpuplanner.hardware.snapshot import SnapshotError
from gpuplanner.planning.errors import PlanError
from gpuplanner.probe.results import ProbeFileError

__all__ = [
    "AmbiguousGpu",
    "CatalogError",
    "PackError",
    "PlanError",
    "PriceListError",
    "ProbeFileError",
    "SnapshotError",
]
