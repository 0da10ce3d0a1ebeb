"""The records a front end holds, shows and hands back: the one door to their types.

The wizard, the command line and the kiosk name a plan, a card, a scan or a probe result, but
never make one: the use cases in app/ make them (planning/, catalog/, hardware/ and probe/
are below app/ and out of the front ends' reach, a contract in pyproject.toml). A front end
that only annotates with these imports them under ``TYPE_CHECKING``, so the first paint
loads none of the modules that define them.

Records only: a class that opens a file or a database (the catalog's store, the user's
database) stays behind the app/ services (``app/catalog_admin.py``, ``app/catalog_data.py``),
and ``tests/test_front_end_contract.py`` holds that."""

from __future__ import annotations

from gpuplanner.catalog.packimport import PreparedImport
from gpuplanner.catalog.records import CatalogData, GpuSpec, Price
from gpuplanner.catalog.userdb import IgnoredValue
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.records import CaseInfo, PcieLink, PowerSupply, SystemSnapshot
from gpuplanner.planning.machine.facts import MachineFacts
from gpuplanner.planning.options import Option, Plan
from gpuplanner.planning.request import PlanRequest
from gpuplanner.probe.results import Diagnosis, ProbeResult
from gpuplanner.probe.runner import ProbeEvent

__all__ = [
    "CaseInfo",
    "CatalogData",
    "Diagnosis",
    "GpuSpec",
    "IgnoredValue",
    "MachineFacts",
    "Option",
    "PcieLink",
    "Plan",
    "PlanRequest",
    "PowerSupply",
    "PreparedImport",
    "Price",
    "ProbeEvent",
    "ProbeResult",
    "Scenario",
    "SystemSnapshot",
]
