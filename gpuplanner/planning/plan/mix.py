"""A plan for a mix of jobs (issue 53): several jobs share the machine's time, each with its
share, and one ranked list answers for all of them.

The job with the largest memory need is planned in full (its context, its judged options);
every other job is judged on the same candidates by what differs from job to job
(judge.judge_run: its memory, its speed, one run's time), at the price the option was
judged at, since the route, the price, the supply and the case are the same for every job.
Then each candidate's options are joined into one:

- every job must run on it: what blocks one job and not every job blocks the option, with a
  ``mix-job-blocked`` finding that names the job, followed by that job's own reason;
- memory: the largest need decides;
- the relative speed, the speed-up, the value and the score are the time-weighted mix of the
  jobs' (each against the same reference card, weighted by its share);
- each job's figures (fit, throughput in its own unit, relative speed, one run's hours and
  electricity) ride on the option (``Option.jobs``), and an offered option says them in one
  ``mix-job`` finding each;
- a mix counted in runs a month (``MixedJob.runs_per_month``) weighs each job by the hours its
  runs take on that option's cards (a slow card spends more of its month on the longer job),
  and the option carries the month's hours and electricity (``mix-month``), with a warning
  where the month's runs take more hours than a month has (``mix-month-over``).

Facts only, as everywhere in planning/: the words are report/'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from gpuplanner.catalog.records import CatalogData
from gpuplanner.planning.findings import SEVERITY_ORDER, Finding, Param, finding
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.options import Candidate, JobFigures, MixJob, Option, Plan
from gpuplanner.planning.plan import context
from gpuplanner.planning.plan.judge import MEMORY_BLOCKS, JobRun, judge, judge_run
from gpuplanner.planning.plan.judge_inputs import Baseline, Context
from gpuplanner.planning.prices.book import PriceBook
from gpuplanner.planning.request import PlanRequest
from gpuplanner.planning.speed import training as speed

Key = tuple[str, str, int]


def recommend_mix(
    request: PlanRequest,
    catalog: CatalogData,
    model: speed.SpeedModel,
    book: PriceBook | None,
    judge_all: Callable[[Context], list[Option]],
    plan_of: Callable[[Context, list[Option]], Plan],
) -> tuple[Plan, list[Option]]:
    """The plan for the request's mix of jobs (``job.planned_jobs``), ranked as one, and its
    options as judged for the whole mix (what the ways forward read): its candidates judged
    and the plan made by ``recommend``'s own ``judge_all`` and ``plan_of`` (passed in, so this
    module does not import the one that calls it)."""
    parts = job.mix_of(request)
    first = context.build(parts[0][0], catalog, model, book)
    contexts = [first] + [context.build(r, catalog, model, book, like=first) for r, _ in parts[1:]]
    shares = [share for _, share in parts]
    mixed_jobs = job.planned_jobs(request)
    names = [mixed.name for mixed in mixed_jobs]
    counted = [mixed.runs_per_month for mixed in mixed_jobs]
    monthly = counted if all(runs is not None for runs in counted) else None
    largest = max(range(len(contexts)), key=lambda i: contexts[i].estimate.total_gb)
    primary_ctx = contexts[largest]
    # The largest job judged in full, and each job on the same candidates by what differs
    # from job to job (judge.judge_run): memory, speed, a run's time.
    judged = judge_all(primary_ctx)
    candidates = {_key_of(c): c for c in primary_ctx.candidates}
    runs = [
        [_as_run(o) for o in judged] if i == largest else _runs(ctx, judged, candidates)
        for i, ctx in enumerate(contexts)
    ]
    joined = [
        mixed_option(
            option,
            [(names[i], shares[i], runs[i][n]) for i in range(len(contexts))],
            monthly,
            reference=primary_ctx.reference.name,
        )
        for n, option in enumerate(judged)
    ]
    plan = plan_of(primary_ctx, joined)
    jobs = tuple(
        _mix_job(names[i], shares[i], ctx, i == largest, counted[i] if monthly else None)
        for i, ctx in enumerate(contexts)
    )
    return replace(plan, jobs=jobs), joined


# One run of a job, with its electricity ("run-cost") or, rented, its hours alone: each job of
# a mix says its own (``_said``), not the largest job's line.
RUN_FINDINGS = frozenset(
    {"run-cost", "run-cost-slice", "run-cost-server", "run-cost-server-slice", "run-hours"}
)


def _key_of(c: Candidate) -> Key:
    return (c.action, c.gpu.id, c.count)


def _as_run(option: Option) -> JobRun:
    """The largest job's run on a candidate, as its option judged it in full."""
    return JobRun(
        blocks=tuple(f for f in option.findings if f.id in MEMORY_BLOCKS),
        needed_gb=option.vram_needed_gb,
        relative=option.predicted_relative,
        speedup=option.speedup,
        throughput=option.predicted_throughput,
        unit=option.predicted_unit,
        error_pct=option.predicted_error_pct,
        value=option.value,
        score=option.score,
        input_capped=option.input_capped,
        run_cost=next((f for f in option.findings if f.id in RUN_FINDINGS), None),
    )


