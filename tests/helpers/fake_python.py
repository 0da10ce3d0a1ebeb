"""An executable the probe takes for a Python: it runs one of tests/fakeworkers/ instead, so a
test drives ``gpuplanner probe --python`` with a worker that misbehaves (or finishes at once) as
the test needs. A shell script: POSIX only."""

from __future__ import annotations

import sys
from pathlib import Path

FAKE_WORKERS = Path(__file__).resolve().parents[1] / "fakeworkers"


def fake_python(folder: Path, script: str) -> Path:
    path = folder / f"python-{script}"
    path.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -u "{FAKE_WORKERS / script}"\n', encoding="utf-8"
    )
    path.chmod(0o755)
    return path
