"""Starts a sleeper that leaves the worker's process group, then exits or hangs.

argv: how the sleeper leaves (setsid, setpgid, double-fork, or double-fork-bare: a double fork
whose sleeper starts again with an empty environment, so it carries no mark of the run), how
the worker ends (exit, hang), and a folder where each sleeper writes its pid. The sleepers also
ignore SIGTERM.
"""

import json
import os
import signal
import sys
import time
from pathlib import Path

how, ending, folder = sys.argv[1], sys.argv[2], Path(sys.argv[3])


def sleep_forever() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    (folder / f"{os.getpid()}.pid").write_text(str(os.getpid()))
    time.sleep(600)
    os._exit(0)


if os.fork() == 0:
    if how == "setsid":
        os.setsid()
        sleep_forever()
    elif how == "setpgid":
        os.setpgid(0, 0)
        sleep_forever()
    elif how == "double-fork-bare":  # setsid, double fork, and an environment of nothing
        os.setsid()
        if os.fork() == 0:
            code = (
                "import os, signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN);"
                "open(os.path.join(sys.argv[1], f'{os.getpid()}.pid'), 'w').write(str(os.getpid()));"
                "time.sleep(600)"
            )
            os.execve(sys.executable, [sys.executable, "-c", code, str(folder)], {})
        os._exit(0)
    else:  # double fork: the middle process exits at once; init adopts the sleeper
        os.setsid()
        if os.fork() == 0:
            sleep_forever()
        os._exit(0)

deadline = time.monotonic() + 10
while not list(folder.glob("*.pid")) and time.monotonic() < deadline:
    time.sleep(0.01)
print(json.dumps({"v": 1, "type": "hello"}), flush=True)
if ending == "hang":
    time.sleep(600)
print(
    json.dumps({"v": 1, "type": "result", "step": "env", "status": "ok", "metrics": []}), flush=True
)
print(json.dumps({"v": 1, "type": "final", "status": "ok", "seconds": 0.1}), flush=True)
