"""One candidate judged: its assessment read by every rule, what it needs priced in, whether
anything blocks it, what it would cost to run, and its score for the scenario's objective.

A function of the candidate, the request's context and the installed cards' baseline alone:
candidates can be judged in any order, and judging one changes nothing for another.

The objective alone orders the options (speed, or speed for the money): a memory floor, an
unmeasured vendor, ECC or a check before buying is a finding the option shows, never a factor
of its score, so a faster option at its price is never listed below a slower, dearer one.
Warnings and needs break ties (ranking.rank_key).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.planning.findings import SEVERITY_ORDER, Finding, Need, finding
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.machine.kind_rules import finding_applies, need_applies
from gpuplanner.planning.machine.power import PowerBudget
from gpuplanner.planning.options import Candidate, Option
from gpuplanner.planning.plan import rules
from gpuplanner.planning.plan.assess import assess, sliced_keep
from gpuplanner.planning.plan.judge_inputs import Assessment, Baseline, Context
from gpuplanner.planning.prices import cost


def judge(c: Candidate, ctx: Context, baseline: Baseline | None) -> Option:
    """``c`` judged; ``baseline``: the installed cards' keep option (None when judging it, or
    when nothing the catalog knows is installed)."""
    a = assess(c, ctx, baseline)
    found: list[Finding] = []
    for rule in rules.BEFORE_PRICE:
        found += rule(c, a, ctx)
    needs: list[Need] = []
    for need_rule in rules.NEEDS:
        more, wanted = need_rule(c, a, ctx)
        found += more
        needs += wanted
    # Only what holds on this kind of machine (planning/machine/kind_rules.py).
    kind = ctx.request.machine.kind
    needs = [n for n in needs if need_applies(n, kind)]
    cards = a.price.amount * c.bought if a.price else (0.0 if not c.bought else None)
    # A bridge alone whose price is not on record (a data-centre board) has no total to rank.
    unpriced_alone = not c.bought and any(not n.priced for n in needs)
    total = None if cards is None or unpriced_alone else cards + sum(n.price for n in needs)
    if total is not None and c.bought and total > ctx.budget:
        found.append(
            finding(
                "over-budget",
                "blocks",
                total=round(total, 2),
                budget=round(ctx.budget, 2),
                currency=ctx.request.currency,
            )
        )
    found += _run_facts(c, a, ctx, total)
    found = [f for f in found if finding_applies(f, kind)]
    offered = not any(f.severity == "blocks" for f in found)
    gain = a.speedup if a.speedup is not None else a.relative
    bought = _bought_speed(c, a, baseline)
    value = round(bought / (total / 1000), 4) if (bought and total) else None
    found.sort(key=lambda f: SEVERITY_ORDER[f.severity])
    return Option(
        action=c.action,
        gpu_id=c.gpu.id,
        gpu=c.gpu.name,
        count=c.count,
        bought=c.bought,
        offered=offered,
        price=round(total, 2) if total is not None else None,
        cards_price=round(cards, 2) if cards is not None else None,
        price_each=a.price,
        needs=tuple(needs),
        currency=ctx.request.currency,
        vram_needed_gb=round(a.needed_gb, 2),
        vram_per_card_gb=c.gpu.memory_gb,
        usable_per_card_gb=rules.job.usable_gb(c.gpu),
        predicted_relative=a.relative,
        speedup=a.speedup,
        predicted_throughput=a.throughput,
        predicted_unit=unit(ctx),
        predicted_error_pct=a.error_pct,
        scaling=a.scaling,
        value=value,
        power=a.power,
        findings=tuple(found),
        score=round(_score(c, ctx, gain, bought, total), 6),
        input_capped=a.uncapped_throughput is not None,
        ecc=c.gpu.ecc,
    )


# What keeps one job of a mix off a card and not another (rules.job.memory_fit's block).
MEMORY_BLOCKS = frozenset({"vram-short"})


@dataclass(frozen=True, kw_only=True)
class JobRun:
    """One job of a mix on a candidate (planning/plan/mix.py): whether its memory fits, its speed,
    and one run's hours and electricity. Only memory blocks one job and not another: the
    route, the price, the supply and the case are the same for every job."""

    blocks: tuple[Finding, ...]
    needed_gb: float
    relative: float | None
    speedup: float | None
    throughput: float | None
    unit: str
    error_pct: float
    value: float | None
    score: float
    input_capped: bool
    run_cost: Finding | None


def judge_run(
    c: Candidate,
    ctx: Context,
    baseline: Baseline | None,
    total: float | None,
    draw: PowerBudget | None = None,
) -> JobRun:
    """``c`` for the job of ``ctx``, the candidate's price (``total``) and the machine's power
    (``draw``) as judged for the mix."""
    a = assess(c, ctx, baseline, draw)
    blocks = [f for f in rules.job.memory_fit(c, a, ctx) if f.severity == "blocks"]
    gain = a.speedup if a.speedup is not None else a.relative
    bought = _bought_speed(c, a, baseline)
    run = _run_cost(c, a, ctx)
    return JobRun(
        blocks=tuple(blocks),
        needed_gb=round(a.needed_gb, 2),
        relative=a.relative,
        speedup=(1.0 if a.relative else None) if c.action == "keep" else a.speedup,
        throughput=a.throughput,
        unit=unit(ctx),
        error_pct=a.error_pct,
        value=round(bought / (total / 1000), 4) if (bought and total) else None,
        score=round(_score(c, ctx, gain, bought, total), 6),
        input_capped=a.uncapped_throughput is not None,
        run_cost=run,
    )


def unit(ctx: Context) -> str:
    return "tokens/s" if ctx.workload == "llm" else job.keras_preset(ctx.job).unit


def _run_cost(c: Candidate, a: Assessment, ctx: Context) -> Finding | None:
    """One run of a Keras preset's job: its hours and its electricity. A job kept on a MIG
    slice pays the slice's share of the machine's draw: the other slices run other people's
    jobs, on their bills (the whole card's 500 W and its host once billed a 1g.10gb slice)."""
    preset_workload = KERAS.get(ctx.workload)
    if not a.throughput or preset_workload is None:
        return None
    hours = preset_workload.run_samples / a.throughput / 3600
    if ctx.request.machine.virtual_machine:
        # A rented instance's electricity is the cloud's, in its hourly rate: the hours alone.
        return finding("run-hours", "info", job=ctx.workload, hours=round(hours, 1))
    # The meter counts what the supply takes from the wall, its losses included. A server's
    # draw is its cards' (power.budget): its CPUs, fans, switches and supplies are its maker's
    # to say, as its heat is, never a desktop's CPU and board.
    machine = ctx.request.machine
    server = a.power.maker_rated
    # A slice's share is of one card; the machine's draw is every card's (assess), each card's
    # other slices running other jobs on their own bills. A server's line says the slice's
    # share of its own card; a PC's, its share of the whole machine.
    slice_share = machine.mig_slice_share if sliced_keep(c, ctx) else None
    cards = max(machine.installed_count, c.count, 1) if slice_share else 1
    share = slice_share / cards if slice_share else 1.0
    run_cost = cost.electricity_cost(a.power.wall_w * share, hours, ctx.tariff)
    figures: dict[str, str | float] = {
        "job": ctx.workload,
        **({"watts": round(a.power.gpus_w / cards)} if server else {}),
        "hours": round(hours, 1),
        "cost": round(run_cost, 2),
        "currency": ctx.request.currency,
    }
    name = "run-cost-server" if server else "run-cost"
    if slice_share:
        said = slice_share if server else share
        return finding(f"{name}-slice", "info", share_pct=round(said * 100), **figures)
    return finding(name, "info", **figures)


def _run_facts(c: Candidate, a: Assessment, ctx: Context, total: float | None) -> list[Finding]:
    run = _run_cost(c, a, ctx)
    out = [run] if run is not None else []
    hours: float | None
    if total and c.bought:
        cloud = ctx.cloud_hours.get(c.gpu.id)
        hourly = cloud.amount if cloud is not None else None
        hours = cost.breakeven_hours(total, hourly, a.power.wall_w, ctx.tariff)
        if hours:
            out.append(finding("breakeven", "info", hours=hours))
    if c.count > 1 and a.scaling is not None and a.scaling.link == "nvlink":
        out.append(finding("nvlink", "info", gbs=c.gpu.interconnect_gbs or 0))
    return out


def _bought_speed(c: Candidate, a: Assessment, baseline: Baseline | None) -> float | None:
    """The speed the money buys: all of it on an empty machine (or one whose cards cannot
    run the job), else only what it adds to the installed cards."""
    if c.action == "keep":
        return None
    if a.speedup is None or baseline is None or not baseline.offered:
        return a.speedup if a.speedup is not None else a.relative
    added = a.speedup - 1.0
    return added if added > 0 else None


def _score(
    c: Candidate, ctx: Context, gain: float | None, bought: float | None, total: float | None
) -> float:
    """The objective alone: ``gain``, speed against what is installed, for the fastest;
    ``bought``, what the money adds, per 10,000 of it for value."""
    if c.action == "keep" or ctx.preset.objective == "speed":
        return gain or 0.0
    return bought / total * 1e4 if (bought and total) else 0.0
