"""The wizard walked page by page with a fake scan and a fake probe, including the error paths."""

from __future__ import annotations

import json

import pytest
from fakenvml import FakeNvml
from helpers.wizard import fake_scan
from PySide6.QtCore import Qt

from gpuplanner.app.session import Session
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.scan import ScanOptions, scan_system
from gpuplanner.ui.controller import WizardController
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.translator import LanguageSwitcher


def _next(window, qtbot):
    qtbot.mouseClick(window.next_button, Qt.MouseButton.LeftButton)


def test_walk_every_page_forward_and_back(wizard, qtbot, tmp_path):
    window, controller = wizard()
    assert not window.next_button.isEnabled()  # choose a scenario first
    qtbot.mouseClick(window.scenario_page.cards[Scenario.SME], Qt.MouseButton.LeftButton)
    assert controller.session.scenario is Scenario.SME and window.next_button.isEnabled()

    _next(window, qtbot)  # this computer: the scan runs by itself
    assert window.pages.currentWidget() is window.computer_page
    qtbot.waitUntil(lambda: "RTX 4090" in window.computer_page.summary.text(), timeout=20000)
    assert "Gen4 card in a Gen3 slot" in window.computer_page.summary.text()
    window.computer_page.psu_watts.setValue(550)
    assert controller.session.psu_watts == 550

    _next(window, qtbot)  # probe
    with qtbot.waitSignal(controller.probe_finished, timeout=20000):
        qtbot.mouseClick(window.probe_page.start_button, Qt.MouseButton.LeftButton)
    assert "images/s" in window.probe_page.result_label.text()
    assert window.probe_page.chart is not None

    _next(window, qtbot)  # workload and budget
    page = window.workload_page
    # The small firm's usual jobs are its default: the largest decides the memory.
    assert page.mix.table.rowCount() == 3 and "the largest job" in page.vram_label.text()
    assert not page.workload.isEnabled()
    page.mix.table.setCurrentCell(0, 0)
    for _ in range(3):
        page.mix.remove_job.click()  # one job of the user's own instead
    assert page.workload.isEnabled() and controller.session.job.jobs == ()
    before = page.vram_label.text()
    page.workload.setCurrentIndex(page.workload.findData("llm"))
    page.llm_mode.setCurrentIndex(page.llm_mode.findData("full"))
    assert page.vram_label.text() != before and page.breakdown.rowCount() >= 5
    page.workload.setCurrentIndex(page.workload.findData("bert-large"))
    page.budget.setValue(20000)
    assert controller.session.job.budget == 20000

    _next(window, qtbot)  # recommendations
    results = window.results_page
    qtbot.waitUntil(lambda: results.model.rowCount() > 100, timeout=20000)
    assert results.model.options[0].offered
    best = results.model.options[0]
    assert "RTX 4090" in results.heading.text() or best.gpu in results.details.text()
    assert controller.plan.options[0].predicted_relative  # relative to the scanned RTX 4090
    results.table.selectRow(0)
    results.table.selectRow(1)
    results.table.selectionModel().select(
        results.proxy.index(1, 0),
        results.table.selectionModel().SelectionFlag.Select
        | results.table.selectionModel().SelectionFlag.Rows,
    )
    assert results.compare.columnCount() >= 1
    # A card that does not fit selected, then hidden: the details follow the table.
    blocked = next(i for i, o in enumerate(results.model.options) if not o.offered)
    results.table.selectRow(results.proxy.mapFromSource(results.model.index(blocked, 0)).row())
    results.show_all.setChecked(False)
    assert results.proxy.rowCount() == len(controller.plan.fitting())
    shown = results.selected_options()
    assert shown and shown[0].offered and shown[0].gpu in results.details.text()

    _next(window, qtbot)  # report
    report = window.report_page
    assert "GPU purchase plan" in report.preview.toHtml() and report.qr.pixmap() is not None
    for kind in ("html", "json", "pdf"):
        report.save_to(kind, tmp_path / f"plan.{kind}")
        assert (tmp_path / f"plan.{kind}").stat().st_size > 100
    assert json.loads((tmp_path / "plan.json").read_text())["scenario"] == "sme"
    assert not window.next_button.isEnabled()

    for _ in range(5):
        qtbot.mouseClick(window.back_button, Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.scenario_page


def test_no_nvidia_driver_is_explained(wizard, qtbot, tmp_path):
    import fakenvml

    def scanner():
        return scan_system(
            ScanOptions(
                root=tmp_path,
                platform="linux",
                nvml=FakeNvml(init_error=fakenvml.NVMLError_DriverNotLoaded),
                read_rapl=False,
                read_psu=False,
            )
        )

    window, _ = wizard(scanner=scanner)
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(1)
    qtbot.waitUntil(lambda: "none found" in window.computer_page.summary.text(), timeout=20000)
    text = window.computer_page.summary.text()
    assert "installed but not running" in text and "Secure Boot" in text


def test_a_failing_scan_shows_a_message_not_a_traceback(wizard, qtbot):
    def broken():
        raise OSError("sysfs is not readable")

    window, _ = wizard(scanner=broken)
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(1)
    qtbot.waitUntil(lambda: window.error_label.isVisible(), timeout=20000)
    assert (
        "sysfs is not readable" in window.error_label.text()
        and "Traceback" not in window.error_label.text()
    )
    assert window.computer_page.scan_button.isEnabled()


def test_a_crashed_probe_says_so(wizard, qtbot):
    window, controller = wizard(probe_status="crashed")
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(2)
    with qtbot.waitSignal(controller.probe_finished, timeout=20000):
        qtbot.mouseClick(window.probe_page.start_button, Qt.MouseButton.LeftButton)
    assert "SIGSEGV" in window.probe_page.result_label.text()
    assert window.probe_page.start_button.isEnabled()


@pytest.mark.parametrize(
    ("status", "words"), [("cancelled", "Cancelled after"), ("timeout", "Stopped after")]
)
def test_a_cancelled_or_stopped_probe_does_not_say_finished(wizard, qtbot, status, words):
    """Issue 16: "Finished in 5 s" once followed a cancel."""
    window, controller = wizard(probe_status=status)
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(2)
    with qtbot.waitSignal(controller.probe_finished, timeout=20000):
        qtbot.mouseClick(window.probe_page.start_button, Qt.MouseButton.LeftButton)
    assert words in window.probe_page.step_label.text()
    assert "Finished" not in window.probe_page.step_label.text()


def test_when_nothing_fits_the_pages_still_work(wizard, qtbot):
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    controller.session.update(budget=100.0)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    assert controller.plan.fitting() == ()
    assert "0" in window.results_page.heading.text()
    window.go(5)
    assert "GPU purchase plan" in window.report_page.preview.toHtml()


def test_language_switch_reaches_every_page(wizard, qtbot, qapp):
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        controller.session.language = "zh_CN"
        qtbot.waitUntil(lambda: window.results_page.tabs.tabText(2) == "对比", timeout=5000)
        assert window.results_page.model.headerData(2, Qt.Orientation.Horizontal) == "显卡"
        assert window.workload_page.heading.text() == "要训练什么？预算多少？"
    finally:
        switcher.switch("en")


def test_the_last_scan_comes_back_next_run(qapp, qtbot):
    from gpuplanner.core import paths
    from gpuplanner.ui.app import Application, LaunchOptions

    first = Application(qapp, LaunchOptions(language="en"))
    qtbot.addWidget(first.window)
    first.window.go(1)
    qtbot.waitUntil(lambda: first.session.snapshot is not None, timeout=30000)
    qtbot.waitUntil(lambda: (paths.user_data_dir() / "last-scan.json").is_file(), timeout=5000)
    second = Application(qapp, LaunchOptions(language="en"))
    qtbot.addWidget(second.window)
    second.window.go(1)
    qtbot.waitUntil(lambda: second.session.snapshot is not None, timeout=30000)
    assert second.session.snapshot.machine == first.session.snapshot.machine


def test_the_probe_runs_the_named_python_and_the_kiosk_offers_no_such_field(qtbot):
    started = []

    class Recorder(WizardController):
        def start_probe(self, mode="quick", python=None):
            started.append(python)

    desktop = MainWindow("en", "CNY", Recorder(Session()))
    kiosk = MainWindow("en", "CNY", Recorder(Session()), allow_files=False)
    qtbot.addWidget(desktop)
    qtbot.addWidget(kiosk)
    page = desktop.probe_page
    page.python_edit.setText("  /opt/conda/bin/python  ")
    page.start_button.click()
    assert started == ["/opt/conda/bin/python"]
    assert kiosk.probe_page.python_edit.isHidden() and kiosk.probe_page.python_browse.isHidden()


def test_results_page_says_keep_needs_and_ways_forward_in_both_languages(
    wizard, qtbot, qapp, tmp_path
):
    from gpuplanner.app.inventory import enrich
    from gpuplanner.catalog.store import Catalog

    window, controller = wizard()
    with Catalog.open() as catalog:
        controller.session.snapshot = enrich(fake_scan(tmp_path)(), catalog.load_all())
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    page = window.results_page
    assert controller.plan.no_purchase_needed  # the scanned RTX 4090 holds ResNet-50
    assert "No purchase needed" in page.banner.text() and page.banner.isVisible()
    assert page.model.data(page.model.index(0, 1)) == "Keep what you have"
    assert "Keep what you have: GeForce RTX 4090" in page.details.text()

    session = controller.session
    with session.changes():  # the session plans again, once
        session.scenario = Scenario.LLM
        session.update(workload="llm", llm_model="llama-2-13b", llm_mode="lora", budget=8_000.0)
    plan = controller.plan
    assert not plan.no_purchase_needed and plan.alternatives
    # Keras's cheaper method (QLoRA's NF4 base is PyTorch's, never proposed on TensorFlow).
    assert "Ways forward" in page.banner.text() and "LoRA on an int8 base" in page.banner.text()
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")  # as the app's set_language does: Qt's words and the session's
        session.language = "zh_CN"
        qtbot.waitUntil(lambda: "可以这样调整" in page.banner.text(), timeout=5000)
        assert "改用 int8 量化基座模型上的 LoRA" in page.banner.text()
        assert page.model.data(page.model.index(0, 1)) in ("加装", "更换", "保留现有显卡")
    finally:
        switcher.switch("en")
        session.language = "en"


def test_the_memory_breakdown_speaks_the_window_language(wizard, qapp):
    """Issue 16: the breakdown once stayed English ("weights", "parameters x 4 B") in Chinese."""
    import re

    window, controller = wizard(language="zh_CN")
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        controller.session.scenario = Scenario.LLM
        window.go(3)
        page = window.workload_page
        page.load_from_session()
        cells = [
            page.breakdown.item(r, c).text()
            for r in range(page.breakdown.rowCount())
            for c in (0, 2)
        ]
        assert (cells and "权重" in cells[0]) or any("权重" in c for c in cells)
        latin_words = [w for c in cells for w in re.findall(r"[A-Za-z]{4,}", c)]
        # Only names that stay Latin in Chinese text: LoRA, Adam, CUDA and the like.
        names = {"LoRA", "Adam", "CUDA", "logits", "NF4", "TensorFlow", "PyTorch", "Keras"}
        assert set(latin_words) <= names, latin_words
    finally:
        switcher.switch("en")


def test_a_new_plan_brings_its_first_row_into_view(wizard, qtbot):
    """Issue 16: after a recompute the table kept its scroll position, the new #1 off screen."""
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.LLM)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    table = window.results_page.table
    bar = table.verticalScrollBar()
    if bar.maximum() == 0:
        pytest.skip("every row fits on the screen")
    bar.setValue(bar.maximum())
    controller.session.update(budget=150_000.0)  # the session plans again
    qtbot.waitUntil(lambda: bar.value() == 0, timeout=3000)


