"""What the probe measured on this machine, turned into what it does to the predictions.

Four figures, each with its own physics:

- matrix multiply (TFLOPS) scales the compute share of a step, and memory bandwidth (GB/s)
  its memory share, each in the proportion the workload's fitted class gives them
  (``speed.machine_scale``);
- the CPU's input pipeline (decoded and augmented images/s) and the host-to-GPU copy rate
  (GB/s over the bytes of one image) cap what the machine can feed its cards, however fast
  they are (``input_cap``).

``effects`` says which figure moved the prediction and by how much: facts for the report,
never sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.core.vocab import Precision, Workload
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.machine.facts import MachineFacts
from gpuplanner.planning.speed.bandwidth import usable_bandwidth_gbs
from gpuplanner.planning.speed.training import ClassParams, machine_scale

# A large device copy reaches this share of the card's peak bandwidth on a healthy card. A
# probe reading above HEALTHY_BANDWIDTH of it moves nothing: the probe's buffer may sit
# partly in a large L2 cache (an RTX 4090's 72 MB), which reads faster than the memory.
# Below it the memory runs slow (a stuck memory clock, a laptop's power state) and the
# memory share of every step is scaled down by it.
TYPICAL_BANDWIDTH_EFFICIENCY = 0.85
HEALTHY_BANDWIDTH = 0.85
LOWEST_BANDWIDTH_FACTOR = 0.3
# Bytes of one training image on its way to the GPU: Keras pipelines hand over float32.
INPUT_BYTES = {w.id: w.image_size**2 * 3 * 4 for w in KERAS.values() if w.image_size}

Figure = Literal["matmul", "bandwidth", "pipeline", "copy"]


@dataclass(frozen=True)
class ProbeEffect:
    figure: Figure
    measured: float  # TFLOPS, GB/s or images/s as the probe measured it
    expected: float | None  # what a healthy machine with this card reaches (None for caps)
    change_pct: float | None = None  # on the installed card's predicted speed (scales)
    cap: float | None = None  # the most the machine can feed, in the workload's unit (caps)


def bandwidth_factor(measured_gbs: float | None, peak_gbs: float | None) -> float | None:
    """The probe's memory bandwidth against a healthy card's; None when it is healthy.
    ``peak_gbs``: what the card reads at with its ECC as set (``usable_bandwidth_gbs``), so
    that ECC's own cost, already in every prediction, is not taken for a slow memory."""
    if not measured_gbs or not peak_gbs:
        return None
    share = measured_gbs / (peak_gbs * TYPICAL_BANDWIDTH_EFFICIENCY)
    if share >= HEALTHY_BANDWIDTH:
        return None
    return max(LOWEST_BANDWIDTH_FACTOR, share)


def input_cap(
    workload: Workload, pipeline_images_s: float | None, copy_gbs: float | None
) -> tuple[float | None, Figure | None]:
    """The most images a second this machine can feed its cards, and which figure sets it."""
    caps: list[tuple[float, Figure]] = []
    if workload not in INPUT_BYTES:
        return None, None
    if pipeline_images_s:
        caps.append((pipeline_images_s, "pipeline"))
    if copy_gbs:
        caps.append((copy_gbs * 1e9 / INPUT_BYTES[workload], "copy"))
    if not caps:
        return None, None
    value, figure = min(caps)
    return value, figure


def effects(
    machine: MachineFacts,
    card: GpuSpec | None,
    params: ClassParams,
    precision: Precision,
    bandwidth: float | None,
    cap: tuple[float | None, Figure | None],
) -> tuple[ProbeEffect, ...]:
    """Each probe figure that moved a prediction: the matmul and bandwidth ones on the installed
    ``card``'s speed (None: no installed card the catalog knows, or a job they do not scale),
    and ``cap`` when it capped some option."""
    found: list[ProbeEffect] = []
    if card is not None:

        def change(matmul: float | None, memory: float | None) -> float:
            return round(100 * (machine_scale(card, precision, params, matmul, memory) - 1), 1)

        factor = machine.machine_factor
        if factor and machine.matmul_tflops and abs(factor - 1) >= 0.01:
            expected = round(machine.matmul_tflops / factor, 1)
            found.append(
                ProbeEffect("matmul", machine.matmul_tflops, expected, change(factor, None))
            )
        if bandwidth and machine.bandwidth_gbs:
            expected = round(usable_bandwidth_gbs(card) * TYPICAL_BANDWIDTH_EFFICIENCY)
            found.append(
                ProbeEffect("bandwidth", machine.bandwidth_gbs, expected, change(None, bandwidth))
            )
    limit, figure = cap
    if limit and figure:
        measured = machine.pipeline_images_s if figure == "pipeline" else machine.copy_gbs
        found.append(ProbeEffect(figure, measured or 0.0, None, cap=round(limit)))
    return tuple(found)
