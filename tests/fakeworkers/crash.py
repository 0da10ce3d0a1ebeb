"""Says hello, reports one step, then dies of a segmentation fault (a real one)."""

import ctypes
import json
import sys

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
print(
    json.dumps(
        {
            "v": 1,
            "type": "result",
            "step": "matmul",
            "status": "ok",
            "metrics": [{"name": "fp32", "value": 1.5, "unit": "TFLOPS"}],
        }
    ),
    flush=True,
)
sys.stderr.write("about to crash\n")
sys.stderr.flush()
ctypes.string_at(0)
