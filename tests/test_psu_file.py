"""A saved ``liquidctl status`` given to ``scan --psu-from``: the supply's reading, and its
rated watts from its model name (a kiosk reads no supply live; the shared recordings were
documented as covered while no command could read them)."""

from __future__ import annotations

import json

import pytest
from conftest import SHARED, recording, run_cli

from gpuplanner.hardware.psu import parse_liquidctl_status, rated_watts

# Written here in liquidctl's two layouts (the recordings themselves are GPL or unlicensed and
# stay in the shared folder): the tree of liquidctl 1.9 and later, and the flat one before it.
TREE = """Corsair RM850i
├── Current uptime                    1:02:03
├── Input voltage                      230.00  V
├── Total power output                 412.00  W
├── Estimated input power              458.00  W
├── +12V OCP mode                  Single rail
├── +12V output power                  401.00  W
└── +5V output power                     9.00  W
"""
FLAT = """Device 0, NZXT E650 (experimental)
WARNING: an experimental feature
Temperature                          41.0  °C
+12V peripherals output power        50.00  W
+12V motherboard/PCI-e output power  30.00  W
+5V combined output power             2.00  W
"""


def test_both_layouts_read_as_liquidctl_reads_them():
    tree = parse_liquidctl_status(TREE)
    assert tree is not None and tree.device == "Corsair RM850i"
    assert (tree.output_power_w, tree.input_power_w, tree.rail_12v_power_w) == (412, 458, 401)
    assert tree.ocp_mode == "Single rail"
    flat = parse_liquidctl_status(FLAT)
    # NZXT reports rails only: the total is their sum, the 12 V power the 12 V rails'.
    assert flat is not None and flat.device == "NZXT E650"
    assert (flat.output_power_w, flat.rail_12v_power_w) == (82, 80)
    assert parse_liquidctl_status("Corsair AX1600i\n├── Total power output  900.00  W\n") is None
    # The devices liquidctl lists after the supply are theirs, not its.
    cooler = TREE + "Corsair Commander Pro\n├── Temperature 1     26.6  °C\n"
    assert parse_liquidctl_status(cooler) == tree
    first = "NZXT Kraken X63\n├── Liquid temperature   31.0  °C\n" + TREE
    assert parse_liquidctl_status(first) == tree
    assert parse_liquidctl_status("hello\nworld    12  W\n") is None


def test_the_model_name_carries_the_rated_watts():
    assert rated_watts("Corsair RM1000i") == 1000 and rated_watts("Corsair HX1200i") == 1200
    assert rated_watts("NZXT E500") == 500 and rated_watts("Some PSU") is None


def test_scan_takes_the_supply_beside_a_gpu_report(tmp_path):
    status = tmp_path / "psu.txt"
    status.write_text(TREE, encoding="utf-8")
    report = recording("nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml")
    result = run_cli(tmp_path, "scan", "--from", str(report), "--psu-from", str(status), "--json")
    assert result.returncode == 0, result.stderr
    (snapshot,) = json.loads(result.stdout)["snapshots"]
    supply = snapshot["power_supply"]
    assert supply["rated_w"] == 850 and supply["readings"][0]["output_power_w"] == 412
    # Watts the user typed stand; the file's reading is kept beside them.
    typed = run_cli(
        tmp_path, "scan", "--from", str(report), "--psu-from", str(status),
        "--psu-watts", "1000", "--json",
    )  # fmt: skip
    (snapshot,) = json.loads(typed.stdout)["snapshots"]
    assert snapshot["power_supply"]["rated_w"] == 1000
    assert snapshot["power_supply"]["readings"]


def test_a_supply_file_given_as_a_report_says_where_it_goes(tmp_path):
    status = tmp_path / "psu.txt"
    status.write_text(TREE, encoding="utf-8")
    result = run_cli(tmp_path, "scan", "--from", str(status))
    assert result.returncode != 0 and "--psu-from" in result.stderr
    wrong = run_cli(tmp_path, "scan", "--from", str(status), "--psu-from", str(tmp_path / "x"))
    assert wrong.returncode != 0 and "does not exist" in wrong.stderr


@pytest.mark.shared("fixtures/liquidctl-status")
def test_every_recorded_supply_reads():
    expected = {
        "corsair-rm1000i_918w": ("Corsair RM1000i", 1000, 918.0),
        "rm650i_docs-example": ("Corsair RM650i", 650, 110.0),
        "flat-format_experimental": ("Corsair RM650i", 650, 110.0),
        "v1.2-flat-format": ("Corsair RM650i", 650, 126.0),
        "nzxt-e500": ("NZXT E500", 500, 26.56),
    }
    files = sorted((SHARED / "fixtures" / "liquidctl-status").glob("*.txt"))
    assert len(files) == len(expected)
    for path in files:
        (key,) = [k for k in expected if k in path.name]
        reading = parse_liquidctl_status(path.read_text(encoding="utf-8"))
        assert reading is not None, path.name
        device, watts, output = expected[key]
        assert (reading.device, rated_watts(reading.device)) == (device, watts)
        assert reading.output_power_w == pytest.approx(output), path.name


def test_a_supply_read_near_its_rating_is_said_on_what_adds_to_it(tmp_path):
    """The RM1000i said it delivered 918 W of its 1,000, and the plan put a second card on it
    without a word of that."""
    report = recording("nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml")
    found = {}
    for name, text in (("low", TREE), ("high", TREE.replace("412.00", "790.00"))):
        status = tmp_path / f"{name}.txt"
        status.write_text(text, encoding="utf-8")
        snapshot = tmp_path / f"{name}.json"
        scanned = run_cli(
            tmp_path, "scan", "--from", str(report), "--psu-from", str(status),
            "--save", str(snapshot),
        )  # fmt: skip
        assert scanned.returncode == 0, scanned.stderr
        planned = run_cli(
            tmp_path, "recommend", "--snapshot", str(snapshot), "--scenario", "sme", "--json"
        )
        options = json.loads(planned.stdout)["options"]
        found[name] = {
            o["action"]: [f for f in o["findings"] if f["id"] == "psu-reading-high"]
            for o in options
        }
    assert not any(found["low"].values())
    assert not found["high"]["keep"] and found["high"]["add"]
    (said,) = found["high"]["add"]
    assert said["params"] == {"output_w": 790, "rated_w": 850, "pct": 93}
