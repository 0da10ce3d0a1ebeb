"""The committed speed model is what the fit script produces from the shared benchmark tables."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO_ROOT

SHARED = Path(os.environ.get("GPUPLANNER_SHARED", REPO_ROOT.parent / "shared"))


@pytest.mark.slow
@pytest.mark.skipif(
    not (SHARED / "data" / "benchmarks").is_dir(), reason="the shared benchmark tables are absent"
)
def test_committed_model_matches_a_fresh_fit():
    result = subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "fit_speed_model.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, (
        "resources/models/speed_model.json is stale: run tools/fit_speed_model.py"
    )


def test_model_beats_the_simple_baselines():
    import json

    data = json.loads((REPO_ROOT / "resources" / "models" / "speed_model.json").read_text())
    for name in ("resnet50/fp32", "resnet50/mixed", "cnn/fp32", "cnn/mixed"):
        error = data["cross_validation"][name]["median_error_pct"]
        assert error < min(data["baselines"][name].values()), name
