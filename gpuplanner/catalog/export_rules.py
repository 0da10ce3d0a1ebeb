"""Which cards the US export rules keep out of China, worked out from each card's own figures.

The rule is ECCN 3A090 of the Export Administration Regulations as the interim final rule of
2023-10-17 wrote it (88 FR 73458, in force 2023-11-17; docs/CATALOG.md): a chip's "total
processing performance" (TPP) is 2 x MAC TOPS x the operation's bit length, the highest over
its precisions, which is a dense TOPS figure times its bit length; "performance density" (PD)
is TPP per mm² of die.

- 3A090.a: TPP >= 4800, or TPP >= 1600 with PD >= 5.92.
- 3A090.b: TPP >= 2400 with PD >= 1.6, or TPP >= 1600 with PD >= 3.2 (each below .a).
- Chips not designed or marketed for data centres (GeForce, workstation cards) are held only by
  the first test of .a: the others, and all of .b, apply to data-centre chips.

From the catalog's dense rates this gives the figures the vendors' China editions were cut to:
RTX 4090 5,285 against the 4090 D's 4,706; RTX 5090 6,704 against the 5090 D's 4,750; H20 2,368
(PD 2.9) and L20 1,914 (PD 3.1) just under .b. No card is named by hand: a new card in the catalog
is judged by the same thresholds, and the China editions pass because their figures do.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import Availability, GpuSpec
from gpuplanner.core.vocab import Region

REGION: Region = "CN"
RULE_DATE = "2023-11-17"  # the October 2023 thresholds in force
RULE_SOURCE = "bis-3a090-2023"
TPP_A = 4800.0
TPP_LOW = 1600.0
TPP_B = 2400.0
PD_A = 5.92
PD_B_WIDE = 1.6
PD_B_DENSE = 3.2
# (bits, field): every rate the catalog holds, dense, with the bit length the rule weighs it by.
RATES = (
    ("tf32_tflops", 32),
    ("fp16_tflops", 16),
    ("bf16_tflops", 16),
    ("fp8_tflops", 8),
    ("int8_tops", 8),
)


@dataclass(frozen=True)
class Verdict:
    tpp: float
    pd: float | None
    paragraph: str  # "3A090.a.1", ... ; "" when not controlled

    @property
    def controlled(self) -> bool:
        return bool(self.paragraph)


def tpp(gpu: GpuSpec) -> float:
    """Total processing performance: the highest dense rate times its bit length."""
    return max(((getattr(gpu, field) or 0.0) * bits for field, bits in RATES), default=0.0)


def verdict(gpu: GpuSpec) -> Verdict:
    total = tpp(gpu)
    density = total / gpu.die_mm2 if gpu.die_mm2 else None
    datacenter = gpu.segment == "datacenter"
    if total >= TPP_A:
        return Verdict(total, density, "3A090.a.1")
    if not datacenter or density is None:
        return Verdict(total, density, "")
    if total >= TPP_LOW and density >= PD_A:
        return Verdict(total, density, "3A090.a.2")
    if total >= TPP_B and density >= PD_B_WIDE:
        return Verdict(total, density, "3A090.b.1")
    if total >= TPP_LOW and density >= PD_B_DENSE:
        return Verdict(total, density, "3A090.b.2")
    return Verdict(total, density, "")


def rule_availability(
    gpus: tuple[GpuSpec, ...] | list[GpuSpec], rebuilt: frozenset[str] = frozenset()
) -> list[Availability]:
    """The cards the rule keeps from being sold new in China, each with its figures. A GeForce
    or workstation card already in the country still changes hands used; a data-centre card
    does not reach the open used market legally. ``rebuilt`` cards (memory added on a new
    board, in China, from chips already there) are not exports: the rule does not reach them."""
    out = []
    for gpu in gpus:
        judged = verdict(gpu)
        if not judged.controlled or gpu.id in rebuilt:
            continue
        density = f", PD {judged.pd:.2f}" if judged.pd is not None else ""
        out.append(
            Availability(
                gpu_id=gpu.id,
                region=REGION,
                new=False,
                used=gpu.segment != "datacenter",
                reason="export-control",
                since=max(RULE_DATE, gpu.release_date),
                sources=RULE_SOURCE,
                note=f"TPP {judged.tpp:,.0f}{density}: {judged.paragraph}",
            )
        )
    return out


def with_rules(
    listed: tuple[Availability, ...],
    gpus: tuple[GpuSpec, ...],
    rebuilt: frozenset[str] = frozenset(),
) -> tuple[Availability, ...]:
    """The listed availability (markets, production) and the rule's, the rule winning for China:
    a card the rule holds is never sold new there, whatever a row says."""
    ruled = rule_availability(gpus, rebuilt)
    held = {(a.gpu_id, a.region) for a in ruled}
    return (*(a for a in listed if (a.gpu_id, a.region) not in held), *ruled)
