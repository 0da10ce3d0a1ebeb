"""Starts a chain that leaves the group and keeps moving: each link ignores SIGTERM, forks the
next and exits, a new pid every few milliseconds. argv: a folder for each link's pid."""

import json
import os
import signal
import sys
import time
from pathlib import Path

folder = Path(sys.argv[1])
if os.fork() == 0:
    os.setsid()
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        (folder / f"{os.getpid()}.pid").write_text(str(os.getpid()))
        time.sleep(0.005)
        if os.fork() != 0:
            os._exit(0)
    os._exit(0)
while not list(folder.glob("*.pid")):
    time.sleep(0.01)
print(json.dumps({"v": 1, "type": "hello"}), flush=True)
print(json.dumps({"v": 1, "type": "final", "status": "ok", "seconds": 0.1}), flush=True)
