"""Regenerate docs/screenshots/ from the real app under a private Xvfb server.

Usage: python tools/take_screenshots.py   (needs Xvfb; see the README's development notes)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "tests"))

from xvfb import xvfb_display  # noqa: E402

PAGES = ("scenario", "computer", "probe", "workload", "results", "report")
SHOTS = [
    (
        f"{index + 1}-{page}-{language}.png",
        ["--language", language, "--currency", currency, "--page", str(index)],
    )
    for language, currency in (("en", "USD"), ("zh_CN", "CNY"))
    for index, page in enumerate(PAGES)
]


def main() -> int:
    out_dir = REPO_ROOT / "docs" / "screenshots"
    out_dir.mkdir(parents=True, exist_ok=True)
    with xvfb_display("1280x800x24") as display, tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, DISPLAY=display, GPUPLANNER_HOME=home)
        env.pop("QT_QPA_PLATFORM", None)
        for name, args in SHOTS:
            command = [sys.executable, "-m", "gpuplanner", "--screenshot", str(out_dir / name)]
            subprocess.run(command + args, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
