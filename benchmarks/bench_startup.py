"""Start-up time: process start to the main window's first paint, as a ratio to bare PySide6.

Both are measured the same way in the same run, alternating, each a fresh process:
the parent notes the time before spawning, the child prints the wall-clock time of its
first paint. Prints JSON with the medians, the spread and the ratio (goal: at most 1.5).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

BARE_PYSIDE6 = r"""
import json, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

class Watcher(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, lambda: (print(json.dumps({"first_paint_epoch": time.time()})),
                                          sys.stdout.flush(), app.exit(0)))
            obj.removeEventFilter(self)
        return False

app = QApplication(sys.argv)
window = QMainWindow()
window.setCentralWidget(QLabel("bare PySide6"))
watcher = Watcher()
window.installEventFilter(watcher)
window.resize(1100, 760)
window.show()
sys.exit(app.exec())
"""


def first_paint_seconds(command: list[str], env: dict[str, str]) -> float:
    start = time.time()
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{command} failed: {result.stderr[-2000:]}")
    line = result.stdout.strip().splitlines()[-1]
    return json.loads(line)["first_paint_epoch"] - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        env["GPUPLANNER_HOME"] = home
        # Compiled modules cached as an installed app has them (pip and the installers ship
        # them compiled): a shell that sets PYTHONDONTWRITEBYTECODE would time the compiler.
        # The caches go to the temporary folder, never into the source tree.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(home, "pycache")
        app_cmd = [sys.executable, "-m", "gpuplanner", "--smoke-test", "--language", "en"]
        bare_cmd = [sys.executable, "-c", BARE_PYSIDE6]
        # One unmeasured run of each fills the OS file cache and the compiled-module cache
        # for both alike.
        first_paint_seconds(app_cmd, env)
        first_paint_seconds(bare_cmd, env)
        app_times, bare_times = [], []
        for _ in range(args.runs):
            app_times.append(first_paint_seconds(app_cmd, env))
            bare_times.append(first_paint_seconds(bare_cmd, env))
    app_median, bare_median = statistics.median(app_times), statistics.median(bare_times)
    print(
        json.dumps(
            {
                "benchmark": "startup_first_paint",
                "platform": env.get("QT_QPA_PLATFORM", "xcb"),
                "runs": args.runs,
                "gpuplanner_ms": round(app_median * 1000, 1),
                "gpuplanner_spread_ms": round((max(app_times) - min(app_times)) * 1000, 1),
                "bare_pyside6_ms": round(bare_median * 1000, 1),
                "bare_pyside6_spread_ms": round((max(bare_times) - min(bare_times)) * 1000, 1),
                "ratio": round(app_median / bare_median, 2),
                "goal_ratio_max": 1.5,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
