"""Will the card fit, and can the case cool it? Length, slots, spacing, airflow, heat."""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import GpuSpec

BTU_PER_W = 3.412
HOT_C = 83.0


@dataclass(frozen=True)
class CaseSpec:
    gpu_clearance_mm: int | None = None
    free_slots: int | None = None
    form_factor: str | None = None


def fit_issues(
    gpu: GpuSpec,
    count: int,
    case: CaseSpec | None,
    probe_max_temp_c: float | None = None,
    probe_throttled: bool = False,
) -> list[tuple[str, str, dict]]:
    issues: list[tuple[str, str, dict]] = []
    heat = gpu.board_power_w * count
    issues.append(
        ("heat-output", "info", {"watts": f"{heat:.0f}", "btu": f"{heat * BTU_PER_W:.0f}"})
    )
    if gpu.form_factor != "pcie":
        issues.append(("fit-module-needs-server", "error", {"form": gpu.form_factor.upper()}))
        return issues
    if gpu.cooler == "passive":
        issues.append(("cooling-passive", "warning", {}))
    if case is not None:
        if case.gpu_clearance_mm and gpu.length_mm and gpu.length_mm > case.gpu_clearance_mm:
            issues.append(
                (
                    "fit-too-long",
                    "error",
                    {"length": str(gpu.length_mm), "clearance": str(case.gpu_clearance_mm)},
                )
            )
        if case.free_slots is not None and gpu.slot_width:
            needed = gpu.slot_width * count
            if needed > case.free_slots:
                issues.append(
                    ("fit-slots", "error", {"needed": f"{needed:g}", "free": str(case.free_slots)})
                )
        if case.form_factor in ("mini-itx",) and count > 1:
            issues.append(
                (
                    "fit-slots",
                    "error",
                    {"needed": f"{(gpu.slot_width or 2) * count:g}", "free": "1 slot (mini-ITX)"},
                )
            )
    if count > 1 and gpu.cooler == "open-air":
        issues.append(("cooling-open-air-stack", "warning", {"count": str(count)}))
    if probe_throttled:
        issues.append(("cooling-throttled", "warning", {}))
    elif probe_max_temp_c is not None and probe_max_temp_c >= HOT_C:
        issues.append(("cooling-hot", "warning", {"temp": f"{probe_max_temp_c:.0f}"}))
    return issues
