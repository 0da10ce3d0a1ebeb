"""Starts three sleepers that call setsid and ignore SIGTERM (one more through a double fork),
says hello and hangs: what once outlived a SIGKILL of ``gpuplanner probe`` (issue 51). Each
sleeper writes its pid into the folder named by SLEEPERS_DIR."""

import json
import os
import signal
import time
from pathlib import Path

folder = Path(os.environ["SLEEPERS_DIR"])


def sleep_forever() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    (folder / f"{os.getpid()}.pid").write_text(str(os.getpid()))
    time.sleep(600)
    os._exit(0)


for number in range(4):
    if os.fork() == 0:
        os.setsid()
        if number == 3 and os.fork() != 0:
            os._exit(0)  # the middle of a double fork: its child is orphaned
        sleep_forever()

deadline = time.monotonic() + 10
while len(list(folder.glob("*.pid"))) < 4 and time.monotonic() < deadline:
    time.sleep(0.01)
print(json.dumps({"v": 1, "type": "hello"}), flush=True)
time.sleep(600)
