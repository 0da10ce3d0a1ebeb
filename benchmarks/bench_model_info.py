"""``gpuplanner model-info`` on MobileNetV2 against the probe child's own TensorFlow import,
both measured in the same run (goal: model-info within 2x the import; issue 53).

1. Reference: the Python the probe starts, with its flags and environment
   (probe/runner.py: ``worker_command``, the runner's environment), importing TensorFlow and
   nothing else, in a fresh process each run.
2. ``gpuplanner model-info FILE --json`` in a fresh process, as a user runs it: the command's
   own start, the child Python with its TensorFlow import, loading the model with Keras's safe
   mode, tracing it forward and for training, counting its activations.

The model, ``keras.applications.MobileNetV2(weights=None)``, is built and saved once, before
anything is timed. Prints JSON; run with the project's Python, e.g.
``python benchmarks/bench_model_info.py --runs 3``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gpuplanner.probe.family import ProcessFamily, guarded
from gpuplanner.probe.runner import WORKER_PATH, worker_command

BUILD = """
import os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import keras
keras.applications.MobileNetV2(weights=None).save(sys.argv[1])
"""
GOAL_RATIO = 2.0


def probe_python() -> list[str]:
    """The probe worker's command up to its script: the same Python and flags."""
    command = worker_command(None, "tiny", [], "auto")
    return command[: command.index(str(WORKER_PATH))]


def probe_environment() -> dict[str, str]:
    """The environment the runner starts its worker in, with what the worker sets first."""
    return dict(
        os.environ,
        PYTHONUNBUFFERED="1",
        PYTHONIOENCODING="utf-8",
        TF_FORCE_GPU_ALLOW_GROWTH="true",
        **ProcessFamily(guarded()).environment(),
    )


def wall_s(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=900)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        model = Path(home) / "mobilenetv2.keras"
        subprocess.run(
            [sys.executable, "-c", BUILD, str(model)], check=True, capture_output=True, timeout=900
        )
        env = dict(os.environ, GPUPLANNER_HOME=home)
        imports, reads = [], []
        figures: dict = {}
        for _ in range(args.runs):  # interleaved: a machine's load moves both alike
            imports.append(
                wall_s([*probe_python(), "-c", "import tensorflow"], probe_environment())
            )
            command = [sys.executable, "-m", "gpuplanner", "model-info", str(model), "--json"]
            start = time.perf_counter()
            done = subprocess.run(
                command, env=env, check=True, capture_output=True, text=True, timeout=900
            )
            reads.append(time.perf_counter() - start)
            figures = json.loads(done.stdout)["model"]
    tf_import = statistics.median(imports)
    model_info = statistics.median(reads)
    print(
        json.dumps(
            {
                "runs": args.runs,
                "model": "keras.applications.MobileNetV2(weights=None)",
                "parameters": figures["parameters"],
                "tensorflow_import_median_s": round(tf_import, 2),
                "model_info_median_s": round(model_info, 2),
                "model_info_to_import_ratio": round(model_info / tf_import, 2),
                "goal_ratio_max": GOAL_RATIO,
                "meets_goal": model_info / tf_import <= GOAL_RATIO,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
