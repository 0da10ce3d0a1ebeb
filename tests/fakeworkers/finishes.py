"""Finishes a probe at once: the env step measured, nothing else (for what the app does with a
finished measurement, without TensorFlow's start-up)."""

import json

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
print(
    json.dumps({"v": 1, "type": "result", "step": "env", "status": "ok", "metrics": []}), flush=True
)
print(json.dumps({"v": 1, "type": "final", "status": "ok", "seconds": 0.1}), flush=True)
