"""Says hello, writes terminal commands to stderr and in an error, then crashes."""

import json
import sys

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
sys.stderr.write("\x1b]0;pwned\x07\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07 Traceback-like noise\n")
sys.stderr.flush()
print(
    json.dumps(
        {"v": 1, "type": "error", "step": "env", "kind": "exception", "message": "\x1b[31mred"}
    ),
    flush=True,
)
sys.exit(3)
