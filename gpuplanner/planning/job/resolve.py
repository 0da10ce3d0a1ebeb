"""What the job is: the request checked and resolved against its scenario (``resolve``, the one
place a scenario's defaults are filled in), and what it runs at (``shape_of``, the one place a
job input's default is filled in: sequence, batch, precision, weight bits, engine, method), and
the memory it needs. ``vram``, ``predict``, the plan, the wizard and the lab fleet all read
these; no other module defaults a job input (tests/test_one_resolver.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gpuplanner.core.job_inputs import JobInputs, MixedJob
from gpuplanner.core.scenarios import PRESETS, Scenario, ScenarioPreset
from gpuplanner.core.vocab import Engine, LlmMode, Precision, Workload
from gpuplanner.planning.job import engines, memory
from gpuplanner.planning.job.workloads import KERAS, KerasWorkload, LlmModel, OwnModel, find_llm
from gpuplanner.planning.request import PlanError, PlanRequest

INFERENCE_SEQ = 4096  # a chat context
FINE_TUNING_SEQ = 2048
# An LLM job of the user's own model with no method given (the scenario's own model comes with
# the scenario's method).
DEFAULT_METHOD: LlmMode = "qlora"


# A model of the user's own (``model-info``) with no batch given: a common Keras batch.
OWN_MODEL_BATCH = 32


def own_model_run(batch: int | None, precision: Precision | None) -> tuple[int, Precision]:
    """(batch, precision) a model of the user's own trains at: as given, else the defaults."""
    return batch or OWN_MODEL_BATCH, precision or JobInputs().precision


@dataclass(frozen=True, kw_only=True)
class JobShape:
    """What the job runs at, every input filled in (``shape_of``)."""

    workload: Workload
    method: LlmMode | None  # an LLM's (the asked, else DEFAULT_METHOD); None for a Keras preset
    # Tokens per sequence: the asked, else the LLM mode's usual or the Keras preset's own;
    # None for a CNN, which has none.
    seq: int | None
    seq_asked: bool  # the user gave the sequence (a Keras preset's own goes unsaid)
    batch: int  # per card: the asked, else the preset's default (1 for an LLM)
    precision: Precision
    bits: int  # LLM inference's weights
    engine: Engine  # LLM inference's engine: the asked, else the default for its weights

    @property
    def stated_seq(self) -> int | None:
        """The sequence a plan states and shortens: an LLM's, or the one asked; a Keras
        preset's own length is part of the preset."""
        return self.seq if (self.method is not None or self.seq_asked) else None


def shape_of(inputs: JobInputs) -> JobShape:
    """What ``inputs`` run at (their workload given, or an LLM's model or size): the one
    function that fills in a job input's default."""
    llm = inputs.llm_model is not None or inputs.llm_params_b is not None
    workload: Workload | None = inputs.workload or ("llm" if llm else None)
    if workload is None:
        raise PlanError("the job needs a workload, an LLM model or an LLM size")
    method: LlmMode | None = None
    seq = inputs.seq
    if workload == "llm":
        # Lighter weights or an engine are an inference's settings: given without a method,
        # they ask for inference (`vram --model llama-3-8b --bits 8` answered a QLoRA
        # fine-tune, whose base is 4-bit whatever --bits said).
        inference = inputs.bits != 16 or inputs.engine is not None
        method = inputs.llm_mode or ("inference" if inference else DEFAULT_METHOD)
        seq = seq or (INFERENCE_SEQ if method == "inference" else FINE_TUNING_SEQ)
        batch = inputs.batch or 1
    elif workload == "own":  # the user's own model: its shape is its file's
        batch, seq = inputs.batch or OWN_MODEL_BATCH, None
    else:
        preset = KERAS[workload]
        batch = inputs.batch or preset.default_batch
        seq = None if preset.kind == "cnn" else (seq or preset.seq)
    return JobShape(
        workload=workload,
        method=method,
        seq=seq,
        seq_asked=inputs.seq is not None,
        batch=batch,
        precision=inputs.precision,
        bits=inputs.bits,
        engine=inputs.engine or engines.default_engine(inputs.bits),
    )


