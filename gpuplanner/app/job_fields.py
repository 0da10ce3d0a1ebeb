"""The job inputs as a front end asks for them: one row per ``JobInputs`` field (core/
job_inputs.py) with its command-line flag, the kind of value and its help. The command line
builds its options from this table and fills a ``JobInputs`` from what was given; a new job
input is a field there and a row here (CONTRIBUTING.md, "Adding a job input").

``kind`` says what a value is, not how a front end reads it: "amount" (a positive number),
"count" (a positive whole number), "choice" (one of ``choices``), "flag" (on or off), "text",
"jobs" (a mix of jobs, each ``NAME:SHARE[:KEY=VALUE,...]``, given once per job), "model" (a
Keras model's file, which the front end reads with ``model_info.read_job`` and gives as the
model read).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gpuplanner.core.job_inputs import (
    MIXED_JOB_KEYS,
    PER_MONTH,
    JobInputs,
    MixedJob,
    parse_mixed_job,
)
from gpuplanner.core.vocab import (
    BRIDGE_ANSWERS,
    ENGINES,
    LLM_MODES,
    PRECISIONS,
    REGIONS,
    TF_ROUTES,
    WEIGHT_BITS,
    WORKLOADS,
)

Kind = Literal["amount", "count", "choice", "flag", "text", "jobs", "model"]


@dataclass(frozen=True, kw_only=True)
class JobField:
    name: str  # the JobInputs field
    flag: str  # the command line's option
    kind: Kind
    help: str
    choices: tuple[object, ...] = ()
    metavar: str | None = None
    # What giving this value implies for other inputs (a model named: the job is an LLM's).
    implies: Mapping[str, object] = field(default_factory=dict)


FIELDS: tuple[JobField, ...] = (
    JobField(
        name="budget",
        flag="--budget",
        kind="amount",
        help="total budget (default: the scenario's typical)",
    ),
    JobField(
        name="workload",
        flag="--workload",
        kind="choice",
        help="the job: a Keras preset or an LLM",
        choices=WORKLOADS,
    ),
    JobField(
        name="llm_model",
        flag="--model",
        kind="text",
        help="an LLM preset (implies --workload llm)",
        implies={"workload": "llm"},
    ),
    JobField(
        name="llm_params_b",
        flag="--params",
        kind="amount",
        help="an LLM given by its size in billions, e.g. 70 (implies --workload llm)",
        metavar="BILLIONS",
        implies={"workload": "llm"},
    ),
    JobField(
        name="own_model",
        flag="--keras-model",
        kind="model",
        help="your own Keras model, a .keras file or a SavedModel's folder, read as model-info "
        "reads it (implies --workload own)",
        metavar="FILE",
        implies={"workload": "own"},
    ),
    JobField(
        name="llm_mode",
        flag="--mode",
        kind="choice",
        help="LLM inference or a fine-tuning method",
        choices=LLM_MODES,
    ),
    JobField(name="seq", flag="--seq", kind="count", help="context length in tokens"),
    JobField(
        name="jobs",
        flag="--job",
        kind="jobs",
        help="one job of a mix and its share of the time; give it once per job, e.g. "
        "--job bert-base:60 --job resnet50:40. NAME is a Keras workload or an LLM preset; "
        "each job's own settings follow a colon, KEY=VALUE separated by commas "
        f"({', '.join(MIXED_JOB_KEYS)}), e.g. --job bert-base:60:batch=16,seq=256; unset "
        "ones are that job's defaults. Every job must fit the card: the largest decides memory",
        metavar="NAME:SHARE[:KEY=VALUE,...]",
    ),
    JobField(
        name="batch", flag="--batch", kind="count", help="batch per card (default: the workload's)"
    ),
    JobField(
        name="precision",
        flag="--precision",
        kind="choice",
        help="training precision",
        choices=PRECISIONS,
    ),
    JobField(
        name="tf_route",
        flag="--tf-route",
        kind="choice",
        help="how TensorFlow will be installed: official pip wheels (default), NVIDIA's NGC "
        "container, or Keras 3 on the JAX/PyTorch backend",
        choices=TF_ROUTES,
    ),
    JobField(
        name="accept_rocm",
        flag="--accept-rocm",
        kind="flag",
        help="AMD cards through ROCm on Linux are fine",
    ),
    JobField(
        name="bits",
        flag="--bits",
        kind="choice",
        help="LLM inference weight precision",
        choices=WEIGHT_BITS,
    ),
    JobField(
        name="engine",
        flag="--engine",
        kind="choice",
        help="LLM inference engine (default: keras for 16-bit weights, llama.cpp for 8 and 4)",
        choices=ENGINES,
    ),
    JobField(
        name="keep_psu",
        flag="--keep-psu",
        kind="flag",
        help="do not offer options that need a new power supply",
    ),
    JobField(name="tariff", flag="--tariff", kind="amount", help="electricity price per kWh"),
    JobField(name="max_gpus", flag="--max-gpus", kind="count", help="at most this many cards"),
    JobField(name="used_ok", flag="--used-ok", kind="flag", help="consider used cards"),
    JobField(
        name="region",
        flag="--region",
        kind="choice",
        help="the market you buy in (default: CN for CNY, US for USD)",
        choices=REGIONS,
    ),
    JobField(
        name="show_unavailable",
        flag="--show-unavailable",
        kind="flag",
        help="also cards not sold in your region (China-only, export-restricted, discontinued)",
    ),
    JobField(
        name="nvlink_bridge",
        flag="--nvlink-bridge",
        kind="choice",
        help="whether your two cards have an NVLink bridge, where the scan cannot tell "
        "(a data-centre pair is planned as bridged unless you say none)",
        choices=BRIDGE_ANSWERS,
    ),
    JobField(
        name="shop_only",
        flag="--shop-only",
        kind="flag",
        help="only cards in the imported shop lists",
    ),
)

BY_NAME = {f.name: f for f in FIELDS}


def dest(job_field: JobField) -> str:
    """The name a parsed value is kept under: the flag without dashes (--model: model)."""
    return job_field.flag.lstrip("-").replace("-", "_")


def job_inputs(values: Mapping[str, Any]) -> JobInputs:
    """A ``JobInputs`` from the values a front end read, by each field's ``dest``; a value not
    given (None, or a flag left off) keeps the default. ``InputError`` when one is impossible."""
    given: dict[str, Any] = {}
    implied: dict[str, Any] = {}
    for job_field in FIELDS:
        value = values.get(dest(job_field))
        if value is None or (job_field.kind == "flag" and not value):
            continue
        if job_field.kind == "jobs":  # the texts as given, each read into a mixed job
            value = tuple(parse_mixed_job(text) for text in value)
        given[job_field.name] = value
        implied.update(job_field.implies)
    return JobInputs(**{**given, **implied})  # a model named makes it an LLM's job


def mixed_jobs(
    rows: Iterable[tuple[str, float]], *, per_month: bool = False
) -> tuple[MixedJob, ...]:
    """A mix of jobs from a front end's list of (job, share) rows, each read as ``--job
    NAME:SHARE`` is, or ``NAME:RUNS/month`` with ``per_month`` (``InputError`` for a share no
    job can have)."""
    unit = PER_MONTH if per_month else ""
    return tuple(parse_mixed_job(f"{name}:{share:g}{unit}") for name, share in rows)
