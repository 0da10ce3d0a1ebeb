"""A request's context, worked out once before any candidate is judged: the job resolved, its
memory, the installed cards, the market, the prices and every card's predicted speed.

Nothing in it changes while the candidates are judged, so they can be judged in any order;
what the judging finds (an option whose speed the machine's feed capped) is read from the
options afterwards (``probe_effects``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from gpuplanner.catalog.records import CatalogData, GpuSpec, MarketRisk
from gpuplanner.core.vocab import LlmMethod, LlmMode, Precision
from gpuplanner.planning.job import methods
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.job.workloads import LlmModel
from gpuplanner.planning.machine import links, power_cap
from gpuplanner.planning.options import Option
from gpuplanner.planning.plan import candidates, pricing
from gpuplanner.planning.plan.judge_inputs import Context
from gpuplanner.planning.prices import cost, market
from gpuplanner.planning.prices.book import PriceBook, price_book
from gpuplanner.planning.request import PlanError, PlanRequest
from gpuplanner.planning.speed import calibration
from gpuplanner.planning.speed import training as speed
from gpuplanner.planning.speed.bandwidth import usable_bandwidth_gbs


def build(
    request: PlanRequest,
    catalog: CatalogData,
    model: speed.SpeedModel,
    book: PriceBook | None = None,
    like: Context | None = None,
) -> Context:
    """The context of ``request``, priced from ``book`` (app/planner.py builds it: the catalog's,
    the shop's and the user's prices); without one, from the catalog's own prices. ``like``:
    another job's context for the same machine, market and prices (a mix, planning/plan/mix.py),
    whose market, prices and candidates this one shares instead of working them out again."""
    by_id = {g.id: g for g in catalog.gpus}
    # The installed pair's bridge, decided once from what was seen or told (planning/machine/links.py).
    placed = candidates.installed(request.machine, by_id)
    request = replace(
        request,
        machine=links.installed_bridge(
            request.machine,
            placed.gpu if placed else None,
            placed.count if placed else 0,
            request.nvlink_bridge,
        ),
    )
    resolved = job.resolve(request)
    request = resolved.request
    workload = resolved.workload
    preset = resolved.preset
    # Every route is TensorFlow's: a method none runs (QLoRA) is planned as the nearest Keras
    # has, and that one is kept to be shown, with its memory, for PyTorch users — also when
    # it was only the default for the user's own model (once ranked as QLoRA on a route that
    # cannot run it).
    asked = resolved.method
    method_asked = method_asked_gb = None
    ranked = resolved
    if asked is not None and asked != "inference" and not methods.in_keras(asked):
        method_asked = asked
        method_asked_gb = job.job_memory(resolved, catalog.llms)[0].total_gb
        ranked = resolved.replaced(llm_mode=methods.runnable(asked))
    estimate, llm, method = job.job_memory(ranked, catalog.llms)
    prices = (book if book is not None else price_book(catalog.prices)).by_card
    machine = request.machine
    installed = candidates.installed(machine, by_id)
    known = installed if installed is not None and installed.known else None
    reference = known.gpu if known else by_id[preset.reference_gpu]
    chosen_market = (
        like.market
        if like is not None
        else market.market_for(
            request.currency,
            catalog,
            request.region,
            request.show_unavailable,
            today=request.today,
        )
    )
    generated = (
        like.candidates
        if like is not None
        else tuple(candidates.generate(catalog.gpus, installed, resolved.max_gpus, machine))
    )
    input_cap, cap_figure = calibration.input_cap(
        workload, machine.pipeline_images_s, machine.copy_gbs
    )
    bandwidth_factor = calibration.bandwidth_factor(
        machine.bandwidth_gbs, usable_bandwidth_gbs(known.gpu) if known else None
    )
    # The job's batch and sequence as the resolver filled them in (planning/job/resolve.py:shape_of).
    batch, seq = ranked.batch, ranked.seq
    return Context(
        job=resolved,
        catalog=catalog,
        speed_model=model,
        estimate=estimate,
        llm=llm,
        method=method,
        method_asked=method_asked,
        asked_method_gb=method_asked_gb,
        seq=seq,
        batch=batch,
        by_id=by_id,
        installed=installed,
        reference=reference,
        candidates=generated,
        # Only the cards some option buys are priced (a laptop's plan prices none), each card
        # once: its prices are converted into the buyer's money once for every option of it.
        price_each=(
            like.price_each
            if like is not None
            else {
                gpu_id: pricing.price_fact(list(prices.get(gpu_id, ())), request, chosen_market)
                for gpu_id in dict.fromkeys(c.gpu.id for c in generated if c.bought)
            }
        ),
        # An hour of each card in the cloud, its prices converted once for every option.
        cloud_hours=(
            like.cloud_hours
            if like is not None
            else {gpu_id: cost.cloud_hour(found, chosen_market) for gpu_id, found in prices.items()}
        ),
        boards={b.gpu_id: b for b in catalog.boards},
        psus=catalog.psus,
        routes=catalog.tf_routes,
        market=chosen_market,
        risks=like.risks if like is not None else _risks_by_card(catalog),
        inference=method == "inference",
        # A probe's figures already carry a cap the cards ran under.
        power_cap=(
            power_cap.power_cap(machine, known.gpu.board_power_w if known else None)
            if machine.machine_factor is None
            else None
        ),
        tariff=request.tariff or cost.default_tariff(chosen_market),
        bandwidth_factor=bandwidth_factor,
        input_cap=input_cap,
        cap_figure=cap_figure,
        predictions=_predict(
            resolved,
            catalog.gpus,
            model,
            llm=llm,
            method=method,
            batch=batch,
            seq=seq,
            reference=reference,
            bandwidth=bandwidth_factor,
            by_id=by_id,
        ),
    )


def _predict(
    resolved: job.ResolvedJob,
    gpus: tuple[GpuSpec, ...],
    model: speed.SpeedModel,
    *,
    llm: LlmModel | None,
    method: LlmMode | None,
    batch: int,
    seq: int | None,
    reference: GpuSpec,
    bandwidth: float | None,
    by_id: dict[str, GpuSpec],
) -> dict[str, speed.Prediction]:
    """Every card's predicted speed for the job, against ``reference``."""
    machine = resolved.request.machine
    engine = model.engine(resolved.engine)
    workload = resolved.workload
    if method is not None and llm is None:
        raise PlanError("an LLM job needs a model and a method")
    query = speed.SpeedQuery(
        gpus=gpus,
        speed_model=model,
        by_id=by_id,
        reference=reference,
        machine_factor=machine.machine_factor,
        bandwidth_factor=bandwidth,
    )
    if method == "inference" and llm is not None and engine is not None and seq is not None:
        found = speed.predict_llm_inference(
            query,
            llm=llm,
            engine=engine,
            bits=resolved.bits,
            batch=batch,
            context=seq,
        )
    elif method is not None and llm is not None and seq is not None:
        trained: LlmMethod = method if method != "inference" else "lora"
        shape = speed.LlmShape.of(llm, seq, batch)
        found = speed.predict_llm(query, shape=shape, method=trained)
    elif workload == "own":
        found = speed.predict_own(
            query,
            model=job.own_model(resolved.request),
            precision=resolved.precision,
            batch=batch,
        )
    elif workload != "llm":
        found = speed.predict(
            query, workload=workload, precision=resolved.precision, batch=batch, seq=seq
        )
    else:  # an LLM job always has its method (job.resolve)
        raise PlanError("an LLM job needs a model and a method")
    return {p.gpu_id: p for p in found}


