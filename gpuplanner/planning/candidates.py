"""The options worth judging for one machine: keep it, add cards, or replace what is there.

1, 2, 4 and 8 cards (within the request's limit) of every catalog card; an NVLink bridge for an
installed pair that takes one and has none; adding is offered for more of the installed card, since data-parallel training runs at the pace of the slowest card
and holds no more per card than the smallest. A laptop or a cloud
instance can only keep what it has.
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.planning.options import Candidate, Installed
from gpuplanner.planning.request import MachineFacts

COUNTS = (1, 2, 4, 8)


def installed(machine: MachineFacts, by_id: dict[str, GpuSpec]) -> Installed | None:
    gpu = by_id.get(machine.current_gpu_id or "")
    if gpu is None:
        return None
    if machine.mig_slice_gb:
        # MIG on: the job runs in one slice of one card, with the slice's memory.
        return Installed(replace(gpu, memory_gb=machine.mig_slice_gb), 1)
    if machine.installed_memory_gb:
        # What the driver reports the card holds is what the job gets.
        gpu = replace(gpu, memory_gb=machine.installed_memory_gb)
    return Installed(gpu, max(1, machine.installed_count))


def generate(
    gpus: tuple[GpuSpec, ...], current: Installed | None, max_gpus: int, machine: MachineFacts
) -> list[Candidate]:
    out: list[Candidate] = []
    if current is not None:
        out.append(Candidate("keep", current.gpu, current.count, 0))
    if machine.laptop or machine.virtual_machine:
        return out  # nothing to buy for a laptop or a cloud instance
    if (
        current is not None
        and current.count == 2
        and current.gpu.interconnect == "nvlink-bridge"
        and not machine.nvlink_active
    ):
        # A pair that takes a bridge and has none: the bridge alone is a purchase.
        out.append(Candidate("bridge", current.gpu, 2, 0))
    if current is not None and current.gpu.form_factor == "pcie" and not machine.mig_slice_gb:
        for total in COUNTS:
            if current.count < total <= max_gpus:
                out.append(Candidate("add", current.gpu, total, total - current.count))
    action = "replace" if machine.has_gpu else "add"
    for gpu in gpus:
        if current is not None and gpu.id == current.gpu.id:
            continue  # keep and add cover the installed card
        if gpu.form_factor == "laptop":
            continue  # soldered into a laptop: never bought on its own
        for count in COUNTS:
            if count > max_gpus:
                break
            out.append(Candidate(action, gpu, count, count))
    return out
