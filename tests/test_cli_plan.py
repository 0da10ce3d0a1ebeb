"""``gpuplanner vram``, ``predict`` and ``recommend`` JSON, in fresh processes."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

pytestmark = pytest.mark.slow


def test_vram_json(tmp_path):
    result = run_cli(
        tmp_path, "vram", "--model", "llama-2-7b", "--mode", "qlora", "--seq", "512", "--json"
    )
    data = json.loads(result.stdout)
    assert data["total_gb"] == pytest.approx(4.92, abs=0.05)  # tests/test_planning.py
    assert {p["name"] for p in data["breakdown"]} >= {
        "base weights",
        "adapters",
        "activations",
        "recomputed layer",
        "overhead",
    }
    assert data["cards_needed"]["12GB"] == 1


def test_vram_by_parameter_count(tmp_path):
    data = json.loads(
        run_cli(tmp_path, "vram", "--params", "13e9", "--mode", "inference", "--json").stdout
    )
    assert data["total_gb"] > 24


def test_predict_json_shape(tmp_path):
    result = run_cli(
        tmp_path,
        "predict",
        "--workload",
        "bert-base",
        "--precision",
        "mixed",
        "--gpu",
        "3090",
        "--gpu",
        "4090",
        "--json",
    )
    data = json.loads(result.stdout)
    assert data["workload"] == "bert-base" and data["precision"] == "mixed"
    assert [p["gpu"] for p in data["predictions"]] == ["GeForce RTX 3090", "GeForce RTX 4090"]
    first = data["predictions"][0]
    assert set(first) >= {"gpu", "throughput", "unit", "relative"} and first["relative"] == 1.0


def test_recommend_json_shape(tmp_path):
    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "student",
        "--budget",
        "3500",
        "--currency",
        "CNY",
        "--psu-watts",
        "550",
        "--json",
    )
    data = json.loads(result.stdout)
    assert data["scenario"] == "student" and data["currency"] == "CNY"
    option = data["options"][0]
    assert set(option) >= {
        "action",
        "gpu",
        "count",
        "total",
        "price",
        "needs",
        "offered",
        "vram_needed_gb",
        "predicted",
        "findings",
        "rank_reason",
    }
    assert set(option["predicted"]) >= {"relative", "speedup", "throughput", "unit", "scaling"}
    assert set(option["price"]) >= {
        "amount",
        "currency",
        "date",
        "condition",
        "region",
        "source",
        "age_days",
    }
    for o in data["options"]:
        for f in o["findings"]:
            assert set(f) >= {"id", "severity", "params", "text"}
            assert f["severity"] in ("blocks", "needs", "warns", "info")
            assert f["text"]["en"] and f["text"]["zh_CN"]


def test_recommend_with_a_snapshot_and_model(tmp_path):
    snapshot = tmp_path / "pc.json"
    assert run_cli(tmp_path, "scan", "--save", str(snapshot)).returncode == 0
    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "llm",
        "--model",
        "llama-2-7b",
        "--mode",
        "qlora",
        "--snapshot",
        str(snapshot),
        "--json",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["workload"] == "llm"


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["recommend", "--scenario", "student", "--budget", "0"], 2, "must be above zero"),
        (["recommend", "--scenario", "student", "--psu-watts", "-5"], 2, "must be above zero"),
        (["recommend", "--scenario", "llm", "--model", "gpt-9"], 1, "unknown model"),
        (["vram", "--model", "gpt-9"], 1, "unknown model"),
        (["predict", "--workload", "resnet50", "--gpu", "A100"], 1, "matches several cards"),
    ],
)
def test_bad_requests(tmp_path, args, code, words):
    result = run_cli(tmp_path, *args)
    assert result.returncode == code and words in result.stderr and "Traceback" not in result.stderr


def test_vram_says_when_no_number_of_cards_holds_the_job(tmp_path):
    # Llama 3 8B LoRA at 8,192 tokens: what each card holds whatever the count (the layer
    # being recomputed, the logits) is over a 16 GB card's share; "more than 64" read as buy 65.
    text = run_cli(tmp_path, "vram", "--model", "llama-3-8b", "--mode", "lora", "--seq", "8192")
    assert "12 GB: never" in text.stdout and "24 GB: 4" in text.stdout
    assert "more than 64" not in text.stdout
    inference = run_cli(
        tmp_path, "vram", "--params", "70", "--mode", "inference", "--bits", "4"
    ).stdout
    assert "the engine splits the layers" in inference and "Keras 3 on JAX" not in inference
