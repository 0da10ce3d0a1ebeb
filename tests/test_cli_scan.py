"""``gpuplanner scan`` on this machine (no GPU here) and with --from, in fresh processes."""

from __future__ import annotations

import json

import pytest
from conftest import child_env, run_cli

pytestmark = pytest.mark.slow


def test_scan_without_a_gpu_says_so_plainly(tmp_path):
    result = run_cli(tmp_path, "scan")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "GPU: none found" in out or "GPU 0:" in out
    assert "CPU:" in out and "System memory:" in out and "TensorFlow:" in out
    assert "Traceback" not in result.stderr


def test_scan_json_is_valid_and_complete(tmp_path):
    result = run_cli(tmp_path, "scan", "--json", "--psu-watts", "650", "--psu-atx", "3")
    data = json.loads(result.stdout)
    assert data["kind"] == "gpuplanner-snapshot" and data["version"] == 1
    assert data["cpu"]["threads"] >= 1 and data["memory"]["total_mib"] > 0
    assert data["tensorflow"]["python_version"]
    assert data["power_supply"]["rated_w"] == 650 and data["power_supply"]["atx_version"] == "3"
    assert data["nvml"]["state"] in (
        "ok",
        "library-missing",
        "driver-not-loaded",
        "python-package-missing",
    )


def test_scan_save_then_from(tmp_path):
    saved = tmp_path / "me.json"
    assert run_cli(tmp_path, "scan", "--save", str(saved)).returncode == 0
    result = run_cli(tmp_path, "scan", "--from", str(saved), "--json")
    assert result.returncode == 0
    (read,) = json.loads(result.stdout)["snapshots"]
    kept = json.loads(saved.read_text(encoding="utf-8"))
    assert read["file"].endswith("me.json") and read["source"] == kept["source"] == "scan"
    assert read["cpu"] == kept["cpu"] and read["gpus"] == kept["gpus"]


def test_scan_from_a_bad_file_exits_1_with_the_reason(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<nvidia_smi_log><gpu>")
    result = run_cli(tmp_path, "scan", "--from", str(bad))
    assert result.returncode == 1 and "bad.xml: not valid XML" in result.stderr


def test_scan_rejects_bad_numbers(tmp_path):
    result = run_cli(tmp_path, "scan", "--psu-watts", "-5")
    assert result.returncode == 2 and "not a plausible value" in result.stderr


def test_scan_does_not_import_tensorflow(tmp_path):
    import subprocess
    import sys

    code = (
        "import sys\nfrom gpuplanner.cli import main\nmain(['scan', '--json'])\n"
        "print('TF' if 'tensorflow' in sys.modules else 'NO-TF', file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=child_env(tmp_path),
        timeout=120,
    )
    assert result.stderr.strip().endswith("NO-TF")
