"""The scanned machine described once: a title, labelled lines and the findings, in the user's
language, for the computer page, ``gpuplanner scan`` and the report alike. Each front end
only lays the lines out (HTML paragraphs, terminal lines, table rows); tests compare the three.

Words are the "Report" context of the one translation source; numbers are written into their
``{name}`` placeholders, as a finding's are.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gpuplanner.core.vocab import TOLD_SOURCE, DriverState
from gpuplanner.core.words import fill, translatable
from gpuplanner.report.job_text import Translator, translator
from gpuplanner.report.kind_text import kind_words
from gpuplanner.report.plan_text import Said, finding_text

if TYPE_CHECKING:
    from gpuplanner.app.records import (
        DriverStatus,
        GpuDevice,
        MachineKind,
        PcieLink,
        SystemSnapshot,
    )


@dataclass(frozen=True)
class Line:
    label: str
    value: str
    hint: str = ""  # what to do about it (a driver that is not running)


@dataclass(frozen=True)
class MachineView:
    title: str
    lines: tuple[Line, ...]
    findings: tuple[Said, ...]
    colon: str = ": "  # between a label and its value: Chinese takes its own


# What to do about each state, in the one translation source ("Report" context). A snapshot
# stores the state only (versions before stored this advice in English, which is read and
# ignored): the computer page, the command line and the report say it in the user's language.
HINTS: dict[DriverState, str] = {
    "library-missing": translatable(
        "Report",
        "Install the NVIDIA driver (it provides the NVML library)."
        " Without an NVIDIA GPU this is expected.",
    ),
    "driver-not-loaded": translatable(
        "Report",
        "The NVIDIA kernel driver is not running: reboot,"
        " or check 'lsmod | grep nvidia' and Secure Boot.",
    ),
    "version-mismatch": translatable(
        "Report", "The driver was upgraded without a reboot: restart the computer."
    ),
    "no-permission": translatable(
        "Report",
        "This user may not open the GPU:"
        " check the /dev/nvidia* permissions or join the video group.",
    ),
    "timeout": translatable(
        "Report",
        "The driver did not answer: a GPU may be hung."
        " Check 'nvidia-smi' and the system log (Xid errors).",
    ),
    "python-package-missing": translatable(
        "Report", "Install the nvidia-ml-py package (pip install nvidia-ml-py)."
    ),
}


# What NVML's state means.
DRIVER_WORDS: dict[DriverState, str] = {
    "library-missing": translatable("Report", "not installed (the NVML library was not found)"),
    "driver-not-loaded": translatable("Report", "installed but not running"),
    "version-mismatch": translatable("Report", "updated without a reboot"),
    "no-permission": translatable("Report", "this user may not open the GPU"),
    "timeout": translatable("Report", "did not answer"),
    "python-package-missing": translatable("Report", "cannot be read from Python"),
}


def driver_words(nvml: DriverStatus, tr: Translator) -> tuple[str, str]:
    """(what the driver's state is, what to do) in words; a state without words (an NVML
    error) says its own message."""
    state = DRIVER_WORDS.get(nvml.state)
    hint = HINTS.get(nvml.state)
    return (tr(state) if state else nvml.detail, tr(hint) if hint else "")


def _gb(mib: float | None) -> str | None:
    return f"{mib / 1024:.0f} GB" if mib else None


def link_words(link: PcieLink | None, tr: Translator) -> str | None:
    """'now Gen4 x16, card up to Gen4, slot Gen4': the link the scan saw and what could be."""
    if link is None or link.current_gen is None:
        return None
    text = fill(
        tr(translatable("Report", "now Gen{gen} x{width}")),
        gen=str(link.current_gen),
        width=str(link.current_width or "?"),
    )
    comma = tr(translatable("Report", ", "))  # a Chinese list takes its own comma
    best = link.card_max_gen or link.max_gen
    if best:
        text += comma + fill(tr(translatable("Report", "card up to Gen{n}")), n=str(best))
    if link.slot_max_gen:
        text += comma + fill(tr(translatable("Report", "slot Gen{n}")), n=str(link.slot_max_gen))
    return text


def _gpu_line(gpu: GpuDevice, tr: Translator) -> Line:
    comma = tr(translatable("Report", ", "))
    label = fill(tr(translatable("Report", "GPU {n}")), n=str(gpu.index))
    if gpu.display_only:
        # A server's BMC display or a processor's graphics: listed, so the numbering reads as
        # the scan's, but nothing of it is for TensorFlow.
        return Line(
            label,
            comma.join(
                [
                    gpu.name,
                    tr(translatable("Report", "a display adapter; TensorFlow does not use it")),
                ]
            ),
        )
    name = (
        fill(
            tr(translatable("Report", "{card} (read as: {name})")),
            card=gpu.catalog_name,
            name=gpu.name,
        )
        if gpu.catalog_name
        else gpu.name
    )
    parts = [name, _gb(gpu.memory_total_mib) or tr(translatable("Report", "memory N/A"))]
    mig = _mig_words(gpu, tr)
    if mig:
        parts.append(mig)
    link = link_words(gpu.pcie, tr)
    if link:
        parts.append(fill(tr(translatable("Report", "PCIe {link}")), link=link))
    if gpu.power_limit_w:
        parts.append(
            fill(tr(translatable("Report", "power limit {w} W")), w=f"{gpu.power_limit_w:g}")
        )
    return Line(label, comma.join(parts))


def _mig_words(gpu: GpuDevice, tr: Translator) -> str | None:
    """MIG on, and the slices a process is given: TensorFlow sees one, not the card's memory
    (the A100 report read "80 GB" on the scan page while its slices are 19.5 GB)."""
    if not gpu.mig_enabled:
        return None
    sizes = sorted({s.memory_mib for s in gpu.mig_slices if s.memory_mib}, reverse=True)
    if not sizes:
        return tr(translatable("Report", "MIG on (its slices not listed; TensorFlow sees one)"))
    return fill(
        tr(translatable("Report", "MIG on: {count} slices of up to {gb} GB (TensorFlow sees one)")),
        count=str(len(gpu.mig_slices)),
        gb=f"{sizes[0] / 1024:.1f}".removesuffix(".0"),
    )


def title(snapshot: SystemSnapshot, tr: Translator) -> str:
    if snapshot.source == TOLD_SOURCE:  # a kiosk customer's own computer, as they said
        return tr(translatable("Report", "Your computer"))
    if snapshot.source != "scan":  # a saved scan or another machine's nvidia-smi report
        return fill(
            tr(translatable("Report", "From the file: {name}")), name=snapshot.machine or "?"
        )
    # The maker's model when the firmware names it; the host name is the user's own line.
    return snapshot.model or tr(translatable("Report", "This computer"))


def _lines(snapshot: SystemSnapshot, kind: MachineKind | None, language: str) -> list[Line]:
    tr = translator(language)
    comma = tr(translatable("Report", ", "))
    lines: list[Line] = []
    if snapshot.source == "scan" and snapshot.machine:
        lines.append(Line(tr(translatable("Report", "Host name")), snapshot.machine))
    if kind is not None and snapshot.source != TOLD_SOURCE:
        lines.append(
            Line(tr(translatable("Report", "Kind of computer")), kind_words(kind, language))
        )
    if snapshot.os is not None:
        lines.append(
            Line(
                tr(translatable("Report", "Operating system")),
                f"{snapshot.os.system} {snapshot.os.release}"
                + (" (WSL2)" if snapshot.os.wsl else ""),
            )
        )
    if not snapshot.gpus:
        lines.append(
            Line(
                tr(translatable("Report", "GPU")),
                tr(translatable("Report", "none found")),
                tr(
                    translatable(
                        "Report",
                        "TensorFlow will run on the CPU; the recommendations compare cards with each other.",
                    )
                ),
            )
        )
    lines += [_gpu_line(gpu, tr) for gpu in snapshot.gpus]
    if snapshot.nvml.state not in ("ok", "not-read"):
        state, hint = driver_words(snapshot.nvml, tr)
        lines.append(Line(tr(translatable("Report", "NVIDIA driver")), state, hint))
    else:
        driver = next((g.driver_version for g in snapshot.gpus if g.driver_version), None)
        if driver:
            lines.append(Line(tr(translatable("Report", "NVIDIA driver")), driver))
    cpu = snapshot.cpu
    if cpu.model:
        detail = [cpu.model]
        if cpu.cores:
            detail.append(
                fill(
                    tr(translatable("Report", "{cores} cores, {threads} threads")),
                    cores=str(cpu.cores),
                    threads=str(cpu.threads or cpu.cores),
                )
            )
        detail.append(
            fill(tr(translatable("Report", "{w} W sustained peak")), w=f"{cpu.max_power_w:g}")
            if cpu.max_power_w
            else tr(translatable("Report", "its power limit is not on record"))
        )
        lines.append(Line(tr(translatable("Report", "CPU")), comma.join(detail)))
    if snapshot.memory.total_mib:
        lines.append(
            Line(tr(translatable("Report", "System memory")), _gb(snapshot.memory.total_mib) or "")
        )
    tf = snapshot.tensorflow
    if tf is not None:
        installed = (
            f"{tf.package} {tf.version}"
            if tf.package
            else tr(translatable("Report", "not installed"))
        )
        lines.append(Line("TensorFlow", f"{installed} (Python {tf.python_version})"))
    psu = snapshot.power_supply
    if psu.rated_w:
        supply = [f"{psu.rated_w} W"]
        if psu.rating:
            supply.append(f"80 PLUS {psu.rating}")
        if psu.atx_version:
            supply.append(f"ATX {psu.atx_version}.x")
        lines.append(Line(tr(translatable("Report", "Power supply")), comma.join(supply)))
    return lines


# In a rented virtual machine the host sets the link: the same reading is no slot or riser to
# check, and is said so (an AWS T4 at x8 of x16 was told to check its slot).
RENTED_KINDS = ("cloud-vm", "vgpu-guest")
IN_A_VM = {
    "pcie-width-below-max": "pcie-width-below-max-vm",
    "pcie-gen-low-under-load": "pcie-gen-low-under-load-vm",
}


def _said(
    snapshot: SystemSnapshot, language: str, kind: MachineKind | None = None
) -> tuple[Said, ...]:
    tr = translator(language)
    several = len(snapshot.gpus) > 1
    rented = kind is not None and kind.kind in RENTED_KINDS
    out = []
    for f in snapshot.findings:
        if f.id == "no-nvidia-gpu" and f.severity == "info":
            continue  # the driver line already says why no NVIDIA GPU was read: not twice
        if rented and f.id in IN_A_VM:
            f = replace(f, id=IN_A_VM[f.id], severity="info")
        text = finding_text(f, language)
        if several and f.gpu_index is not None:  # which card, when there are two
            text = fill(
                tr(translatable("Report", "GPU {n}: {text}")), n=str(f.gpu_index), text=text
            )
        out.append(Said(f.severity, text))
    return tuple(out)


def machine_view(
    snapshot: SystemSnapshot, language: str, kind: MachineKind | None = None
) -> MachineView:
    """The machine in words. ``kind``: what it is (planning/machine/kind.py), with what decided it."""
    tr = translator(language)
    return MachineView(
        title(snapshot, tr),
        tuple(_lines(snapshot, kind, language)),
        _said(snapshot, language, kind),
        tr(translatable("Report", ": ")),
    )
