"""The records a front end holds, shows and hands back: the one door to their types.

The wizard, the command line, the kiosk and the report name a plan, a card, a scan or a probe
result, but never make one: the use cases in app/ make them (planning/, catalog/, hardware/
and probe/ are below app/ and out of the front ends' reach, contracts in pyproject.toml). A
front end that only annotates with these imports them under ``TYPE_CHECKING``, so the first
paint loads none of the modules that define them.

Why a door and not a second declaration: each record is made where its facts are decided
(a plan in planning/, a scan in hardware/), and a layer may not import one above it; declaring
them in app/ would turn the layers upside down. So app/ names the records, and only records:
frozen data whose every fact (a machine's kind, the best-value line, a price's provenance) was
decided below, for a view to read. No function, constant or table of a lower layer passes
through app/ this way: a front end that needs a decision calls an app/ service for it
(``app/inventory.kind_of``). The import contracts count type-checking imports too, so an
annotation reaches a record only through this module.

Records only: a class that opens a file or a database (the catalog's store, the user's
database) stays behind the app/ services (``app/catalog_admin.py``, ``app/catalog_data.py``),
and ``tests/test_front_end_contract.py`` holds that."""

from __future__ import annotations

from gpuplanner.catalog.packimport import PreparedImport
from gpuplanner.catalog.pricefile import Rejection
from gpuplanner.catalog.pricepack import Change
from gpuplanner.catalog.records import CatalogData, GpuSpec, Price
from gpuplanner.catalog.userdb import IgnoredValue
from gpuplanner.hardware.records import (
    CaseInfo,
    DriverStatus,
    GpuDevice,
    PcieLink,
    PowerSupply,
    SystemSnapshot,
)
from gpuplanner.planning.findings import Need
from gpuplanner.planning.job.memory import MemoryEstimate, Note, Part
from gpuplanner.planning.machine.facts import MachineFacts
from gpuplanner.planning.machine.kind import MachineKind
from gpuplanner.planning.options import Alternative, Option, Plan, PlanMarket, PriceAge
from gpuplanner.planning.prices.cost import CloudHour
from gpuplanner.planning.prices.quote import Quote
from gpuplanner.planning.request import PlanRequest
from gpuplanner.planning.speed.calibration import ProbeEffect
from gpuplanner.probe.model_file import Refusal
from gpuplanner.probe.results import Diagnosis, ProbeResult
from gpuplanner.probe.runner import ProbeEvent

__all__ = [
    "Alternative",
    "CaseInfo",
    "CatalogData",
    "Change",
    "CloudHour",
    "Diagnosis",
    "DriverStatus",
    "GpuDevice",
    "GpuSpec",
    "IgnoredValue",
    "MachineFacts",
    "MachineKind",
    "MemoryEstimate",
    "Need",
    "Note",
    "Option",
    "Part",
    "PcieLink",
    "Plan",
    "PlanMarket",
    "PlanRequest",
    "PowerSupply",
    "PreparedImport",
    "Price",
    "PriceAge",
    "ProbeEffect",
    "ProbeEvent",
    "ProbeResult",
    "Quote",
    "Refusal",
    "Rejection",
    "SystemSnapshot",
]
