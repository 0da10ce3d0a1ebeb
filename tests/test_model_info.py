"""``gpuplanner model-info`` (issue 53, part 3): a Keras model of the user's own, read in the
probe's child Python with Keras's safe mode; hostile files refused with a sentence, nothing
left running. The models are built and saved here, in a child Python (TensorFlow stays out of
the test process); the analytic counts are written out by hand."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile

import psutil
import pytest
from conftest import run_cli

from gpuplanner.probe.model_file import REFUSALS, Refusal, check_file, model_info_of
from gpuplanner.probe.worker import einsum_flops
from gpuplanner.report.model_text import REFUSAL_TEXT, refusal_text

BUILD = """
import os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import keras
out = sys.argv[1]
i = keras.Input((16, 16, 3))
x = keras.layers.Conv2D(8, 3, padding="same")(i)
o = keras.layers.Dense(10)(keras.layers.Flatten()(x))
m = keras.Model(i, o)
m.compile(optimizer="adam", loss="mse")
m.save(out + "/cnn.keras")
m.export(out + "/cnn_saved")
i = keras.Input((16,), dtype="int32")
e = keras.layers.Embedding(100, 32)(i)
a = keras.layers.MultiHeadAttention(2, 16)(e, e)
x = keras.layers.Dense(32)(keras.layers.Dense(64, activation="relu")(a))
o = keras.layers.Dense(2)(keras.layers.GlobalAveragePooling1D()(x))
m = keras.Model(i, o)
m.compile(optimizer="sgd", loss="mse")
m.save(out + "/transformer.keras")
m.export(out + "/transformer_saved")
i = keras.Input((8,))
o = keras.layers.Dense(2)(keras.layers.Lambda(lambda t: t * 2)(i))
keras.Model(i, o).save(out + "/lambda.keras")
if len(sys.argv) > 2:
    keras.applications.MobileNetV2(weights=None).save(out + "/mobilenetv2.keras")
"""

# Written out: forward FLOPs are 2 x the multiply-adds of the convolutions and matrix products.
CNN = {
    "parameters": 3 * 3 * 3 * 8 + 8 + 16 * 16 * 8 * 10 + 10,
    "flops": 2 * (16 * 16 * 8 * 27 + 16 * 16 * 8 * 10),
}
# Embedding 100 x 32; attention: query, key, value and output 32 x 32 with biases, scores and
# their product with the values (2 heads x 16 x 16 x 16 each); the feed-forward 32-64-32; 2.
TRANSFORMER = {
    "parameters": 100 * 32 + 4 * (32 * 32 + 32) + (32 * 64 + 64) + (64 * 32 + 32) + 66,
    "flops": 2 * (16 * 32 * 32 * 4 + 2 * (2 * 16 * 16 * 16) + 16 * 32 * 64 * 2 + 32 * 2),
}
MOBILENET_V2 = {"parameters": 3_538_984, "flops": 2 * 300e6}  # Keras; Sandler et al., 2018


def _children() -> set[int]:
    return {p.pid for p in psutil.Process().children(recursive=True)}


def _model_info(tmp_path, path, *extra):
    before = _children()
    result = run_cli(tmp_path, "model-info", str(path), *extra, timeout=600)
    assert _children() <= before, "a process outlived model-info"
    return result


def _refused(result, refusal: Refusal) -> None:
    """Refused with the refusal's one sentence, and nothing else."""
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == f"gpuplanner: {refusal_text(refusal, 'en')}\n"


def _named(refusal: str, path) -> Refusal:
    return Refusal(refusal, (("file", path.name),))


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    folder = tmp_path_factory.mktemp("models")
    subprocess.run(
        [sys.executable, "-c", BUILD, str(folder), "mobilenet"],
        check=True,
        timeout=600,
        capture_output=True,
        env={**__import__("os").environ, "CUDA_VISIBLE_DEVICES": ""},
    )
    return folder


# -- refused before any Python loads the file (no TensorFlow) -------------------------------


def test_a_folder_a_missing_file_and_a_saved_model_are_refused(tmp_path):
    assert check_file(tmp_path / "none.keras").id == "missing"
    assert check_file(tmp_path).id == "folder"
    saved = tmp_path / "saved"
    saved.mkdir()
    (saved / "saved_model.pb").write_bytes(b"\0")
    assert check_file(saved) is None  # a SavedModel: read as a graph
    _refused(_model_info(tmp_path, tmp_path), _named("folder", tmp_path))


def test_a_two_gigabyte_file_is_refused_unread(tmp_path):
    big = tmp_path / "big.keras"
    with big.open("wb") as handle:
        handle.truncate(2_000_000_000)  # sparse: nothing is written
    assert check_file(big).id == "too-large"
    _refused(_model_info(tmp_path, big), check_file(big))


