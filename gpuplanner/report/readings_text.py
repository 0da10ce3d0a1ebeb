"""The raw readings of a scan, as ``gpuplanner scan`` prints them below the machine's lines:
bus ids, driver and CUDA versions, draw, heat, the CPU's power, what NVML said. For someone
checking the scan itself; in the reader's language like every other line ("Readings [...]"
was printed in English under a Chinese machine view)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpuplanner.core.words import fill, translatable
from gpuplanner.report.job_text import translator

if TYPE_CHECKING:
    from collections.abc import Callable

    from gpuplanner.app.records import PcieLink, SystemSnapshot

NOT_KNOWN = translatable("Report", "N/A")


def readings_lines(snapshot: SystemSnapshot, language: str) -> list[str]:
    """Every reading of ``snapshot``, a line each, indented under its heading."""
    tr = translator(language)

    def val(value: object, unit: str = "") -> str:
        return _value(value, tr, unit)

    lines = [
        fill(
            tr(translatable("Report", "Readings [{source}, {created}]:")),
            source=str(snapshot.source),
            created=str(snapshot.created),
        )
    ]
    for gpu in snapshot.gpus:
        catalog = (
            fill(tr(translatable("Report", " = catalog '{id}'")), id=gpu.catalog_id)
            if gpu.catalog_id
            else ""
        )
        lines.append(
            fill(
                tr(
                    translatable(
                        "Report",
                        "  GPU {index}{catalog} [{bus}]: driver {driver}; CUDA {cuda}; compute capability {cc}; PCIe {link}",
                    )
                ),
                index=str(gpu.index),
                catalog=catalog,
                bus=gpu.bus_id or tr(NOT_KNOWN),
                driver=val(gpu.driver_version),
                cuda=val(gpu.cuda_driver_version),
                cc=val(gpu.compute_capability),
                link=_link(gpu.pcie, language),
            )
        )
        if gpu.power_limit_w or gpu.power_draw_w:
            lines.append(
                fill(
                    tr(
                        translatable(
                            "Report",
                            "    power {now} now, limit {limit} (max {max}); {temperature}; fan {fan}",
                        )
                    ),
                    now=val(gpu.power_draw_w, " W"),
                    limit=val(gpu.power_limit_w, " W"),
                    max=val(gpu.power_max_limit_w, " W"),
                    temperature=val(gpu.temperature_c, " °C"),
                    fan=val(gpu.fan_percent, "%"),
                )
            )
        if gpu.lost:
            lines.append(
                tr(translatable("Report", "    LOST: the GPU stopped answering during the scan"))
            )
    cpu = snapshot.cpu
    if cpu.model or cpu.cores:
        power = (
            fill(
                tr(translatable("Report", "power class {name} ({base} W base, {peak} W peak)")),
                name=str(cpu.power_class),
                base=f"{cpu.base_power_w:g}",
                peak=f"{cpu.max_power_w:g}",
            )
            if cpu.power_class
            else tr(translatable("Report", "power class not in the catalog"))
        )
        rapl = (
            fill(
                tr(translatable("Report", "package power now {w} W")), w=f"{cpu.package_power_w:g}"
            )
            if cpu.package_power_w is not None
            else fill(tr(translatable("Report", "RAPL {status}")), status=str(cpu.rapl_status))
        )
        lines.append(
            fill(tr(translatable("Report", "  CPU: {power}; {rapl}")), power=power, rapl=rapl)
        )
    if snapshot.memory.total_mib:
        free = snapshot.memory.available_mib
        lines.append(
            fill(
                tr(translatable("Report", "  Memory: {gb} free")),
                gb=tr(NOT_KNOWN) if free is None else f"{free / 1024:.1f} GB",
            )
        )
    if snapshot.tensorflow is not None:
        tf = snapshot.tensorflow
        lines.append(
            fill(
                tr(translatable("Report", "  TensorFlow: {python}; verdict {verdict}")),
                python=str(tf.python_executable),
                verdict=str(tf.verdict),
            )
        )
    if snapshot.nvml.state != "ok" and snapshot.nvml.detail:
        lines.append(f"  NVML: {snapshot.nvml.state}: {snapshot.nvml.detail}")
    for reading in snapshot.power_supply.readings:
        said = {
            "device": str(reading.device),
            "source": tr(SOURCES[reading.source]) if reading.source in SOURCES else reading.source,
            "output": val(reading.output_power_w, " W"),
        }
        # An input the supply does not report is not "N/A (estimated)": it is left out.
        if reading.input_power_w:
            said["input"] = val(round(reading.input_power_w), " W")
            line = translatable(
                "Report", "  {device} ({source}): output {output}, input {input} (estimated)"
            )
        else:
            line = translatable("Report", "  {device} ({source}): output {output}")
        lines.append(fill(tr(line), **said))
    return lines


# A reading's source in words where it is not a tool's own name.
SOURCES = {"liquidctl-file": translatable("Report", "liquidctl, saved to a file")}


def _value(value: object, tr: Callable[[str], str], unit: str = "") -> str:
    """A reading as printed, trailing zeros dropped; N/A in the reader's words when unknown."""
    if value is None:
        return tr(NOT_KNOWN)
    return f"{value:g}{unit}" if isinstance(value, float) else f"{value}{unit}"


def _link(link: PcieLink | None, language: str) -> str:
    """The PCIe link as read: now (under load or idle), the card's and the slot's best."""
    tr = translator(language)
    if link is None:
        return tr(NOT_KNOWN)
    parts = []
    if link.current_gen or link.current_width:
        now = fill(
            tr(translatable("Report", "now Gen{gen} x{width}")),
            gen=_value(link.current_gen or None, tr),
            width=_value(link.current_width or None, tr),
        )
        parts.append(now + (tr(translatable("Report", " (under load)")) if link.under_load else ""))
    for label, gen, width in (
        (translatable("Report", "card {best}"), link.card_max_gen, link.card_max_width),
        (translatable("Report", "slot {best}"), link.slot_max_gen, link.slot_max_width),
    ):
        best = " ".join(p for p in (f"Gen{gen}" if gen else "", f"x{width}" if width else "") if p)
        if best:
            parts.append(fill(tr(label), best=best))
    if not link.card_max_gen and link.max_gen:
        parts.append(
            fill(
                tr(translatable("Report", "up to Gen{gen} x{width}")),
                gen=str(link.max_gen),
                width=_value(link.max_width or None, tr),
            )
        )
    return tr(translatable("Report", "; ")).join(parts) or tr(NOT_KNOWN)
