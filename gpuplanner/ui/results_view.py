"""The numbers behind the results page's pictures, worked out without Qt."""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.planning import power
from gpuplanner.planning.recommend import Option, PlanRequest


@dataclass(frozen=True)
class PowerBar:
    cpu_w: float
    gpus_w: float
    platform_w: float
    transient_w: float
    psu_w: float | None
    limit_w: float | None  # the 80% line

    @property
    def scale_w(self) -> float:
        return max(self.transient_w, self.psu_w or 0.0) * 1.05


def power_bar(option: Option, gpu: GpuSpec, request: PlanRequest) -> PowerBar:
    load = power.GpuLoad(
        gpu.board_power_w,
        option.count,
        gpu.power_8pin,
        gpu.power_12v2x6,
        gpu.power_6pin,
        gpu.recommended_psu_w,
    )
    plan = power.budget(
        load,
        request.psu,
        request.machine.cpu_peak_w,
        request.machine.cpu_base_w,
        request.socket,
        request.machine.existing_gpu_w,
    )
    return PowerBar(
        plan.cpu_w,
        plan.gpus_w,
        plan.platform_w,
        plan.transient_w,
        plan.psu_w,
        plan.sustained_limit_w,
    )


def comparison_rows(options: list[Option], gpus: dict[str, GpuSpec]) -> list[tuple[str, list[str]]]:
    """(field label key, value per option) for a side-by-side table of two or three cards."""

    def spec(option: Option, name: str):
        return getattr(gpus[option.gpu_id], name)

    rows = [
        ("memory", [f"{spec(o, 'memory_gb'):g} GB" for o in options]),
        ("bandwidth", [f"{spec(o, 'memory_bandwidth_gbs'):g} GB/s" for o in options]),
        ("fp16", [f"{spec(o, 'fp16_tflops') or 0:g} TFLOPS" for o in options]),
        ("power", [f"{spec(o, 'board_power_w'):g} W" for o in options]),
        ("price", [f"{o.price:,.0f} {o.currency}" if o.price else "N/A" for o in options]),
        (
            "speed",
            [f"{o.predicted_relative:.2f}x" if o.predicted_relative else "N/A" for o in options],
        ),
        ("value", [f"{o.value:.3f}" if o.value else "N/A" for o in options]),
        ("ecc", ["yes" if spec(o, "ecc") else "no" for o in options]),
        (
            "length",
            [f"{spec(o, 'length_mm')} mm" if spec(o, "length_mm") else "N/A" for o in options],
        ),
        ("tensorflow", [spec(o, "tf_status") for o in options]),
    ]
    return rows
