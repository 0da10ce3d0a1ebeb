"""A supply typed on the command line against the one the machine's scan recorded: typed watts
equal to the scanned supply's describe that supply, so what the scan knew of it (its 80 PLUS
rating, which sets the wall draw and the bill) stays; other watts are another supply."""

from __future__ import annotations

import json

from conftest import recording, run_cli

from gpuplanner.app.plan_request import entered_supply, plan_request
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.records import (
    CaseInfo,
    CpuInfo,
    DriverStatus,
    MemoryInfo,
    OsInfo,
    PowerSupply,
    SystemSnapshot,
)


def _scanned(watts: int, rating: str | None) -> SystemSnapshot:
    return SystemSnapshot(
        version=1,
        created="2026-01-01T00:00:00+00:00",
        source="scan",
        machine="pc",
        gpus=(),
        nvml=DriverStatus("ok"),
        cpu=CpuInfo(),
        memory=MemoryInfo(),
        os=OsInfo("Linux", "6.8", "x86_64"),
        tensorflow=None,
        power_supply=PowerSupply(rated_w=watts, rating=rating, status="entered"),  # type: ignore[arg-type]
        case=CaseInfo(),
    )


def _psu(typed_w: float, typed_rating: str | None, scanned: SystemSnapshot):
    typed = entered_supply(typed_w, None, False, None, typed_rating)  # type: ignore[arg-type]
    return plan_request(Scenario.STUDENT, "USD", snapshot=scanned, psu=typed).psu


def test_typed_watts_of_the_scanned_supply_keep_its_rating():
    assert _psu(850, None, _scanned(850, "titanium")).rating == "titanium"


def test_other_watts_are_another_supply_whose_rating_was_not_said():
    psu = _psu(1000, None, _scanned(850, "titanium"))
    assert psu.rated_w == 1000 and psu.rating is None


def test_a_typed_rating_wins():
    assert _psu(850, "bronze", _scanned(850, "titanium")).rating == "bronze"


def _save_850_titanium(tmp_path) -> None:
    """Two RTX 2080 Ti, scanned with the 850 W Titanium supply they run on (scan.json)."""
    saved = run_cli(
        tmp_path,
        "scan",
        "--from",
        str(recording("nvidia-smi-q-x/nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml")),
        "--psu-watts",
        "850",
        "--psu-rating",
        "titanium",
        "--save",
        str(tmp_path / "scan.json"),
    )
    assert saved.returncode == 0, saved.stderr


def _keep_heat(tmp_path, *typed: str) -> dict:
    result = run_cli(
        tmp_path,
        "recommend",
        "--scenario",
        "student",
        "--currency",
        "USD",
        "--snapshot",
        str(tmp_path / "scan.json"),
        *typed,
        "--json",
    )
    assert result.returncode == 0, result.stderr
    keep = next(o for o in json.loads(result.stdout)["options"] if o["action"] == "keep")
    return next(f["params"] for f in keep["findings"] if f["id"] == "heat-output")


def test_recommend_bills_the_scanned_supply_at_its_rating(tmp_path):
    """Two RTX 2080 Ti on an 850 W Titanium supply, saved with the scan: typing its 850 W again
    on ``recommend`` kept the watts and lost the rating, and the room and the bill were an
    unrated supply's (806 W at the wall, not 729)."""
    _save_850_titanium(tmp_path)
    scanned = _keep_heat(tmp_path)
    assert _keep_heat(tmp_path, "--psu-watts", "850") == scanned
    bronze = _keep_heat(tmp_path, "--psu-watts", "850", "--psu-rating", "bronze")
    other = _keep_heat(tmp_path, "--psu-watts", "1000")
    assert bronze["watts"] == scanned["watts"]  # the cards' heat is the cards'
    assert bronze["room_w"] > scanned["room_w"] and other["room_w"] > scanned["room_w"]


def test_a_rating_typed_without_watts_corrects_the_scanned_supply(tmp_path):
    """``--psu-rating bronze`` on a scan that recorded an 850 W Titanium unit was dropped: the
    plan kept the Titanium's 729 W at the wall."""
    _save_850_titanium(tmp_path)
    assert _keep_heat(tmp_path, "--psu-rating", "bronze")["room_w"] > _keep_heat(tmp_path)["room_w"]


def test_a_rating_with_no_watts_anywhere_is_said_not_dropped(tmp_path):
    scan = recording("nvidia-smi-q-x/nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml")
    alone = run_cli(tmp_path, "scan", "--from", str(scan), "--psu-rating", "titanium")
    assert alone.returncode != 0 and "--psu-watts" in alone.stderr
    assert (
        run_cli(
            tmp_path, "scan", "--from", str(scan), "--save", str(tmp_path / "s.json")
        ).returncode
        == 0
    )
    for language, words in (
        ("en", "80 PLUS rating (titanium)"),
        ("zh_CN", "80 PLUS 认证（titanium）"),
    ):
        planned = run_cli(
            tmp_path,
            "recommend",
            "--scenario",
            "student",
            "--snapshot",
            str(tmp_path / "s.json"),
            "--psu-rating",
            "titanium",
            "--language",
            language,
        )
        assert planned.returncode != 0 and words in planned.stderr, planned.stderr
