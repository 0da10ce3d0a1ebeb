"""A purchase beside a free change to the installed cards.

MIG on or ECC on can keep a job from cards that would hold it whole: the plan then says to turn
it off (``machine_changes``), and a purchase slower than the whole card is no answer. The
recorded 8x H100 server with 1g.10gb slices ranked an RTX 4500 Ada first, at 1.4x a slice and a
fifth of the H100 that turning MIG off gives for nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.planning.findings import finding
from gpuplanner.planning.options import Option
from gpuplanner.planning.plan import candidates, card_count
from gpuplanner.planning.plan.judge_inputs import Context
from gpuplanner.planning.plan.machine_changes import without_ecc, without_mig
from gpuplanner.planning.plan.ranking import not_an_option
from gpuplanner.planning.plan.rules.job import usable_gb


@dataclass(frozen=True)
class WholeCards:
    """The installed cards with a free change made: which change, their speed over the cards
    as the plan keeps them (one slice, or the ECC-on cards), and how many there are."""

    change: str  # "mig-off" or "ecc-off"
    speedup: float
    count: int


def whole_card(ctx: Context, keep: Option | None) -> WholeCards | None:
    """The whole installed cards when the change would let them hold the job: they are refused
    for memory alone, or (MIG) a slice holds it and the whole cards run it faster for nothing
    (an H100's 3g.40gb slice was offered four RTX 5880 Ada "2.66x as fast", 1.14x the whole
    card, for ¥222,072). None otherwise (a vGPU guest's memory is the host's to set)."""
    machine = ctx.request.machine
    if keep is None or ctx.installed is None or machine.kind == "vgpu-guest":
        return None
    blocks = {f.id for f in keep.findings if f.severity == "blocks"}
    if keep.offered and not machine.mig_slice_gb:
        return None
    if not keep.offered and (not blocks or blocks - {"vram-short", "mix-job-blocked"}):
        return None
    by_id = {g.id: g for g in ctx.catalog.gpus}
    # The same machines the ways forward plan (machine_changes), MIG first.
    change, whole = "mig-off", without_mig(machine)
    if whole is None:
        change, whole = "ecc-off", without_ecc(machine, by_id.get(machine.current_gpu_id or ""))
    if whole is None:
        return None
    card = candidates.installed(whole, by_id)
    if card is None or keep.vram_needed_gb > usable_gb(card.gpu):
        return None
    return WholeCards(
        change, _speedup(ctx, keep, card.gpu, card.count, machine.mig_slice_share), card.count
    )


def _speedup(ctx: Context, keep: Option, gpu: GpuSpec, count: int, share: float | None) -> float:
    """The whole installed cards' speed over the one slice (or the ECC-on cards) the plan keeps:
    every card of the machine, as the keep option's own scaling counts them. ECC off reads 8%
    faster, within any prediction's error: counted as the same speed."""
    prediction = ctx.predictions.get(gpu.id)
    if share is None or prediction is None or not keep.predicted_relative:
        return 1.0 if share is None else 1 / share
    scaling = card_count.scaling(ctx, gpu, count, prediction.throughput, keep=True)
    efficiency = scaling.efficiency if scaling is not None else 1.0
    return prediction.relative * count * efficiency / keep.predicted_relative


def behind(options: list[Option], whole: WholeCards) -> list[Option]:
    """Every purchase not faster than the whole installed cards by more than its prediction's
    stated error is not offered, as beside cards kept as they are (``ranking.not_worth_buying``):
    the free change is the answer (``slower-than-mig-off``, ``slower-than-ecc-off``)."""
    change = whole.change

    def against_whole(option: Option) -> float:
        return (option.speedup or 0.0) / whole.speedup

    return [
        not_an_option(
            o,
            finding(f"slower-than-{change}", "blocks", speedup=round(against_whole(o), 2)),
        )
        if o.offered
        and o.action != "keep"
        and against_whole(o) - 1.0 <= o.predicted_error_pct / 100
        else o
        for o in options
    ]


def against_whole(options: list[Option], whole: WholeCards) -> tuple[list[Option], int | None]:
    """Speeds against the whole cards MIG off gives, where the slice cannot stay for the job:
    (the options so measured, how many whole cards they are measured against). Measured
    against the slice, the recorded A100 in 1g.20gb slices ranked four RTX 4500 Ada first at
    "11.64x" beside "turn MIG off: no purchase needed", 1.7x the whole card. A slice that holds
    the job is what runs it today, and stays the measure; ECC off changes no speed."""
    keep = next((o for o in options if o.action == "keep"), None)
    if whole.change != "mig-off" or keep is None or keep.offered:
        return options, None
    return [_scaled(o, 1 / whole.speedup) for o in options], whole.count


def _scaled(option: Option, factor: float) -> Option:
    if option.speedup is None:
        return option
    return replace(
        option,
        speedup=round(option.speedup * factor, 3),
        value=round(option.value * factor, 4) if option.value is not None else None,
    )
