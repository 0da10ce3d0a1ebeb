"""Every job input reaches memory, speed and run time: the sequence and batch the user types
change ``predict`` as they change ``vram`` and ``recommend`` (issue 39, part 1)."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from gpuplanner.app import memory_need, predictions
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning import batching
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend
from gpuplanner.planning.workloads import KERAS

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
                vram = memory_need.keras_job(workload, batch, precision, seq=seq)
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
            vram = memory_need.llm_job(None, 8.0, method, seq=seq, batch=batch or 1)
            assert result["memory_needed_gb"] == vram.total_gb, (method, seq, batch)


def test_bert_large_seq_512_batch_16_does_not_fit_a_24_gb_card(tmp_path):
    args = ["--workload", "bert-large", "--precision", "mixed", "--seq", "512", "--batch", "16"]
    done = run_cli(tmp_path, "predict", *args, "--gpu", "RTX 3090", "--json")
    assert done.returncode == 0, done.stderr
    vram = memory_need.keras_job("bert-large", 16, "mixed", seq=512)
    (card,) = json.loads(done.stdout)["predictions"]
    assert card["fits"] is False
    assert card["memory_needed_gb"] == vram.total_gb > 24


@pytest.mark.parametrize("workload", WORKLOADS)
def test_a_small_batch_uses_a_card_less_well(data, gpus, workload):
    cards = _cards(data, gpus, ("a100-sxm4-40-gb",))
    speeds = {}
    for batch in (1, 16):
        result = predictions.training(cards, workload, "fp32", batch, 7.0)
        speeds[batch] = result["predictions"][0]["throughput"]
    assert speeds[1] < speeds[16]


def test_a_bigger_card_loses_more_to_a_small_batch(gpus):
    small = batching.shape_factor("bert-large", "mixed", 51.0, batch=1)
    big = batching.shape_factor("bert-large", "mixed", 312.0, batch=1)
    assert big < small < 1


def test_at_the_anchors_shape_nothing_moves():
    for workload, shape in batching.ANCHOR_SHAPES.items():
        for precision in ("fp32", "mixed"):
            batch = batching.anchor_batch(workload, precision)
            factor = batching.shape_factor(workload, precision, 100.0, batch, shape.seq or None)
            assert factor == pytest.approx(1.0)


def test_measured_bert_sequence_pair_is_matched_within_fifteen_percent():
    # NVIDIA DeepLearningExamples, TensorFlow BERT-large on one V100 16 GB, mixed precision:
    # 134.3 sequences/s at seq 128 batch 16, 28.72 at seq 512 batch 4 (ratio 4.68).
    at_128 = batching.shape_factor("bert-large", "mixed", 125.0, batch=16, seq=128)
    at_512 = batching.shape_factor("bert-large", "mixed", 125.0, batch=4, seq=512)
    assert at_128 / at_512 == pytest.approx(134.3 / 28.72, rel=0.15)


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
    # sequence it takes at least twice as long on every card the plan offers at 128. (The
    # largest data-centre cards, half idle at 16 x 128 tokens a step, gain back some of it.)
    short = _speeds(data, model, 128)
    long = _speeds(data, model, 384)
    offered = [gpu_id for gpu_id, o in short.items() if o.offered]
    assert offered
    for gpu_id in offered:
        ratio = short[gpu_id].predicted_throughput / long[gpu_id].predicted_throughput
        assert ratio >= 2, (gpu_id, ratio)
