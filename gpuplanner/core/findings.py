"""What a rule says, as data: the one finding type of the scan, the compatibility diagnosis
and the plan. An id, a severity and the numbers behind it (and, for the scan, the card it is
about); never a sentence. The words are made in report/ from the one translation source, so the
command line, the window and the reports say the same thing in either language.

One severity scale for all of them:
``blocks``: this does not work as it is (an option not offered, a card the driver lost);
``needs``: works only with what it needs added, priced in (a supply, a driver);
``warns``: works, with something to know (a slow link, a driver to update);
``info``: a fact worth showing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["blocks", "needs", "warns", "info"]
SEVERITIES: tuple[Severity, ...] = ("blocks", "needs", "warns", "info")
SEVERITY_ORDER = {severity: rank for rank, severity in enumerate(SEVERITIES)}
# The words snapshots written before the one scale used (they are read as these).
LEGACY_SEVERITY: dict[str, Severity] = {"error": "blocks", "warning": "warns"}

Param = str | int | float


@dataclass(frozen=True)
class Finding:
    id: str
    severity: Severity
    params: dict[str, Param] = field(default_factory=dict)
    gpu_index: int | None = None  # the scanned card it is about; None: the machine or an option


def finding(id: str, severity: Severity, **params: Param) -> Finding:
    return Finding(id, severity, params)  # ``params`` is already this call's own dict
