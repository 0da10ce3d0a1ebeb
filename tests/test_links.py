"""Physics that hold from one card to eight (issue 38): what each kind of link costs an
all-reduce, checked on runs never fitted, and the recorded NVLink servers planned with it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SHARED

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.snapshot import load_paths
from gpuplanner.planning import scaling
from gpuplanner.planning.recommend import PlanRequest, recommend

REPO_ROOT = Path(__file__).resolve().parents[1]
FIXTURES = SHARED / "fixtures"
H100_SERVER = FIXTURES / "nvidia-smi-q" / "nvidia-smi-q_8x-h100-80gb-hbm3_gen5_drv535.161.txt"
needs_shared = pytest.mark.shared("fixtures")
TODAY = "2026-11-30"


def _facts(path: Path, data):
    result = load_paths([path])
    return machine_facts(enrich(result.snapshots[0][1], data), catalog=data)


def _keep(data, model, facts, scenario: Scenario):
    plan = recommend(
        PlanRequest(scenario, "CNY", machine=facts, today=TODAY, alternatives=False), data, model
    )
    keep = plan.options[0]
    assert keep.action == "keep" and keep.scaling is not None
    return keep


def test_each_kind_of_link_moves_what_nccl_measures_on_it(gpus):
    """Per card and direction: 82% of an SXM board's line rate, NVLink SHARP's 480 GB/s on
    eight H100, 43% of a bridge's; microseconds per hop on an SXM board, a desktop's 2 ms
    elsewhere."""
    grads = 25.6e6 * 4
    h100 = gpus["h100-sxm5-80-gb"]
    a100 = gpus["a100-sxm4-40-gb"]
    assert scaling.data_parallel(h100, 8, grads, 0.013).link_gbs == pytest.approx(480, abs=0.5)
    assert scaling.data_parallel(h100, 4, grads, 0.013).link_gbs == pytest.approx(369, abs=0.5)
    assert scaling.data_parallel(a100, 8, grads, 0.05).link_gbs == pytest.approx(246, abs=0.5)
    pair = scaling.data_parallel(gpus["geforce-rtx-3090"], 2, grads, 0.05, bridged=True)
    assert pair.link == "nvlink" and pair.link_gbs == pytest.approx(56.25 * 0.43, abs=0.05)
    # A 13 ms step: 14 hops of 10 us and 179 MB at 480 GB/s cost 0.5 ms on the server; the
    # same hops at a desktop's 2 ms would cost 28 ms.
    server = scaling.data_parallel(h100, 8, grads, 0.013)
    assert server.efficiency == pytest.approx(
        0.013 / (0.013 + 1.75 * grads / 480e9 + 14e-5), abs=0.002
    )
    assert server.efficiency >= 0.9


@needs_shared
def test_nvlink_classes_hold_on_runs_never_fitted_with_eight_card_runs_among_them():
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "check_scaling.py"), "--rows"],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    for kind in ("cnn", "transformer"):
        result = report["check"][f"{kind}/nvlink"]
        assert result["runs"] >= 20 and result["median_error"] <= 0.10, (kind, result)
        held_out = [
            r
            for r in report["rows"]
            if r["set"] == "check" and r["class"] == kind and r["link"] == "nvlink"
        ]
        assert {4, 8} <= {r["cards"] for r in held_out}, kind
        assert len([r for r in held_out if r["cards"] == 8]) >= 5, kind
    # Small steps too: the DGX-1's P100 at batch 64 and the A100's 0.1 s ResNet-50 step.
    assert min(r["step_s"] for r in report["rows"] if r["set"] == "check") < 0.15


@needs_shared
def test_the_8x_h100_server_keeps_its_cards_at_most_of_linear(data, model):
    """The student job (ResNet-50, batch 64) at >= 80% of linear. BERT-large at batch 16: a
    19 ms step against 1.36 GB of FP32 gradients all-reduced after it at 480 GB/s (5 ms):
    TensorFlow's MirroredStrategy overlaps none of it, so about 79%."""
    facts = _facts(H100_SERVER, data)
    student = _keep(data, model, facts, Scenario.STUDENT)
    assert student.scaling.count == 8 and student.scaling.efficiency >= 0.80
    sme = _keep(data, model, facts, Scenario.SME)
    assert sme.scaling.link == "nvlink" and sme.scaling.efficiency >= 0.75
    assert not any(f.id == "scaling-poor" for f in student.findings + sme.findings)
