"""Ignores SIGTERM, so only SIGKILL stops it."""

import json
import signal
import time

signal.signal(signal.SIGTERM, signal.SIG_IGN)
print(json.dumps({"v": 1, "type": "hello"}), flush=True)
time.sleep(600)
