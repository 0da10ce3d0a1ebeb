"""The scanned machine and the probe's figures as (label, value) rows for the report."""

from __future__ import annotations

from gpuplanner.app.machine_kind import MachineKind
from gpuplanner.core.vocab import TOLD_SOURCE
from gpuplanner.hardware.records import PcieLink, SystemSnapshot
from gpuplanner.i18n import translatable
from gpuplanner.probe.results import ProbeResult
from gpuplanner.report.job_text import Translator, translator
from gpuplanner.report.kind_text import kind_words


def _gb(mib: float | None) -> str | None:
    return f"{mib / 1024:.0f} GB" if mib else None


def _link(link: PcieLink | None, tr: Translator) -> str | None:
    if link is None or link.current_gen is None:
        return None
    text = f"PCIe Gen{link.current_gen} x{link.current_width or '?'}"
    if link.slot_max_gen:
        text += " · " + tr(translatable("Report", "slot up to Gen{n}")).replace(
            "{n}", str(link.slot_max_gen)
        )
    return text


def machine_rows(
    snapshot: SystemSnapshot | None,
    probe: ProbeResult | None,
    language: str,
    kind: MachineKind | None = None,
) -> list[tuple[str, str]]:
    """What the scan saw (and the probe measured); an empty list when nothing was scanned.
    ``kind``: the machine's kind (app/machine_kind.py), with what decided it."""
    tr = translator(language)
    rows: list[tuple[str, str]] = []
    if snapshot is None:
        return rows
    if snapshot.source == TOLD_SOURCE:  # a kiosk customer's computer, as they said
        rows.append(
            (
                tr(translatable("Report", "Computer")),
                tr(translatable("Report", "yours, as you told it")),
            )
        )
    elif snapshot.source != "scan":  # a saved scan or another machine's nvidia-smi report
        rows.append((tr(translatable("Report", "From the file")), snapshot.machine or "?"))
    else:
        rows.append(
            (
                tr(translatable("Report", "Computer")),
                snapshot.model or tr(translatable("Report", "this computer")),
            )
        )
        if snapshot.machine:
            rows.append((tr(translatable("Report", "Host name")), snapshot.machine))
    if kind is not None and snapshot.source != TOLD_SOURCE:
        rows.append((tr(translatable("Report", "Kind of computer")), kind_words(kind, language)))
    if snapshot.os is not None:
        rows.append(
            (
                tr(translatable("Report", "Operating system")),
                f"{snapshot.os.system} {snapshot.os.release}"
                + (" (WSL2)" if snapshot.os.wsl else ""),
            )
        )
    cpu = snapshot.cpu
    if cpu.model:
        detail = [cpu.model]
        if cpu.cores:
            detail.append(
                tr(translatable("Report", "{cores} cores, {threads} threads"))
                .replace("{cores}", str(cpu.cores))
                .replace("{threads}", str(cpu.threads or cpu.cores))
            )
        if cpu.max_power_w:
            detail.append(f"{cpu.max_power_w:g} W")
        rows.append((tr(translatable("Report", "CPU")), ", ".join(detail)))
    if snapshot.memory.total_mib:
        rows.append(
            (tr(translatable("Report", "System memory")), _gb(snapshot.memory.total_mib) or "")
        )
    if not snapshot.gpus:
        rows.append((tr(translatable("Report", "GPU")), tr(translatable("Report", "none found"))))
    for gpu in snapshot.gpus:
        detail = [
            part for part in (gpu.name, _gb(gpu.memory_total_mib), _link(gpu.pcie, tr)) if part
        ]
        if gpu.power_limit_w:
            detail.append(
                tr(translatable("Report", "power limit {w} W")).replace(
                    "{w}", f"{gpu.power_limit_w:g}"
                )
            )
        rows.append(
            (
                tr(translatable("Report", "GPU {n}")).replace("{n}", str(gpu.index)),
                ", ".join(detail),
            )
        )
    driver = next((g.driver_version for g in snapshot.gpus if g.driver_version), None)
    if driver:
        rows.append((tr(translatable("Report", "NVIDIA driver")), driver))
    tf = snapshot.tensorflow
    if tf is not None:
        rows.append(
            (
                "TensorFlow",
                f"{tf.package} {tf.version}"
                if tf.package
                else tr(translatable("Report", "not installed")),
            )
        )
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
                figures.append(tr(template).replace("{v}", f"{metric.value:.3g}"))
        if figures:
            rows.append((tr(translatable("Report", "Measured by the probe")), " · ".join(figures)))
    return rows