@dataclass(frozen=True, kw_only=True)
class ResolvedJob:
    """The job as planned: the request with its scenario's defaults in place of what it left
    unset (budget, workload, card count; the scenario's model and method for an LLM job given no
    model), made once by ``resolve`` and read by the planner, the session and every front end."""

    request: PlanRequest  # budget, workload and max_gpus never None; the LLM model as planned
    preset: ScenarioPreset
    workload: Workload
    budget: float
    max_gpus: int
    # The LLM's method: the one asked, else DEFAULT_METHOD; None for a Keras job. The request
    # keeps the method as asked (None when not), which the plan words differently.
    method: LlmMode | None
    shape: JobShape  # sequence, batch, precision, bits and engine as planned

    @property
    def seq(self) -> int | None:
        return self.shape.seq

    @property
    def batch(self) -> int:
        return self.shape.batch

    @property
    def precision(self) -> Precision:
        return self.shape.precision

    @property
    def bits(self) -> int:
        return self.shape.bits

    @property
    def engine(self) -> Engine:
        return self.shape.engine

    def replaced(self, **changes: Any) -> ResolvedJob:
        """The same job with some inputs changed (a larger batch, the method ranked instead)."""
        return resolve(replace(self.request, **changes))


def resolve(request: PlanRequest) -> ResolvedJob:
    """``request`` checked and resolved against its scenario: the one function that fills in a
    scenario's defaults (``PlanError`` for what no plan can have). Resolving a resolved request
    changes nothing."""
    preset = PRESETS[request.scenario]
    if request.currency not in ("CNY", "USD"):
        raise PlanError(f"unknown currency {request.currency!r}: use CNY or USD")
    # The inputs were checked when the request was made (core/job_inputs.py).
    if request.psu is not None and request.psu.rated_w <= 0:
        raise PlanError("the power supply's wattage must be above zero")
    workload = request.workload or preset.workload  # both words (core/job_inputs.py checks)
    budget = request.budget if request.budget is not None else preset.budget(request.currency).high
    max_gpus = preset.max_gpus if request.max_gpus is None else request.max_gpus
    resolved = replace(request, workload=workload, budget=budget, max_gpus=max_gpus)
    if workload == "llm" and request.llm_model is None and request.llm_params_b is None:
        resolved = replace(
            resolved,
            llm_model=preset.llm_model,
            llm_mode=request.llm_mode or preset.llm_mode,
        )
    shape = shape_of(resolved)
    return ResolvedJob(
        request=resolved,
        preset=preset,
        workload=workload,
        budget=budget,
        max_gpus=max_gpus,
        method=shape.method,
        shape=shape,
    )


def scenario_mix(scenario: Scenario) -> tuple[MixedJob, ...]:
    """The mix of jobs a scenario names (empty where it names one), each job's inputs left to
    the resolver: what the job page offers as the scenario's usual jobs."""
    return tuple(MixedJob(workload=w, share=share) for w, share in PRESETS[scenario].mix)


def planned_jobs(request: PlanRequest) -> tuple[MixedJob, ...]:
    """The mix the request plans: its own; else, where nothing of the job was asked (no
    workload, model, method, batch or sequence, no file of the user's own), the mix its
    scenario names (the small firm's BERT, ResNet and EfficientDet), each job at the
    request's precision; empty where the scenario names one job or the user asked one."""
    if request.jobs:
        return request.jobs
    asked = (
        request.workload,
        request.llm_model,
        request.llm_params_b,
        request.llm_mode,
        request.batch,
        request.seq,
        request.own_model,
    )
    if any(value is not None for value in asked):
        return ()
    return tuple(
        MixedJob(workload=w, share=share, precision=request.precision)
        for w, share in PRESETS[request.scenario].mix
    )


def mix_of(request: PlanRequest) -> tuple[tuple[PlanRequest, float], ...]:
    """Each job of the request's mix as a request of its own, with its share of the time as a
    fraction (the shares sum to 1); the request alone, its share 1, when it holds no mix. A
    mixed job's inputs are its own: what it leaves unset is filled in for it by ``resolve``
    and ``shape_of``, never taken from the single job's inputs."""
    jobs = planned_jobs(request)
    if not jobs:
        return ((request, 1.0),)
    total = sum(mixed.share for mixed in jobs)
    unset = JobInputs()
    return tuple(
        (
            replace(
                request,
                jobs=(),
                workload=mixed.workload,
                llm_model=mixed.llm_model,
                llm_params_b=None,
                llm_mode=mixed.llm_mode,
                batch=mixed.batch,
                seq=mixed.seq,
                precision=unset.precision if mixed.precision is None else mixed.precision,
                bits=unset.bits if mixed.bits is None else mixed.bits,
            ),
            mixed.share / total,
        )
        for mixed in jobs
    )


def own_model(request: PlanRequest) -> OwnModel:
    """The user's own model the job is (workload "own"; JobInputs refuses one without it)."""
    if request.own_model is None:
        raise PlanError("a job of your own model needs its file")
    return OwnModel.of(request.own_model)


def keras_preset(job: ResolvedJob) -> KerasWorkload:
    """The Keras job as a preset: the named one, or the user's own model as one."""
    if job.workload == "own":
        return own_model(job.request).workload()
    return KERAS[job.workload]


