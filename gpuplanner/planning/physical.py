"""The case as the user describes it, and the constants the fit and cooling rules use (rules/fit.py)."""

from __future__ import annotations

from dataclasses import dataclass

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
    if not (clearance_mm or free_slots is not None or form_factor):
        return None
    return CaseSpec(clearance_mm, free_slots, form_factor)
