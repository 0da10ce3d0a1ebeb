"""A snapshot stores what the scan found as ids (the driver's state), never advice in words:
report/ says it in the reader's language. A snapshot an earlier version wrote, with its
English advice, still loads, and is told in the reader's language too (issue 40)."""

from __future__ import annotations

import json
from pathlib import Path

import fakenvml
import pytest
from fakenvml import FakeNvml

from gpuplanner.hardware.nvml import read_nvml
from gpuplanner.hardware.scan import ScanOptions, scan_system
from gpuplanner.hardware.snapshot import load_file, to_json
from gpuplanner.report.machine_view import HINTS, machine_view

OLD = Path(__file__).parent / "data" / "snapshots" / "driver-not-loaded-v1-hint.json"
ENGLISH_HINT = "The NVIDIA kernel driver is not running"


@pytest.mark.parametrize(
    ("error", "state"),
    [
        (fakenvml.NVMLError_LibraryNotFound, "library-missing"),
        (fakenvml.NVMLError_DriverNotLoaded, "driver-not-loaded"),
        (fakenvml.NVMLError_LibRmVersionMismatch, "version-mismatch"),
        (fakenvml.NVMLError_NoPermission, "no-permission"),
    ],
)
def test_a_saved_scan_holds_the_drivers_state_and_no_advice(tmp_path, error, state):
    snapshot = scan_system(
        ScanOptions(
            root=tmp_path,
            platform="linux",
            nvml=FakeNvml(init_error=error),
            read_rapl=False,
            read_psu=False,
        )
    )
    written = to_json(snapshot)
    nvml = json.loads(written)["nvml"]
    assert nvml["state"] == state and set(nvml) == {"state", "detail"}
    assert HINTS[state] not in written  # the advice is the reader's, in their language


def test_nvml_reports_a_state_the_words_layer_knows():
    status, _devices = read_nvml(FakeNvml(init_error=fakenvml.NVMLError_DriverNotLoaded))
    assert status.state == "driver-not-loaded" and status.state in HINTS
    assert not hasattr(status, "hint")


def test_an_old_snapshot_with_english_advice_still_loads():
    assert ENGLISH_HINT in OLD.read_text(encoding="utf-8")  # the old format, as written
    snapshot = load_file(OLD)
    assert snapshot.nvml.state == "driver-not-loaded"
    assert snapshot.nvml.detail == "Driver Not Loaded" and snapshot.machine == "lab-pc"
    assert [f.id for f in snapshot.findings] == ["no-nvidia-gpu"]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_an_old_snapshots_advice_is_said_from_its_state_in_the_readers_language(language):
    view = machine_view(load_file(OLD), language)
    driver = next(line for line in view.lines if "lsmod" in line.hint)  # the driver's line
    if language == "en":
        assert driver.hint.startswith(ENGLISH_HINT)
    else:  # the stored English is not what a Chinese reader is shown
        assert ENGLISH_HINT not in driver.hint and "lsmod" in driver.hint
        assert any("\u4e00" <= ch <= "\u9fff" for ch in driver.hint)
