"""``gpuplanner scan``'s raw readings are in the reader's language too: a Chinese machine view
was followed by an English "Readings [...]: driver ...; power ... now, limit ..." block."""

from __future__ import annotations

import re

import pytest
from conftest import recording, run_cli

RTX_3090 = "nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml"
ENGLISH_LABELS = ("Readings", "driver", "compute capability", "power", "limit", "fan", "card")


@pytest.mark.parametrize("where", ["after", "before"])
def test_the_readings_are_in_chinese(tmp_path, where):
    args = ["scan", "--from", str(recording(RTX_3090))]
    language = ["--language", "zh_CN"]
    args = [*args, *language] if where == "after" else [*language, *args]
    done = run_cli(tmp_path, *args)
    assert done.returncode == 0, done.stderr
    readings = done.stdout[done.stdout.index("原始读数") :]
    assert "驱动 590.44.01" in readings and "上限 350 W" in readings
    for label in ENGLISH_LABELS:
        assert not re.search(rf"\b{label}\b", readings), (label, readings)


def test_the_readings_in_english_are_as_before(tmp_path):
    done = run_cli(tmp_path, "scan", "--from", str(recording(RTX_3090)))
    assert done.returncode == 0, done.stderr
    assert (
        "  GPU 0 = catalog 'geforce-rtx-3090' [0000:09:00.0]: driver 590.44.01; CUDA 13.1;"
        " compute capability N/A; PCIe now Gen1 x16; card Gen4; slot Gen4" in done.stdout
    )
    assert "    power 35.06 W now, limit 350 W (max 480 W); 32 °C; fan 0%" in done.stdout
