"""A plan for a mix of jobs (issue 53): several jobs share the machine's time, each with its
share, and one ranked list answers for all of them.

Each job is planned as far as its judged options from its own context (its memory, its
predicted speeds), against the same candidates; then each candidate's options are joined
into one:

- every job must run on it: what blocks one job and not every job blocks the option, with a
  ``mix-job-blocked`` finding that names the job, followed by that job's own reasons;
- memory: the largest need decides (its context is the plan's: the breakdown, the rentals);
- speed, the speed-up, the value and the score are the time-weighted mix of the jobs' (each
  job's relative speed against the same reference card, weighted by its share);
- each job's figures (fit, speed, one run's hours and electricity) are carried on the option
  (``Option.jobs``) and said in one ``mix-job`` finding each, its run's cost as its share
  of the time makes it.

Facts only, as everywhere in planning/: the words are report/'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gpuplanner.catalog.records import CatalogData
from gpuplanner.planning import context, job, speed
from gpuplanner.planning.findings import SEVERITY_ORDER, Finding, Param, finding
from gpuplanner.planning.judging import Context
from gpuplanner.planning.options import JobFigures, MixJob, Option, Plan
from gpuplanner.planning.price_book import PriceBook
from gpuplanner.planning.request import PlanRequest

Key = tuple[str, str, int]


def recommend_mix(
    request: PlanRequest,
    catalog: CatalogData,
    model: speed.SpeedModel,
    book: PriceBook | None = None,
) -> Plan:
    """The plan for the request's mix of jobs (``request.jobs``), ranked as one."""
    from gpuplanner.planning.recommend import judge_all, plan_of

    parts = job.mix_of(request)
    contexts = [(context.build(r, catalog, model, book), share) for r, share in parts]
    names = [mixed.name for mixed in request.jobs]
    largest = max(range(len(contexts)), key=lambda i: contexts[i][0].estimate.total_gb)
    judged = [{_key(o): o for o in judge_all(ctx)} for ctx, _ in contexts]
    primary_ctx = contexts[largest][0]
    joined = [
        mixed_option(
            option,
            [
                (names[i], share, ctx, _option_for(judged[i], key, option))
                for i, (ctx, share) in enumerate(contexts)
            ],
        )
        for key, option in judged[largest].items()
    ]
    plan = plan_of(primary_ctx, joined)
    return replace(
        plan,
        jobs=tuple(
            _mix_job(names[i], share, ctx, i == largest) for i, (ctx, share) in enumerate(contexts)
        ),
    )


def _key(option: Option) -> Key:
    return (option.action, option.gpu_id, option.count)


def _option_for(judged: dict[Key, Option], key: Key, like: Option) -> Option:
    """This job's option for ``key``; where more cards of a kind were not judged for this job
    (its single card is blocked for good: recommend._blocked_for_good), that single card's."""
    found = judged.get(key)
    if found is not None:
        return found
    single = next(
        (o for k, o in judged.items() if k[1] == key[1] and o.count == 1),
        None,
    )
    return single if single is not None else like


def _ident(f: Finding) -> tuple[str, tuple[tuple[str, Param], ...]]:
    return f.id, tuple(sorted(f.params.items()))


def _blocks(option: Option) -> list[Finding]:
    return [f for f in option.findings if f.severity == "blocks"]