def test_a_zip_bomb_is_refused_unpacked(tmp_path):
    bomb = tmp_path / "bomb.keras"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("config.json", "{}")
        archive.writestr("metadata.json", "{}")
        with archive.open("model.weights.h5", "w", force_zip64=True) as member:
            for _ in range(200):
                member.write(bytes(1_000_000))
    assert bomb.stat().st_size < 2_000_000
    refusal = check_file(bomb)
    assert refusal is not None and refusal.id == "zip-bomb"
    _refused(_model_info(tmp_path, bomb), refusal)


def test_a_file_that_is_no_model_is_refused(tmp_path):
    text = tmp_path / "notes.keras"
    text.write_text("not a model")
    assert check_file(text).id == "not-keras"
    other = tmp_path / "other.keras"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("readme.txt", "no config")
    assert check_file(other).id == "not-keras"


def test_recommend_refuses_a_model_file_as_model_info_does(tmp_path):
    """``recommend --keras-model`` reads the file as model-info does: the same sentence, no plan;
    a job of your own model without its file is refused in words."""
    text = tmp_path / "notes.keras"
    text.write_text("not a model")
    result = run_cli(tmp_path, "recommend", "--scenario", "sme", "--keras-model", str(text))
    _refused(result, _named("not-keras", text))
    result = run_cli(tmp_path, "recommend", "--scenario", "sme", "--workload", "own")
    assert result.returncode == 1 and result.stdout == ""
    assert "--keras-model FILE" in result.stderr and "Traceback" not in result.stderr


def test_every_refusal_has_its_sentence_in_both_languages():
    assert set(REFUSAL_TEXT) == set(REFUSALS)
    for refusal in REFUSALS:
        params = (("file", "m.keras"), ("gb", 2.0), ("mb", 1.0), ("detail", "x"))
        for language in ("en", "zh_CN"):
            text = refusal_text(Refusal(refusal, params), language)
            assert "{" not in text and text.strip()


def test_the_workers_figures_are_read_as_untrusted():
    good = {
        "trainable": 10,
        "non_trainable": 0,
        "forward_flops": 100.0,
        "backward_flops": 200.0,
        "activation_values": 5,
        "optimizer_values": 20,
        "attention_layers": 0,
        "input_shapes": [[4, 4, 3]],
    }
    assert model_info_of(good) is not None
    for key, bad in (
        ("trainable", -1),
        ("forward_flops", float("nan")),
        ("input_shapes", [[None, 3]]),
        ("activation_values", "5"),
        ("attention_layers", True),
    ):
        assert model_info_of({**good, key: bad}) is None, key


def test_an_einsum_counts_every_index():
    # Attention scores: 2 heads, 16 queries, 16 keys, 16 wide.
    shapes = [(1, 16, 2, 16), (1, 16, 2, 16)]
    assert einsum_flops(b"BTNH,BSNH->BNTS", shapes) == 2 * 2 * 16 * 16 * 16
    assert einsum_flops("ab,bc->ac", [(None, 3), (3, 4)]) == 0.0


# -- read in the child Python (TensorFlow: slow) ---------------------------------------------


@pytest.mark.slow
def test_a_damaged_file_and_a_lambda_layer_are_refused_with_a_sentence(tmp_path, models):
    damaged = tmp_path / "cut.keras"
    damaged.write_bytes((models / "cnn.keras").read_bytes()[:5000])
    assert check_file(damaged).id == "damaged"
    _refused(_model_info(tmp_path, damaged), _named("damaged", damaged))
    _refused(
        _model_info(tmp_path, models / "lambda.keras"), _named("unsafe", models / "lambda.keras")
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "expected"),
    [("cnn", CNN), ("transformer", TRANSFORMER), ("mobilenetv2", MOBILENET_V2)],
)
def test_parameters_are_exact_and_flops_within_ten_percent(tmp_path, models, name, expected):
    result = _model_info(tmp_path, models / f"{name}.keras", "--json")
    assert result.returncode == 0, result.stderr
    facts = json.loads(result.stdout)["model"]
    assert facts["parameters"] == expected["parameters"]
    assert facts["forward_flops"] == pytest.approx(expected["flops"], rel=0.10)
    # Backward: about twice the forward (the first layer's input gradient is not needed).
    assert 1.5 <= facts["backward_flops"] / facts["forward_flops"] <= 2.6
    if facts["activation_mb_measured"] is not None:  # read on a GPU: a batch difference
        assert facts["activation_mb_fp32"] == pytest.approx(
            facts["activation_mb_measured"], rel=0.25
        )
    if name == "cnn":
        assert facts["optimizer"] == "Adam"
        assert facts["optimizer_state_mb"] == pytest.approx(
            2 * expected["parameters"] * 4 / 2**20, rel=0.01
        )
    if name == "transformer":
        assert facts["attention_layers"] == 1 and facts["input_shapes"] == [[16]]


