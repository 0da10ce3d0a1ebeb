"""A worker whose training step ran out of device memory; TensorFlow's log goes to stderr."""

import json
import sys

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
sys.stderr.write(
    "W tensorflow/core/common_runtime/bfc_allocator.cc:479] OOM when allocating tensor with shape[8,64,224,224] and type float\n"
)
print(
    json.dumps(
        {
            "v": 1,
            "type": "error",
            "step": "training",
            "kind": "oom",
            "message": "OOM when allocating",
        }
    ),
    flush=True,
)
print(
    json.dumps(
        {
            "v": 1,
            "type": "result",
            "step": "training",
            "status": "failed",
            "metrics": [],
            "reason": "out of device memory",
        }
    ),
    flush=True,
)
print(json.dumps({"v": 1, "type": "final", "status": "partial", "seconds": 1.0}), flush=True)