def test_enter_in_a_field_goes_on_to_the_next_page(wizard, qtbot):
    """Issue 16: Enter in a field did nothing."""
    window, _controller = wizard()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(3)
    page = window.workload_page
    page.budget.setFocus()
    qtbot.keyClick(page.budget, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == 4, timeout=3000)


def test_the_details_tab_bar_stays_put_whatever_the_text(wizard, qtbot):
    """Issue 16: the details' tab bar jumped as the text length changed, so clicks missed."""
    from PySide6.QtCore import QItemSelectionModel

    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.LLM)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    page = window.results_page
    bar = page.tabs.tabBar()
    places = set()
    lengths = set()
    for row in range(min(page.proxy.rowCount(), 12)):
        page.table.selectionModel().select(
            page.proxy.index(row, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        qtbot.wait(20)
        lengths.add(len(page.details.text()))
        places.add(bar.mapTo(window, bar.rect().topLeft()).y())
    assert len(lengths) > 1 and len(places) == 1, (lengths, places)


def test_the_driver_line_speaks_the_window_language_and_once(wizard, qapp, tmp_path):
    """Issue 16: the raw "NVML Shared Library Not Found" appeared twice, with an English hint."""
    from dataclasses import replace

    from gpuplanner.core.findings import Finding
    from gpuplanner.hardware.records import DriverStatus

    raw = "NVML Shared Library Not Found"
    snapshot = replace(
        fake_scan(tmp_path)(),
        gpus=(),
        nvml=DriverStatus("library-missing", raw),
        findings=(Finding("no-nvidia-gpu", "info", {"detail": raw, "state": "library-missing"}),),
    )
    window, _controller = wizard(language="zh_CN")
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        text = window.computer_page.describe(snapshot)
    finally:
        switcher.switch("en")
    assert raw not in text and "Install the NVIDIA driver" not in text
    assert "未安装" in text


def test_the_job_page_asks_the_inference_engine_and_states_its_error(wizard, qtbot):
    """Issue 28: the engine decides the decode speed; the page offers the engines that load
    the chosen weights, the default first, and says what the engine's predictions are worth."""
    from gpuplanner.app.speed_model_file import load_speed_model

    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.LLM)
    window.go(3)
    page = window.workload_page
    page.workload.setCurrentIndex(page.workload.findData("llm"))
    page.llm_mode.setCurrentIndex(page.llm_mode.findData("inference"))
    page.bits.setCurrentIndex(page.bits.findData(16))
    names = [page.engine.itemData(i) for i in range(page.engine.count())]
    assert names[0] is None and "KerasHub" in page.engine.itemText(0)
    assert "exllama" not in names and "transformers" in names
    page.engine.setCurrentIndex(page.engine.findData("transformers"))
    assert controller.session.job.engine == "transformers"
    error = load_speed_model().engines["transformers"].error_pct(16)
    assert f"±{error:.0f}%" in page.engine_note.text()
    # 4-bit weights: KerasHub does not load them, transformers is kept, ExLlama is offered.
    page.bits.setCurrentIndex(page.bits.findData(4))
    names = [page.engine.itemData(i) for i in range(page.engine.count())]
    assert "keras" not in names and "exllama" in names
    assert controller.session.job.engine == "transformers"
    page.engine.setCurrentIndex(page.engine.findData("exllama"))
    page.bits.setCurrentIndex(page.bits.findData(16))  # ExLlama has no 16-bit: back to default
    assert controller.session.job.engine is None and page.engine.currentIndex() == 0
    page.llm_mode.setCurrentIndex(page.llm_mode.findData("lora"))
    assert not page.engine.isEnabled() and page.engine_note.isHidden()


def test_the_job_page_shows_what_the_plan_resolves(wizard):
    """The job page's fields start at what planning/job/resolve.py:resolve fills, not defaults of its
    own (issue 40): the user's own model with no method shows the method it is planned from."""
    from gpuplanner.app.session import resolved_job

    window, controller = wizard()
    session = controller.session
    session.scenario = Scenario.LLM
    session.update(llm_params_b=13.0, llm_model=None, llm_mode=None)
    window.go(3)
    page = window.workload_page
    page.load_from_session()
    job = resolved_job(session)
    assert page.llm_mode.currentData() == job.method == "qlora"
    assert page.max_gpus.value() == job.max_gpus
