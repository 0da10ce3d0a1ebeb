"""The probe page tells the truth (issue 41): each run starts clean, the Chinese page has no
English status, the computer's own memory is not called GPU memory, the axes show plain
units."""

from __future__ import annotations

import pytest
from helpers.chinese import allowed_words, offenders, visible_texts
from helpers.wizard import FakeRunner, fake_scan

from gpuplanner.app.session import Session
from gpuplanner.probe.results import RESULT_VERSION, Metric, ProbeResult, StepResult
from gpuplanner.ui.controller import WizardController
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.translator import LanguageSwitcher

CANCEL_WORDS = ("cancel", "取消")


class CancelledRunner(FakeRunner):
    """Cancelled while TensorFlow loads, with the runner's own English message."""

    def run(self):
        return ProbeResult(
            version=RESULT_VERSION,
            status="cancelled",
            mode="quick",
            python="python",
            started="now",
            seconds=2.0,
            steps=(),
            message="cancelled by the user",
        )


class CpuRunner(FakeRunner):
    """A machine without a GPU: the matmul in a fraction of a TFLOPS, RAM bandwidth."""

    def run(self):
        steps = (
            StepResult(
                "env",
                "ok",
                (Metric(name="environment", value=1, unit="GPUs", params={"gpus": []}),),
            ),
            StepResult(
                "matmul",
                "ok",
                (Metric(name="fp32", value=0.42, unit="TFLOPS", spread_pct=2.0, runs=7),),
            ),
            StepResult(
                "bandwidth",
                "ok",
                (Metric(name="device_memory", value=21.0, unit="GB/s", spread_pct=2.0, runs=7),),
            ),
            StepResult(
                "input",
                "ok",
                (
                    Metric(
                        name="jpeg_decode_augment",
                        value=310.0,
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
            seconds=9.0,
            steps=steps,
        )


@pytest.fixture
def probe_window(qtbot, qapp, tmp_path):
    switcher = LanguageSwitcher(qapp)

    def make(language, *runners):
        queue = list(runners)
        switcher.switch(language)
        controller = WizardController(
            Session(currency="CNY", language=language),
            scanner=fake_scan(tmp_path),
            probe_factory=lambda on_event: queue.pop(0)(on_event),
        )
        window = MainWindow(language, "CNY", controller)
        qtbot.addWidget(window)
        window.resize(1100, 760)
        window.show()
        window.go(2)
        return window, controller

    yield make
    switcher.switch("en")


def _run(page, qtbot):
    page._start()
    qtbot.waitUntil(page.start_button.isEnabled, timeout=20000)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_run_after_a_cancelled_one_says_nothing_of_the_cancel(probe_window, qtbot, language):
    window, controller = probe_window(language, CancelledRunner, CpuRunner)
    page = window.probe_page
    _run(page, qtbot)
    # Said once (issue 50: "The probe stopped: cancelled by the user" and "Cancelled after
    # 0 s; nothing was measured after that." one above the other).
    lines = (page.result_label.text() + "\n" + page.step_label.text()).lower().splitlines()
    assert sum(any(w in line for w in CANCEL_WORDS) for line in lines) == 1, lines
    page._start()  # while the new run goes, the old run's words are gone
    assert not any(w in page.result_label.text().lower() for w in CANCEL_WORDS)
    qtbot.waitUntil(page.start_button.isEnabled, timeout=20000)
    shown = page.result_label.text() + page.step_label.text()
    assert controller.session.probe.status == "ok"
    assert not any(w in shown.lower() for w in CANCEL_WORDS), shown


def test_the_chinese_probe_page_has_no_english(probe_window, qtbot):
    window, _controller = probe_window("zh_CN", CancelledRunner, CpuRunner)
    page = window.probe_page
    allowed = allowed_words()
    _run(page, qtbot)
    assert "已取消" in page.step_label.text()
    assert not offenders(visible_texts(page), allowed)
    _run(page, qtbot)
    assert "CPU" in page.result_label.text()
    assert not offenders(visible_texts(page), allowed)
    # The chart: host memory is 内存, not 显存; the axes carry no "(x0.001)" of their own.
    ticks = [plot.getAxis("bottom")._tickLevels[0][0][1] for plot in page.chart.plots]
    assert any(t.startswith("内存") for t in ticks) and not any("显存" in t for t in ticks)
    assert not offenders(ticks, allowed)
    for plot in page.chart.plots:
        axis = plot.getAxis("left")
        axis.setRange(0, 0.5)  # a CPU's fraction of a TFLOPS once read "TFLOPS (x0.001)"
        assert "(x" not in axis.labelString(), axis.labelString()
