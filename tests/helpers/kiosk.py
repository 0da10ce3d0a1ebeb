"""A kiosk configuration from the shipped example, its PIN, and a clock the test moves."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from gpuplanner.core import paths
from gpuplanner.kiosk.pin import hash_pin

PIN = "2468"
FAST_HASH = hash_pin(PIN, iterations=100_000, salt=b"0123456789abcdef")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def write_config(folder: Path, **changes) -> Path:
    """The shipped example, with a PIN set and ``changes`` applied (None removes a key)."""
    example = paths.resource_dir() / "kiosk"
    for name in ("example-prices.csv", "example-logo.png"):
        shutil.copyfile(example / name, folder / name)
    data = json.loads((example / "example-kiosk.json").read_text(encoding="utf-8"))
    data["pin_hash"] = FAST_HASH
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    path = folder / "kiosk.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path
