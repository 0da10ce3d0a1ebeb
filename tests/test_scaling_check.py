"""The multi-card model against runs it was not fitted on: Lambda's PyTorch suite's ResNet-50
AMP on 2, 4 and 8 cards (resources/measurements, bundled: no shared data needed)."""

from __future__ import annotations

import sys

from conftest import REPO_ROOT

from gpuplanner.app.catalog_data import load_catalog


def test_the_scaling_model_predicts_another_frameworks_runs_and_never_exceeds_linear():
    sys.path.insert(0, str(REPO_ROOT / "tools"))
    import check_scaling

    gpus = {g.id: g for g in load_catalog(user_data=False).data.gpus}
    rows = check_scaling.pytorch_rows(gpus)
    assert len(rows) == 16
    assert all(r["model"] <= 1.0 for r in rows)
    errors = sorted(r["error"] for r in rows)
    assert errors[len(errors) // 2] <= 0.04 and errors[-1] <= 0.08
    # Large batches hide even host-staged copies: a pair of GeForce cards scales well.
    pairs = {r["gpu"]: r for r in rows if r["cards"] == 2}
    assert pairs["geforce-rtx-4090"]["model_link"] == "pcie-host"
    assert pairs["geforce-rtx-4090"]["model"] > 0.85
