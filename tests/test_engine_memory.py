"""Memory by engine, and one Keras accounting for every way of training (issue 39, part 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpuplanner.app import memory_need, predictions
from gpuplanner.app.choices import LLMS
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.planning.job import engines, memory
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.recommend import MachineFacts

DOCS = Path(__file__).resolve().parent.parent / "docs" / "PLANNING.md"


def test_llama_cpp_runs_a_7b_f16_model_at_2048_tokens_on_16_gb(data, gpus):
    cards = predictions.Cards([gpus["geforce-rtx-4080"]], data, MachineFacts())
    result = predictions.inference(cards, "llama-2-7b", 16, "llama.cpp", 1, 2048)
    (card,) = result["predictions"]
    assert card["fits"] and card["throughput"] > 0
    # The weights (12.55 GB) are most of it: llama.cpp's own buffers are small and fixed.
    assert 12.55 < result["memory_needed_gb"] < card["usable_gb"]


def test_tensorflow_keeps_its_own_overhead(data, gpus):
    keras, cpp = (
        memory_need.job_estimate(
            JobInputs(llm_model="llama-2-7b", llm_mode="inference", seq=2048, engine=engine)
        )[1]
        for engine in ("keras", "llama.cpp")
    )
    assert keras.total_gb > 16 * 0.92 > cpp.total_gb
    assert keras.context_gb == memory.CUDA_CONTEXT_GB


@pytest.mark.parametrize("engine", engines.ENGINES)
def test_every_engine_holds_weights_kv_and_its_own_buffers(engine):
    bits = 8 if engine == engines.EXLLAMA else 16
    estimate = memory.llm(
        LLMS["llama-3-8b"], "inference", seq=4096, batch=1, inference_bits=bits, engine=engine
    )
    parts = {p.name: p.gb for p in estimate.parts}
    assert set(parts) == {"weights", "kv cache", "activations", "overhead"}
    assert parts["kv cache"] == pytest.approx(2 * 32 * 8 * 128 * 4096 * 2 / 2**30, rel=1e-3)
    held = memory.ENGINE_MEMORY[engine]
    assert parts["overhead"] >= held.context_gb
    # Sharding a layer-split job keeps the engine's own context on every card.
    assert estimate.per_card_sharded(2) > held.context_gb


def test_every_engine_has_a_source_row_in_the_planning_docs():
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("### Memory by engine", 1)[1].split("\n#", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    named = {re.match(r"\| `([^`]+)`", row).group(1): row for row in rows}
    assert set(named) == set(memory.ENGINE_MEMORY)
    for engine, row in named.items():
        source = row.rstrip(" |").rsplit("|", 1)[-1].strip()
        assert len(source) > 20, engine  # a source a reader can look up


def test_one_keras_accounting_for_presets_full_lora_and_int8_lora():
    per = memory.keras_trained_bytes()
    assert per == 26
    preset = KERAS["bert-large"]
    trained = memory.keras_training(preset, 1, "mixed", seq=preset.seq)
    state = sum(p.gb for p in trained.parts if p.name != "activations" and p.name != "overhead")
    assert state == pytest.approx(preset.params * per / 2**30, rel=1e-3)
    model = LLMS["llama-2-7b"]
    full = memory.llm(model, "full", seq=512, batch=1, inference_bits=16, engine="keras")
    working = ("activations", "recomputed layer", "logits", "overhead")
    held = sum(p.gb for p in full.parts if p.name not in working)
    assert held == pytest.approx(model.params_b * 1e9 * per / 2**30, rel=1e-3)
    adapters = memory.lora_parameters(model) * per / 2**30
    for mode in ("lora", "lora-int8"):
        parts = {
            p.name: p
            for p in memory.llm(
                model, mode, seq=512, batch=1, inference_bits=16, engine="keras"
            ).parts
        }
        assert parts["adapters"].gb == pytest.approx(adapters, rel=1e-2)
        assert dict(parts["adapters"].params)["bytes"] == per
    # QLoRA is PyTorch's method: PyTorch's 16 bytes a trained parameter.
    qlora = {
        p.name: p
        for p in memory.llm(
            model, "qlora", seq=512, batch=1, inference_bits=16, engine="keras"
        ).parts
    }
    assert dict(qlora["adapters"].params)["bytes"] == memory.PYTORCH_TRAINED_BYTES


def test_quantised_weights_weigh_what_the_engines_file_weighs():
    # Llama 2 70B (68.98 B parameters) as llama.cpp's common 4-bit GGUF, Q4_K_M: the file is
    # 41.42 GB (38.6 GiB); with a 4,096-token KV cache and the engine's buffers about 40.7 GiB,
    # across the 40 GB / 2 x 24 GB line that 4.24 bits a weight (0.53 B) had kept it under.
    llama = {"llm_model": "llama-2-70b", "llm_mode": "inference", "engine": "llama.cpp"}
    _, estimate = memory_need.job_estimate(JobInputs(**llama, bits=4))
    weights = next(p for p in estimate.parts if p.name == "weights")
    assert 38.0 < weights.gb < 39.0
    assert 40.0 < estimate.total_gb < 41.5
    assert dict(weights.params)["format"] == "GGUF Q4_K_M"
    _, q8 = memory_need.job_estimate(JobInputs(**llama, bits=8))
    assert dict(next(p for p in q8.parts if p.name == "weights").params)["format"] == "GGUF Q8_0"


def test_every_engine_names_the_format_it_loads_at_every_precision_it_runs():
    for engine, bits_run in engines.RUNS_BITS.items():
        for bits in bits_run:
            found = engines.weight_format(engine, bits)
            assert found.name and bits - 0.5 <= found.bits_per_weight <= bits + 0.8, (engine, bits)
    # An engine that loads no such weights is given the default engine's file.
    assert engines.weight_format("exllama", 16) == engines.weight_format("keras", 16)
    assert engines.weight_format("keras", 4).name == "GGUF Q4_K_M"
