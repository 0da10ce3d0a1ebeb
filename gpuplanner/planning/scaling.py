"""How well several cards share one job: data-parallel all-reduce over the real links.

Per step each card computes its batch, then the gradients are all-reduced (a ring moves
2 (n - 1) / n of the gradient bytes through every card's link). What is not hidden behind the
backward pass adds to the step:

    efficiency = compute / (compute + exposed communication), between 1 / n and 1.

Links: NVLink at half its bidirectional figure each way; PCIe at the lanes each card gets
(a desktop CPU splits its 16 lanes x8/x8, further cards hang off the chipset at x4) times the
generation's per-lane rate. GeForce 30/40/50 cards without a bridge have no peer-to-peer over PCIe
(disabled by NVIDIA's driver), so their traffic is staged through host memory, which all cards
share; Turing GeForce cards still have it.

Fitted, not assumed (docs/PLANNING.md): host-staged all-reduce reaches about 7 GB/s shared by
all cards (Lambda's tf_cnn_benchmarks ResNet-50 runs on 2, 4 and 8 RTX 3090: 0.86, 0.68 and
0.48 of linear); with peer-to-peer about half the transfer hides behind the backward pass
(A100 PCIe and RTX A6000 rows: 0.91-0.98 up to 8 cards). Against all 58 multi-GPU ResNet-50
rows the median error is about 4%; Turing FP16 runs lose 20-50% on every link, NVLink too,
which is not the interconnect and is not modelled (tools/check_scaling.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import GpuSpec

PCIE_GBS_PER_LANE = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
PCIE_PROTOCOL_EFFICIENCY = 0.8  # payload after TLP headers and flow control
HOST_STAGED_GBS = 7.0  # fitted: host-memory-staged all-reduce, shared by all cards
OVERLAP_P2P = 0.5  # share of the transfer hidden behind the backward pass
SYNC_LOSS_PER_DOUBLING = 0.01  # stragglers and the barrier, measured on NVLink rows


@dataclass(frozen=True)
class Scaling:
    count: int
    efficiency: float  # of linear
    link: str  # nvlink, pcie-p2p, pcie-host
    link_gbs: float  # per card, each way, as the all-reduce sees it
    lanes: tuple[int, ...]  # PCIe lanes each card gets
    peer_to_peer: bool


def lanes_per_card(count: int, slot_width: int | None, workstation: bool) -> tuple[int, ...]:
    """A workstation or server platform gives each card x16; a desktop shares the CPU's 16."""
    first = slot_width or 16
    if count == 1:
        return (first,)
    if workstation:
        return tuple([16] * count)
    return tuple([8, 8] + [4] * (count - 2))


# GeForce generations whose driver turns PCIe peer-to-peer off (Lambda's 3070/3080/3090 rows
# scale like host-staged copies; Turing GeForce rows scale like peer-to-peer).
NO_P2P_GEFORCE = ("ampere", "ada", "blackwell")


def peer_to_peer(gpu: GpuSpec, bridged: bool = False) -> bool:
    if gpu.segment != "consumer" or gpu.vendor != "NVIDIA":
        return True
    if bridged and gpu.interconnect == "nvlink-bridge":
        return True
    return not gpu.architecture.lower().startswith(NO_P2P_GEFORCE)


def data_parallel(
    gpu: GpuSpec,
    count: int,
    bytes_per_step: float,
    compute_s: float,
    slot_gen: int | None = None,
    slot_width: int | None = None,
    workstation: bool = False,
    bridged: bool = False,
) -> Scaling:
    """``bytes_per_step``: what each step all-reduces; ``compute_s``: one card's step time."""
    lanes = lanes_per_card(count, slot_width, workstation)
    if count == 1:
        return Scaling(1, 1.0, "none", 0.0, lanes, peer_to_peer(gpu, bridged))
    gen = min(gpu.pcie_gen, slot_gen or gpu.pcie_gen)
    pcie = PCIE_GBS_PER_LANE.get(gen, 1.969) * min(lanes) * PCIE_PROTOCOL_EFFICIENCY
    p2p = peer_to_peer(gpu, bridged)
    bridge = gpu.interconnect == "nvlink-bridge" and bridged and count == 2
    if gpu.interconnect_gbs and (gpu.interconnect == "nvlink" or bridge):
        # SXM boards join every card; a bridge joins two, and only when one is fitted.
        link, gbs, overlap = "nvlink", gpu.interconnect_gbs / 2, OVERLAP_P2P
    elif p2p:
        link, gbs, overlap = "pcie-p2p", pcie, OVERLAP_P2P
    else:
        link, gbs, overlap = "pcie-host", min(pcie, HOST_STAGED_GBS / count), 0.0
    moved = 2 * (count - 1) / count * bytes_per_step
    exposed = moved / (gbs * 1e9) * (1 - overlap)
    doublings = (count - 1).bit_length()
    efficiency = compute_s / (compute_s + exposed) * (1 - SYNC_LOSS_PER_DOUBLING) ** doublings
    # Never slower than one card: with that little to gain the job would run on one of them.
    efficiency = max(1 / count, min(1.0, efficiency))
    return Scaling(count, round(efficiency, 3), link, round(gbs, 2), lanes, p2p)