@pytest.mark.slow
def test_the_plan_from_the_file_matches_the_preset(tmp_path, models):
    cards = ("--gpu", "RTX 4090", "--gpu", "RTX 3060 12 GB")
    own = _model_info(tmp_path, models / "mobilenetv2.keras", "--batch", "64", *cards, "--json")
    assert own.returncode == 0, own.stderr
    plan = json.loads(own.stdout)["plan"]
    preset = run_cli(
        tmp_path, "predict", "--workload", "mobilenet-v2", "--batch", "64", *cards, "--json"
    )
    rows = json.loads(preset.stdout)["predictions"]
    assert plan["memory_needed_gb"] == pytest.approx(rows[0]["memory_needed_gb"], rel=0.25)
    for mine, theirs in zip(plan["predictions"], rows, strict=True):
        assert mine["throughput"] == pytest.approx(theirs["throughput"], rel=0.10)
        assert mine["error_pct"] == theirs["error_pct"]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "expected"), [("cnn", CNN), ("transformer", TRANSFORMER)])
def test_a_saved_model_is_read_as_a_graph(tmp_path, models, name, expected):
    result = _model_info(tmp_path, models / f"{name}_saved", "--json")
    assert result.returncode == 0, result.stderr
    facts = json.loads(result.stdout)["model"]
    assert facts["parameters"] == expected["parameters"]
    assert facts["forward_flops"] == pytest.approx(expected["flops"], rel=0.10)
    assert 1.5 <= facts["backward_flops"] / facts["forward_flops"] <= 2.6
    # Every compute op's output: at least what the layers hold.
    keras_file = json.loads(_model_info(tmp_path, models / f"{name}.keras", "--json").stdout)
    assert facts["activation_mb_fp32"] >= keras_file["model"]["activation_mb_fp32"]


@pytest.mark.slow
def test_recommend_plans_the_file_as_the_preset(tmp_path, models):
    """``recommend --keras-model`` on MobileNetV2's file: the plan of the MobileNetV2 preset,
    within model-info's margins (memory 25%, speed 10%), card for card."""
    common = ("recommend", "--scenario", "student", "--batch", "64", "--json")
    own = run_cli(
        tmp_path, *common, "--keras-model", str(models / "mobilenetv2.keras"), timeout=600
    )
    assert own.returncode == 0, own.stderr
    preset = run_cli(tmp_path, *common, "--workload", "mobilenet-v2")
    mine, theirs = json.loads(own.stdout), json.loads(preset.stdout)
    assert mine["workload"] == "own" and mine["batch"] == 64
    assert mine["vram_needed_gb"] == pytest.approx(theirs["vram_needed_gb"], rel=0.25)
    speeds = {
        o["gpu_id"]: o["predicted"]["throughput"]
        for o in theirs["options"]
        if o["count"] == 1 and o["predicted"]["throughput"]
    }
    compared = [o for o in mine["options"] if o["count"] == 1 and o["gpu_id"] in speeds]
    assert len(compared) >= 3
    for option in compared:
        assert option["predicted"]["throughput"] == pytest.approx(
            speeds[option["gpu_id"]], rel=0.10
        )


def test_your_own_model_is_a_job_of_a_mix(tmp_path, models):
    """--keras-model FILE --job own:SHARE: the model read from the file shares the machine with
    a preset, in one ranked list with each job's figures (issue 53: the mix and your own
    model together)."""
    common = ("recommend", "--scenario", "sme", "--keras-model", str(models / "cnn.keras"))
    done = run_cli(
        tmp_path, *common, "--job", "own:30", "--job", "resnet50:70", "--json", timeout=600
    )
    assert done.returncode == 0, done.stderr
    plan = json.loads(done.stdout)
    assert [(j["name"], j["share"]) for j in plan["jobs"]] == [("own", 0.3), ("resnet50", 0.7)]
    offered = [o for o in plan["options"] if o["offered"]]
    assert offered
    for option in offered:
        own = option["jobs"][0]
        assert own["fits"] and own["throughput"] > 0 and own["unit"] == "samples/s"
    # An own model has no run of known length: runs a month are refused with a sentence.
    monthly = run_cli(tmp_path, *common, "--job", "own:4/month", "--job", "resnet50:2/month")
    assert monthly.returncode != 0 and "no run of a known length" in monthly.stderr
