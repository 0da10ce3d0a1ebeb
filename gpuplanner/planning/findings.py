"""What a rule says about one option: typed findings (core/findings.py), never sentences, and
what an option needs to work.

A finding is an id, a severity and the numbers behind it. Text is made outside planning/
(``gpuplanner.report.plan_text``) from the one translation source, so the command line, the
window and the reports say the same thing in either language.

Severity decides what happens to the option:
``blocks``: not offered as it is; ``needs``: offered only with what it needs, priced in
(a supply, a driver); ``warns``: offered, with the warning; ``info``: a fact worth showing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gpuplanner.core.findings import SEVERITIES, SEVERITY_ORDER, Finding, Param, Severity, finding
from gpuplanner.core.vocab import BridgeKind

__all__ = ["SEVERITIES", "SEVERITY_ORDER", "Finding", "Need", "Param", "Severity", "finding"]


@dataclass(frozen=True, kw_only=True)
class Need:
    """Something an option needs to work, with its price in the plan's currency (0: free)."""

    what: Literal["psu", "driver", "nvlink-bridge"]
    price: float = 0.0
    # nvlink-bridge: a desktop card's bridge or a data-centre card's board (planning/machine/links.py)
    kind: BridgeKind | None = None
    # False: no price is on record (a data-centre bridge): left out of the total, to confirm.
    priced: bool = True
    watts: int | None = None  # psu
    version: str | None = None  # driver: the minimum version
    last_branch: int | None = None  # driver: the newest branch that runs the card, if any
    date: str | None = None  # of the price
    source: str | None = None
