"""The committed speed model is what the fit script produces from the shared benchmark tables."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO_ROOT
from helpers.tools import load_tool


@pytest.mark.slow
@pytest.mark.shared("data/benchmarks")
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
    for name in data["baselines"]:  # every training class, the transformer ones too
        error = data["cross_validation"][name]["median_error_pct"]
        assert error < min(data["baselines"][name].values()), name


def _model():
    import json

    return json.loads((REPO_ROOT / "resources" / "models" / "speed_model.json").read_text())


def test_every_class_reports_its_leave_one_gpu_out_error_llm_decode_and_prefill_too():
    cross = _model()["cross_validation"]
    for name in (
        *(
            f"{c}/{p}"
            for c in ("cnn", "resnet50", "ssd", "bert", "transformer")
            for p in ("mixed", "fp32")
        ),
        "llm-decode",
        "llm-prefill",
    ):
        assert cross[name]["method"].startswith("leave one GPU out"), name
        assert 0 < cross[name]["median_error_pct"] <= cross[name]["p90_error_pct"], name
    # The transformer classes are cross-validated on more than the A100 and V100 now.
    assert len(_model()["classes"]["transformer/mixed"]["fitted_on"]) >= 10


def _measured_pytorch():
    import csv

    path = REPO_ROOT / "resources" / "measurements" / "train_lambda_pytorch.csv"
    with path.open(encoding="utf-8") as handle:
        return {
            (r["task"], r["precision"], r["gpu_id"]): float(r["throughput"])
            for r in csv.DictReader(handle)
            if r["gpu_count"] == "1"
        }


# The class the planner predicts each measured task with (speed.WORKLOAD_CLASS); WaveGlow, a
# convolutional job the planner does not offer, takes the general CNN class.
TASK_CLASS = {
    "resnet50": "resnet50",
    "ssd": "ssd",
    "bert_base_squad": "bert",
    "bert_large_squad": "bert",
    "waveglow": "cnn",
}


def _predicted_ratio(task: str, precision: str, a: str, b: str) -> float:
    from gpuplanner.app.speed_model_file import load_speed_model
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.planning.speed.training import time_per_sample

    with Catalog.open() as catalog:
        card_a, card_b = catalog.gpu(a), catalog.gpu(b)
    cls = TASK_CLASS.get(task, "transformer")
    params = load_speed_model().classes[f"{cls}/{precision}"]
    return time_per_sample(card_b, precision, params) / time_per_sample(card_a, precision, params)


def test_the_a100_80_gb_over_the_40_gb_follows_the_measured_pairs():
    # Bandwidth alone says 1.24x; measured pairs of one suite say 1.07-1.32x (median about 1.17).
    measured = _measured_pytorch()
    errors = []
    for (task, precision, gpu), value in measured.items():
        if gpu == "a100-pcie-80-gb" and (task, precision, "a100-pcie-40-gb") in measured:
            observed = value / measured[(task, precision, "a100-pcie-40-gb")]
            predicted = _predicted_ratio(task, precision, "a100-pcie-80-gb", "a100-pcie-40-gb")
            errors.append(abs(predicted / observed - 1))
    assert len(errors) == 14
    assert sorted(errors)[len(errors) // 2] <= 0.10


def test_consumer_ada_and_hbm_cards_are_not_biased_against_each_other():
    """The errors the single-suite fit left: a 4090 predicted a quarter slow against an
    A100 and an H100 too fast. Within one suite now every card's median ratio to the A100
    80 GB PCIe is within 25% of what was measured."""
    measured = _measured_pytorch()
    reference = "a100-pcie-80-gb"
    by_gpu: dict[str, list[float]] = {}
    for (task, precision, gpu), value in measured.items():
        if gpu == reference:
            continue
        observed = value / measured[(task, precision, reference)]
        predicted = _predicted_ratio(task, precision, gpu, reference)
        by_gpu.setdefault(gpu, []).append(predicted / observed - 1)
    for gpu, errors in by_gpu.items():
        assert abs(sorted(errors)[len(errors) // 2]) <= 0.25, (gpu, errors)


def _fit_tool():
    return load_tool("fit_speed_model")


def test_the_floor_is_zero_when_every_task_ranks_the_cards_alike_and_not_otherwise():
    floor = _fit_tool().card_factor_floor
    consistent = [
        {"a": 100.0, "b": 50.0, "c": 25.0},
        {"a": 300.0, "b": 150.0, "c": 75.0},  # three times the work per card, same ranking
        {"b": 8.0, "c": 4.0},
    ]
    assert max(floor(consistent)) < 1e-6
    # One task puts b level with a: no single speed per card can match both tasks.
    disagreeing = [{"a": 100.0, "b": 50.0}, {"a": 100.0, "b": 100.0}]
    # The best single ratio is sqrt(2): 29% under the first task's 2x, 41% over the second's 1x.
    assert sorted(floor(disagreeing)) == pytest.approx([29.29, 41.42], abs=0.01)


def test_the_committed_floors_are_below_the_cross_validated_errors():
    data = _model()
    for name, floor in data["floor"].items():
        assert floor["median_error_pct"] <= data["cross_validation"][name]["median_error_pct"]


def test_every_class_and_engine_reports_its_error_across_suites():
    """Issue 28: the error on a suite the fit has not seen, next to leave-one-GPU-out."""
    data = _model()
    for name, fitted in data["classes"].items():
        across = data["cross_validation"][name]["across_suites"]
        assert across["method"].startswith("leave one suite out"), name
        assert 0 < across["median_error_pct"] <= across["p90_error_pct"], name
        assert across["by_suite"], name
        # A class two suites measure is judged on each of them held out.
        if len(fitted["suites"]) >= 2:
            assert set(across["by_suite"]) == set(fitted["suites"]), name
    engines = data["llm_inference"]["engines"]
    assert set(engines) == {"keras", "llama.cpp", "vllm", "exllama", "transformers"}
    for name, fitted in engines.items():
        decode = fitted["cross_validation"]["decode"]
        assert decode["median_error_pct"] > 0 and fitted["error_by_bits"], name


def test_the_llm_class_is_fitted_on_llm_sized_training_and_anchored_on_a_measurement():
    data = _model()
    assert set(data["classes"]["llm/mixed"]["suites"]) >= {"llm-foundry", "mli-layers"}
    anchor = data["llm_anchor"]
    assert anchor["gpu"] == "a100-sxm4-40-gb" and 0.3 < anchor["mfu"] < 0.7


def test_the_across_suite_floor_is_zero_for_consistent_suites_and_not_otherwise():
    floor_on = _fit_tool().card_factor_floor_on
    train = [{"a": 100.0, "b": 50.0, "c": 25.0}]
    assert max(floor_on(train, [{"a": 10.0, "c": 2.5}])) < 1e-6
    assert floor_on(train, [{"a": 10.0, "b": 10.0}]) == pytest.approx([100.0])


def test_gemm_bound_classes_run_at_the_measured_sustained_tensor_rate():
    """GeForce cards boost past their spec clock, data-centre cards reach about three quarters
    of theirs, 300 W workstation blowers less: measured matrix multiplies, two sources. Every
    class in mixed precision reads it: with each run compared at its saturated rate (freed of
    its step's fixed time at the batch the suite gave that card), the convolutional classes
    gain from it too (Lambda's ResNet-50: an A100 80 GB 2.02x an RTX 3090, measured 1.75x,
    where the spec rate gave 2.16x)."""
    data = _model()
    segment = data["sustained_tensor"]["by_segment"]
    assert segment["consumer"] > 1.2 > segment["datacenter"] == 1.0 > segment["workstation"]
    for name, fitted in data["classes"].items():
        kind, precision = name.split("/")
        assert fitted["sustained"] == (precision == "mixed"), kind
    from gpuplanner.app.speed_model_file import load_speed_model

    model = load_speed_model()
    assert model.classes["llm/mixed"].sustained["geforce-rtx-4090"] > 1.2
    assert model.classes["cnn/mixed"].sustained["geforce-rtx-4090"] > 1.2
    assert model.classes["cnn/fp32"].sustained == {}


def test_a_suite_held_out_takes_its_matmul_rows_with_it():
    tool = _fit_tool()
    from gpuplanner.catalog.csvdata import load_catalog

    data = load_catalog(REPO_ROOT / "resources" / "catalog")
    cards = {row["id"]: tool._spec(row) for row in data["gpus"]}
    every = tool.sustained_shares(cards)
    without = tool.sustained_shares(cards, "mli-layers")
    assert "rtx-a6000" in every["by_gpu"] and "rtx-a6000" not in without["by_gpu"]
