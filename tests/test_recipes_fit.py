"""Published TensorFlow recipes fit where they ran (issue 39, part 6): the batch sizes NVIDIA's,
Google's and Lambda's TensorFlow runs used on a card are planned onto that card, and what
TensorFlow could not train is not."""

from __future__ import annotations

import pytest
from helpers.job_shape import preset_run

from gpuplanner.planning.job import memory
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.plan.rules.job import USABLE_FRACTION

DLE = "NVIDIA DeepLearningExamples TensorFlow/Classification/ConvNets/resnet50v1.5 README"
LAMBDA = "Lambda tf_cnn_benchmarks logs (lambda-tensorflow-benchmark)"
BERT = "google-research/bert README, out-of-memory table (Titan X 12 GB, TF 1.11)"

# (workload, precision, batch, seq, card GB, fits, where it was published)
PUBLISHED = [
    ("resnet50", "fp32", 128, None, 16, True, f"{DLE}: DGX-1V 16 GB, batch 128 FP32"),
    ("resnet50", "mixed", 256, None, 16, True, f"{DLE}: DGX-1V 16 GB, batch 256 AMP"),
    ("resnet50", "fp32", 256, None, 40, True, f"{DLE}: DGX A100 40 GB, batch 256 TF32"),
    ("resnet50", "mixed", 256, None, 40, True, f"{DLE}: DGX A100 40 GB, batch 256 AMP"),
    ("resnet50", "fp32", 64, None, 11, True, f"{LAMBDA}: RTX 2080 Ti, resnet50-64 FP32"),
    ("resnet50", "mixed", 128, None, 11, True, f"{LAMBDA}: RTX 2080 Ti, resnet50-128 FP16"),
    ("resnet50", "fp32", 112, None, 24, True, f"{LAMBDA}: RTX 3090, resnet50-112 FP32"),
    ("resnet50", "fp32", 128, None, 24, True, f"{LAMBDA}: Quadro RTX 6000, resnet50-128 FP32"),
    ("resnet50", "mixed", 256, None, 24, True, f"{LAMBDA}: Quadro RTX 6000, resnet50-256 FP16"),
    ("resnet50", "fp32", 192, None, 32, True, f"{LAMBDA}: V100 32 GB, resnet50-192 FP32"),
    ("resnet50", "mixed", 384, None, 32, True, f"{LAMBDA}: V100 32 GB, resnet50-384 FP16"),
    ("resnet50", "fp32", 256, None, 48, True, f"{LAMBDA}: RTX A6000, resnet50-256 FP32"),
    ("resnet50", "mixed", 512, None, 48, True, f"{LAMBDA}: RTX A6000, resnet50-512 FP16"),
    ("bert-base", "fp32", 32, 128, 12, True, f"{BERT}: BERT-Base seq 128, batch 32"),
    ("bert-base", "fp32", 6, 512, 12, True, f"{BERT}: BERT-Base seq 512, batch 6"),
    ("bert-large", "fp32", 1, 512, 12, False, f"{BERT}: BERT-Large seq 512, not even batch 1"),
    ("bert-large", "fp32", 1, 384, 12, False, f"{BERT}: BERT-Large seq 384, not even batch 1"),
]


@pytest.mark.parametrize(
    ("workload", "precision", "batch", "seq", "card_gb", "fits", "source"), PUBLISHED
)
def test_a_published_recipe_fits_where_it_ran(
    workload, precision, batch, seq, card_gb, fits, source
):
    seq = preset_run(workload, seq=seq)["seq"]
    need = memory.keras_training(KERAS[workload], batch, precision, seq=seq).total_gb
    assert (need <= card_gb * USABLE_FRACTION) is fits, (source, need)
    assert (
        memory.fit_on(
            memory.keras_training(KERAS[workload], batch, precision, seq=seq), card_gb
        ).fits
        is fits
    )


def test_the_v100_recipe_is_no_longer_rejected_by_a_sliver():
    for precision, batch in (("fp32", 128), ("mixed", 256)):
        need = memory.keras_training(KERAS["resnet50"], batch, precision, seq=None).total_gb
        assert 16 * USABLE_FRACTION - need >= 0.3, precision  # room to spare, not a coin toss
