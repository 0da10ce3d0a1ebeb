"""Starts a grandchild that sleeps, finishes the probe normally, and exits."""

import json
import subprocess
import sys

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
print(json.dumps({"v": 1, "type": "hello", "grandchild": child.pid}), flush=True)
print(
    json.dumps({"v": 1, "type": "result", "step": "env", "status": "ok", "metrics": []}), flush=True
)
print(json.dumps({"v": 1, "type": "final", "status": "ok", "seconds": 0.1}), flush=True)
