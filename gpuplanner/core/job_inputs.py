"""The user's job and choices: the one place a job input is declared and checked. Vocabulary
every layer shares, so the wizard's session holds one before any planning code is loaded.

The wizard's session holds a ``JobInputs``; the command line fills one from its field table
(app/job_fields.py); a ``PlanRequest`` is one, with the machine and the market added. A value no
job has is refused here, once, as an ``InputError`` id with its numbers, which report/
input_text.py words in the user's language like a finding.

To add a job input: a field here (with its check in ``_refusal`` when some values are
impossible) and a row in the field table; CONTRIBUTING.md shows the recipe.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from gpuplanner.core.errors import InputError
from gpuplanner.core.vocab import (
    BRIDGE_ANSWERS,
    ENGINES,
    LLM_MODES,
    PRECISIONS,
    TF_ROUTES,
    WEIGHT_BITS,
    WORKLOADS,
    BridgeAnswer,
    Engine,
    LlmMode,
    Precision,
    TfRouteName,
    Workload,
)


@dataclass(frozen=True, kw_only=True)
class MixedJob:
    """One job of a mix (issue 53): a Keras preset, or an LLM preset by its id, with its share
    of the machine's time (any positive weight: 60 and 40 are 60% and 40%) and its own batch,
    sequence, precision, LLM method and weight bits; None: the resolver's default for that
    job (planning/job/resolve.py), never the single job's inputs."""

    workload: Workload
    share: float
    # Runs a month, where the user counts the job that way (--job resnet50:8/month): the
    # shares are then each run's hours on the card, and the month's hours and electricity
    # follow; None: ``share`` is the share of the time.
    runs_per_month: float | None = None
    llm_model: str | None = None  # an LLM job's preset (workload "llm")
    llm_mode: LlmMode | None = None
    batch: int | None = None
    seq: int | None = None
    precision: Precision | None = None
    bits: int | None = None

    @property
    def name(self) -> str:
        """What the user called it: the Keras preset, or the LLM preset's id."""
        return self.llm_model or self.workload


# The settings a mixed job can carry after its name and share: --job bert-base:60:batch=32,seq=256
MIXED_JOB_KEYS = ("batch", "seq", "precision", "mode", "bits")
PER_MONTH = "/month"  # a share written as runs a month: --job resnet50:8/month


def parse_mixed_job(text: str) -> MixedJob:
    """``NAME:SHARE[:KEY=VALUE,...]`` as a ``MixedJob``: NAME a Keras preset or an LLM
    preset's id, SHARE its positive share of the time or its runs a month (``8/month``), KEY
    one of ``MIXED_JOB_KEYS``. ``InputError`` naming what cannot be read."""
    parts = text.strip().split(":")
    if len(parts) not in (2, 3) or not parts[0]:
        raise _job_error("job-unreadable", text)
    name, share_text = parts[0].strip(), parts[1].strip()
    monthly = share_text.endswith(PER_MONTH)
    share_text = share_text.removesuffix(PER_MONTH).strip()
    try:
        share = float(share_text)
    except ValueError:
        raise _job_error("job-share-not-positive", text) from None
    if not (math.isfinite(share) and share > 0):
        raise _job_error("job-share-not-positive", text)
    settings: dict[str, str] = {}
    for item in parts[2].split(",") if len(parts) == 3 else ():
        key, sep, value = item.partition("=")
        if not sep or key.strip() not in MIXED_JOB_KEYS or not value.strip():
            raise _job_error("job-setting-unknown", text)
        settings[key.strip()] = value.strip()
    # "own": the user's own Keras model, the file --keras-model (or the job page) names.
    keras = name in WORKLOADS and name != "llm"
    try:
        numbers = {k: int(settings[k]) for k in ("batch", "seq", "bits") if k in settings}
    except ValueError:
        raise _job_error("job-setting-unknown", text) from None
    return MixedJob(
        workload=name if keras else "llm",  # type: ignore[arg-type]  # checked: a Keras preset
        share=share,
        runs_per_month=share if monthly else None,
        llm_model=None if keras else name,
        llm_mode=settings.get("mode"),  # type: ignore[arg-type]  # checked by JobInputs
        precision=settings.get("precision"),  # type: ignore[arg-type]  # checked by JobInputs
        **numbers,
    )


def _job_error(error_id: str, text: str) -> InputError:
    return InputError(error_id, value=text, keys=", ".join(MIXED_JOB_KEYS))


@dataclass(frozen=True, kw_only=True)
class OwnModelFigures:
    """A Keras model of the user's own as ``model-info`` read it from its file, per sample: what
    the planner needs to take it as a job (planning/job/workloads.py:OwnModel plans it). A job
    input, so the wizard's session and a plan request carry it as they carry a preset's name."""

    params: float
    train_flops: float  # forward and backward, from the traced graph
    activation_mb_fp32: float  # the layers' outputs a step holds, as a preset's are counted
    attention_layers: int = 0
    depthwise: bool = False
    optimizer: str = "adam"  # the memory model's optimizer for the state the file keeps
    name: str = ""  # the file's name, as the user knows it


