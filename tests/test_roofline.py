"""Speeds that obey physics (issue 47): no predicted rate implies more FLOPs than the card's
dense peak or more bytes than its bandwidth, over every card, preset, precision and batch; the
utilisation ceilings are the best the measured tables reached; every input moves the time."""

from __future__ import annotations

import csv

import pytest
from catalog_helpers import built_catalog
from conftest import REPO_ROOT as REPO
from helpers.job_shape import preset_run
from helpers.tools import load_tool

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.catalog import llm_presets
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.vocab import ENGINES
from gpuplanner.planning.job.resolve import shape_of, stand_in_llm
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.speed import batching, roofline
from gpuplanner.planning.speed.decode import preset_inference
from gpuplanner.planning.speed.training import (
    LLM_STEP_FIXED_S_PER_LAYER,
    WORKLOAD_CLASS,
    LlmShape,
    SpeedQuery,
    has_tensor_cores,
    predict,
    predict_llm,
    sustained_share,
)

MEASURED = REPO / "resources" / "measurements"
BATCHES = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    data = built_catalog(tmp_path_factory.mktemp("roofline"))
    return {g.id: g for g in data.gpus}


@pytest.fixture(scope="module")
def model():
    return load_speed_model()


def _flops_per_unit(workload: str, seq: int) -> float:
    """Training FLOPs per unit of the preset's throughput, written out independently of the
    module under test: ResNet-50 4.1 G multiply-adds forward, x2 x3 for training; a transformer
    6 x parameters per token and 12 L h s of attention."""
    preset = KERAS[workload]
    if workload == "resnet50":
        return 3 * 2 * 4.1e9
    if preset.kind == "cnn":
        return roofline.CNN_TRAIN_GFLOP[workload] * 1e9
    per_token = 6 * preset.params + 12 * preset.layers * preset.hidden * seq
    return per_token if preset.unit == "tokens/s" else per_token * seq


def test_no_keras_rate_beats_the_cards_peak_or_bandwidth(catalog, model):
    gpus = list(catalog.values())
    query = SpeedQuery(gpus=gpus, speed_model=model, by_id=catalog)
    checked = 0
    for workload in WORKLOAD_CLASS:
        preset = KERAS[workload]
        seq = preset.seq
        for precision in ("mixed", "fp32"):
            for batch in BATCHES:
                run = preset_run(workload, batch=batch)
                for p in predict(query, workload=workload, precision=precision, **run):
                    gpu = catalog[p.gpu_id]
                    peak = roofline.peak_tflops(gpu, precision, has_tensor_cores(gpu)) * 1e12
                    assert p.throughput * _flops_per_unit(workload, seq) <= peak, (p, batch)
                    # The least a step moves: the weights read twice and the gradient written,
                    # spread over the batch.
                    least = 6 * preset.params / (batch * (seq if preset.unit == "tokens/s" else 1))
                    assert p.throughput * least <= gpu.memory_bandwidth_gbs * 1e9, (p, batch)
                    checked += 1
    assert checked == len(gpus) * len(WORKLOAD_CLASS) * 2 * len(BATCHES)


@pytest.mark.parametrize("method", ["full", "lora", "lora-int8", "qlora"])
def test_no_llm_fine_tuning_rate_beats_the_cards_peak(catalog, model, method):
    gpus = list(catalog.values())
    query = SpeedQuery(gpus=gpus, speed_model=model, by_id=catalog)
    for params_b in (1.0, 8.0, 70.0):
        llm = stand_in_llm(params_b)
        for seq in (512, 2048, 8192):
            for batch in (1, 8):
                shape = LlmShape.of(llm, seq, batch)
                # The work a checkpointed step really does (the plans' memory assumes
                # checkpointing): the method's FLOPs, attention's, and the forward pass again,
                # 2 x parameters and a third of attention's 12.
                flops = (roofline.LLM_FLOPS_PER_TOKEN[method] + 2) * params_b * 1e9 + (
                    16 * shape.layers * shape.width * seq
                )
                for p in predict_llm(query, shape=shape, method=method):
                    gpu = catalog[p.gpu_id]
                    peak = roofline.peak_tflops(gpu, "mixed", has_tensor_cores(gpu)) * 1e12
                    # The rate as shown, to a tenth of a token: a card held to its very peak
                    # may round up by less than that.
                    assert (p.throughput - 0.05) * flops <= peak, (p, seq, batch)


