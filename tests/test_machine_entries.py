"""What this computer is at every start, and the entries no scan can see kept per machine
(issue 50): a report opened once is offered at the next start, never planned as this
computer, and a supply typed for one machine never reaches another's plan."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import REPO_ROOT

from gpuplanner.app.machine_entries import (
    MachineEntries,
    MachineMemory,
    OpenedFile,
    apply_entries,
    entries_of,
    machine_key,
)
from gpuplanner.app.scanning import read_snapshot
from gpuplanner.app.session import Session

REPORT = (
    REPO_ROOT
    / "tests"
    / "fixtures"
    / "nvidia-smi-q-x"
    / "nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml"
)


def test_a_machine_is_known_by_its_gpus_else_its_file(tmp_path):
    report = read_snapshot(REPORT)
    uuids = sorted(g.uuid for g in report.gpus)
    assert len(uuids) == 2 and all(uuids)
    # The same two cards, from whichever file: one machine.
    assert machine_key(report, REPORT) == machine_key(report, tmp_path / "copy.xml")
    assert machine_key(report, None) == "gpus:" + ",".join(uuids)
    no_ids = replace(report, gpus=tuple(replace(g, uuid=None) for g in report.gpus))
    assert machine_key(no_ids, tmp_path / "a.xml") != machine_key(no_ids, tmp_path / "b.xml")
    assert machine_key(no_ids, None) == f"{report.source}:{report.machine}"


def test_entries_are_kept_per_machine_and_survive_a_damaged_book(tmp_path):
    memory = MachineMemory(tmp_path / "machines.json")
    desk = MachineEntries(psu_watts=500, case_form="atx", gpu_clearance_mm=280, tariff=0.6)
    memory.keep("scan:desk", desk, "2026-01-02")
    memory.keep("gpus:GPU-3090", MachineEntries(psu_watts=850), "2026-01-03")
    assert memory.recall("scan:desk") is not None
    assert memory.recall("scan:desk").entries == desk
    assert memory.recall("scan:desk").saved == "2026-01-02"
    assert memory.recall("gpus:GPU-3090").entries.psu_watts == 850
    assert memory.recall("gpus:other") is None
    memory.keep("scan:desk", desk, "2026-02-01")  # unchanged: the day they were typed stays
    assert memory.recall("scan:desk").saved == "2026-01-02"
    memory.keep("scan:desk", MachineEntries(), "2026-02-01")  # all cleared: forgotten
    assert memory.recall("scan:desk") is None
    memory.opened_file(OpenedFile(path=str(REPORT), recorded="2019-01-05"))
    assert memory.last_file() == OpenedFile(path=str(REPORT), recorded="2019-01-05")
    assert memory.recall("gpus:GPU-3090") is not None  # the file kept beside the machines

    (tmp_path / "machines.json").write_text('{"machines": {"x": {"entries": {"psu_watts": "lots"}')
    assert memory.recall("gpus:GPU-3090") is None and memory.last_file() is None
    memory.keep("gpus:GPU-3090", MachineEntries(psu_watts=850), "2026-01-03")  # starts anew
    assert memory.recall("gpus:GPU-3090").entries.psu_watts == 850


def test_session_entries_round_trip():
    session = Session()
    entries = MachineEntries(
        psu_watts=650, psu_rating="gold", psu_atx="3", psu_8pin=2, psu_12v2x6=True,
        case_form="micro-atx", gpu_clearance_mm=300, free_slots=2, tariff=0.45,
    )  # fmt: skip
    apply_entries(session, entries)
    assert entries_of(session) == entries and session.job.tariff == pytest.approx(0.45)
    apply_entries(session, MachineEntries())
    assert entries_of(session).empty and session.psu_watts is None


def _start(qapp, qtbot):
    from gpuplanner.ui.app import Application, LaunchOptions

    application = Application(qapp, LaunchOptions(language="en"))
    qtbot.addWidget(application.window)
    application.window.go(1)
    qtbot.waitUntil(lambda: application.session.snapshot is not None, timeout=30000)
    application.controller.wait()
    return application


def test_a_report_opened_once_is_offered_at_the_next_start_not_planned(qapp, qtbot, tmp_path):
    report = tmp_path / "nvidia-smi-a_2x-rtx2080ti.xml"
    shutil.copyfile(REPORT, report)

    first = _start(qapp, qtbot)
    page = first.window.computer_page
    assert first.session.snapshot.source == "scan" and page.earlier_button.isHidden()
    page.psu_watts.setValue(500)  # this computer's supply
    page.clearance.setValue(280)
    first.controller.load_snapshot(report)
    qtbot.waitUntil(lambda: first.controller.machine_file == report, timeout=30000)
    assert "2080 Ti" in page.summary.text()
    # This computer's entries are not the report's machine's.
    assert first.session.psu_watts is None and first.session.gpu_clearance_mm is None
    assert page.psu_watts.value() == 0 and page.recalled_label.isHidden()
    page.psu_watts.setValue(850)  # the report's machine's supply
    first.window.go(2)  # leaving the page keeps the entries

    second = _start(qapp, qtbot)
    page = second.window.computer_page
    # The scanned computer, not the file; the file is offered.
    assert second.session.snapshot.source == "scan"
    assert second.controller.machine_file is None
    assert "2080 Ti" not in page.summary.text()
    assert not page.earlier_button.isHidden()
    assert report.name in page.earlier_button.text()
    recorded = read_snapshot(report).created[:10]
    assert recorded in page.earlier_button.text()
    # This computer's entries, said to be from the last visit.
    assert second.session.psu_watts == 500 and second.session.gpu_clearance_mm == 280
    assert not page.recalled_label.isHidden()
    assert "From your last visit" in page.recalled_label.text()

    page.earlier_button.click()  # asked for: the report's machine, with its own entries
    qtbot.waitUntil(lambda: second.controller.machine_file == report, timeout=30000)
    assert second.session.psu_watts == 850 and second.session.gpu_clearance_mm is None
    assert page.earlier_button.isHidden() and page.psu_watts.value() == 850
    page.psu_watts.setValue(900)  # changed: no longer the last visit's
    assert page.recalled_label.isHidden()


def test_an_older_last_scan_that_was_a_report_is_not_this_computer(qapp, qtbot):
    """Before issue 50 the last opened report was kept as the last scan."""
    from gpuplanner.app.scanning import save_snapshot
    from gpuplanner.core import paths

    folder = paths.user_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    save_snapshot(read_snapshot(REPORT), folder / "last-scan.json")
    application = _start(qapp, qtbot)
    assert application.session.snapshot.source == "scan"
    assert read_snapshot(Path(folder / "last-scan.json")).source == "scan"


def test_with_a_recorded_report_the_probe_page_does_not_claim_that_machine(wizard, qtbot):
    """Issue 50: with a 2x RTX 2080 Ti report loaded, the probe page said it measured "this
    computer" and compared the local result with the report's card."""
    from gpuplanner.core.scenarios import Scenario

    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.SME)
    window.go(1)
    qtbot.waitUntil(lambda: controller.session.snapshot is not None, timeout=30000)
    controller.wait()
    window.go(2)
    assert "this computer's TensorFlow" in window.probe_page.intro.text()
    with qtbot.waitSignal(controller.probe_finished, timeout=20000):
        window.probe_page.start_button.click()
    assert "RTX 4090" in window.probe_page.result_label.text()  # the scanned card's peak
    assert controller.job_request().machine.pipeline_images_s == 900

    window.go(1)
    controller.load_snapshot(REPORT)
    qtbot.waitUntil(lambda: controller.machine_file == REPORT, timeout=30000)
    window.go(2)
    intro = window.probe_page.intro.text()
    assert REPORT.name in intro and "this computer's" not in intro
    assert "RTX 4090" not in window.probe_page.result_label.text()
    assert "2080 Ti" not in window.probe_page.result_label.text()
    # The local measurement does not calibrate the recorded machine's plan.
    assert controller.job_request().machine.pipeline_images_s is None
    window.go(1)
    controller.scan()  # back to this computer: its probe counts again
    qtbot.waitUntil(lambda: controller.machine_file is None, timeout=30000)
    controller.wait()
    assert controller.job_request().machine.pipeline_images_s == 900
