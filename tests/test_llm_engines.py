"""LLM inference depends on the engine (issue 28): each engine has its own fit, the user says
which one they will run, and every prediction states its engine and that engine's error."""

from __future__ import annotations

import json

import pytest
from catalog_helpers import built_catalog
from conftest import run_cli

from gpuplanner.app.choices import LLMS
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job import engines
from gpuplanner.planning.recommend import PlanError, PlanRequest, recommend
from gpuplanner.planning.speed.training import SpeedQuery, predict_llm_inference


@pytest.fixture(scope="module")
def by_id(tmp_path_factory):
    data = built_catalog(tmp_path_factory.mktemp("engines"))
    return {g.id: g for g in data.gpus}


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    return built_catalog(tmp_path_factory.mktemp("engines-plan"))


def _decode(engine: str, bits: int, cards, by_id) -> dict[str, float]:
    model = load_speed_model()
    query = SpeedQuery(gpus=[by_id[c] for c in cards], speed_model=model, by_id=by_id)
    found = predict_llm_inference(
        query, llm=LLMS["llama-3-8b"], engine=model.engine(engine), bits=bits, batch=1, context=4096
    )
    return {p.gpu_id: p.throughput for p in found}


def test_every_engine_is_fitted_and_validated():
    model = load_speed_model()
    for engine in engines.ENGINES:
        params = model.engines[engine]
        assert params.engine == engine
        assert params.error_by_bits, engine  # some format of it has a validated error
        for bits in engines.RUNS_BITS[engine]:
            assert params.error_pct(bits) > 0
    # llama.cpp, vLLM, ExLlama and transformers were measured by two suites each.
    for engine in ("llama.cpp", "vllm", "exllama", "transformers"):
        assert model.engines[engine].across_suites, engine
    assert not model.engines["keras"].across_suites  # one suite: said so, not hidden


def test_an_overhead_bound_engine_flattens_the_cards(by_id):
    """transformers at batch 1 waits on kernel launches: an A100 is barely faster than a 3090
    there, while the bandwidth-bound engines give it its memory's lead."""
    cards = ("geforce-rtx-3090", "a100-pcie-80-gb")
    hf = _decode("transformers", 16, cards, by_id)
    keras = _decode("keras", 16, cards, by_id)
    assert hf["a100-pcie-80-gb"] / hf["geforce-rtx-3090"] < 1.4
    assert keras["a100-pcie-80-gb"] / keras["geforce-rtx-3090"] > 1.6
    assert hf["geforce-rtx-3090"] < keras["geforce-rtx-3090"]


def test_the_measured_engines_land_near_their_measurements(by_id):
    """Spot checks against rows of the engines' own suites (within the stated errors)."""
    model = load_speed_model()
    llama2 = LLMS["llama-2-7b"]

    def decode(card: str, engine: str, bits: int, context: int):
        query = SpeedQuery(gpus=[by_id[card]], speed_model=model, by_id=by_id)
        [found] = predict_llm_inference(
            query, llm=llama2, engine=model.engine(engine), bits=bits, batch=1, context=context
        )
        return found

    found = decode("geforce-rtx-4090", "exllama", 4, 128)
    assert found.throughput == pytest.approx(207, rel=0.35)  # EXL2 4.0 bpw, README
    found = decode("a100-pcie-80-gb", "vllm", 16, 280)
    assert found.throughput == pytest.approx(90.5, rel=0.2)  # premAI


def test_the_default_engine_is_stated_per_format():
    assert engines.default_engine(16) == "keras"
    assert engines.default_engine(8) == engines.default_engine(4) == "llama.cpp"
    assert engines.engines_for(4)[0] == "llama.cpp" and "keras" not in engines.engines_for(4)
    assert "exllama" not in engines.engines_for(16)


def _request(**choices) -> PlanRequest:
    return PlanRequest(
        scenario=Scenario.LLM,
        currency="USD",
        workload="llm",
        llm_model="llama-3-8b",
        llm_mode="inference",
        budget=5000,
        today="2026-12-01",
        alternatives=False,
        **choices,
    )


def test_a_plan_states_its_engine_and_follows_it(catalog):
    model = load_speed_model()
    default = recommend(_request(bits=16), catalog, model)
    assert default.engine == "keras"
    hf = recommend(_request(bits=16, engine="transformers"), catalog, model)
    assert hf.engine == "transformers"
    nvidia = {g.id for g in catalog.gpus if g.vendor == "NVIDIA"}
    errors = {o.predicted_error_pct for o in hf.options if o.gpu_id in nvidia}
    assert errors == {model.engines["transformers"].error_pct(16)}
    assert recommend(_request(bits=4), catalog, model).engine == "llama.cpp"


def test_an_engine_that_cannot_load_the_weights_is_refused(catalog):
    with pytest.raises(PlanError, match="exllama does not run 16-bit weights"):
        recommend(_request(bits=16, engine="exllama"), catalog, load_speed_model())


def test_predict_states_engine_and_error(tmp_path):
    result = run_cli(
        tmp_path,
        *("predict", "--model", "llama-3-8b", "--engine", "transformers"),
        *("--gpu", "RTX 3090", "--json"),
    )
    data = json.loads(result.stdout)
    assert data["engine"] == "transformers" and not data["engine_default"]
    assert data["engine_validated_across_suites"]
    expected = load_speed_model().engines["transformers"].error_pct(16)
    assert data["predictions"][0]["uncertainty_pct"] == expected
    text = run_cli(tmp_path, "predict", "--model", "llama-3-8b", "--gpu", "RTX 3090").stdout
    assert "engine keras (the default)" in text and "within one suite" in text
    refused = run_cli(
        tmp_path, "predict", "--model", "llama-3-8b", "--engine", "exllama", "--gpu", "RTX 3090"
    )
    assert refused.returncode == 1 and "runs 8-bit and 4-bit" in refused.stderr


def test_recommend_takes_the_engine(tmp_path):
    result = run_cli(
        tmp_path,
        *("recommend", "--scenario", "llm", "--model", "llama-3-8b", "--mode", "inference"),
        *("--engine", "vllm", "--currency", "USD", "--json"),
    )
    data = json.loads(result.stdout)
    assert data["engine"] == "vllm" and data["engine_default"] is False
    result = run_cli(
        tmp_path,
        *("recommend", "--scenario", "llm", "--model", "llama-3-8b", "--mode", "inference"),
        *("--bits", "4", "--currency", "USD", "--json"),
    )
    data = json.loads(result.stdout)
    assert data["engine"] == "llama.cpp" and data["engine_default"] is True