def test_no_llm_prefill_beats_the_rate_its_engine_gets(catalog, model):
    # Prefill is compute-bound: 2 x the parameters that work per token. TensorFlow (keras),
    # vLLM and transformers accumulate FP16 matrix multiplies in FP32, the catalog's rate;
    # only llama.cpp accumulates in FP16, which a GeForce card runs at twice that.
    built = llm_presets.bundled()
    checked = 0
    for engine in ENGINES:
        params = model.engine(engine)
        for llm in built:
            for gpu in catalog.values():
                rate = float(gpu.fp16_tflops or gpu.fp32_tflops) * 1e12
                geforce = gpu.vendor == "NVIDIA" and gpu.segment == "consumer"
                if engine == "llama.cpp" and geforce and gpu.fp16_tflops:
                    rate *= 2
                found = preset_inference(gpu, llm, params, bits=16, batch=1, context=4096)
                flops = 2 * (llm.active_b or llm.params_b) * 1e9
                assert found.prefill_tokens_s * flops <= rate * 1.0005, (engine, llm.id, gpu.id)
                checked += 1
    assert checked == len(ENGINES) * len(built) * len(catalog)


def _best(rows):
    return max(rows, default=0.0)


def test_the_ceilings_are_the_best_measured_saturated_utilisation(catalog, model):
    """Each ceiling is the best share of its rate any card reached in the measured tables (its
    throughput freed of the step's fixed time at the batch it ran), rounded up to 0.01: of the
    dense peak, or in a class that reads the sustained tensor rate, of the peak moved by the
    card's measured share (a GeForce card's boost is not counted twice)."""
    classes = {("cnn", p): model.classes[f"resnet50/{p}"] for p in ("mixed", "fp32")}
    classes |= {("transformer", p): model.classes[f"bert/{p}"] for p in ("mixed", "fp32")}
    classes[("llm", "mixed")] = model.classes["llm/mixed"]

    def share(kind, precision, gpu):
        return sustained_share(gpu, precision, classes[(kind, precision)])

    batches = {}
    with (MEASURED / "lambda_pytorch_batches.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            batches[(int(row["memory_gb"]), row["task"])] = row
    tasks = {
        "resnet50": ("cnn", "resnet50", None),
        "ssd": ("cnn", "ssd", None),
        "bert_base_squad": ("transformer", "bert-base", 384),
        "bert_large_squad": ("transformer", "bert-large", 384),
    }
    found: dict[tuple[str, str], list[float]] = {}
    with (MEASURED / "train_lambda_pytorch.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["gpu_count"] != "1" or row["task"] not in tasks:
                continue
            kind, workload, seq = tasks[row["task"]]
            gpu, precision = catalog[row["gpu_id"]], row["precision"]
            batch = int(batches[(round(gpu.memory_gb), row["task"])][f"{precision}_batch"])
            fixed = batching.preset_fixed_s(KERAS[workload], precision)
            rate = batching.saturated_from(float(row["throughput"]), batch, fixed)
            peak = roofline.peak_tflops(gpu, precision, True) * 1e12
            found.setdefault((kind, precision), []).append(
                rate * _flops_per_unit(workload, seq or 0) / peak / share(kind, precision, gpu)
            )
    # Lambda's TensorFlow suite: an RTX 3090, ResNet-50 in FP16, 1,019.6 images/s at batch 96.
    fixed = batching.preset_fixed_s(KERAS["resnet50"], "mixed")
    tf_3090 = batching.saturated_from(1019.6, 96, fixed) * 24.6e9 / 71.2e12
    found[("cnn", "mixed")].append(tf_3090)
    # MosaicML's LLM pretraining: per-card tokens/s of eight cards, MPT at its published shape.
    shapes = {
        "mpt-125m": (12, 768),
        "mpt-350m": (24, 1024),
        "mpt-760m": (24, 1536),
        "mpt-1b": (24, 2048),
        "mpt-3b": (32, 2560),
        "mpt-7b": (32, 4096),
        "mpt-13b": (40, 5120),
        "mpt-30b": (48, 7168),
    }
    with (MEASURED / "train_llm_foundry.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            layers, width = shapes[row["model"]]
            seq = int(row["seq_len"])
            flops = 6 * 12 * layers * width**2 + 12 * layers * width * seq
            gpu = catalog[row["gpu_id"]]
            found.setdefault(("llm", "mixed"), []).append(
                float(row["tokens_s_per_gpu"])
                * flops
                / (gpu.bf16_tflops * 1e12)
                / share("llm", "mixed", gpu)
            )
    wrong = {
        key: (round(_best(found[key]), 4), ceiling)
        for key, ceiling in roofline.UTILISATION_CEILING.items()
        # llm/fp32: no FP32 LLM run measured; it takes the transformer's
        if key in found and not _best(found[key]) <= ceiling <= _best(found[key]) + 0.01 + 1e-9
    }
    assert not wrong
    assert (
        roofline.UTILISATION_CEILING[("llm", "fp32")]
        == roofline.UTILISATION_CEILING[("transformer", "fp32")]
    )


def test_the_llm_step_fixed_time_is_the_keras_anchors_gap_to_the_ceiling(catalog, model):
    # Keras 3 LoRA of Mistral 7B, TensorFlow backend, A100 40GB: 185.92 ms a step of 8 x 128
    # tokens at 4 x 7.24 B FLOPs a token: the share of its 312 TFLOPS it reached, and the time
    # beyond what the ceiling would have taken, over its 32 layers.
    with (MEASURED / "train_llm_keras_io.csv").open(encoding="utf-8") as f:
        row = next(
            r
            for r in csv.DictReader(f)
            if r["model"] == "mistral-7b" and r["backend"] == "tensorflow"
        )
    step = float(row["ms_per_step"]) / 1000
    tokens = int(row["batch"]) * int(row["seq_len"])
    mfu = tokens * 4 * float(row["params_b"]) * 1e9 / step / 312e12
    a100 = catalog["a100-sxm4-40-gb"]
    ceiling = roofline.UTILISATION_CEILING[("llm", "mixed")] * sustained_share(
        a100, "mixed", model.classes["llm/mixed"]
    )
    assert pytest.approx(step * (1 - mfu / ceiling) / 32, rel=0.05) == LLM_STEP_FIXED_S_PER_LAYER


def _llm(catalog, model, ids, *, seq=2048, batch=1, params_b=8.0):
    query = SpeedQuery(gpus=[catalog[i] for i in ids], speed_model=model, by_id=catalog)
    shape = LlmShape.of(stand_in_llm(params_b), seq, batch)
    return {p.gpu_id: p.throughput for p in predict_llm(query, shape=shape, method="lora")}


def test_an_h20_is_held_to_its_own_compute(catalog, model):
    # The H20's 148 dense TFLOPS against the A100's 312: the blend, moved by its 4,000 GB/s,
    # put it above the A100. Held to its ceiling, it runs at about the ratio of the two cards'
    # measured matrix multiplies (141.7 against the trained A100 SXM4s' median 247.6 TFLOPS:
    # 0.57), never above it by more than a short step's fixed time gives back.
    speeds = _llm(catalog, model, ["h20", "a100-sxm4-80-gb"])
    ratio = speeds["h20"] / speeds["a100-sxm4-80-gb"]
    assert ratio < 0.65
    long_steps = _llm(catalog, model, ["h20", "a100-sxm4-80-gb"], batch=64)
    assert long_steps["h20"] / long_steps["a100-sxm4-80-gb"] == pytest.approx(
        141.73 / 247.63, rel=0.08
    )


def _twins(catalog):
    """Pairs of boards of one chip, line and power limit whose tensor rates agree within 1%
    (tools/fit_speed_model.py: ``twins``), the second with at least the first's bandwidth,
    memory (a class's memory term gives a larger card its larger batch) and FP32 rate (its
    SMs x clock, which times a step's work beside the tensor cores)."""
    tool = load_tool("fit_speed_model")
    cards = sorted(catalog.values(), key=lambda g: g.id)
    return [
        (a, b)
        for a in cards
        for b in cards
        if a.id != b.id
        and a.vendor == "NVIDIA"
        and tool.twins(a, b)
        and b.memory_bandwidth_gbs >= a.memory_bandwidth_gbs
        and b.memory_gb >= a.memory_gb
        and b.fp32_tflops >= 0.99 * a.fp32_tflops
    ]


def test_a_twin_never_outruns_its_twin_on_its_own_matmul_row(catalog, model):
    """An A800 SXM4 is an A100 SXM4 with its NVLink cut: a matrix multiply row of its own, run
    on newer software, ranked it 1.08x the A100 on LoRA, and the A100 40 GB above the 80 GB."""
    pairs = _twins(catalog)
    ids = {g.id for pair in pairs for g in pair}
    assert {"a800-sxm4-80-gb", "a100-sxm4-80-gb", "a100-sxm4-40-gb"} <= ids
    lora = _llm(catalog, model, sorted(ids))
    for a, b in pairs:
        assert lora[b.id] >= 0.99 * lora[a.id], (a.id, b.id)
        query = SpeedQuery(gpus=[a, b], speed_model=model, by_id=catalog)
        for workload in WORKLOAD_CLASS:
            default = shape_of(JobInputs(workload=workload, precision="mixed"))
            slow, fast = predict(
                query, workload=workload, precision="mixed", batch=default.batch, seq=default.seq
            )
            assert fast.throughput >= 0.99 * slow.throughput, (a.id, b.id, workload)


def test_a_longer_sequence_costs_attention_and_a_bigger_batch_hides_the_fixed_time(catalog, model):
    ids = ["geforce-rtx-4090"]
    short = _llm(catalog, model, ids, seq=512, batch=16)["geforce-rtx-4090"]
    long = _llm(catalog, model, ids, seq=8192, batch=1)["geforce-rtx-4090"]
    llm = stand_in_llm(8.0)
    width = llm.heads * llm.head_dim
    # The 4090 is held to its dense peak by the work a checkpointed step really does: LoRA's 4 x
    # parameters, the forward pass again (2 x), attention's 12 and its forward again (4).
    attention = (6 * 8e9 + 16 * llm.layers * width * 8192) / (
        6 * 8e9 + 16 * llm.layers * width * 512
    )
    # Both steps are 8,192 tokens: the same fixed time, only the attention's work differs.
    assert short / long == pytest.approx(attention, rel=0.03)
    one = _llm(catalog, model, ids, seq=512, batch=1)["geforce-rtx-4090"]
    assert one < short  # a step of 512 tokens leaves more of its time fixed


def test_a_cut_down_variant_is_below_its_full_card_on_every_preset(catalog, model):
    query = SpeedQuery(
        gpus=[catalog["geforce-rtx-4090"], catalog["geforce-rtx-4090-d"]],
        speed_model=model,
        by_id=catalog,
    )
    for workload in WORKLOAD_CLASS:
        for precision in ("mixed", "fp32"):
            full, cut = predict(
                query, workload=workload, precision=precision, **preset_run(workload)
            )
            assert cut.throughput < full.throughput, (workload, precision)


def test_a_big_card_at_the_student_batch_keeps_most_of_its_speed(catalog, model):
    # ResNet-50 mixed at batch 64: the fixed part (9.9 ms a step) against 64 images' work at an
    # H100's saturated rate (about 14 ms) leaves it over half its speed, not the quarter the
    # old batch term (a half-saturation batch growing with peak TFLOPS) gave it.
    query = SpeedQuery(gpus=[catalog["h100-sxm5-80-gb"]], speed_model=model, by_id=catalog)
    (at_64,) = predict(query, workload="resnet50", precision="mixed", batch=64, seq=None)
    (at_1024,) = predict(query, workload="resnet50", precision="mixed", batch=1024, seq=None)
    assert 0.5 < at_64.throughput / at_1024.throughput < 0.8


@pytest.mark.shared("data/benchmarks")
def test_the_step_fixed_times_are_the_fit_of_the_measured_sweeps():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "fit_step_time", REPO / "tools" / "fit_step_time.py"
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    fitted = tool.fit()
    for name, seconds in fitted["step_fixed_s"].items():
        kind, precision = name.split("/")
        assert batching.STEP_FIXED_S[(kind, precision)] == pytest.approx(seconds, abs=1e-5), name
    # Every held-out sweep is judged, and the fit is no free parameter per sweep: the median of
    # the held-out errors stays within what docs/PREDICTION.md states (18%).
    errors = sorted(check["error_pct"] for check in fitted["held_out"])
    assert len(errors) == 11 and errors[len(errors) // 2] <= 18.5


# The Done-when lines of issue 47 as the issue states them. Where one is not met yet the test
# is marked to fail (strictly: the day the model meets it the suite says so, and the mark goes);
# docs/PREDICTION.md's "Not met" list says what each misses by and why.
NOT_MET = "issue 47, not met yet: docs/PREDICTION.md, 'Not met'"
# Only the line's own assertion may fail: an error anywhere else is a failure.
not_met = pytest.mark.xfail(strict=True, raises=AssertionError, reason=NOT_MET)


@pytest.fixture(scope="module")
def suites():
    return load_tool("check_speed_suites").check()


@not_met
def test_done_when_an_h20_is_at_most_half_an_a100_on_llm_lora(catalog, model):
    speeds = _llm(catalog, model, ["h20", "a100-sxm4-80-gb"])
    assert speeds["h20"] <= 0.5 * speeds["a100-sxm4-80-gb"]


# At each preset's default job (mixed precision, its default batch).
@pytest.mark.parametrize("workload", list(WORKLOAD_CLASS))
def test_done_when_an_h200_nvl_is_at_most_1_15_an_h100_sxm5(catalog, model, workload):
    query = SpeedQuery(
        gpus=[catalog["h100-sxm5-80-gb"], catalog["h200-nvl"]], speed_model=model, by_id=catalog
    )
    default = shape_of(JobInputs(workload=workload, precision="mixed"))  # its default job
    sxm, nvl = predict(
        query, workload=workload, precision="mixed", batch=default.batch, seq=default.seq
    )
    assert nvl.throughput <= 1.15 * sxm.throughput


@pytest.mark.parametrize(
    "pair",
    [
        "resnet50 geforce-rtx-4090",
        "resnet50 a100-sxm4-80-gb",
        "resnet50 h100-sxm5-80-gb",
        "bert_large_squad geforce-rtx-4090",
        "bert_large_squad a100-sxm4-80-gb",
        "bert_large_squad h100-sxm5-80-gb",
    ],
)
def test_done_when_lambdas_cards_against_an_rtx_3090_are_within_20_percent(suites, pair):
    # At the batch each Lambda PyTorch run used (tools/check_speed_suites.py).
    found = suites["named_vs_rtx_3090"][pair]
    assert abs(found["predicted"] / found["measured"] - 1) <= 0.20, found


def test_the_lambda_suite_check_is_no_worse_than_measured(suites):
    # What docs/PREDICTION.md states for the model as it is, the same with the shared folder's
    # TensorFlow suite (696 pairs: 9.1 / 24.0) and without it (660: 9.2 / 24.6). A regression
    # guard under the goal below. The 90th percentile went from 27.8 to 28.1 with the
    # SM term in the mixed transformer class: one Transformer-XL pair crossed it while that
    # group's own median and 90th percentile fell (14.8 / 36.0 -> 13.8 / 32.0;
    # docs/PREDICTION.md, "A third term"); then to 27.4 with the TensorFlow 2.3 FP32 run (no
    # TF32) left out; then to 24.0 with BERT-base's anchor moved from BERT-large's saturated rate,
    # not its throughput (tools/fit_speed_model.py: base_from_large).
    median, p90 = (9.1, 24.0) if suites["tensorflow_suite"] else (9.2, 24.6)
    assert suites["all"]["median_pct"] <= median and suites["all"]["p90_pct"] <= p90


def test_done_when_the_lambda_suite_check_meets_10_and_25_percent(suites):
    assert suites["all"]["median_pct"] <= 10.0 and suites["all"]["p90_pct"] <= 25.0


def _llama_cpp_rows(catalog, model):
    """Every single-card row of the app's llama.cpp table, with the committed fit's decode at
    the row's own format (its file's bytes) and context."""
    tool = load_tool("fit_llm_inference")
    params = model.engine("llama.cpp")
    return params, [(row, tool._decode_at(row, params)) for row in tool._rows(catalog)]


def test_done_when_every_llama_cpp_card_is_within_the_stated_error(catalog, model):
    # The error stated is the largest of any card held out of the fit (the fit's own check), so
    # this is the committed fit, with every card seen, inside what it found on unseen ones.
    params, rows = _llama_cpp_rows(catalog, model)
    wrong = [
        (row["gpu_id"], row["model"], row["bits"], round(predicted / measured - 1, 3))
        for row, predicted in rows
        for measured in (float(row["decode_tokens_s"]),)
        if abs(predicted / measured - 1) * 100 > params.error_pct(row["bits"])
    ]
    assert not wrong


# Not met: 5 of 99 pairs, and no term of the card orders them. Three are measured within 2.5% of
# each other, in the order of the machines they were rented on (host CPU, ECC on or off), not of
# the cards; two set the RTX 6000 Ada, run with ECC on, or the RTX 4080 against the RTX A6000,
# which has more bandwidth: docs/PREDICTION.md, "Not met".
@not_met
def test_done_when_llama_cpp_keeps_the_measured_order(catalog, model):
    _params, rows = _llama_cpp_rows(catalog, model)
    for table, name, bits in {(r["table"], r["model"], r["bits"]) for r, _ in rows}:
        same = [
            (r, p) for r, p in rows if (r["table"], r["model"], r["bits"]) == (table, name, bits)
        ]
        measured = sorted(same, key=lambda rp: float(rp[0]["decode_tokens_s"]))
        predicted = sorted(same, key=lambda rp: rp[1])
        assert [r["gpu_id"] for r, _ in measured] == [r["gpu_id"] for r, _ in predicted], (
            table,
            name,
            bits,
        )


def test_a_fp32_run_without_tf32_is_not_checked_against_the_tf32_rate():
    # TensorFlow 2.4 brought TensorFloat-32: a FP32 run on 2.0-2.3 is full FP32 on an A100,
    # not what the model's FP32 means there; on a V100, which has no TF32, it is the same run.
    full_fp32 = load_tool("check_speed_suites").full_fp32
    assert full_fp32("TensorFlow 2.3.0; CUDA V11.0.221", 8.0)
    assert not full_fp32("TensorFlow 2.4.1; CUDA V11.1.105", 8.6)
    assert not full_fp32("TensorFlow 1.15.4; CUDA V11.1.74", 8.0)  # NVIDIA's build, TF32 on
    assert not full_fp32("TensorFlow 2.3.0; CUDA V10.1", 7.0)
    assert not full_fp32("", 8.0)
