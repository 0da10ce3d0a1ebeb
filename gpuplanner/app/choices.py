"""What a front end offers the user to choose from, and the defaults it shows: the TensorFlow
routes, the LLM inference engines for a weight precision, the model presets and methods. (The
scenarios and their presets, the wall sockets and the tariffs are core's, core/scenarios.py
and core/markets.py, which every layer reads.)

These are planning's own lists and the catalog's LLM presets (so a new engine or preset
appears in every front end at once); the front ends reach them here, never below app/."""

from __future__ import annotations

from gpuplanner.catalog import llm_presets
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.vocab import Engine
from gpuplanner.planning.job.engines import engines_for, runs
from gpuplanner.planning.job.resolve import planned_jobs, scenario_mix, shape_of
from gpuplanner.planning.job.workloads import KERAS, LLM_MODES
from gpuplanner.planning.speed.training import WORKLOAD_CLASS

# The LLM presets by id, in the catalog's order (resources/catalog/llms.csv).
LLMS = {model.id: model for model in llm_presets.bundled()}

# What a job of a mix can be: a Keras preset, or an LLM preset by its id (its method the
# resolver's default).
MIX_JOBS = (*(w for w in KERAS), *LLMS)

# The training workloads `predict` knows: the Keras presets' speed classes and the LLM methods.
PREDICT_WORKLOADS = (*WORKLOAD_CLASS, "llm-full", "llm-lora", "llm-lora-int8", "llm-qlora")

# The context an LLM inference job runs at when none is given (for help texts).
USUAL_CONTEXT = shape_of(JobInputs(workload="llm", llm_mode="inference")).seq


def planned_engine(bits: int, engine: Engine | None) -> Engine:
    """The engine an LLM inference job on ``bits``-bit weights runs on: ``engine``, else the
    default the resolver gives (planning/job/resolve.py:shape_of)."""
    return shape_of(
        JobInputs(workload="llm", llm_mode="inference", bits=bits, engine=engine)
    ).engine


__all__ = [
    "KERAS",
    "LLMS",
    "LLM_MODES",
    "PREDICT_WORKLOADS",
    "USUAL_CONTEXT",
    "engines_for",
    "planned_engine",
    "planned_jobs",
    "runs",
    "scenario_mix",
]
