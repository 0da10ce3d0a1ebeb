"""A TensorFlow plan never ranks a method TensorFlow cannot run (issue 39, part 3): QLoRA is
ranked as the nearest Keras method, LoRA on an int8 base, and the plan says which."""

from __future__ import annotations

import pytest

from gpuplanner.app.choices import LLMS
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job import memory
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.recommend import PlanRequest, recommend


@pytest.mark.parametrize("route", ["official", "keras-other"])
def test_qlora_is_ranked_as_lora_on_an_int8_base_for_every_llm_preset(data, model, route):
    for name, llm in LLMS.items():
        request = PlanRequest(
            scenario=Scenario.LLM,
            currency="USD",
            workload="llm",
            llm_model=name,
            llm_mode="qlora",
            tf_route=route,
            alternatives=False,
        )
        plan = recommend(request, data, model)
        int8 = memory.llm(
            llm, "lora-int8", seq=job.FINE_TUNING_SEQ, batch=1, inference_bits=16, engine="keras"
        )
        qlora = memory.llm(
            llm, "qlora", seq=job.FINE_TUNING_SEQ, batch=1, inference_bits=16, engine="keras"
        )
        assert plan.mode == "lora-int8", name
        assert plan.method_asked == "qlora" and plan.method_asked_gb == qlora.total_gb
        assert plan.vram.total_gb == int8.total_gb > qlora.total_gb
        for option in plan.options:
            if option.count == 1:
                # No option is ranked by QLoRA's (smaller) memory.
                assert option.vram_needed_gb == int8.total_gb, (name, option.gpu)
            if option.offered:
                if option.count == 1:  # it holds the int8 base job, not only QLoRA's
                    assert option.vram_per_card_gb * 0.92 >= int8.total_gb, (name, option.gpu)
                said = [f for f in option.findings if f.id == "method-pytorch-only"]
                assert said and dict(said[0].params)["instead"] == "lora-int8"
                # QLoRA's own memory, for the PyTorch user, in the same words.
                assert dict(said[0].params)["pytorch_gb"] == round(qlora.total_gb, 1)


def test_a_keras_method_is_ranked_as_asked(data, model):
    request = PlanRequest(
        scenario=Scenario.LLM,
        currency="USD",
        workload="llm",
        llm_model="llama-3-8b",
        llm_mode="lora",
        alternatives=False,
    )
    plan = recommend(request, data, model)
    assert plan.mode == "lora" and plan.method_asked is None


@pytest.mark.parametrize("given", [{"llm_model": "llama-2-7b"}, {"llm_params_b": 13.0}])
def test_a_users_own_model_without_a_method_is_not_ranked_as_qlora(data, model, given):
    """The default method for the user's own model is QLoRA (job.DEFAULT_METHOD), which no
    TensorFlow route runs: once it was ranked by QLoRA's memory all the same."""
    request = PlanRequest(
        scenario=Scenario.LLM, currency="USD", workload="llm", alternatives=False, **given
    )
    plan = recommend(request, data, model)
    assert job.DEFAULT_METHOD == "qlora"
    assert plan.mode == "lora-int8" and plan.method_asked == "qlora"
    offered = [o for o in plan.options if o.offered]
    assert offered
    for option in offered:
        said = [f for f in option.findings if f.id == "method-pytorch-only"]
        assert said and dict(said[0].params)["instead"] == "lora-int8", option.gpu_id
