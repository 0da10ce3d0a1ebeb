"""What loads before the window's first paint: not sqlite-utils, numpy or the catalog (issue 29).

sqlite-utils and the numpy it imports took about 165 ms of a start-up of about 300 ms; the
built catalog is read with sqlite3 alone, and sqlite-utils loads only when a catalog is built
(the first start of a source checkout; the installers ship it built)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import child_env


@pytest.mark.slow
def test_the_first_paint_loads_neither_sqlite_utils_nor_numpy_nor_planning(tmp_path):
    env = child_env(tmp_path, QT_QPA_PLATFORM="offscreen")
    command = [sys.executable, "-m", "gpuplanner", "--smoke-test"]
    subprocess.run(command, capture_output=True, env=env, timeout=120, check=True)  # builds it
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "gpuplanner", "--smoke-test"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    loaded = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()}
    assert "first_paint_epoch" in result.stdout
    assert not {m for m in loaded if m.split(".")[0] in ("sqlite_utils", "numpy")}
    # Nor msgspec: it checks the files read (snapshots, packs, the kiosk's configuration).
    assert not {m for m in loaded if m.split(".")[0] == "msgspec"}
    # Nor the catalog (read when a page needs it or the currency is switched), nor any of
    # planning: the first page is Qt, the session and the scenarios' vocabulary (issue 29).
    below = {
        m
        for m in loaded
        if m.split(".")[:2] in (["gpuplanner", "planning"], ["gpuplanner", "catalog"])
    }
    assert not below, sorted(below)
