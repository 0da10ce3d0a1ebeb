"""Says hello, then sends result messages of about 1 MB of nested empty lists, then ends."""

import json
import sys

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
body = "[" + ",".join(["[]"] * 330_000) + "]"
head = '{"v": 1, "type": "result", "step": "env", "status": "ok", "metrics": '
line = (head + body + "}\n").encode()
out = sys.stdout.buffer
for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 150):
    out.write(line)
out.flush()
print(json.dumps({"v": 1, "type": "final", "status": "ok", "seconds": 0.1}), flush=True)
