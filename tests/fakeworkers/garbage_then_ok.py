"""Says hello, prints noise, then a step and a final "ok" as if nothing had happened (issue 51:
this was once reported ok, exit 0, with no warning)."""

import json

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
print("Epoch 1/10  ███████ 42%", flush=True)
print("{not json", flush=True)
print(
    json.dumps({"v": 1, "type": "result", "step": "env", "status": "ok", "metrics": []}), flush=True
)
print(json.dumps({"v": 1, "type": "final", "status": "ok", "seconds": 0.1}), flush=True)