@dataclass(frozen=True, kw_only=True)
class JobInputs:
    budget: float | None = None  # None: the scenario's typical upper budget
    workload: Workload | None = None  # a Keras preset (resnet50, bert-large, ...) or "llm"
    precision: Precision = "mixed"
    batch: int | None = None  # None: the workload's usual batch
    llm_model: str | None = None  # an LLM preset (planning/job/workloads.py)
    llm_mode: LlmMode | None = None
    llm_params_b: float | None = None  # an LLM given by its size in billions
    bits: int = 16  # weights of LLM inference: 16, 8 or 4
    engine: Engine | None = (
        None  # LLM inference engine (planning/job/engines.py); None: the default
    )
    seq: int | None = None  # context length in tokens
    max_gpus: int | None = None  # None: the scenario's
    used_ok: bool = False
    shop_only: bool = False
    keep_psu: bool = False  # the user will not change the supply: a supply need blocks
    tariff: float | None = None  # electricity per kWh; None: the market's usual
    tf_route: TfRouteName = "official"
    accept_rocm: bool = False  # AMD through ROCm on Linux is acceptable
    region: str | None = None  # the buyer's market (CN, US); None: the currency's
    show_unavailable: bool = False  # also cards not sold in the region (China-only, banned)
    # The installed pair's NVLink bridge as the user says (None: as the scan shows, and for a
    # data-centre pair whose report cannot show it, assumed fitted and said so).
    nvlink_bridge: BridgeAnswer | None = None
    # A mix of jobs sharing the machine's time (issue 53); empty: the one job above. Each
    # job's own inputs are its own: the single job's workload, batch and sequence are unused.
    jobs: tuple[MixedJob, ...] = ()
    # The job of workload "own": the user's own Keras model, read from its file.
    own_model: OwnModelFigures | None = None

    def __post_init__(self) -> None:
        # The types hold code to the words; a value from outside that skipped its ``as_...``
        # helper (core/vocab.py) is still refused here, with the id the user reads.
        refusal = _refusal(self)
        if refusal is not None:
            raise refusal


# More than any plan here can spend, in either currency: eight of the dearest cards with their
# server are far less.
MAX_BUDGET = 1e9


def _positive(value: float | None) -> bool:
    return value is None or (math.isfinite(value) and value > 0)


def _refusal(job: JobInputs) -> InputError | None:
    """The first value no job can have, as the error that says so; None when all can be."""
    if not _positive(job.budget):
        return InputError("budget-not-positive", value=f"{job.budget:g}")
    if job.budget is not None and job.budget > MAX_BUDGET:
        # --budget 1e30 was once printed as a 31-digit sum (issue 51): a typo, not a budget.
        return InputError("budget-too-large", value=f"{job.budget:g}", limit=f"{MAX_BUDGET:,.0f}")
    if not _positive(job.tariff):
        return InputError("tariff-not-positive", value=f"{job.tariff:g}")
    if not _positive(job.llm_params_b):
        return InputError("params-not-positive", value=f"{job.llm_params_b:g}")
    for name, value in (("batch", job.batch), ("seq", job.seq), ("max-gpus", job.max_gpus)):
        if value is not None and value < 1:
            return InputError(f"{name}-below-one", value=value)
    choices: tuple[tuple[str, object, tuple[object, ...]], ...] = (
        ("workload", job.workload, WORKLOADS),
        ("precision", job.precision, PRECISIONS),
        ("mode", job.llm_mode, LLM_MODES),
        ("bits", job.bits, WEIGHT_BITS),
        ("engine", job.engine, ENGINES),
        ("route", job.tf_route, TF_ROUTES),
        ("nvlink-bridge", job.nvlink_bridge, BRIDGE_ANSWERS),
    )
    if job.workload == "own" and job.own_model is None:
        return InputError("own-model-missing")
    for name, chosen, known in choices:
        if chosen is not None and chosen not in known:
            return InputError(
                f"{name}-unknown", value=str(chosen), known=", ".join(str(k) for k in known)
            )
    for mixed in job.jobs:
        refusal = _mixed_refusal(mixed, job.own_model)
        if refusal is not None:
            return refusal
    counted = [mixed.runs_per_month is not None for mixed in job.jobs]
    if any(counted) and not all(counted):
        # 60% beside 8 runs a month weighs nothing against nothing: one way for the whole mix.
        return InputError("job-runs-all-or-none")
    return None


def _mixed_refusal(mixed: MixedJob, own_model: OwnModelFigures | None) -> InputError | None:
    """A mixed job's impossible value, refused as the single job's would be (a job of the
    user's own model needs the model read: ``own_model``)."""
    if not (math.isfinite(mixed.share) and mixed.share > 0):
        return InputError("job-share-not-positive", value=f"{mixed.name}:{mixed.share:g}")
    if mixed.runs_per_month is not None and mixed.workload in ("llm", "own"):
        # An LLM's job is a rate (tokens), and a model of the user's own has no dataset to
        # run through: neither is a run of so many hours.
        return InputError("job-runs-preset-only", value=mixed.name)
    try:
        inputs = JobInputs(
            workload=mixed.workload,
            own_model=own_model,
            llm_mode=mixed.llm_mode,
            batch=mixed.batch,
            seq=mixed.seq,
        )
        if mixed.precision is not None:
            replace(inputs, precision=mixed.precision)
        if mixed.bits is not None:
            replace(inputs, bits=mixed.bits)
    except InputError as refusal:
        return refusal
    return None
