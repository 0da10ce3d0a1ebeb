"""Says hello, prints noise and a final "ok" without one step (issue 51)."""

import json

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
print("I am not the probe", flush=True)
print(json.dumps({"v": 1, "type": "final", "status": "ok", "seconds": 0.1}), flush=True)
