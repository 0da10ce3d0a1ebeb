"""Behaves like the worker in a Python without TensorFlow."""

import json

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
print(
    json.dumps(
        {
            "v": 1,
            "type": "error",
            "step": "env",
            "kind": "tensorflow-missing",
            "message": "ModuleNotFoundError: No module named 'tensorflow'",
        }
    ),
    flush=True,
)
print(json.dumps({"v": 1, "type": "final", "status": "failed", "seconds": 0.1}), flush=True)
