"""Says hello, then sends progress events as fast as it can, for ever."""

import json
import sys

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
line = (
    json.dumps({"v": 1, "type": "progress", "step": "matmul", "fraction": 0.5, "text": "x" * 200})
    + "\n"
).encode()
block = line * 1000
out = sys.stdout.buffer
while True:
    out.write(block)
