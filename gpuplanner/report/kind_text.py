"""The kind of computer, and the facts that decided it, in words (planning/machine/kind.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gpuplanner.core.words import fill, translatable

if TYPE_CHECKING:
    from gpuplanner.app.records import MachineKind

Translator = Callable[[str], str]

CONTEXT = "Kind"

KIND = {
    "laptop": translatable("Kind", "a laptop"),
    "desktop": translatable("Kind", "a desktop PC"),
    "small-pc": translatable("Kind", "a small PC"),
    "workstation": translatable("Kind", "a workstation"),
    "server": translatable("Kind", "a server"),
    "cloud-vm": translatable("Kind", "a cloud virtual machine"),
    "virtual-machine": translatable("Kind", "a virtual machine with its GPU passed through"),
    "vgpu-guest": translatable("Kind", "a vGPU guest (a share of a GPU)"),
    "unknown": translatable("Kind", "not known from what it says"),
}
# A VM in which no GPU was seen: it has none passed through (issue 41: "a virtual machine with
# its GPU passed through" beside "GPU: none found").
VM_WITHOUT_GPU = translatable("Kind", "a virtual machine (no GPU passed through to it)")
CHASSIS = {
    "laptop": translatable("Kind", "a laptop"),
    "desktop": translatable("Kind", "a desktop"),
    "server": translatable("Kind", "a server"),
    "mini": translatable("Kind", "a mini PC"),
}
EVIDENCE = {
    "chassis": translatable("Kind", "the firmware calls it {chassis}"),
    "battery": translatable("Kind", "it has a battery"),
    "laptop-gpu": translatable("Kind", "a laptop GPU: {name}"),
    "vgpu-mode": translatable("Kind", "the driver runs {name} as a vGPU"),
    "vgpu-profile": translatable("Kind", "a vGPU profile: {name}"),
    "hypervisor": translatable("Kind", "it runs under {name}"),
    "pass-through": translatable("Kind", "{name} is passed through to a virtual machine"),
    "virtual-bus": translatable("Kind", "the GPU is on bus {bus}, where hypervisors put theirs"),
    "cloud-hypervisor": translatable("Kind", "{name} is a cloud's hypervisor"),
    "cloud-card": translatable("Kind", "{name} is sold only inside a cloud"),
    "datacenter-card": translatable("Kind", "{name} is a data-centre card"),
    "module-card": translatable("Kind", "{name} is an SXM module, not a PCIe card"),
    "passive-card": translatable("Kind", "{name} is cooled by the chassis' fans"),
    "many-gpus": translatable("Kind", "{count} GPUs"),
    "workstation-cpu": translatable("Kind", "a workstation CPU: {cpu}"),
    "desktop-card": translatable("Kind", "a PCIe card on a physical slot: {name}"),
}
GENERIC_HYPERVISOR = translatable("Kind", "the CPU says it runs under a hypervisor")
WITH_REASONS = translatable("Kind", "{kind} ({why})")  # Chinese takes full-width brackets
BETWEEN_REASONS = translatable("Kind", "; ")


def kind_words(kind: MachineKind, language: str, most: int | None = None) -> str:
    """``kind_text`` in the report's language (the window passes Qt's translator instead)."""
    # The report's .ts lookup, imported here: the computer page reads only kind_text, and the
    # plan's words (with the planning rules they import) need not load with it.
    from gpuplanner.report.plan_text import translate

    return kind_text(kind, lambda text: translate(text, language, CONTEXT), most)


def kind_text(kind: MachineKind, tr: Translator, most: int | None = None) -> str:
    """'a laptop (a laptop GPU: NVIDIA GeForce GTX 1050)'; ``most`` facts said, else all."""
    reasons = []
    for item in kind.evidence[:most]:
        if item.code == "hypervisor" and item.params.get("name") == "hypervisor":
            reasons.append(tr(GENERIC_HYPERVISOR))
            continue
        template = EVIDENCE.get(item.code)
        if template is None:
            continue
        shown = {
            key: tr(CHASSIS[value]) if key == "chassis" and value in CHASSIS else value
            for key, value in item.params.items()
        }
        reasons.append(fill(tr(template), **shown))
    words = tr(KIND.get(kind.kind, KIND["unknown"]))
    if kind.kind == "virtual-machine" and any(e.code == "no-gpu" for e in kind.evidence):
        words = tr(VM_WITHOUT_GPU)
    if not reasons:
        return words
    why = tr(BETWEEN_REASONS).join(reasons)
    return fill(tr(WITH_REASONS), kind=words, why=why)
