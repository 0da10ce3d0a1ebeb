"""The case as the user describes it, and the constants the fit and cooling rules use (rules/fit.py)."""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core.errors import InputError
from gpuplanner.core.vocab import CaseForm

BTU_PER_W = 3.412
HOT_C = 83.0


@dataclass(frozen=True)
class CaseSpec:
    gpu_clearance_mm: int | None = None
    free_slots: int | None = None
    form_factor: CaseForm | None = None


def entered_case(
    clearance_mm: int | None, free_slots: int | None, form_factor: CaseForm | None
) -> CaseSpec | None:
    """The case as the user described it (in the wizard or a saved scan); None when nothing was
    given, so the plan does not judge against an empty description."""
    if clearance_mm is not None and clearance_mm < 0:
        raise InputError("case-clearance-negative", value=clearance_mm)
    if free_slots is not None and free_slots < 0:
        raise InputError("case-slots-negative", value=free_slots)
    if not (clearance_mm or free_slots is not None or form_factor):
        return None
    return CaseSpec(clearance_mm, free_slots, form_factor)


# A two-way NVLink bridge for the desktop and workstation cards that take one (RTX 3090, RTX
# A-series, Quadro RTX; a data-centre pair's board is another part, planning/machine/links.py):
# $40-80 used on eBay ("Is NVLink Worth It in 2026?", localrig.pages.dev, read 2026-12-01
# through the search index). No Chinese price is on record: the plan converts it and says so.
NVLINK_BRIDGE_PRICE = {"USD": 60.0}
NVLINK_BRIDGE_DATE = "2026-01-01"
NVLINK_BRIDGE_SOURCE = "localrig-nvlink-2026"
# A bridge pays for itself only where it makes the pair this much faster than PCIe.
NVLINK_BRIDGE_MIN_GAIN = 0.05
