"""``model-info`` on MobileNetV2 against the probe's own TensorFlow import, measured in the
same run (issue 53: at most 2x the import time). Prints JSON.

The reference is what the probe's child Python spends before it can read any model:
``import tensorflow`` in a fresh process of the same interpreter. The measured run is
``app.model_info.read`` on ``keras.applications.MobileNetV2(weights=None)`` saved as a
``.keras`` file (made once, before timing): the whole read, the child's start, its safe-mode
load, the traced FLOPs and the activation count included.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gpuplanner.app import model_info

SAVE_MOBILENET = r"""
import sys
import keras
keras.applications.MobileNetV2(weights=None).save(sys.argv[1])
"""


def timed(func) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mobilenet_v2.keras"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}  # TensorFlow's logs
        subprocess.run([sys.executable, "-c", SAVE_MOBILENET, str(path)], check=True, **quiet)
        imports, reads = [], []
        read = None
        for _ in range(args.runs):
            imports.append(
                timed(
                    lambda: subprocess.run([sys.executable, "-c", "import tensorflow"], check=True)
                )
            )
            start = time.perf_counter()
            read = model_info.read(path)
            reads.append(time.perf_counter() - start)
    if isinstance(read, model_info.Refusal) or read is None:
        print(json.dumps({"benchmark": "model_info_mobilenet_v2", "refused": str(read)}))
        return 1
    import_s, read_s = statistics.median(imports), statistics.median(reads)
    print(
        json.dumps(
            {
                "benchmark": "model_info_mobilenet_v2",
                "parameters": read.params,
                "tensorflow_import_median_s": round(import_s, 2),
                "model_info_median_s": round(read_s, 2),
                "model_info_to_import_ratio": round(read_s / import_s, 2),
                "goal_ratio_max": 2.0,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