def probe_effects(ctx: Context, options: Iterable[Option]) -> tuple[calibration.ProbeEffect, ...]:
    """Which of the probe's figures moved this plan's predictions: the machine's feed only
    where it capped some judged option."""
    trained = ctx.workload != "llm" or ctx.method != "inference"
    card = (
        ctx.installed.gpu if ctx.installed is not None and ctx.installed.known and trained else None
    )
    precision: Precision
    if ctx.workload == "llm":
        fitted = speed.llm_class(ctx.speed_model)
        if fitted is None:
            raise PlanError("the speed model has no transformer training class")
        params, precision = fitted[1], "mixed"
    else:
        precision = ctx.request.precision
        cls = (
            speed.own_class(job.own_model(ctx.request))
            if ctx.workload == "own"
            else speed.WORKLOAD_CLASS[ctx.workload]
        )
        params = ctx.speed_model.classes[f"{cls}/{precision}"]
    capped = any(o.input_capped for o in options)
    return calibration.effects(
        ctx.request.machine,
        card,
        params,
        precision,
        ctx.bandwidth_factor,
        (ctx.input_cap, ctx.cap_figure) if capped else (None, None),
    )


def _risks_by_card(catalog: CatalogData) -> dict[str, tuple[MarketRisk, ...]]:
    out: dict[str, list[MarketRisk]] = {}
    for risk in catalog.risks:
        out.setdefault(risk.gpu_id, []).append(risk)
    return {gpu_id: tuple(risks) for gpu_id, risks in out.items()}
