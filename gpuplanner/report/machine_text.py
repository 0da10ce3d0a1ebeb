"""The scanned machine and the probe's figures as (label, value) rows for the report."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpuplanner.core.words import fill, translatable
from gpuplanner.report.job_text import translator
from gpuplanner.report.machine_view import machine_view

if TYPE_CHECKING:
    from gpuplanner.app.records import MachineKind, ProbeResult, SystemSnapshot


def machine_rows(
    snapshot: SystemSnapshot | None,
    probe: ProbeResult | None,
    language: str,
    kind: MachineKind | None = None,
) -> list[tuple[str, str]]:
    """What the scan saw (report/machine_view.py, the words the window and the command line
    show too) and what the probe measured; an empty list when nothing was scanned. ``kind``:
    the machine's kind (planning/machine/kind.py), with what decided it."""
    tr = translator(language)
    if snapshot is None:
        return []
    view = machine_view(snapshot, language, kind)
    rows = [(tr(translatable("Report", "Computer")), view.title)]
    rows += [
        (line.label, f"{line.value} — {line.hint}" if line.hint else line.value)
        for line in view.lines
    ]
    if probe is not None:
        figures = []
        for step, name, template in (
            ("matmul", "fp32", translatable("Report", "FP32 matrix multiply {v} TFLOPS")),
            ("matmul", "fp16", translatable("Report", "FP16 matrix multiply {v} TFLOPS")),
            ("bandwidth", "device_memory", translatable("Report", "memory bandwidth {v} GB/s")),
            (
                "input",
                "jpeg_decode_augment",
                translatable("Report", "CPU image pipeline {v} images/s"),
            ),
        ):
            metric = probe.metric(step, name)
            if metric is not None and metric.value:
                figures.append(fill(tr(template), v=f"{metric.value:.3g}"))
        if figures:
            rows.append((tr(translatable("Report", "Measured by the probe")), " · ".join(figures)))
    return rows
