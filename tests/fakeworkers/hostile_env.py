"""Speaks the protocol and reports an environment whose fields have the wrong types: the
``params`` of its env figure are the JSON in $HOSTILE_ENV_PARAMS."""

import json
import os

params = json.loads(os.environ["HOSTILE_ENV_PARAMS"])
print(json.dumps({"v": 1, "type": "hello"}), flush=True)
env = {"name": "environment", "value": 1, "unit": "GPUs", "params": params}
print(
    json.dumps({"v": 1, "type": "result", "step": "env", "status": "ok", "metrics": [env]}),
    flush=True,
)
matmul = {"name": "fp32", "value": 12.5, "unit": "TFLOPS"}
print(
    json.dumps({"v": 1, "type": "result", "step": "matmul", "status": "ok", "metrics": [matmul]}),
    flush=True,
)
print(json.dumps({"v": 1, "type": "final", "status": "ok", "seconds": 1}), flush=True)
