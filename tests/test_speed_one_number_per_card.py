"""A card's predicted speed is one number: whatever other cards are asked with it, in any order.

Once the LLM fine-tune's absolute tokens/s came from whichever card was listed first (an A100
gave 6,067 tokens/s alone, 10,427 after an H100, 5,326 after an RTX 4090). Every workload,
precision, fine-tuning method and inference engine is checked here over the whole catalog:
each card alone, then among every other card forwards and backwards, and in pairs.
"""

from __future__ import annotations

import random

import pytest
from catalog_helpers import built_catalog
from helpers.job_shape import preset_run

from gpuplanner.app.choices import LLMS
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.planning.job import engines
from gpuplanner.planning.job.resolve import stand_in_llm
from gpuplanner.planning.speed.training import (
    WORKLOAD_CLASS,
    LlmShape,
    SpeedQuery,
    predict,
    predict_llm,
    predict_llm_inference,
)


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    data = built_catalog(tmp_path_factory.mktemp("one-number"))
    return list(data.gpus), {g.id: g for g in data.gpus}


def _jobs(by_id):
    """Every kind of prediction, as a function of the cards asked (and a probe factor)."""
    model = load_speed_model()
    jobs = {}
    for workload in WORKLOAD_CLASS:
        for precision in ("mixed", "fp32"):
            jobs[f"{workload}/{precision}"] = lambda gpus, w=workload, p=precision, f=None: predict(
                SpeedQuery(gpus=gpus, speed_model=model, by_id=by_id, machine_factor=f),
                workload=w,
                precision=p,
                **preset_run(w),
            )
    for mode in ("full", "lora", "lora-int8", "qlora"):
        jobs[f"llm-{mode}"] = lambda gpus, m=mode, f=None: predict_llm(
            SpeedQuery(gpus=gpus, speed_model=model, by_id=by_id, machine_factor=f),
            shape=LlmShape.of(stand_in_llm(8.0), 2048, 1),
            method=m,
        )
    llm = LLMS["llama-3-8b"]
    for engine in engines.ENGINES:
        params = model.engine(engine)
        for bits in sorted(engines.RUNS_BITS[engine]):
            jobs[f"{engine}/{bits}"] = lambda gpus, b=bits, p=params, f=None: predict_llm_inference(
                SpeedQuery(gpus=gpus, speed_model=model, by_id=by_id, machine_factor=f),
                llm=llm,
                engine=p,
                bits=b,
                batch=1,
                context=4096,
            )
    return jobs


def _speeds(found) -> dict[str, float]:
    return {p.gpu_id: p.throughput for p in found}


def test_every_card_has_one_speed_for_every_job(catalog):
    gpus, by_id = catalog
    for name, job in _jobs(by_id).items():
        alone = {g.id: _speeds(job([g]))[g.id] for g in gpus}
        assert _speeds(job(gpus)) == alone, name
        assert _speeds(job(list(reversed(gpus)))) == alone, name
        pairs = random.Random(name).sample([(a, b) for a in gpus for b in gpus if a != b], 300)
        for a, b in pairs:
            assert _speeds(job([a, b])) == {a.id: alone[a.id], b.id: alone[b.id]}, (name, a.id)


def test_a_probe_factor_moves_each_card_the_same_whoever_is_listed(catalog):
    gpus, by_id = catalog
    for name, job in _jobs(by_id).items():
        if "/" in name and name.split("/")[0] in engines.ENGINES:
            continue  # inference is not scaled by the probe
        alone = {g.id: _speeds(job([g], f=0.8))[g.id] for g in gpus}
        assert _speeds(job(list(reversed(gpus)), f=0.8)) == alone, name


def test_relative_is_the_ratio_of_the_two_absolute_speeds(catalog):
    _gpus, by_id = catalog
    a100, h100 = by_id["a100-sxm4-80-gb"], by_id["h100-sxm5-80-gb"]
    for name, job in _jobs(by_id).items():
        found = {p.gpu_id: p for p in job([a100, h100])}
        ratio = found[h100.id].throughput / found[a100.id].throughput
        assert found[h100.id].relative == pytest.approx(ratio, abs=0.002), name
