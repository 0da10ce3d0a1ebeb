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
