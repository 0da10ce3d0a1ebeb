"""Several cards of one kind on one job: how the route runs them (replicated, sharded, split by
layers), the memory each holds, how well they scale, and the batch at which they would pay."""

from __future__ import annotations

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.planning.job import memory, methods
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.machine import physical
from gpuplanner.planning.options import Candidate
from gpuplanner.planning.plan import rules
from gpuplanner.planning.plan.judge_inputs import Context
from gpuplanner.planning.plan.rules.job import usable_gb
from gpuplanner.planning.request import PlanError
from gpuplanner.planning.speed import batching
from gpuplanner.planning.speed.scaling import SHARDED_STEP_WEIGHTS, Link, Scaling, data_parallel

LLM_STEP_WEIGHT_BYTES = {
    "full": 2.0,
    "lora": 2.0,
    "lora-int8": 1.0,
    "qlora": 0.52,
}  # per parameter, as sharded
PAYING_BATCH_MAX = 1024  # per card: the largest batch the plan suggests


def strategy(ctx: Context, gpu: GpuSpec, count: int) -> str:
    """How the route runs ``count`` cards: replicated (every card holds the whole job),
    sharded (weights and optimizer state divided, only where the route has it) or split by
    layers (LLM inference)."""
    if count == 1:
        return "replicated"
    if ctx.inference:
        return "layer-split"
    fits_one = ctx.estimate.total_gb <= usable_gb(gpu)
    # A device mesh needs JAX: Keras on Intel cards runs on PyTorch's XPU backend.
    jax = gpu.vendor != "Intel"
    if ctx.workload == "llm" and not fits_one and jax and methods.shards(ctx.request.tf_route):
        return "sharded"
    return "replicated"


def needed_gb(ctx: Context, gpu: GpuSpec, count: int) -> float:
    """Per card: the whole job when replicated; a share of its state when sharded or split."""
    if strategy(ctx, gpu, count) in ("sharded", "layer-split"):
        return ctx.estimate.per_card_sharded(count)
    return ctx.estimate.total_gb


def scaling(
    ctx: Context,
    gpu: GpuSpec,
    count: int,
    per_card: float | None,
    keep: bool = False,
    batch: int | None = None,
    bridged: bool | None = None,
) -> Scaling | None:
    """``batch``: per card, the job's unless asked; ``bridged``: True for a bridge being
    bought, None to buy one only where it pays."""
    if count == 1 or not per_card:
        return None
    batch = ctx.batch if batch is None else batch  # another per-card batch, when asked
    machine = ctx.request.machine
    how = strategy(ctx, gpu, count)
    if how == "layer-split":
        # Layers split over the cards: memory adds up, one token still passes every layer.
        return Scaling(
            count=count,
            efficiency=round(1 / count, 3),
            link="layer-split",
            link_gbs=0.0,
            lanes=(),
            peer_to_peer=False,
            strategy=how,
        )
    if ctx.workload == "llm":
        if ctx.llm is None or ctx.method is None:
            raise PlanError("an LLM job needs a model and a method")
        llm, method, seq = ctx.llm, ctx.method, ctx.seq
        if seq is None:  # planning/job/resolve.py:shape_of gives every LLM job its sequence
            raise PlanError("an LLM job needs its sequence")
        compute_s = batch * seq / per_card
        if how == "replicated":
            trainable = llm.params_b * 1e9 if method == "full" else memory.lora_parameters(llm)
            moved = trainable * 4  # data parallel: FP32 gradients of what is trained
        else:
            # Sharded: weights gathered forward and backward, gradients scattered.
            moved = SHARDED_STEP_WEIGHTS * llm.params_b * 1e9 * LLM_STEP_WEIGHT_BYTES[method]
    else:
        preset = job.keras_preset(ctx.job)
        compute_s = batch / per_card
        moved = preset.params * 4  # FP32 gradients, also under mixed precision
    # The installed cards keep their slots (and a replacement goes into them): their
    # scanned links, risers and chipset slots included.
    scanned = tuple(Link(w, g) for w, g in machine.installed_links)

    def run(bridged: bool) -> Scaling:
        return data_parallel(
            gpu,
            count,
            moved,
            compute_s,
            machine.slot_gen,
            machine.slot_width,
            machine.workstation,
            bridged=bridged,
            installed=scanned,
            strategy=how,
        )

    if keep:
        return run(machine.nvlink_active)
    if bridged is not None:
        return run(bridged)
    pcie = run(False)
    if gpu.interconnect == "nvlink-bridge" and count == 2:
        # A bridge is bought where it pays: the rule prices it in (fit.nvlink_bridge).
        on_bridge = run(True)
        if on_bridge.efficiency >= pcie.efficiency * (1 + physical.NVLINK_BRIDGE_MIN_GAIN):
            return on_bridge
    return pcie


def throughput_at(ctx: Context, per_card: float | None, batch: int) -> float | None:
    """One card's throughput at another per-card batch: a step's fixed time is hidden better by
    a bigger batch (planning/speed/batching.py), so its step is shorter than the batch alone would
    make it."""
    if per_card is None or ctx.workload not in batching.ANCHOR_SHAPES:
        return per_card
    preset = KERAS[ctx.workload]
    seq = 0 if ctx.seq is None else ctx.seq  # a CNN has no sequence
    fixed = batching.preset_fixed_s(preset, ctx.job.precision)
    now = batching.units_per_step(preset, ctx.batch, seq)
    saturated = batching.saturated_from(per_card, now, fixed)
    return batching.at_batch(saturated, batching.units_per_step(preset, batch, seq), fixed)


def paying_batch(
    ctx: Context, c: Candidate, now: Scaling | None, per_card: float | None
) -> tuple[int, float, bool] | None:
    """Where replicated cards scale poorly at the job's batch: the smallest per-card batch
    (a multiple of 8, within one card's memory) at which they reach a useful share of
    linear, with that share; else the largest batch that fits and its share (False). A
    bigger batch leaves the exchange as it is and lengthens the step it hides behind."""
    if (
        now is None
        or now.strategy != "replicated"
        or now.efficiency >= rules.job.POOR_SCALING
        or ctx.workload == "llm"
    ):
        return None
    limit = usable_gb(c.gpu)
    last: tuple[int, float, bool] | None = None
    for batch in range(ctx.batch - ctx.batch % 8 + 8, PAYING_BATCH_MAX + 1, 8):
        estimate = job.job_memory(ctx.job.replaced(batch=batch), ctx.catalog.llms)[0]
        if estimate.total_gb > limit:
            break
        scaled = scaling(
            ctx,
            c.gpu,
            c.count,
            throughput_at(ctx, per_card, batch),
            c.action == "keep",
            batch=batch,
            bridged=True if c.action == "bridge" else now.link == "nvlink",
        )
        if scaled is None:
            return None
        last = (batch, scaled.efficiency, False)
        if scaled.efficiency >= rules.job.POOR_SCALING:
            return (batch, scaled.efficiency, True)
    return last
