"""Every probe figure reaches the plan, and the report and the command line say which one
moved the prediction (issue 14: use every probe figure)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import REPO_ROOT

from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.commands.plan_print import print_plan
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.snapshot import load_file
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.probe.results import RESULT_VERSION, Metric, ProbeResult, StepResult
from gpuplanner.report.html import ReportContext, plan_html


@pytest.fixture(scope="module")
def data():
    return load_catalog(user_data=False).data


def _probe(pipeline: float, bandwidth: float, copy: float) -> ProbeResult:
    environment = Metric(
        name="environment",
        value=None,
        unit="",
        params={"gpus": [{"name": "NVIDIA GeForce RTX 3060"}]},
    )
    steps = (
        StepResult("env", "ok", (environment,)),
        StepResult(
            "matmul",
            "ok",
            (Metric(name="fp16", value=19.0, unit="TFLOPS", spread_pct=2.0, runs=7),),
        ),
        StepResult(
            "bandwidth",
            "ok",
            (Metric(name="device_memory", value=bandwidth, unit="GB/s", spread_pct=1.0, runs=7),),
        ),
        StepResult(
            "transfer",
            "ok",
            (Metric(name="host_to_device", value=copy, unit="GB/s", spread_pct=1.0, runs=7),),
        ),
        StepResult(
            "input",
            "ok",
            (
                Metric(
                    name="jpeg_decode_augment",
                    value=pipeline,
                    unit="images/s",
                    spread_pct=3.0,
                    runs=7,
                ),
            ),
        ),
    )
    return ProbeResult(
        version=RESULT_VERSION,
        status="ok",
        mode="quick",
        python="python",
        started="now",
        seconds=12.0,
        steps=steps,
    )


def _plan(data, probe):
    snapshot = enrich(
        load_file(REPO_ROOT / "tests" / "data" / "snapshots" / "rtx3060-telegraf.json"), data
    )
    facts = machine_facts(snapshot, probe, data)
    request = PlanRequest(
        scenario=Scenario.STUDENT, currency="CNY", workload="resnet50", machine=facts
    )
    return facts, recommend(replace(request, today="2026-11-30"), data, load_speed_model())


def test_the_probe_figures_reach_the_machine_facts(data):
    facts, _ = _plan(data, _probe(pipeline=250.0, bandwidth=150.0, copy=12.0))
    assert (facts.matmul_tflops, facts.bandwidth_gbs, facts.copy_gbs) == (19.0, 150.0, 12.0)
    assert facts.pipeline_images_s == 250.0 and facts.machine_factor is not None


def test_the_report_and_the_command_line_say_which_figure_moved_the_prediction(data, capsys):
    _facts, plan = _plan(data, _probe(pipeline=250.0, bandwidth=150.0, copy=12.0))
    figures = [e.figure for e in plan.probe_effects]
    assert "bandwidth" in figures and "pipeline" in figures
    context = ReportContext(generated="2026-11-30 12:00", app_version="x", catalog_version="y")
    english = plan_html(plan, "en", context)
    assert "What the probe changed" in english
    assert "The CPU decodes and augments 250 images/s" in english
    assert "Memory bandwidth: 150 GB/s" in english
    chinese = plan_html(plan, "zh_CN", context)
    assert "实测结果对预测的影响" in chinese and "每秒只能解码并增强 250 张图片" in chinese
    print_plan(plan, "en", 3)
    assert "Memory bandwidth: 150 GB/s" in capsys.readouterr().out


def test_a_healthy_probe_moves_nothing_and_says_nothing(data, capsys):
    # A pipeline no card outruns, a bandwidth near the 3060's typical 306 GB/s, a PCIe 4.0 x16 copy rate.
    _facts, plan = _plan(data, _probe(pipeline=50_000.0, bandwidth=300.0, copy=12.0))
    assert [e.figure for e in plan.probe_effects] in ([], ["matmul"])
    context = ReportContext(generated="2026-11-30 12:00", app_version="x", catalog_version="y")
    assert "Memory bandwidth:" not in plan_html(plan, "en", context)


def test_the_calibration_rules_on_their_own():
    from gpuplanner.planning.speed import calibration

    # Healthy or cache-inflated readings move nothing; a slow memory scales, never below 0.3.
    assert calibration.bandwidth_factor(800.0, 936.0) is None
    assert calibration.bandwidth_factor(2000.0, 1008.0) is None
    assert calibration.bandwidth_factor(400.0, 936.0) == pytest.approx(400 / (936 * 0.85))
    assert calibration.bandwidth_factor(10.0, 936.0) == 0.3
    assert calibration.bandwidth_factor(None, 936.0) is None
    # The lower of the two caps decides, and says which; jobs that are not images get none.
    assert calibration.input_cap("resnet50", 900.0, 12.0) == (900.0, "pipeline")
    cap, figure = calibration.input_cap("resnet50", 9000.0, 0.5)
    assert figure == "copy" and cap == pytest.approx(0.5e9 / 602_112)
    assert calibration.input_cap("bert-large", 100.0, 0.1) == (None, None)


def test_the_headline_says_once_that_the_probe_caps_the_speeds(data):
    """After a probe, every card above the cap showed the same speed; the reason was only in
    each card's details (issue 41). The headline says it, once, in the user's language."""
    from gpuplanner.report.plan_view import headline

    _facts, plan = _plan(data, _probe(pipeline=250.0, bandwidth=150.0, copy=12.0))
    english, chinese = headline(plan, "en"), headline(plan, "zh_CN")
    assert english.probe_cap is not None and "250 images/s" in english.probe_cap
    assert chinese.probe_cap is not None and "250" in chinese.probe_cap
    assert english.probe_cap != chinese.probe_cap
    _facts, healthy = _plan(data, _probe(pipeline=90_000.0, bandwidth=340.0, copy=25.0))
    assert headline(healthy, "en").probe_cap is None
