"""LLM inference is its own model: decode bound by memory bandwidth, prefill by compute."""

from __future__ import annotations

import json

import pytest
from catalog_helpers import built_catalog
from conftest import run_cli

from gpuplanner.app.choices import LLMS
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job.engines import weight_format
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.planning.speed.decode import preset_inference


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return built_catalog(tmp_path_factory.mktemp("inference"))


@pytest.fixture(scope="module")
def params():
    return load_speed_model().inference


@pytest.mark.parametrize("bits", [16, 8, 4])
def test_decode_never_beats_reading_the_weights_once_per_token(data, params, bits):
    model = LLMS["llama-3-8b"]
    weights = model.params_b * 1e9 * weight_format(params.engine, bits).bytes_per_param
    for gpu in data.gpus:
        speed = preset_inference(gpu, model, params, bits=bits, batch=1, context=4096)
        assert speed.decode_tokens_s <= gpu.memory_bandwidth_gbs * 1e9 / weights, gpu.name
        # Small quantised weights on a fast card, or any weights on HBM3's 4.8-8 TB/s with its
        # longer small kernels: the per-layer time can outlast the read; never the FLOPs.
        assert speed.bound in ("memory", "overhead"), gpu.name
        if bits == 16 and not gpu.hbm:
            assert speed.bound == "memory", gpu.name


def test_batches_move_decode_toward_compute(data, params):
    model = LLMS["llama-3-8b"]  # grouped-query attention: 8 KV heads
    gpu = next(g for g in data.gpus if g.id == "a100-pcie-80-gb")
    one = preset_inference(gpu, model, params, bits=16, batch=1, context=512)
    sixteen = preset_inference(gpu, model, params, bits=16, batch=16, context=512)
    assert 10 * one.decode_tokens_s < sixteen.decode_tokens_s < 16 * one.decode_tokens_s
    # A thousand short requests: the weights are read once for all, the FLOPs are not.
    crowd = preset_inference(gpu, model, params, bits=16, batch=1024, context=16)
    assert crowd.bound == "compute"
    # Long contexts keep a big batch memory-bound: every request's KV cache is read each step.
    llama2 = LLMS["llama-2-7b"]  # multi-head attention: a KV head per query head
    assert preset_inference(gpu, llama2, params, bits=16, batch=256, context=512).bound == "memory"


def test_predict_orders_cards_by_bandwidth_with_tokens_per_second_of_the_right_size(tmp_path):
    result = run_cli(
        tmp_path,
        "predict",
        "--model",
        "llama-2-7b",
        "--mode",
        "inference",
        "--bits",
        "16",
        "--gpu",
        "RTX 4090",
        "--gpu",
        "A100 PCIe 80 GB",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    rtx4090, a100 = json.loads(result.stdout)["predictions"]
    # 13.5 GB of weights a token: 1,008 GB/s and 1,935 GB/s at most 75 and 143 tokens/s.
    assert 30 < rtx4090["throughput"] < 75 and 30 < a100["throughput"] < 143
    assert a100["throughput"] > rtx4090["throughput"]  # bandwidth, not FLOPs, decides decode
    assert (
        rtx4090["unit"] == "tokens/s" and rtx4090["prefill_tokens_s"] > 50 * rtx4090["throughput"]
    )
    assert set(rtx4090) >= {"gpu", "count", "throughput", "prefill_tokens_s", "uncertainty_pct"}


def test_layer_split_inference_never_predicts_a_decode_speed_up(data):
    def plan(max_gpus: int):
        return recommend(
            PlanRequest(
                scenario=Scenario.LLM,
                currency="USD",
                budget=1_000_000,
                workload="llm",
                llm_model="llama-3-70b",
                llm_mode="inference",
                bits=4,
                max_gpus=max_gpus,
                today="2026-11-30",
                alternatives=False,
            ),
            data,
            load_speed_model(),
        )

    # One card of each kind, whether or not it holds the model: its decode speed.
    single = {o.gpu_id: o.predicted_throughput for o in plan(1).options if o.count == 1}
    split = [o for o in plan(8).options if o.count > 1 and o.action != "keep"]
    assert split
    for option in split:
        assert option.scaling is not None and option.scaling.link == "layer-split"
        assert option.predicted_throughput == pytest.approx(single[option.gpu_id]), option.gpu
    # 4-bit 70B (about 40 GB) fits two 24 GB cards.
    assert any(o.offered and o.count == 2 and o.vram_per_card_gb == 24 for o in split)
    # A second card where one holds the model adds nothing, so it is not offered.
    holds = {o.gpu_id for o in plan(1).options if o.offered}
    assert not [o.gpu for o in split if o.offered and o.gpu_id in holds]


def test_committed_inference_fit_matches_a_fresh_fit():
    import subprocess
    import sys

    from conftest import REPO_ROOT

    result = subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "fit_llm_inference.py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    fresh = json.loads(result.stdout)
    committed = json.loads((REPO_ROOT / "resources" / "models" / "speed_model.json").read_text())
    assert committed["llm_inference"] == fresh
    # The fit meets its goal: leave-one-GPU-out decode error.
    decode = fresh["cross_validation"]["decode"]
    assert decode["median_error_pct"] <= 10 and decode["p90_error_pct"] <= 20
    # llama.cpp's plans state, for each format of its table, the largest error of a card held
    # out of the fit: what was found on unseen cards, never a number chosen to pass.
    stated = fresh["engines"]["llama.cpp"]["error_by_bits"]
    assert stated == decode["max_error_by_bits"] and set(stated) == {"16", "4"}
    assert decode["max_error_by_bits"]["4"] >= decode["p90_error_pct"]
    # One table out: another table of the same repository (nine workstation and datacenter
    # cards, a later llama.cpp), never fitted, holds every 4-bit card within the stated error.
    held = fresh["held_out_table"]
    assert held["by_bits"]["4"]["rows"] == 9
    assert not [row for row in held["outside_stated"] if row[1] == 4], held
