"""Says hello, then writes one line of a gigabyte (in 1 MB pieces), then hangs."""

import json
import sys
import time

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
piece = b"x" * (1024 * 1024)
out = sys.stdout.buffer
for _ in range(1024):
    out.write(piece)
out.write(b"\n")
out.flush()
time.sleep(600)
