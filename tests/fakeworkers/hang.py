"""Says hello, starts a grandchild that also sleeps, then hangs."""

import json
import subprocess
import sys
import time

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
print(json.dumps({"v": 1, "type": "hello", "grandchild": child.pid}), flush=True)
print(
    json.dumps({"v": 1, "type": "progress", "step": "matmul", "fraction": 0.5, "text": "working"}),
    flush=True,
)
time.sleep(600)
