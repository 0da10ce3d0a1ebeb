"""The probe page's words and its memory of a good result (issue 16: a cancelled re-run hid the
earlier result; the bar sat at 0% while TensorFlow loaded; step details stayed English)."""

from __future__ import annotations

import pytest
from helpers.wizard import FakeRunner, fake_scan

from gpuplanner.app.session import Session
from gpuplanner.probe.results import RESULT_VERSION, ProbeResult
from gpuplanner.ui.controller import WizardController
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.probe_view import detail_words
from gpuplanner.ui.translator import LanguageSwitcher


class CancelledRunner(FakeRunner):
    """Gets as far as importing TensorFlow, then is cancelled."""

    def run(self):
        from gpuplanner.probe.runner import ProbeEvent

        self.on_event(ProbeEvent("progress", "import", 0.0, "importing TensorFlow"))
        return ProbeResult(
            version=RESULT_VERSION,
            status="cancelled",
            mode="quick",
            python="python",
            started="now",
            seconds=2.0,
            steps=(),
        )


@pytest.fixture
def page(qtbot, tmp_path):
    runners = [FakeRunner, CancelledRunner]
    controller = WizardController(
        Session(currency="CNY"),
        scanner=fake_scan(tmp_path),
        probe_factory=lambda on_event: runners.pop(0)(on_event),
    )
    window = MainWindow("en", "CNY", controller)
    qtbot.addWidget(window)
    window.go(2)
    return window.probe_page, controller


def test_a_cancelled_rerun_keeps_the_earlier_result(page, qtbot):
    probe_page, controller = page
    probe_page._start()
    qtbot.waitUntil(lambda: controller.session.probe is not None, timeout=20000)
    good = controller.session.probe
    shown = probe_page.result_label.text()
    assert good.status == "ok" and "images/s" in shown
    probe_page._start()
    qtbot.waitUntil(lambda: probe_page.start_button.isEnabled(), timeout=20000)
    assert controller.session.probe is good
    assert probe_page.result_label.text() == shown
    assert "earlier result is kept" in probe_page.step_label.text()
    assert probe_page.progress.maximum() == 100  # no busy bar left behind


def test_loading_tensorflow_shows_a_busy_bar_not_zero(page):
    from gpuplanner.probe.runner import ProbeEvent

    probe_page, _controller = page
    probe_page._event(ProbeEvent("progress", "import", 0.0, "importing TensorFlow"))
    assert probe_page.progress.maximum() == 0  # Qt's busy indicator
    assert "Loading TensorFlow" in probe_page.step_label.text()
    probe_page._event(ProbeEvent("progress", "matmul", 0.5, "fp16 8192x8192"))
    assert probe_page.progress.maximum() == 100 and probe_page.progress.value() > 0


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("importing TensorFlow", "导入库"),
        ("starting", "开始"),
        ("cnn mixed", "小型 CNN，混合精度"),
        ("decode and augment JPEGs", "解码并增强 JPEG 图片"),
        ("2 GPUs", "2 块显卡"),
        ("fp16 8192x8192", "fp16 8192x8192"),
    ],
)
def test_the_step_details_speak_chinese(qapp, text, words):
    from PySide6.QtCore import QCoreApplication

    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        got = detail_words(text, lambda s: QCoreApplication.translate("ProbePage", s))
        assert got == words
    finally:
        switcher.switch("en")


def test_qt_own_dialog_words_follow_the_language(qapp):
    """The file dialog's "Look in" and "Files of type" come from Qt's own catalogue."""
    from PySide6.QtCore import QCoreApplication

    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        assert QCoreApplication.translate("QFileDialog", "Look in:") != "Look in:"
        assert QCoreApplication.translate("QFileDialog", "Files of type:") != "Files of type:"
    finally:
        switcher.switch("en")


def test_a_diagnosis_speaks_the_window_language(qapp):
    """TensorFlow's log problems were shown in English in the Chinese window."""
    from PySide6.QtCore import QCoreApplication

    from gpuplanner.probe.diagnosis import diagnose_environment, diagnose_log
    from gpuplanner.ui.probe_view import diagnosis_words

    items = diagnose_log(
        "W bfc_allocator.cc:479] OOM when allocating tensor with shape[64,1024,56,56]\n"
        "E cuda_dnn.cc:361] CUDA driver version is insufficient for CUDA runtime version\n"
    ) + diagnose_environment({"gpus": [], "is_cuda_build": True}, nvidia_gpus_seen_by_scan=2)
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        words = [
            diagnosis_words(i, lambda t: QCoreApplication.translate("Diagnosis", t)) for i in items
        ]
    finally:
        switcher.switch("en")
    assert (
        words[0]
        == "显存不足（形状为 [64,1024,56,56] 的张量）：请减小批大小或模型，或使用混合精度。"
    )
    assert "驱动" in words[1] and "2 块" in words[2]
    assert [diagnosis_words(i, lambda t: t) for i in items] == [i.message for i in items]
