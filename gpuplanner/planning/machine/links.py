"""Whether the installed pair is joined by an NVLink bridge, and which bridge a pair takes.

nvidia-smi -q does not show NVLink, so a report alone cannot say whether a pair has its
bridge. What is known is used in this order: links seen active (NVML, or an
``nvidia-smi topo -m`` / ``nvidia-smi nvlink -s`` capture read with the report), the user's
word (``--nvlink-bridge``, the job page's question), links seen inactive; with none of
these, a data-centre pair (A100 PCIe, H100 NVL, H200 NVL) is planned bridged, as such pairs
are sold with their bridge fitted (the H100 NVL is "two H100 PCIe boards that come already
bridged together", AnandTech 2023-03-21), and the plan says it assumed so; a desktop pair
(RTX 3090, RTX A-series) is planned without one, and the bridge is offered.
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.core.vocab import BridgeAnswer, BridgeKind
from gpuplanner.planning.machine.facts import MachineFacts


def bridge_kind(gpu: GpuSpec) -> BridgeKind:
    """The bridge a pair of ``gpu`` takes: a data-centre card's board or a desktop card's."""
    return "data-centre" if gpu.segment == "datacenter" else "desktop"


def takes_bridge(gpu: GpuSpec, count: int) -> bool:
    return gpu.interconnect == "nvlink-bridge" and count == 2


def installed_bridge(
    machine: MachineFacts, gpu: GpuSpec | None, count: int, told: BridgeAnswer | None
) -> MachineFacts:
    """``machine`` with ``nvlink_active`` decided for planning and ``nvlink_basis`` saying
    how: "seen", "told" or "assumed"."""
    if gpu is None or not takes_bridge(gpu, count):
        return replace(machine, nvlink_basis="seen" if machine.nvlink_active else None)
    if machine.nvlink_active:
        return replace(machine, nvlink_basis="seen")
    if told is not None:
        return replace(machine, nvlink_active=told == "fitted", nvlink_basis="told")
    if machine.nvlink_known:
        return replace(machine, nvlink_basis="seen")
    return replace(machine, nvlink_active=bridge_kind(gpu) == "data-centre", nvlink_basis="assumed")
