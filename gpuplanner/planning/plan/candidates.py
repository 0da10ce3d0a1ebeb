"""The options worth judging for one machine: keep it, add cards, or replace what is there.

1, 2, 4 and 8 cards (within the request's limit) of every catalog card; an NVLink bridge for an
installed pair that takes one and has none; adding is offered for more of the installed card, since data-parallel training runs at the pace of the slowest card
and holds no more per card than the smallest. A laptop or a cloud
instance can only keep what it has.
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.planning.machine.facts import MachineFacts
from gpuplanner.planning.options import Candidate, Installed

COUNTS = (1, 2, 4, 8)


def installed(machine: MachineFacts, by_id: dict[str, GpuSpec]) -> Installed | None:
    gpu = by_id.get(machine.current_gpu_id or "")
    if gpu is None:
        if machine.current_gpu_id is None and machine.unknown_gpu_name and machine.unknown_gpu_cc:
            return Installed(stand_in(machine), max(1, machine.installed_count), known=False)
        return None
    if machine.mig_slice_gb:
        # MIG on: the job runs in one slice of one card, with the slice's memory.
        return Installed(replace(gpu, memory_gb=machine.mig_slice_gb), 1)
    if machine.installed_ecc_on is not None:
        # The owner's ECC setting, not the board's default: its memory and bandwidth follow it.
        gpu = replace(gpu, ecc_on=machine.installed_ecc_on)
    if machine.installed_memory_gb:
        # What the driver reports is what jobs get. Where ECC explains the reading (a T4's 15 of
        # 16 GB) the board keeps its size; a vGPU profile's or an odd board's own size is the
        # board that gives that reading with ECC as set.
        share = gpu.driver_memory_gb / gpu.memory_gb
        gpu = replace(gpu, memory_gb=machine.installed_memory_gb / share)
    return Installed(gpu, max(1, machine.installed_count))


def stand_in(machine: MachineFacts) -> GpuSpec:
    """The installed card the catalog does not know, as far as the scan read it: its name, its
    compute capability and memory; no speed, price or board figures (none are on record)."""
    name = machine.unknown_gpu_name or "GPU"
    return GpuSpec(
        id=f"installed:{name}",
        name=name,
        aliases=(),
        vendor="NVIDIA",
        segment="unknown",
        architecture="unknown",
        chip=None,
        die_mm2=None,
        release_date="",
        memory_gb=machine.unknown_gpu_memory_gb or 0.0,
        memory_type=None,
        memory_bus_bits=None,
        memory_bandwidth_gbs=0.0,
        fp32_tflops=0.0,
        tf32_tflops=None,
        fp16_tflops=None,
        bf16_tflops=None,
        fp8_tflops=None,
        int8_tops=None,
        board_power_w=machine.power_default_w or machine.power_cap_w or 0.0,
        recommended_psu_w=None,
        power_6pin=0,
        power_8pin=0,
        power_12v2x6=0,
        power_eps8=0,
        form_factor="unknown",
        slot_width=None,
        length_mm=None,
        cooler="unknown",
        pcie_gen=0,
        pcie_lanes=0,
        interconnect="none",  # no link is on record: the slot's PCIe alone
        interconnect_gbs=None,
        ecc=False,
        compute_capability=machine.unknown_gpu_cc,
        tf_status="unknown",
        tf_reason="",
        sources="scan",
    )


MODULES = frozenset({"sxm", "oam"})


def generate(
    gpus: tuple[GpuSpec, ...], current: Installed | None, max_gpus: int, machine: MachineFacts
) -> list[Candidate]:
    out: list[Candidate] = []
    if current is not None:
        out.append(Candidate("keep", current.gpu, current.count, 0))
    if machine.laptop or machine.virtual_machine:
        return out  # nothing to buy for a laptop or a cloud instance
    if current is not None and current.gpu.form_factor in MODULES:
        # SXM or OAM modules on the server's baseboard: a PCIe card replaces none of them (an
        # HGX or DGX chassis's slots are low-profile, for its network cards), and a module is
        # changed with its baseboard, a server of its own (the 8x H100 SXM server was offered
        # an H200 NVL, then four L20s, "1100 W more" for 4,500 W less).
        return out
    if (
        current is not None
        and current.count == 2
        and current.gpu.interconnect == "nvlink-bridge"
        and not machine.nvlink_active
    ):
        # A pair that takes a bridge and has none: the bridge alone is a purchase.
        out.append(Candidate("bridge", current.gpu, 2, 0))
    if (
        current is not None
        and current.known
        and current.gpu.form_factor == "pcie"
        and not machine.mig_slice_gb
    ):
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