def mixed_option(primary: Option, jobs: Sequence[tuple[str, float, Context, Option]]) -> Option:
    """One candidate's option for the whole mix, from each job's (name, share, context,
    option); ``primary``: the option of the job with the largest memory need."""
    blocked = [{f.id for f in _blocks(option)} for _, _, _, option in jobs]
    everywhere = set.intersection(*blocked) if blocked else set()
    # The primary's findings but its run's cost (each job's is said below) and what blocks
    # one job only: that follows the finding that names the job.
    own = [
        f
        for f in primary.findings
        if f.id != "run-cost" and not (f.severity == "blocks" and f.id not in everywhere)
    ]
    said = {_ident(f) for f in own}
    added: list[Finding] = []
    figures: list[JobFigures] = []
    for (name, share, ctx, option), ids in zip(jobs, blocked, strict=True):
        specific = [f for f in _blocks(option) if f.id not in everywhere]
        if specific:
            added.append(finding("mix-job-blocked", "blocks", job=name, share=_pct(share)))
            added += [f for f in specific if _ident(f) not in said]
            said |= {_ident(f) for f in specific}
        figures.append(_figures(name, share, ctx, option, tuple(sorted(ids - everywhere))))
    for f in figures:
        if f.fits and f.throughput is not None:
            added.append(_said(f, primary))
    findings = sorted([*own, *added], key=lambda f: SEVERITY_ORDER[f.severity])
    offered = not any(f.severity == "blocks" for f in findings)
    options = [option for _, _, _, option in jobs]
    shares = [share for _, share, _, _ in jobs]
    return replace(
        primary,
        offered=offered,
        findings=tuple(findings),
        vram_needed_gb=max(o.vram_needed_gb for o in options),
        predicted_relative=_weighted([o.predicted_relative for o in options], shares),
        speedup=_weighted([o.speedup for o in options], shares),
        predicted_throughput=None,  # each job's, in its own unit: ``jobs``
        predicted_error_pct=max(o.predicted_error_pct for o in options),
        value=_weighted([o.value for o in options], shares),
        score=round(sum(o.score * s for o, s in zip(options, shares, strict=True)), 6),
        input_capped=any(o.input_capped for o in options),
        jobs=tuple(figures),
    )


def _weighted(values: Sequence[float | None], shares: Sequence[float]) -> float | None:
    """The time-weighted mix; None when a job has none (it cannot run there)."""
    if any(v is None for v in values):
        return None
    return round(sum((v or 0.0) * s for v, s in zip(values, shares, strict=True)), 4)


def _pct(share: float) -> int:
    return round(share * 100)


def _figures(
    name: str, share: float, ctx: Context, option: Option, blocks: tuple[str, ...]
) -> JobFigures:
    run = next((f for f in option.findings if f.id == "run-cost"), None)
    params = dict(run.params) if run is not None else {}
    hours, cost = params.get("hours"), params.get("cost")
    return JobFigures(
        name=name,
        share=round(share, 4),
        fits=not blocks,
        blocks=blocks,
        vram_needed_gb=option.vram_needed_gb,
        throughput=option.predicted_throughput,
        unit=option.predicted_unit,
        relative=option.predicted_relative,
        hours=float(hours) if isinstance(hours, (int, float)) else None,
        run_cost=float(cost) if isinstance(cost, (int, float)) else None,
    )


def _said(f: JobFigures, primary: Option) -> Finding:
    """What one job does on the option, as a finding the report words: its speed, and a Keras
    preset's run, its hours and electricity."""
    speed_params: dict[str, Param] = {
        "job": f.name,
        "share": _pct(f.share),
        "throughput": round(f.throughput or 0.0, 1),
        "unit": f.unit,
        "relative": f.relative if f.relative is not None else 0.0,
    }
    if f.hours is None:
        return finding("mix-job-speed", "info", **speed_params)
    return finding(
        "mix-job",
        "info",
        **speed_params,
        hours=f.hours,
        cost=f.run_cost if f.run_cost is not None else 0.0,
        currency=primary.currency,
    )


def _mix_job(name: str, share: float, ctx: Context, largest: bool) -> MixJob:
    shape = ctx.job.shape
    return MixJob(
        name=name,
        workload=ctx.workload,
        share=round(share, 4),
        vram_gb=ctx.estimate.total_gb,
        batch=ctx.batch,
        seq=shape.stated_seq,
        precision=shape.precision,
        mode=ctx.method,
        largest=largest,
    )
