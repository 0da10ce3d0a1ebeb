"""One candidate's numbers, worked out once for every rule to read: its price, power, size,
memory per card, and its speed with what caps it (the machine's feed, a MIG slice, a power
limit), against the installed cards' when there are some."""

from __future__ import annotations

from gpuplanner.planning.machine import power
from gpuplanner.planning.options import Candidate
from gpuplanner.planning.plan import card_count
from gpuplanner.planning.plan.judge_inputs import Assessment, Baseline, Context
from gpuplanner.planning.speed import training as speed


def assess(
    c: Candidate, ctx: Context, baseline: Baseline | None, draw: power.PowerBudget | None = None
) -> Assessment:
    """``draw``: the machine's power with the candidate's cards, where another job's judgement
    of the same candidate worked it out (a mix: the cards, the supply and the CPU are the
    same whatever the job)."""
    gpu = c.gpu
    request = ctx.request
    machine = request.machine
    # The installed cards draw (and heat) at the limit they run under, as their driver reads
    # it: lower when capped, higher on a maker's board set above the reference card (the
    # recorded RTX 2080 runs at 275 W, the catalog's card at 215 W).
    board_w = gpu.board_power_w
    if c.action in ("keep", "bridge") and machine.power_cap_w:
        board_w = machine.power_cap_w
    load = power.GpuLoad(
        board_power_w=board_w,
        count=c.count,
        power_8pin=gpu.power_8pin,
        power_12v2x6=gpu.power_12v2x6,
        power_6pin=gpu.power_6pin,
        recommended_psu_w=gpu.recommended_psu_w,
    )
    # A MIG machine's job runs in one slice of one card, but every installed card draws and
    # heats the room, their other slices running other jobs (eight sliced H100s were planned
    # as one card's 700 W).
    sliced = max(machine.installed_count - c.count, 0) if sliced_keep(c, ctx) else 0
    if draw is None:
        draw = power.budget(
            load,
            request.psu,
            machine.cpu_peak_w,
            machine.cpu_base_w,
            request.socket,
            machine.existing_gpu_w + sliced * board_w,
            laptop=machine.laptop,
            server=machine.kind == "server",
        )
    prediction = ctx.predictions.get(gpu.id)
    relative = throughput = uncapped = None
    scaling = None
    error = 0.0
    paying = None
    bridge_gain = None
    if prediction is not None:
        scaling = card_count.scaling(
            ctx,
            gpu,
            c.count,
            prediction.throughput,
            c.action == "keep",
            bridged=True if c.action == "bridge" else None,
        )
        paying = card_count.paying_batch(ctx, c, scaling, prediction.throughput)
        if c.action == "bridge" and scaling is not None:
            pcie = card_count.scaling(ctx, gpu, c.count, prediction.throughput, bridged=False)
            if pcie is not None and pcie.efficiency:
                bridge_gain = scaling.efficiency / pcie.efficiency - 1
        efficiency = scaling.efficiency if scaling else 1.0
        relative = round(prediction.relative * c.count * efficiency, 3)
        throughput = (
            round(prediction.throughput * c.count * efficiency, 1)
            if prediction.throughput
            else None
        )
        if throughput and ctx.input_cap and throughput > ctx.input_cap:
            # The machine feeds no more than its pipeline or its copies carry, however
            # fast the cards: the whole machine's images, shared by its cards.
            uncapped = throughput
            relative = round(relative * ctx.input_cap / throughput, 3)
            throughput = round(ctx.input_cap, 1)
        share = machine.mig_slice_share
        if c.action == "keep" and share and relative is not None:
            # One MIG slice computes with its share of the card's SMs.
            relative = round(relative * share, 3)
            throughput = round(throughput * share, 1) if throughput else None
        capped = ctx.power_cap if c.action in ("keep", "add") else None
        if capped is not None and relative is not None:
            # The installed cards run under their cap (a probe would have measured it).
            relative = round(relative * capped.speed_share, 3)
            throughput = round(throughput * capped.speed_share, 1) if throughput else None
        error = speed.uncertainty_pct(prediction.error_pct, gpu)
    keep_relative = baseline.relative if baseline is not None else None
    speedup = round(relative / keep_relative, 3) if relative and keep_relative else None
    board = ctx.boards.get(gpu.id)
    return Assessment(
        needed_gb=card_count.needed_gb(ctx, gpu, c.count),
        price=ctx.price_each[gpu.id] if c.bought else None,
        load=load,
        power=draw,
        length_mm=(board.length_max_mm if board and board.length_max_mm else gpu.length_mm),
        slots=(board.slots_max if board and board.slots_max else gpu.slot_width),
        relative=relative,
        throughput=throughput,
        scaling=scaling,
        speedup=speedup,
        error_pct=error,
        uncapped_throughput=uncapped,
        paying_batch=paying,
        bridge_gain=bridge_gain,
    )


def sliced_keep(c: Candidate, ctx: Context) -> bool:
    """The installed cards kept with MIG on: the job in one slice, the machine's cards all on."""
    return c.action == "keep" and bool(ctx.request.machine.mig_slice_gb)