def _runs(ctx: Context, judged: Sequence[Option], candidates: dict[Key, Candidate]) -> list[JobRun]:
    """``ctx``'s job on each of ``judged``'s candidates, against the installed cards as this
    job sees them, at the price the option was judged at."""
    keep = next((c for c in candidates.values() if c.action == "keep"), None)
    kept = judge(keep, ctx, None) if keep is not None else None
    baseline = Baseline.of(kept)
    return [
        judge_run(
            candidates[(o.action, o.gpu_id, o.count)],
            ctx,
            None if o.action == "keep" else baseline,
            o.price,
            o.power,
        )
        for o in judged
    ]


def _ident(f: Finding) -> tuple[str, tuple[tuple[str, Param], ...]]:
    return f.id, tuple(sorted(f.params.items()))


def mixed_option(
    primary: Option,
    jobs: Sequence[tuple[str, float, JobRun]],
    monthly: Sequence[float | None] | None = None,
    *,
    reference: str,
) -> Option:
    """One candidate's option for the whole mix: ``primary``, the largest job's option judged
    in full, and each job's (name, share, run on the candidate); ``monthly``: each job's runs
    a month, where the mix is counted so; ``reference``: the one card each job's speed is
    against."""
    done = [run for _, _, run in jobs]
    month = _month(done, monthly)
    shares = [share for _, share, _ in jobs]
    if month is not None:  # counted in runs: a job's share is the time its runs take here
        shares = month.shares
        jobs = [(name, share, run) for (name, _, run), share in zip(jobs, shares, strict=True)]
    # What blocks one job and not every job (a plan of ~200 options: most block none).
    specific: list[list[Finding]] = [[] for _ in jobs]
    if any(run.blocks for run in done):
        everywhere = set.intersection(*({f.id for f in run.blocks} for run in done))
        specific = [[f for f in run.blocks if f.id not in everywhere] for run in done]
    one_job_only = {f.id for found in specific for f in found}
    # The largest job's findings but its run's cost (each job's is said below) and what blocks
    # one job only: that follows the finding that names the job.
    findings = [
        f
        for f in primary.findings
        if f.id not in RUN_FINDINGS and not (f.severity == "blocks" and f.id in one_job_only)
    ]
    if one_job_only:
        said = {_ident(f) for f in findings}
        added: list[Finding] = []
        for (name, share, _), found in zip(jobs, specific, strict=True):
            if found:
                added.append(finding("mix-job-blocked", "blocks", job=name, share=_pct(share)))
                added += [f for f in found if _ident(f) not in said]
                said |= {_ident(f) for f in found}
        # By severity, stably: the primary's own order within each (it came sorted).
        findings = sorted([*findings, *added], key=lambda f: SEVERITY_ORDER[f.severity])
    figures = [
        _figures(name, share, run, monthly[i] if monthly else None)
        for i, (name, share, run) in enumerate(jobs)
    ]
    offered = not any(f.severity == "blocks" for f in findings)
    if offered:  # what each job does on it (a refused option's figures are in ``jobs``)
        findings += [_said(f, primary, reference) for f in figures if f.throughput is not None]
        if month is not None:
            findings += month.said(primary.currency)
    return primary.but(
        offered=offered,
        findings=tuple(findings),
        vram_needed_gb=max(run.needed_gb for run in done),
        predicted_relative=_weighted([run.relative for run in done], shares),
        speedup=_weighted([run.speedup for run in done], shares),
        predicted_throughput=None,  # each job's, in its own unit: ``jobs``
        predicted_error_pct=max(run.error_pct for run in done),
        value=_weighted([run.value for run in done], shares),
        score=round(sum(run.score * s for run, s in zip(done, shares, strict=True)), 6),
        input_capped=any(run.input_capped for run in done),
        jobs=tuple(figures),
        month_hours=month.hours if month is not None else None,
        month_cost=month.cost if month is not None else None,
    )


