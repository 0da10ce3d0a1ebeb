"""The machine is described once (report/machine_view.py) and the computer page, ``gpuplanner
scan`` and the report each lay out those same words: every line, in both languages (issue 29).
"""

from __future__ import annotations

import html

import pytest
from conftest import REPO_ROOT, run_cli

from gpuplanner.app.inventory import enrich
from gpuplanner.app.scanning import read_snapshot
from gpuplanner.planning.machine.kind import machine_kind
from gpuplanner.report.machine_text import machine_rows
from gpuplanner.report.machine_view import machine_view

REPORTS = REPO_ROOT / "tests" / "fixtures" / "nvidia-smi-q-x"
MACHINES = [
    "nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml",  # two cards: findings by card
    "nvidia-smi-q-x_gtx1050-hp-laptop_pcie-x8-of-x16_power-na.xml",  # a laptop, no power read
]


def _described(data, name: str, language: str):
    snapshot = enrich(read_snapshot(REPORTS / name), data)
    kind = machine_kind(snapshot, {g.id: g for g in data.gpus})
    return snapshot, kind, machine_view(snapshot, language, kind)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", MACHINES)
def test_the_report_shows_the_descriptions_lines(data, name, language):
    snapshot, kind, view = _described(data, name, language)
    rows = machine_rows(snapshot, None, language, kind)
    assert rows[0][1] == view.title
    assert [(label, value) for label, value in rows[1:]] == [
        (line.label, f"{line.value} — {line.hint}" if line.hint else line.value)
        for line in view.lines
    ]


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", MACHINES)
def test_the_command_line_prints_the_descriptions_lines(tmp_path, data, name, language):
    _snapshot, _kind, view = _described(data, name, language)
    result = run_cli(tmp_path, "scan", "--from", str(REPORTS / name), "--language", language)
    assert result.returncode == 0, result.stderr
    printed = result.stdout.splitlines()
    assert view.title in printed
    for line in view.lines:
        assert f"{line.label}{view.colon}{line.value}" in printed
    for said in view.findings:
        assert any(p.strip().endswith(said.text) for p in printed), said.text
    if language != "en":
        assert view.colon == "：" and any("：" in p for p in printed)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", MACHINES)
def test_the_computer_page_shows_the_descriptions_lines(wizard, data, name, language):
    window, _controller = wizard(language=language)
    snapshot, _kind, view = _described(data, name, language)
    shown = window.computer_page.describe(snapshot)
    assert f"<h3>{html.escape(view.title)}</h3>" in shown
    for line in view.lines:
        assert html.escape(line.label + view.colon) in shown
        assert html.escape(line.value) in shown
        assert html.escape(line.hint) in shown
    for said in view.findings:
        assert html.escape(said.text) in shown


def test_the_words_follow_the_language(data):
    _s, _k, english = _described(data, MACHINES[0], "en")
    _s, _k, chinese = _described(data, MACHINES[0], "zh_CN")
    assert english.title.endswith(chinese.title.split("：")[-1])  # the file's name is its own
    assert [line.label for line in english.lines] != [line.label for line in chinese.lines]
    assert any("显卡" in line.label for line in chinese.lines)
    assert all("GPU" not in said.text.split("：")[0] for said in chinese.findings)


def test_a_laptops_narrow_link_is_a_fact_not_a_slot_to_check(data):
    """A laptop's GPU is wired x8 by its maker: no slot, riser or M.2 drive to move."""
    laptop, _kind, view = _described(data, MACHINES[1], "en")
    ids = [f.id for f in laptop.findings]
    assert "pcie-laptop-width" in ids and "pcie-width-below-max" not in ids
    assert all(f.severity == "info" for f in laptop.findings if f.id == "pcie-laptop-width")
    assert not any("check the slot" in said.text for said in view.findings)
    cloud = enrich(
        read_snapshot(REPORTS / "nvidia-smi-q-x_a10g_aws_pcie-gen1-of-4-x8-of-x16.xml"), data
    )
    assert "pcie-width-below-max" in [f.id for f in cloud.findings]  # not a laptop: still said


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (
            "nvidia-smi-q-x/nvidia-smi-q-x_a100-sxm4-80gb_mig-enabled_partial-1-of-4-gpus.xml",
            ("MIG on: 4 slices of up to 19.5 GB", "MIG 已开启：4 个切片，最大 19.5 GB"),
        ),
        (
            "nvidia-smi-query-gpu-csv/nvidia-smi-query-gpu_h100-80gb-hbm3_mig-enabled_drv590_idle_all-fields.csv",
            ("MIG on (its slices not listed", "MIG 已开启（报告未列出切片"),
        ),
    ],
)
def test_the_scan_page_says_mig_is_on_and_what_a_process_gets(name, words):
    """The A100 report read "80 GB" on the scan page, MIG never said, while TensorFlow gets one
    19.5 GB slice (the plan said so; the page did not)."""
    from conftest import recording

    from gpuplanner.hardware.snapshot import load_paths

    (_name, snapshot), *_ = load_paths([recording(name)]).snapshots
    for language, said in zip(("en", "zh_CN"), words, strict=True):
        line = machine_view(snapshot, language).lines
        assert any(said in item.value for item in line), [item.value for item in line]
