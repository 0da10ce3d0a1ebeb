"""Each card's predicted speed for one job, as ``gpuplanner predict`` reports it: training
throughput for a Keras workload or an LLM method, or an LLM's decode and prefill on an
inference engine; with whether the card holds the job, relative to the machine's own card and
calibrated by its probe. Facts only: the command lays them out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gpuplanner.app.memory_need import fit_on, job_estimate
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog import llm_presets
from gpuplanner.catalog.records import CatalogData, GpuSpec
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.vocab import (
    KERAS_WORKLOADS,
    Engine,
    KerasWorkloadName,
    Precision,
    PredictWorkload,
    as_llm_method,
)
from gpuplanner.planning.job import engines
from gpuplanner.planning.job.memory import MemoryEstimate, keras_training
from gpuplanner.planning.job.resolve import own_model_run, stand_in_llm
from gpuplanner.planning.job.workloads import OwnModel, find_llm
from gpuplanner.planning.machine.facts import MachineFacts
from gpuplanner.planning.request import PlanError
from gpuplanner.planning.speed.decode import InferenceSpeed, preset_inference
from gpuplanner.planning.speed.training import (
    LlmShape,
    SpeedQuery,
    predict,
    predict_llm,
    predict_own,
    uncertainty_pct,
)


@dataclass(frozen=True)
class Cards:
    """The cards asked about, the catalog they come from, and the machine they are compared
    with (its own card first, else the first asked)."""

    gpus: list[GpuSpec]
    data: CatalogData
    facts: MachineFacts


def _fit(
    estimate: MemoryEstimate, gpu: GpuSpec, shardable: bool = True, split: bool = False
) -> dict[str, Any]:
    """Whether the card holds the job: a prediction for a job it cannot hold is no prediction.
    ``split``: inference, whose engines divide the layers over several cards (llama.cpp's
    --split-mode layer, KerasHub's ModelParallel), not a sharded training state."""
    fit = fit_on(estimate, gpu.driver_memory_gb)  # a data-centre GDDR board keeps 1/16 for ECC
    cards = fit.sharded_cards if shardable else None
    return {
        "fits": fit.fits,
        "memory_needed_gb": fit.needed_gb,
        "memory_per_card_gb": fit.card_gb,
        "usable_gb": fit.usable_gb,
        # Several cards hold training only when the weights are sharded (Keras 3 on JAX); on
        # the official wheels and NGC every card must hold the whole job.
        "cards_sharded": None if split else cards,
        "cards_layer_split": cards if split else None,
    }


def _speeds(fit: dict[str, Any], **speeds: float | None) -> dict[str, Any]:
    """The fit facts and the speeds, or no speeds at all for a job the card cannot hold."""
    return {**fit, **{k: (v if fit["fits"] else None) for k, v in speeds.items()}}


def _given(**values: Any) -> JobInputs:
    """The job as asked: what was not given the resolver fills in (planning/job/resolve.py)."""
    return JobInputs(**{name: value for name, value in values.items() if value is not None})


def inference(
    cards: Cards,
    model_name: str,
    bits: int | None,
    engine: Engine | None,
    batch: int | None,
    seq: int | None,
) -> dict[str, Any]:
    """Single-stream (or ``batch``) decode and prefill of an LLM preset on each card; what
    was not given (None) as the resolver fills it in."""
    presets = llm_presets.bundled()
    model = find_llm(model_name, presets)
    if model is None:
        known = ", ".join(sorted(m.id for m in presets))
        raise PlanError(f"unknown model {model_name!r}; known: {known}")
    job = _given(
        workload="llm",
        llm_model=model_name,
        llm_mode="inference",
        bits=bits,
        engine=engine,
        batch=batch,
        seq=seq,
    )
    shape, estimate = job_estimate(job)
    chosen, bits, batch = shape.engine, shape.bits, shape.batch
    context = shape.seq
    if context is None:  # the resolver gives every LLM job its sequence
        raise PlanError("an LLM job needs its sequence")
    engines.require(chosen, bits)
    params = load_speed_model().engine(chosen)
    if params is None:  # a speed model file made before the inference fit
        raise PlanError("the speed model has no LLM inference fit; run tools/fit_llm_inference.py")
    by_id = {g.id: g for g in cards.data.gpus}
    reference = by_id.get(cards.facts.current_gpu_id or "") or cards.gpus[0]

    def speed(gpu: GpuSpec) -> InferenceSpeed:
        return preset_inference(gpu, model, params, bits=bits, batch=batch, context=context)

    base = speed(reference).decode_tokens_s
    rows = [(gpu, speed(gpu)) for gpu in cards.gpus]
    return {
        "model": model.name,
        "mode": "inference",
        "bits": bits,
        "engine": chosen,
        "engine_default": engine is None,
        "engine_validated_across_suites": params.across_suites,
        "engine_measured": params.measured(bits),
        "engine_validated": params.validated(bits),
        "batch": batch,
        "memory_needed_gb": estimate.total_gb,
        "seq": context,
        "reference": reference.name,
        "predictions": [
            {
                "gpu": gpu.name,
                "gpu_id": gpu.id,
                "count": 1,
                **_speeds(
                    _fit(estimate, gpu, split=True),
                    throughput=r.decode_tokens_s,
                    prefill_tokens_s=r.prefill_tokens_s,
                    relative=round(r.decode_tokens_s / base, 3),
                ),
                "unit": "tokens/s",
                "bound": r.bound,
                "uncertainty_pct": uncertainty_pct(params.error_pct(bits), gpu),
            }
            for gpu, r in rows
        ],
    }


def training(
    cards: Cards,
    workload: PredictWorkload,
    precision: Precision | None,
    batch: int | None,
    params_b: float,
    seq: int | None = None,
) -> dict[str, Any]:
    """Training throughput of a Keras workload class, or of an LLM method (``llm-lora``, ...)
    for a model of ``params_b`` billions, on each card: memory and speed at the job's batch and
    sequence (the preset's, or the method's usual context, when None), the same figures
    ``vram`` and ``recommend`` give."""
    facts = cards.facts
    query = _training_query(cards)
    reference = query.reference
    keras: KerasWorkloadName | None = workload if workload in KERAS_WORKLOADS else None
    if keras is None:
        method = as_llm_method(workload.removeprefix("llm-"))  # "llm-lora": the method lora
        job, estimate = job_estimate(
            _given(workload="llm", llm_mode=method, llm_params_b=params_b, batch=batch, seq=seq)
        )
        if job.seq is None:  # the resolver gives every LLM job its sequence
            raise PlanError("an LLM job needs its sequence")
        shape = LlmShape.of(stand_in_llm(params_b), job.seq, job.batch)
        predictions = predict_llm(query, shape=shape, method=method)
        run_as: Precision = "mixed"  # an LLM's training runs in mixed precision
    else:
        job, estimate = job_estimate(
            _given(workload=keras, precision=precision, batch=batch, seq=seq)
        )
        run_as = job.precision
        predictions = predict(query, workload=keras, precision=run_as, batch=job.batch, seq=job.seq)
    llm = keras is None
    return {
        "workload": workload,
        "precision": run_as,
        "batch": job.batch,
        "seq": job.seq,
        "memory_needed_gb": estimate.total_gb,
        "reference": (reference or cards.gpus[0]).name,
        "calibrated": facts.machine_factor is not None,
        "predictions": [
            {
                "gpu": p.gpu,
                "gpu_id": p.gpu_id,
                **_speeds(
                    _fit(estimate, gpu, shardable=llm),
                    throughput=p.throughput,
                    relative=p.relative,
                ),
                "unit": p.unit,
                "error_pct": uncertainty_pct(p.error_pct, gpu),
            }
            for p, gpu in zip(predictions, cards.gpus, strict=True)
        ],
    }


def _training_query(cards: Cards) -> SpeedQuery:
    """What a training prediction is asked with: the cards, against the machine's own card
    (the first asked without one), calibrated by its probe."""
    by_id = {g.id: g for g in cards.data.gpus}
    facts = cards.facts
    reference = by_id.get(facts.current_gpu_id or "") if facts.current_gpu_id else None
    return SpeedQuery(
        gpus=cards.gpus,
        speed_model=load_speed_model(),
        by_id=by_id,
        reference=reference,
        machine_factor=facts.machine_factor,
    )


def own_training(
    cards: Cards,
    model: OwnModel,
    precision: Precision | None,
    batch: int | None,
    optimizer: str,
) -> dict[str, Any]:
    """A model of the user's own (``model-info``) on each card: its memory at ``batch`` with
    its own optimizer's state, and its speed through the same bounded model as the presets;
    what was not given (None) as the resolver fills it in."""
    batch, precision = own_model_run(batch, precision)
    facts = cards.facts
    query = _training_query(cards)
    reference = query.reference
    estimate = keras_training(
        model.memory_workload(), batch, precision, optimizer=optimizer, seq=None
    )
    predictions = predict_own(query, model=model, precision=precision, batch=batch)
    return {
        "precision": precision,
        "batch": batch,
        "optimizer": optimizer,
        "memory_needed_gb": estimate.total_gb,
        "memory_parts": {p.name: round(p.gb, 3) for p in estimate.parts},
        "anchor": model.borrowed_anchor(),
        "reference": (reference or cards.gpus[0]).name,
        "calibrated": facts.machine_factor is not None,
        "predictions": [
            {
                "gpu": p.gpu,
                "gpu_id": p.gpu_id,
                **_speeds(_fit(estimate, gpu, shardable=False), throughput=p.throughput),
                "unit": p.unit,
                "error_pct": uncertainty_pct(p.error_pct, gpu),
            }
            for p, gpu in zip(predictions, cards.gpus, strict=True)
        ],
    }