HOURS_A_MONTH = 730  # 365.25 days x 24 h / 12


@dataclass(frozen=True)
class _Month:
    """A mix counted in runs a month, on one option: each job's share of the cards' time, and
    the month's hours and electricity."""

    shares: list[float]
    hours: float
    cost: float | None  # None on a rented instance: its electricity is in its hourly rate
    runs: float

    def said(self, currency: str) -> list[Finding]:
        found = [
            finding("mix-month-hours", "info", runs=_count(self.runs), hours=round(self.hours, 1))
            if self.cost is None
            else finding(
                "mix-month",
                "info",
                runs=_count(self.runs),
                hours=round(self.hours, 1),
                cost=round(self.cost, 2),
                currency=currency,
            )
        ]
        if self.hours > HOURS_A_MONTH:
            found.append(
                finding(
                    "mix-month-over",
                    "warns",
                    hours=round(self.hours, 1),
                    month_hours=HOURS_A_MONTH,
                )
            )
        return found


def _count(runs: float) -> int | float:
    return int(runs) if float(runs).is_integer() else round(runs, 1)


def _month(done: Sequence[JobRun], monthly: Sequence[float | None] | None) -> _Month | None:
    """The month of a mix counted in runs, where every job's run has its hours on the option
    (a job that cannot run there has none: the option is refused for it anyway)."""
    if monthly is None:
        return None
    hours: list[float] = []
    costs: list[float | None] = []
    for run, runs in zip(done, monthly, strict=True):
        each, cost = _one_run(run)
        if runs is None or each is None:
            return None
        hours.append(runs * each)
        costs.append(runs * cost if cost is not None else None)
    total = sum(hours)
    if total <= 0:
        return None
    return _Month(
        shares=[h / total for h in hours],
        hours=total,
        cost=None if None in costs else sum(c or 0.0 for c in costs),
        runs=sum(r or 0.0 for r in monthly),
    )


def _weighted(values: Sequence[float | None], shares: Sequence[float]) -> float | None:
    """The time-weighted mix; None when a job has none (it cannot run there)."""
    if any(v is None for v in values):
        return None
    return round(sum((v or 0.0) * s for v, s in zip(values, shares, strict=True)), 4)


def _pct(share: float) -> int:
    return round(share * 100)


def _one_run(run: JobRun) -> tuple[float | None, float | None]:
    """One run's hours and electricity, from its run-cost finding (None: the job has no run
    of known length, an LLM's or the user's own model)."""
    params = run.run_cost.params if run.run_cost is not None else {}
    hours, cost = params.get("hours"), params.get("cost")
    return (
        float(hours) if isinstance(hours, (int, float)) else None,
        float(cost) if isinstance(cost, (int, float)) else None,
    )


def _figures(name: str, share: float, run: JobRun, runs_per_month: float | None) -> JobFigures:
    """The job's figures on the option: it fits where its memory does."""
    hours, cost = _one_run(run)
    return JobFigures(
        name=name,
        share=round(share, 4),
        fits=not run.blocks,
        blocks=tuple(f.id for f in run.blocks),
        vram_needed_gb=run.needed_gb,
        throughput=run.throughput,
        unit=run.unit,
        relative=run.relative,
        hours=hours,
        run_cost=cost,
        runs_per_month=runs_per_month,
    )


def _said(f: JobFigures, primary: Option, reference: str) -> Finding:
    """What one job does on the option, as a finding the report words: its speed against one
    ``reference`` card (named: "the reference card" read as the eight H100s the table's 1.00x
    is), and a Keras preset's run, its hours and electricity."""
    speed_params: dict[str, Param] = {
        "gpu": reference,
        "job": f.name,
        "share": _pct(f.share),
        "throughput": round(f.throughput or 0.0, 1),
        "unit": f.unit,
        "relative": f.relative if f.relative is not None else 0.0,
    }
    if f.hours is None:
        return finding("mix-job-speed", "info", **speed_params)
    if f.run_cost is None:  # a rented instance: its electricity is in its hourly rate
        return finding("mix-job-hours", "info", **speed_params, hours=f.hours)
    return finding(
        "mix-job",
        "info",
        **speed_params,
        hours=f.hours,
        cost=f.run_cost if f.run_cost is not None else 0.0,
        currency=primary.currency,
    )


def _mix_job(
    name: str, share: float, ctx: Context, largest: bool, runs_per_month: float | None
) -> MixJob:
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
        runs_per_month=runs_per_month,
    )
