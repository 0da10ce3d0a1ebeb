"""Every job input reaches memory, speed and run time: the sequence and batch the user types
change ``predict`` as they change ``vram`` and ``recommend`` (issue 39, part 1)."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from gpuplanner.app import memory_need, predictions
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend
from gpuplanner.planning.speed import batching

WORKLOADS = sorted(KERAS)
SEQS = (None, 128, 384, 512)
BATCHES = (None, 1, 16, 64)
CARDS = ("geforce-rtx-3090", "geforce-rtx-3060-12-gb", "a100-sxm4-40-gb")


def _cards(data, gpus, ids=CARDS):
    return predictions.Cards([gpus[i] for i in ids], data, MachineFacts())


@pytest.mark.parametrize("workload", WORKLOADS)
def test_predict_memory_is_vram_memory_at_every_seq_and_batch(data, gpus, workload):
    cards = _cards(data, gpus)
    for seq in SEQS:
        for batch in BATCHES:
            for precision in ("fp32", "mixed"):
                result = predictions.training(cards, workload, precision, batch, 7.0, seq=seq)
                _, vram = memory_need.job_estimate(
                    JobInputs(workload=workload, batch=batch, precision=precision, seq=seq)
                )
                assert result["memory_needed_gb"] == vram.total_gb, (workload, seq, batch)
                for p in result["predictions"]:
                    assert p["fits"] == (vram.total_gb <= p["usable_gb"])
                    assert (p["throughput"] is None) == (not p["fits"])


@pytest.mark.parametrize("method", ["full", "lora", "lora-int8", "qlora"])
def test_predict_memory_of_an_llm_method_is_vram_memory(data, gpus, method):
    cards = _cards(data, gpus)
    for seq in (None, 512, 4096):
        for batch in (None, 1, 4):
            result = predictions.training(cards, f"llm-{method}", "mixed", batch, 8.0, seq=seq)
            _, vram = memory_need.job_estimate(
                JobInputs(workload="llm", llm_params_b=8.0, llm_mode=method, seq=seq, batch=batch)
            )
            assert result["memory_needed_gb"] == vram.total_gb, (method, seq, batch)


def test_bert_large_seq_512_batch_16_does_not_fit_a_24_gb_card(tmp_path):
    args = ["--workload", "bert-large", "--precision", "mixed", "--seq", "512", "--batch", "16"]
    done = run_cli(tmp_path, "predict", *args, "--gpu", "RTX 3090", "--json")
    assert done.returncode == 0, done.stderr
    _, vram = memory_need.job_estimate(
        JobInputs(workload="bert-large", batch=16, precision="mixed", seq=512)
    )
    (card,) = json.loads(done.stdout)["predictions"]
    assert card["fits"] is False
    assert card["memory_needed_gb"] == vram.total_gb > 24


@pytest.mark.parametrize("workload", WORKLOADS)
def test_a_small_batch_uses_a_card_less_well(data, gpus, workload):
    cards = _cards(data, gpus, ("a100-sxm4-40-gb",))
    speeds = {}
    # 16, or the preset's own batch where that is smaller (EfficientDet-D4's 4 at 1024 x 1024).
    larger = min(16, KERAS[workload].default_batch)
    for batch in (1, larger):
        result = predictions.training(cards, workload, "fp32", batch, 7.0)
        speeds[batch] = result["predictions"][0]["throughput"]
    assert speeds[1] < speeds[larger]


def test_a_faster_card_loses_more_to_a_small_batch():
    # The fixed part of a step is a time: the batch that hides it follows the card's own
    # saturated rate (a card twice as fast needs twice the batch), not a constant.
    fixed = batching.preset_fixed_s(KERAS["bert-large"], "mixed")
    slow, fast = 150.0, 600.0  # saturated sequences/s
    assert batching.at_batch(fast, 1, fixed) / fast < batching.at_batch(slow, 1, fixed) / slow
    assert batching.at_batch(fast, 512, fixed) / fast > 0.9


def test_the_saturated_rate_is_the_inverse_of_the_batch_law():
    fixed = batching.preset_fixed_s(KERAS["resnet50"], "mixed")
    # Where the batch's work is at least a tenth of the step (below it, the law keeps a tenth).
    for rate, batch in ((50.0, 1), (900.0, 16), (900.0, 448), (4000.0, 448)):
        measured = batching.at_batch(rate, batch, fixed)
        assert batching.saturated_from(measured, batch, fixed) == pytest.approx(rate)


def test_at_the_anchors_shape_nothing_moves():
    for workload, shape in batching.ANCHOR_SHAPES.items():
        preset = KERAS[workload]
        assert batching.work_factor(preset, shape.seq, shape.seq) == pytest.approx(1.0)


def test_measured_bert_sequence_pair_is_matched_within_fifteen_percent():
    # NVIDIA DeepLearningExamples, TensorFlow BERT-large on one V100 16 GB, mixed precision:
    # 134.3 sequences/s at seq 128 batch 16, 28.72 at seq 512 batch 4 (ratio 4.68). Moved from
    # the 128 run: its saturated rate, the work of a 512-token sequence, then batch 4.
    preset = KERAS["bert-large"]
    fixed = batching.preset_fixed_s(preset, "mixed")
    saturated = batching.saturated_from(134.3, 16, fixed)
    at_512 = batching.at_batch(saturated * batching.work_factor(preset, 512, 128), 4, fixed)
    assert 134.3 / at_512 == pytest.approx(134.3 / 28.72, rel=0.15)


def _speeds(data, model, seq):
    request = PlanRequest(
        scenario=Scenario.SME, workload="bert-large", seq=seq, currency="USD", alternatives=False
    )
    plan = recommend(request, data, model)
    hours = [f for o in plan.options for f in o.findings if f.id == "run-cost"]
    assert hours  # the plan states the run's time, from the same throughput
    return {o.gpu_id: o for o in plan.options if o.count == 1 and o.predicted_throughput}


def test_recommend_run_time_grows_with_the_sequence(data, model):
    # The run's time is its samples over the throughput: at three times the tokens per
    # sequence a sample takes 3.1x the work (1 + s / 6h), and the step's fixed time (about
    # 68 ms for BERT-large, the same at both lengths) dilutes it: at least 1.5x as long on every
    # card the plan offers at 128, never more than the work itself.
    short = _speeds(data, model, 128)
    long = _speeds(data, model, 384)
    offered = [gpu_id for gpu_id, o in short.items() if o.offered]
    assert offered
    for gpu_id in offered:
        ratio = short[gpu_id].predicted_throughput / long[gpu_id].predicted_throughput
        assert 1.5 <= ratio <= 3 * (1 + 384 / 6144) / (1 + 128 / 6144), (gpu_id, ratio)


@pytest.mark.parametrize(
    ("given", "method"),
    [
        ({}, "qlora"),  # an LLM with nothing said: the resolver's fine-tuning default
        ({"bits": 8}, "inference"),  # lighter weights are an inference's: asked, not ignored
        ({"engine": "llama.cpp"}, "inference"),
        ({"llm_mode": "lora", "bits": 4}, "lora"),  # a method said stands
    ],
)
def test_weight_bits_or_an_engine_alone_ask_for_inference(given, method):
    from gpuplanner.planning.job.resolve import shape_of

    assert shape_of(JobInputs(llm_model="llama-3-8b", **given)).method == method


def test_vram_with_8_bit_weights_sizes_an_8_bit_inference(tmp_path):
    """`vram --model llama-3-8b --bits 8` answered a QLoRA fine-tune of 6.95 GB: someone sizing
    an 8-bit inference would have bought an 8 GB card for 9.2 GB."""
    result = run_cli(tmp_path, "vram", "--model", "llama-3-8b", "--bits", "8", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert "Inference" in report["workload"] and report["total_gb"] > 8
