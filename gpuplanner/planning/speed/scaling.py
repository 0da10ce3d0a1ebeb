"""How well several cards share one job, as TensorFlow runs it over the links the machine has.

Replicated data parallel (``tf.distribute.MirroredStrategy``, the official wheels and NGC):
every card holds the whole job and computes its own batch; then the gradients are all-reduced.
A ring moves 2 (n - 1) / n of the gradient bytes through every card's link, after the backward
pass (TensorFlow packs the gradients into one all-reduce unless told otherwise; a share hidden
behind the backward pass was fitted and came out at none):

    transfer = moved / link + 2 (n - 1) x the link's cost per hop
    efficiency = compute / (compute + transfer) x (1 - SYNC_LOSS) ** doublings, within [1/n, 1]

Links, per card: NVLink at the share of half its bidirectional figure (each way) that NCCL
reaches on that kind of link (an SXM board, eight Hopper cards on NVLink SHARP, a bridge), with
microseconds per hop on an SXM board; PCIe peer-to-peer at the
lanes and generation each card really has (the scan's link for installed cards, the slot an
added card would go into); or, for GeForce 30/40/50 without a bridge (peer-to-peer is off in
NVIDIA's driver), copies staged through host memory, each card at its own link's rate and all
of them together at most HOST_MEMORY_GBS.

Sharded (Keras 3's ``keras.distribution.ModelParallel`` on JAX, the ``keras-other`` route):
weights are gathered for the forward and the backward pass and gradients reduce-scattered,
1.5x the model's bytes a step, with the same links and overlap.

Fitted on Lambda's tf_cnn_benchmarks runs (ResNet-50/152, Inception v3/v4, VGG16 on 2-8 cards,
PCIe, host-staged and NVLink) and the BERT-base runs of Lambda's PyTorch suite; checked on runs
it was not fitted on (that suite's BERT-large and ResNet-50): tools/check_scaling.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import GpuSpec

PCIE_GBS_PER_LANE = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
PCIE_PROTOCOL_EFFICIENCY = 0.8  # payload after TLP headers and flow control
# Fitted (tools/check_scaling.py --fit): what host memory carries for all staged copies together;
# a fixed cost per ring hop and step (launches, handshakes, many small tensors); the barrier's
# and stragglers' cost per doubling of the cards (fitted at none once the hops are counted).
HOST_MEMORY_GBS = 18.0
HOP_LATENCY_S = 0.002  # PCIe, peer-to-peer or staged through host memory
SYNC_LOSS_PER_DOUBLING = 0.0
# NVLink, per kind of link: the share of its line rate (each way) that NCCL's all-reduce reaches,
# and the fixed cost per ring hop and step. Measured (nccl-tests all_reduce_perf):
# - SXM boards (NVSwitch, or the V100's mesh): ~20% protocol overhead, 370 of H100's 450 GB/s
#   (NCCL's maintainer, NVIDIA/nccl-tests#212; 8 A100 SXM4: ~200-240 of 300, nccl-tests#149).
# - 8 Hopper SXM on a third-generation NVSwitch: NCCL's NVLink SHARP all-reduce, bus bandwidth
#   ~480 GB/s (the same thread): the switch adds, the cards send each byte once.
# - A two-card bridge: 21.4 of a 2080 Ti's 50 GB/s (NVIDIA/nccl-tests#44), 116 of an H100
#   PCIe pair's 300 (NVIDIA/nccl#1161): NCCL opens few channels over a bridge.
# - Per hop: NCCL's small all-reduce takes 13 us over a 2080 Ti bridge (2 hops, nccl-tests#44),
#   42 us on 8 RTX 4090 (14 hops, NVIDIA/nccl#1530): microseconds. On an SXM board that is
#   all there is (the runs fitted and checked do not tell 10 us from 100 us). Over a bridge the
#   desktop's own cost per hop stays (HOP_LATENCY_S).
NVSWITCH_SHARE = 0.82
NVLS_SHARE = 480 / 450
NVLS_CARDS = 8
NVSWITCH_HOP_S = 0.00001
BRIDGE_SHARE = 0.43
SHARDED_STEP_WEIGHTS = 1.5  # all-gather forward and backward, reduce-scatter: x the weights


@dataclass(frozen=True, kw_only=True)
class Scaling:
    count: int
    efficiency: float  # of linear
    link: str  # nvlink, pcie-p2p, pcie-host, layer-split
    link_gbs: float  # per card, each way, as the all-reduce sees it
    lanes: tuple[int, ...]  # PCIe lanes each card gets
    peer_to_peer: bool
    strategy: str = "replicated"  # replicated, sharded, layer-split
    gen: int | None = None  # the PCIe generation the slowest card's link runs at


@dataclass(frozen=True)
class Link:
    """The PCIe link one card runs at: lanes and generation."""

    width: int
    gen: int


def desktop_lanes(count: int, first_width: int | None, workstation: bool) -> tuple[int, ...]:
    """The lanes each of ``count`` cards gets: a workstation or server platform gives every
    card x16; a desktop CPU splits its 16 lanes x8/x8 for two cards, further cards hang off the
    chipset at x4."""
    first = first_width or 16
    if count == 1:
        return (first,)
    if workstation:
        return tuple([16] * count)
    return tuple([min(first, 8), min(first, 8)] + [4] * (count - 2))


def peer_to_peer(gpu: GpuSpec, bridged: bool = False) -> bool:
    """GeForce Ampere, Ada and Blackwell cards have PCIe peer-to-peer turned off in NVIDIA's
    driver (Lambda's 3070/3080/3090 rows scale like host-staged copies); Turing GeForce still
    has it."""
    if gpu.segment != "consumer" or gpu.vendor != "NVIDIA":
        return True
    if bridged and gpu.interconnect == "nvlink-bridge":
        return True
    return not gpu.architecture.lower().startswith(("ampere", "ada", "blackwell"))


def nvlink_gbs(gpu: GpuSpec, count: int) -> float:
    """What an SXM board's all-reduce moves per card and direction: NVLink SHARP where eight
    Hopper or later cards share a third-generation NVSwitch, NCCL's ring elsewhere."""
    line = (gpu.interconnect_gbs or 0.0) / 2
    sharp = count == NVLS_CARDS and not gpu.architecture.lower().startswith(
        ("volta", "pascal", "ampere")
    )
    return line * (NVLS_SHARE if sharp else NVSWITCH_SHARE)


def pcie_gbs(link: Link) -> float:
    return (
        PCIE_GBS_PER_LANE.get(link.gen, PCIE_GBS_PER_LANE[4])
        * link.width
        * (PCIE_PROTOCOL_EFFICIENCY)
    )


def links_for(
    gpu: GpuSpec,
    count: int,
    slot_gen: int | None = None,
    slot_width: int | None = None,
    workstation: bool = False,
    installed: tuple[Link, ...] = (),
) -> tuple[Link, ...]:
    """Each card's link: the scanned ones for cards already installed, then the platform's
    split for the rest; never faster than the card itself."""
    planned = desktop_lanes(count, slot_width, workstation)
    gen_cap = min(gpu.pcie_gen, slot_gen or gpu.pcie_gen)
    out = []
    for i in range(count):
        if i < len(installed):
            link = installed[i]
            # A card that gains neighbours shares the CPU's lanes with them.
            width = link.width if count <= len(installed) else min(link.width, planned[i])
            out.append(Link(min(width, gpu.pcie_lanes), min(link.gen, gpu.pcie_gen)))
        else:
            out.append(Link(min(planned[i], gpu.pcie_lanes), gen_cap))
    return tuple(out)


def data_parallel(
    gpu: GpuSpec,
    count: int,
    bytes_per_step: float,
    compute_s: float,
    slot_gen: int | None = None,
    slot_width: int | None = None,
    workstation: bool = False,
    bridged: bool = False,
    installed: tuple[Link, ...] = (),
    strategy: str = "replicated",
) -> Scaling:
    """``bytes_per_step``: what each step all-reduces (or, sharded, gathers and scatters);
    ``compute_s``: one card's step time; ``installed``: the scanned links of cards already in
    the machine, which the first cards of the plan are."""
    links = links_for(gpu, count, slot_gen, slot_width, workstation, installed)
    lanes = tuple(link.width for link in links)
    p2p = peer_to_peer(gpu, bridged)
    if count == 1:
        return Scaling(
            count=1,
            efficiency=1.0,
            link="none",
            link_gbs=0.0,
            lanes=lanes,
            peer_to_peer=p2p,
            strategy=strategy,
            gen=links[0].gen,
        )
    slowest = min(links, key=pcie_gbs)
    pcie = pcie_gbs(slowest)
    bridge = gpu.interconnect == "nvlink-bridge" and bridged and count == 2
    hop_s = HOP_LATENCY_S
    if gpu.interconnect_gbs and gpu.interconnect == "nvlink":
        # SXM boards join every card (NVSwitch, or the V100's mesh).
        link, gbs, hop_s = "nvlink", nvlink_gbs(gpu, count), NVSWITCH_HOP_S
    elif gpu.interconnect_gbs and bridge:
        # A bridge joins two, and only when one is fitted. The pair keeps its PCIe path beside
        # it: where NCCL's measured share of a bridge (an RTX A5000's 56 GB/s a direction at
        # 0.43) comes out under the pair's own peer-to-peer link (25.2 GB/s at Gen4 x16), the
        # bridge costs nothing, never speed (a bridge once read "-1% faster").
        link = "nvlink"
        gbs = max(gpu.interconnect_gbs / 2 * BRIDGE_SHARE, pcie if p2p else 0.0)
    elif p2p:
        link, gbs = "pcie-p2p", pcie
    else:
        link, gbs = "pcie-host", min(pcie, HOST_MEMORY_GBS / count)
    moved = 2 * (count - 1) / count * bytes_per_step
    transfer = moved / (gbs * 1e9) + 2 * (count - 1) * hop_s
    doublings = (count - 1).bit_length()
    efficiency = compute_s / (compute_s + transfer) * (1 - SYNC_LOSS_PER_DOUBLING) ** doublings
    # Never slower than one card: with that little to gain the job would run on one of them.
    efficiency = max(1 / count, min(1.0, efficiency))
    return Scaling(
        count=count,
        efficiency=round(efficiency, 3),
        link=link,
        link_gbs=round(gbs, 2),
        lanes=lanes,
        peer_to_peer=p2p,
        strategy=strategy,
        gen=slowest.gen,
    )
