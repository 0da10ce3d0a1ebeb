"""An LLM served by llama.cpp, vLLM, ExLlamaV2 or transformers runs outside TensorFlow: the
plan judges the card by the engine's own requirements (planning/job/engine_hardware.py), never
by a TensorFlow route's, and says how the engine splits the model over several cards."""

from __future__ import annotations

import pytest

from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job import engine_hardware
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend

TODAY = "2026-12-04"


def _gpu(data, gpu_id):
    return next(g for g in data.gpus if g.id == gpu_id)


@pytest.mark.parametrize(
    ("engine", "gpu_id", "runs", "backend", "refusal"),
    [
        # A Pascal Tesla, the cheap 24 GB card llama.cpp users buy: its CUDA backend runs it.
        ("llama.cpp", "tesla-p40", True, "CUDA", None),
        ("vllm", "tesla-p40", False, "", "cc-below"),
        ("vllm", "tesla-v100-pcie-32-gb", False, "", "cc-below"),  # vLLM's floor is 7.5 now
        ("vllm", "geforce-rtx-5090", True, "CUDA", None),  # Blackwell: the engine's own CUDA
        ("vllm", "radeon-rx-6800", False, "", "amd-chip"),  # RDNA 2: not on vLLM's list
        ("vllm", "radeon-rx-7800-xt", True, "ROCm", None),  # Navi 32, gfx1101: on it
        ("vllm", "radeon-rx-7600", False, "", "amd-chip"),  # Navi 33, gfx1102: not
        ("vllm", "arc-b580", True, "XPU", None),
        ("exllama", "arc-b580", False, "", "vendor"),
        ("exllama", "radeon-rx-6800", False, "", "amd-chip"),  # not one ROCm lists
        ("llama.cpp", "radeon-rx-6800", True, "Vulkan", None),
        ("llama.cpp", "radeon-rx-7900-xtx", True, "HIP (ROCm)", None),
        ("transformers", "tesla-k80", False, "", "cc-below"),
    ],
)
def test_each_engine_runs_the_cards_its_documentation_names(
    data, engine, gpu_id, runs, backend, refusal
):
    found = engine_hardware.support(engine, _gpu(data, gpu_id), linux=True)
    assert (found.runs, found.backend, found.refusal) == (runs, backend, refusal)


def test_on_windows_an_amd_card_is_vulkans_and_vllm_needs_wsl2(data):
    xtx = _gpu(data, "radeon-rx-7900-xtx")
    assert engine_hardware.support("llama.cpp", xtx, linux=False).backend == "Vulkan"
    assert engine_hardware.support("vllm", _gpu(data, "geforce-rtx-4090"), linux=False).linux_only
    assert engine_hardware.support("exllama", _gpu(data, "tesla-p40"), linux=True).fp16_slow
    assert not engine_hardware.support(
        "exllama", _gpu(data, "tesla-p100-pcie-16-gb"), linux=True
    ).fp16_slow


def _plan(data, model, engine, machine=None, bits=4, **more):
    return recommend(
        PlanRequest(
            scenario=Scenario.LLM,
            currency="USD",
            budget=6000,
            workload="llm",
            llm_model="llama-2-70b",
            llm_mode="inference",
            bits=bits,
            engine=engine,
            machine=machine or MachineFacts(),
            today=TODAY,
            **more,
        ),
        data,
        model,
    )


def _ids(option) -> set[str]:
    return {f.id for f in option.findings}


ROUTE_FINDINGS = {
    "route-unsupported",
    "route-cc-below-floor",
    "route-needs-rocm",
    "route-rocm-linux",
    "route-ngc-ended",
    "route-windows-native",
    "route-windows-or-wsl",
    "multi-card-strategy",
    "speed-not-measured",
}


def test_a_llama_cpp_plan_names_no_tensorflow_route_and_splits_layers_its_own_way(data, model):
    plan = _plan(data, model, "llama.cpp")
    assert plan.options
    vendors = {g.id: g.vendor for g in data.gpus}
    for option in plan.options:
        assert not _ids(option) & ROUTE_FINDINGS, (option.gpu_id, _ids(option) & ROUTE_FINDINGS)
        if option.count > 1:
            split = next(f for f in option.findings if f.id == "multi-card-engine")
            assert split.params["api"] == "--split-mode layer"
        if vendors[option.gpu_id] != "NVIDIA":
            assert "engine-speed-not-measured" in _ids(option)
    # Blackwell and Radeon cards are judged on the job, not refused by a TensorFlow route.
    judged = {o.gpu_id for o in plan.options if "engine-backend" in _ids(o)}
    assert "geforce-rtx-5090" in judged and "radeon-rx-7900-xtx" in judged
    assert plan.route_alternative is None
    assert not any(a.change == "route" for a in plan.alternatives)


def test_vllm_refuses_a_card_below_its_floor_and_tells_a_windows_user_of_wsl2(data, model):
    plan = _plan(
        data, model, "vllm", machine=MachineFacts(os_system="Windows"), show_unavailable=True
    )
    by_card = {o.gpu_id: o for o in plan.options}
    assert "engine-cc-below" in _ids(by_card["tesla-p40"])
    assert "engine-linux-only" in _ids(by_card["geforce-rtx-5090"])
    assert not any("driver-update" in _ids(o) for o in plan.options)


def test_kerashub_inference_still_runs_on_the_tensorflow_route(data, model):
    plan = _plan(data, model, "keras", bits=8)
    assert any(f.id.startswith("route-") for o in plan.options for f in o.findings)
    assert not any("engine-backend" in _ids(o) for o in plan.options)
