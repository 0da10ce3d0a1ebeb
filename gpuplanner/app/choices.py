"""What a front end offers the user to choose from, and the defaults it shows: the TensorFlow
routes, the LLM inference engines for a weight precision, the model presets and methods. (The
scenarios and their presets, the wall sockets and the tariffs are core's, core/scenarios.py
and core/markets.py, which every layer reads.)

These are planning's own lists and the catalog's LLM presets (so a new engine or preset
appears in every front end at once); the front ends reach them here, never below app/."""

from __future__ import annotations

from gpuplanner.catalog import llm_presets
from gpuplanner.planning.job.engines import default_engine, engines_for, runs
from gpuplanner.planning.job.resolve import INFERENCE_SEQ
from gpuplanner.planning.job.workloads import KERAS, LLM_MODES
from gpuplanner.planning.speed.training import WORKLOAD_CLASS

# The LLM presets by id, in the catalog's order (resources/catalog/llms.csv).
LLMS = {model.id: model for model in llm_presets.bundled()}

# The training workloads `predict` knows: the Keras presets' speed classes and the LLM methods.
PREDICT_WORKLOADS = (*WORKLOAD_CLASS, "llm-full", "llm-lora", "llm-lora-int8", "llm-qlora")

__all__ = [
    "INFERENCE_SEQ",
    "KERAS",
    "LLMS",
    "LLM_MODES",
    "PREDICT_WORKLOADS",
    "default_engine",
    "engines_for",
    "runs",
]
