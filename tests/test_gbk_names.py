"""Any file name the system has (issue 51): a GBK-named file or folder (a Windows USB stick on
Linux) reaches Python as lone surrogates, which no file, database or terminal can take. Every
command that takes a path finishes with exit 0 or 1 and a sentence, never a traceback, and
shows the name with its undecodable bytes escaped (\\xNN)."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from conftest import REPO_ROOT, child_env, run_cli
from helpers.fake_python import fake_python

from gpuplanner.core import atomic
from gpuplanner.core.terminal import clean, shown_path, user_text

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="only Linux file systems take names that are not UTF-8"
)

NAME = os.fsdecode("价格".encode("gbk"))  # b"\xbc\xdb\xb8\xf1": two undecodable bytes
FOLDER = os.fsdecode("机器".encode("gbk"))
PLAN = ("recommend", "--scenario", "student")
SHOWN = "\\xbc۸\\xf1"  # how the name is shown: what decodes as UTF-8 does, the rest \xNN


@pytest.fixture
def gbk(tmp_path):
    """A GBK-named folder holding a GBK-named shop list, snapshot and probe result."""
    folder = tmp_path / FOLDER
    folder.mkdir()
    shutil.copyfile(
        REPO_ROOT / "resources" / "kiosk" / "example-prices.csv", folder / f"{NAME}.csv"
    )
    env = child_env(tmp_path)
    saved = run_cli(tmp_path, "scan", "--save", str(folder / f"{NAME}.json"), env=env)
    assert saved.returncode == 0, saved.stderr
    return folder, env


def _ok(result, *, code: tuple[int, ...] = (0, 1)):
    assert result.returncode in code, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr and "Error:" not in result.stderr, result.stderr
    assert "\udcbc" not in result.stdout + result.stderr
    return result


def test_the_name_is_shown_with_its_undecodable_bytes_escaped():
    assert shown_path(Path(FOLDER) / f"{NAME}.csv") == f"\\xbb\\xfa\\xc6\\xf7/{SHOWN}.csv"
    assert clean(f"see {NAME}") == f"see {SHOWN}"
    assert user_text(f" {NAME}\x1b[31m ") == f"{SHOWN}[31m"


def test_a_text_file_holding_such_a_name_is_written(tmp_path):
    target = tmp_path / f"{NAME}.txt"
    atomic.write_text(target, f"from {NAME}")
    assert target.read_text(encoding="utf-8") == f"from {SHOWN}"


def test_import_and_export_of_a_shop_list(tmp_path, gbk):
    folder, env = gbk
    listed = _ok(run_cli(tmp_path, "db", "import-prices", str(folder / f"{NAME}.csv"), env=env))
    assert listed.returncode == 0
    shop = _ok(
        run_cli(
            tmp_path, "db", "import-prices", str(folder / f"{NAME}.csv"), "--shop", NAME, env=env
        )
    )
    assert shop.returncode == 0
    out = folder / f"out-{NAME}.csv"
    exported = _ok(run_cli(tmp_path, "db", "export-prices", str(out), "--shop", NAME, env=env))
    assert exported.returncode == 0 and out.stat().st_size > 0
    pack = folder / f"pack-{NAME}.csv"
    _ok(run_cli(tmp_path, "db", "export-prices", str(pack), "--pack", "bundled", env=env))
    assert _ok(run_cli(tmp_path, "db", "import-prices", str(pack), env=env)).returncode in (0, 1)
    missing = _ok(run_cli(tmp_path, "db", "import-prices", str(folder / f"no-{NAME}.csv"), env=env))
    assert missing.returncode == 1 and SHOWN in missing.stderr


def test_scan_recommend_predict_and_fleet(tmp_path, gbk):
    folder, env = gbk
    snapshot = str(folder / f"{NAME}.json")
    _ok(run_cli(tmp_path, "scan", "--from", snapshot, env=env), code=(0,))
    _ok(run_cli(tmp_path, "scan", "--from", str(folder), env=env), code=(0,))
    report = folder / f"{NAME}.html"
    plan = ["recommend", "--scenario", "student", "--snapshot", snapshot, "--report", str(report)]
    _ok(run_cli(tmp_path, *plan, env=env), code=(0,))
    assert report.stat().st_size > 0
    for option in ("--snapshot", "--probe"):
        missing = _ok(
            run_cli(tmp_path, *plan[:3], option, str(folder / f"no-{NAME}.json"), env=env)
        )
        assert missing.returncode == 1 and SHOWN in missing.stderr
    predict = ["predict", "--gpu", "RTX 4090", "--workload", "resnet50"]
    _ok(run_cli(tmp_path, *predict, "--snapshot", snapshot, env=env), code=(0,))
    missing = _ok(run_cli(tmp_path, *predict, "--probe", str(folder / f"no-{NAME}"), env=env))
    assert missing.returncode == 1 and SHOWN in missing.stderr
    csv_out, html_out = folder / f"{NAME}-fleet.csv", folder / f"{NAME}-fleet.html"
    fleet = ["fleet", str(folder), "--csv", str(csv_out), "--html", str(html_out)]
    _ok(run_cli(tmp_path, *fleet, env=env), code=(0,))
    assert SHOWN in html_out.read_text(encoding="utf-8")  # the machine named for its file
    json_fleet = _ok(run_cli(tmp_path, "fleet", snapshot, "--json", env=env), code=(0,))
    json.loads(json_fleet.stdout)


def test_probe_with_a_gbk_python_and_result(tmp_path, gbk):
    folder, env = gbk
    python = fake_python(folder, "finishes.py").rename(folder / f"python-{NAME}")
    saved = folder / f"probe-{NAME}.json"
    probe = ["probe", "--python", str(python), "--save", str(saved), "--timeout", "30"]
    _ok(run_cli(tmp_path, *probe, env=env))
    assert json.loads(saved.read_text(encoding="utf-8"))["python"].endswith(f"python-{SHOWN}")
    _ok(run_cli(tmp_path, *PLAN, "--probe", str(saved), env=env))
    none = _ok(run_cli(tmp_path, "probe", "--python", str(folder / f"no-{NAME}"), env=env))
    assert none.returncode == 1 and SHOWN in none.stdout + none.stderr


def test_kiosk_and_catalog_build(tmp_path, gbk):
    folder, env = gbk
    config = str(folder / f"{NAME}.json")
    made = _ok(
        run_cli(
            tmp_path, "kiosk", "set-pin", "--config", config, "--pin-stdin", env=env, input="2468\n"
        )
    )
    _ok(run_cli(tmp_path, "kiosk", "check", "--config", config, env=env))
    assert made.returncode in (0, 1)
    built = run_cli(
        tmp_path,
        "db",
        "build",
        "--csv",
        str(folder),
        "--output",
        str(folder / f"{NAME}.sqlite"),
        env=env,
    )
    assert _ok(built).returncode == 1  # no catalog CSV files there: said, not a traceback


@pytest.mark.slow
def test_pdf_reports_to_gbk_names(tmp_path, gbk):
    """Qt takes a file name as text: the PDF is rendered in memory and written by Python."""
    folder, env = gbk
    report = folder / f"{NAME}.pdf"
    _ok(run_cli(tmp_path, *PLAN, "--report", str(report), env=env), code=(0,))
    assert report.read_bytes()[:5] == b"%PDF-"
    lab = folder / f"{NAME}-lab.pdf"
    _ok(
        run_cli(tmp_path, "fleet", str(folder / f"{NAME}.json"), "--pdf", str(lab), env=env),
        code=(0,),
    )
    assert lab.read_bytes()[:5] == b"%PDF-"