# A dense model given only by its size takes the shape today's published ones share (their
# config.json files: Llama 3.2 1B and 3B, Llama 3 8B and 70B, Llama 3.1 405B, Qwen2.5 7-72B):
# attention heads 128 wide, 8 key/value heads, a feed-forward 3.5 times the width, Llama 3's
# vocabulary, its embedding shared with the output head at 1 B and below (Llama 3.2 1B ties
# them) and not from 8 B on, in proportion between. Their width grows as the parameters to the
# 0.34th power (a least-squares fit to the ten published widths: 1,934 x billions^0.34 gives
# 3,968 at 8 B and 8,192 at 70 B against 4,096 and 8,192, and 14,848 at 405 B against
# 16,384); the layers are what the parameters leave, at least two.
STAND_IN_HEAD = 128
STAND_IN_KV_HEADS = 8
STAND_IN_FFN = 3.5
STAND_IN_VOCAB = 128_256
STAND_IN_TIED_B, STAND_IN_UNTIED_B = 1.0, 8.0


def stand_in_llm(params_b: float) -> LlmModel:
    """A model given only by its size. The old stand-in scaled Llama 2 7B's width and depth
    alike, and gave a 70 B model 101 layers of 404-wide heads: four times the KV cache of any
    real one, which pushed it past a 48 GB card."""
    hidden = max(1, round(1934 * params_b**0.34 / STAND_IN_HEAD)) * STAND_IN_HEAD
    ffn = round(STAND_IN_FFN * hidden)
    kv_width = STAND_IN_KV_HEADS * STAND_IN_HEAD
    # A layer: query and output projections (2 h^2), keys and values (2 h x kv width), the
    # gated feed-forward (3 h x ffn); embeddings and output head vocab x h each, or once tied.
    per_layer = 2 * hidden**2 + 2 * hidden * kv_width + 3 * hidden * ffn
    untied = (params_b - STAND_IN_TIED_B) / (STAND_IN_UNTIED_B - STAND_IN_TIED_B)
    tables = 1 + min(1.0, max(0.0, untied))
    body = params_b * 1e9 - tables * STAND_IN_VOCAB * hidden
    return LlmModel(
        id="custom",
        name=f"{params_b:g}B",
        params_b=params_b,
        layers=max(2, round(body / per_layer)),
        hidden=hidden,
        heads=hidden // STAND_IN_HEAD,
        kv_heads=min(STAND_IN_KV_HEADS, hidden // STAND_IN_HEAD),
        ffn=ffn,
        vocab=STAND_IN_VOCAB,
    )


def job_memory(
    job: ResolvedJob, llms: Sequence[LlmModel]
) -> tuple[memory.MemoryEstimate, LlmModel | None, LlmMode | None]:
    """(memory estimate, LLM model or None, LLM method or None) for the job; ``llms``: the
    catalog's LLM presets."""
    request, shape = job.request, job.shape
    if job.workload == "own":
        # As ``model-info`` counts it: the file's own optimizer's state (app/predictions.py).
        own = own_model(request)
        estimate = memory.keras_training(
            own.memory_workload(), shape.batch, shape.precision, optimizer=own.optimizer, seq=None
        )
        return estimate, None, None
    if job.method is None:
        return memory_of(shape, None), None, None
    model = find_llm(request.llm_model or "", llms)
    if model is None and request.llm_params_b is not None:
        model = stand_in_llm(request.llm_params_b)
    if model is None:
        raise PlanError(
            f"unknown model {request.llm_model!r}; known: {', '.join(sorted(m.id for m in llms))}"
        )
    if job.method == "inference" or shape.engine not in engines.RUNS_BITS:
        engines.require(shape.engine, shape.bits)
    return memory_of(shape, model), model, job.method


def memory_of(
    shape: JobShape, llm: LlmModel | None, *, checkpointing: bool = True
) -> memory.MemoryEstimate:
    """The memory of a job that runs at ``shape``: a Keras preset's, or ``llm``'s (the LLM
    job's model) for its method; ``checkpointing``: an LLM's activations recomputed."""
    if shape.method is None:
        return memory.keras_training(
            KERAS[shape.workload], shape.batch, shape.precision, seq=shape.seq
        )
    if llm is None or shape.seq is None:  # shape_of gives every LLM job its sequence
        raise PlanError("an LLM job needs a model and a method")
    inference = shape.method == "inference"
    return memory.llm(
        llm,
        shape.method,
        seq=shape.seq,
        batch=shape.batch,
        checkpointing=checkpointing,
        inference_bits=shape.bits,
        # Inference memory is the engine's; a fine-tuning runs on Keras.
        engine=shape.engine if inference else engines.KERAS,
    )
