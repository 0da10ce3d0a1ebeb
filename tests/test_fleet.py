"""The lab fleet: machines from files, plans for each machine and for the whole lab, exports."""

from __future__ import annotations

import csv
import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest
from fakenvml import FakeNvml, a100_passive, rtx4090

from gpuplanner.app import fleet
from gpuplanner.catalog.store import Catalog
from gpuplanner.hardware.scan import ScanOptions, scan_system
from gpuplanner.hardware.snapshot import save
from gpuplanner.report.fleet_export import fleet_html, machine_rows, plan_rows, write_plan_csv

GB = 1024**3


def _card(name: str, device_id: int, gb: int, cc: tuple[int, int], watts: int) -> dict:
    """A consumer card like the fake RTX 4090, with its own identity and limits."""
    milliwatts = watts * 1000
    return rtx4090(
        name=f"NVIDIA GeForce {name}",
        uuid=f"GPU-{name.replace(' ', '-')}",
        pci_device_id=device_id,
        memory=(gb * GB, 0),
        cc=cc,
        power_limit=milliwatts,
        default_limit=milliwatts,
        enforced_limit=milliwatts,
    )


def rtx3060() -> dict:
    return _card("RTX 3060", 0x250310DE, 12, (8, 6), 170)


def gtx1080() -> dict:
    return _card("GTX 1080", 0x1B8010DE, 8, (6, 1), 180)


def _snapshot(tmp_path: Path, name: str, gpus: list[dict]):
    snapshot = scan_system(
        ScanOptions(
            root=tmp_path / "empty-root",
            platform="linux",
            nvml=FakeNvml(gpus),
            read_rapl=False,
            read_psu=False,
        )
    )
    return replace(snapshot, machine=name)


@pytest.fixture(scope="module")
def catalog():
    with Catalog.open() as opened:
        return opened.load_all()


@pytest.fixture
def lab(tmp_path):
    folder = tmp_path / "lab"
    folder.mkdir()
    (tmp_path / "empty-root").mkdir()
    for name, gpus in (
        ("lab-01", [rtx3060()]),
        ("lab-02", [gtx1080()]),
        ("lab-03", [rtx4090()]),
        ("lab-04", [a100_passive()]),
        ("=cmd|' /C calc'!A0", [rtx3060()]),  # a hostile name must stay text in a spreadsheet
    ):
        save(_snapshot(tmp_path, name, gpus), folder / f"{name[:6].strip('=|')}-{len(name)}.json")
    (folder / "broken.json").write_text("{ not json", encoding="utf-8")
    (folder / "notes.md").write_text("ignored: not a report", encoding="utf-8")
    return folder


def test_a_folder_becomes_a_table_of_machines_and_unreadable_files_are_named(lab, catalog):
    machines, problems = fleet.load_fleet([lab], catalog)
    assert sorted(m.name for m in machines) == sorted(
        ["lab-01", "lab-02", "lab-03", "lab-04", "=cmd|' /C calc'!A0"]
    )
    # Every file's fate: the broken one could not be read, the notes are not a report.
    assert [p.file for p in problems] == ["broken.json", "notes.md"]
    assert "not a scan or report (.md)" in str(problems[1])
    rows = {row[0]: row for row in machine_rows(machines)}
    assert rows["lab-03"][1].startswith("a desktop PC")  # the kind, with the fact that says so
    assert rows["lab-03"][2] == "NVIDIA GeForce RTX 4090"
    assert rows["lab-03"][3] == 24.0
    assert rows["lab-03"][4] == "Gen1 x16 (up to Gen3 x16)"
    assert rows["lab-01"][3] == 12.0
    by_name = {m.name: m for m in machines}
    assert [g.catalog_id for g in by_name["lab-01"].snapshot.gpus] == ["geforce-rtx-3060-12-gb"]


def test_the_same_machine_name_twice_is_told_apart_by_its_file(tmp_path, catalog):
    (tmp_path / "empty-root").mkdir()
    folder = tmp_path / "twice"
    folder.mkdir()
    for file in ("a.json", "b.json"):
        save(_snapshot(tmp_path, "ws", [rtx3060()]), folder / file)
    machines, _ = fleet.load_fleet([folder], catalog)
    assert [m.name for m in machines] == ["ws", "ws (b.json)"]


def _plans(lab, catalog, budget):
    from gpuplanner.app.speed_model_file import load_speed_model
    from gpuplanner.core.scenarios import Scenario
    from gpuplanner.planning.recommend import PlanRequest

    machines, _ = fleet.load_fleet([lab], catalog)
    template = PlanRequest(
        scenario=Scenario.SME, currency="CNY", budget=budget, workload="resnet50"
    )
    return machines, fleet.plan_machines(machines, template, catalog, load_speed_model())


def test_each_machine_gets_a_faster_card_within_its_own_budget(lab, catalog):
    machines, plans = _plans(lab, catalog, 15000)
    plan = fleet.plan_each(plans, "CNY", 15000, "resnet50")
    by_machine = {c.machine: c for c in plan.choices}
    assert len(by_machine) == len(machines)
    for choice in plan.choices:
        if choice.option is not None:
            assert choice.option.offered and choice.option.price <= 15000
            assert choice.gain > 0
    assert by_machine["lab-02"].option is not None  # a GTX 1080 has much to gain
    assert by_machine["lab-02"].speedup > 1.5
    # An A100 is hard to beat under 15,000 CNY: at ResNet-50's batch 64 a big card idles part
    # of each step, so only a clear gain (two smaller cards) is offered, else the reason says
    # nothing is faster.
    a100 = by_machine["lab-04"]
    if a100.option is None:
        assert a100.reason in ("nothing-faster", "nothing-fits")
    else:
        assert a100.option.count > 1 and a100.speedup > 1.1


@pytest.mark.parametrize("budget", [6000, 14000, 30000])
def test_the_whole_lab_plan_is_the_best_combination_within_the_budget(lab, catalog, budget):
    _machines, plans = _plans(lab, catalog, budget)
    plan = fleet.plan_lab(plans, "CNY", budget, "resnet50")
    assert plan.total_cost <= budget
    # Brute force over every combination of at most one candidate per machine.
    candidates = [[(None, 0.0), *fleet._candidates(p)] for machine, p in plans]
    best = 0.0
    for combo in itertools.product(*candidates):
        cost = sum(o.price for o, _g in combo if o is not None)
        if cost <= budget:
            best = max(best, sum(g for _o, g in combo))
    # The grid rounds prices up by at most budget/BUDGET_STEPS each, so it may lose a sliver.
    assert plan.total_gain == pytest.approx(best, rel=0.02)
    assert plan.total_gain <= best + 1e-6


def test_a_tiny_lab_budget_buys_nothing_and_says_why(lab, catalog):
    _machines, plans = _plans(lab, catalog, 100)
    plan = fleet.plan_lab(plans, "CNY", 100, "resnet50")
    assert plan.total_cost == 0 and all(c.option is None for c in plan.choices)
    assert all(c.reason for c in plan.choices)
    with pytest.raises(ValueError):
        fleet.plan_lab(plans, "CNY", 0, "resnet50")


def test_csv_export_is_excel_safe_and_html_is_escaped(lab, catalog, tmp_path):
    machines, plans = _plans(lab, catalog, 30000)
    plan = fleet.plan_lab(plans, "CNY", 30000, "resnet50")
    out = tmp_path / "plan.csv"
    write_plan_csv(out, plan, machines, "zh_CN")
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(raw.decode("utf-8-sig").splitlines()))
    assert rows[0][0] == "机器" and len(rows) == len(machines) + 1
    hostile = [r for r in rows if "cmd" in r[0]]
    assert hostile and hostile[0][0].startswith("'=")
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)
    page = fleet_html(plan, [replace(machines[0], name="<script>x</script>"), *machines[1:]], "en")
    assert "<script>x" not in page and "&lt;script&gt;" in page
    assert len(plan_rows(plan, machines)) == len(machines)


def test_fleet_command_prints_json_and_writes_csv_and_pdf(lab, tmp_path):
    from conftest import run_cli

    result = run_cli(
        tmp_path,
        "fleet",
        str(lab),
        "--lab-budget",
        "30000",
        "--csv",
        str(tmp_path / "p.csv"),
        "--pdf",
        str(tmp_path / "p.pdf"),
        "--json",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["mode"] == "lab" and data["total_cost"] <= 30000
    assert len(data["machines"]) == 5 and len(data["unreadable"]) == 2  # broken.json, notes.md
    assert (tmp_path / "p.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "p.csv").stat().st_size > 100
    result = run_cli(tmp_path, "fleet", str(tmp_path / "nowhere"))
    assert result.returncode == 1 and "not found" in result.stderr
    result = run_cli(tmp_path, "fleet", str(lab), "--lab-budget", "-5")
    assert result.returncode == 2


def test_fleet_window_loads_plans_and_exports(qtbot, lab, tmp_path):
    from gpuplanner.ui.fleet_window import FleetWindow

    window = FleetWindow("en", "CNY")
    qtbot.addWidget(window)
    assert not window.csv_button.isEnabled()
    with qtbot.waitSignal(window.planned, timeout=60000):  # read and planned off the GUI thread
        window.load([lab])
    assert window.machines_table.rowCount() == 5
    assert window.plan_table.rowCount() == 5
    assert "2 file(s) could not be read" in window.source_label.text()
    assert "notes.md" in window.source_label.toolTip()
    assert window.lab_radio.isChecked()
    with qtbot.waitSignal(window.planned, timeout=60000):  # a change plans again
        window.budget.setValue(20000)
    assert window.plan.mode == "lab" and window.plan.total_cost <= 20000
    with qtbot.waitSignal(window.planned, timeout=60000):
        window.each_radio.setChecked(True)
    assert window.plan.mode == "each"
    assert "per machine" in window.total_label.text()
    window.export_to("csv", tmp_path / "w.csv")
    window.export_to("pdf", tmp_path / "w.pdf")
    assert (tmp_path / "w.pdf").read_bytes().startswith(b"%PDF")
    assert window.csv_button.isEnabled()


def test_the_fleet_button_is_not_offered_in_the_kiosk(qtbot):
    from gpuplanner.app.session import Session
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow

    desktop = MainWindow("en", "CNY", WizardController(Session()))
    kiosk = MainWindow("en", "CNY", WizardController(Session()), allow_files=False)
    qtbot.addWidget(desktop)
    qtbot.addWidget(kiosk)
    assert not desktop.fleet_button.isHidden()
    assert kiosk.fleet_button.isHidden()


def test_the_fleet_window_has_a_close_button_and_escape_closes_it(qtbot):
    """Issue 16: the lab fleet window had no Close button and Esc did nothing."""
    from PySide6.QtCore import Qt

    from gpuplanner.ui.fleet_window import FleetWindow

    window = FleetWindow("en", "CNY")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.close_button.text().replace("&", "") == "Close"
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    window.show()
    qtbot.mouseClick(window.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)


def test_the_fleet_window_and_its_exports_read_in_chinese(qtbot, qapp, lab, tmp_path):
    """Issue 16: the fleet window showed "max" and "sequences/s" in Chinese."""
    import re

    from helpers.chinese import allowed_words, offenders, plain, visible_texts

    from gpuplanner.report.fleet_export import fleet_html
    from gpuplanner.ui.fleet_window import FleetWindow
    from gpuplanner.ui.translator import LanguageSwitcher

    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        window = FleetWindow("zh_CN", "CNY")
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.planned, timeout=60000):
            window.load([lab])
        # Machine names, file names and the hostile name are the user's data.
        allowed = (
            allowed_words()
            | {
                w.lower()
                for m in window.machines
                for w in re.findall(r"[A-Za-z]+", f"{m.name} {m.file}")
            }
            | {"broken", "json", "calc", "cmd", "notes", "md", "lab"}
        )
        found = offenders(visible_texts(window), allowed)
        found |= offenders([plain(fleet_html(window.plan, window.machines, "zh_CN"))], allowed)
        assert not found, found
    finally:
        switcher.switch("en")


def test_the_fleet_window_reads_and_plans_off_the_gui_thread(qtbot, lab, monkeypatch):
    """Issue 29: the fleet window planned fifty machines on the GUI thread."""
    import threading

    from gpuplanner.app import fleet
    from gpuplanner.ui import fleet_window

    threads = []

    def recorded(real):
        def run(*args, **kwargs):
            threads.append(threading.current_thread())
            return real(*args, **kwargs)

        return run

    monkeypatch.setattr(fleet_window, "load_fleet", recorded(fleet_window.load_fleet))
    monkeypatch.setattr(fleet, "plan_fleet", recorded(fleet.plan_fleet))
    window = fleet_window.FleetWindow("en", "CNY")
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.planned, timeout=60000):
        window.load([lab])
    assert len(threads) == 2 and threading.main_thread() not in threads
    assert window.plan_table.rowCount() == 5


def test_a_folder_of_folders_is_read_as_labs_keep_it(tmp_path, catalog):
    """Issue 41: a folder of rooms found "0 machine(s)"; subfolders are read, to a depth."""
    (tmp_path / "empty-root").mkdir()
    deep = tmp_path / "lab" / "room-a" / "bench-1"
    deep.mkdir(parents=True)
    save(_snapshot(tmp_path, "a-1", [rtx3060()]), deep / "scan.json")
    save(_snapshot(tmp_path, "b-1", [gtx1080()]), tmp_path / "lab" / "scan.json")
    too_deep = tmp_path / "lab" / "1" / "2" / "3" / "4"
    too_deep.mkdir(parents=True)
    save(_snapshot(tmp_path, "lost", [rtx3060()]), too_deep / "scan.json")
    (tmp_path / "lab" / ".git").mkdir()
    (tmp_path / "lab" / ".git" / "config").write_text("[core]", encoding="utf-8")
    machines, problems = fleet.load_fleet([tmp_path / "lab"], catalog)
    assert sorted(m.name for m in machines) == ["a-1", "b-1"]
    assert [p.file for p in problems] == ["1/2/3/4"]
    assert "more than 4 deep" in problems[0].reason


def _recordings_folder() -> Path:
    """The team's folder of recordings where it is present, else the repository's copies: one
    folder per tool, a README beside them."""
    from conftest import RECORDINGS, SHARED

    return SHARED / "fixtures" if (SHARED / "fixtures").is_dir() else RECORDINGS


def test_the_recordings_as_a_fleet_find_every_machine(catalog):
    """A folder of recordings, one folder per tool: every recording of a machine is a
    machine, every other file is named with the reason it is not one."""
    from gpuplanner.hardware.snapshot import SnapshotError, load_file

    root = _recordings_folder()
    machines, problems = fleet.load_fleet([root], catalog)
    readable = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        try:
            load_file(path)
            readable.append(str(path))
        except SnapshotError:
            pass
    assert len(machines) == len(readable) >= 40
    assert sorted(m.file for m in machines) == sorted(readable)
    files = [p for p in root.rglob("*") if p.is_file() and not p.name.startswith(".")]
    assert len(machines) + len(problems) == len(files)  # every file's fate
    # Every kind of machine recording is read: the reports, the captures and the -L listings.
    assert {Path(m.file).parent.name for m in machines} >= {
        "nvidia-smi-q-x",
        "nvidia-smi-q",
        "nvidia-smi-query-gpu-csv",
        "lspci-vv",
        "nvidia-smi-L",
    }


def test_the_fleet_window_on_the_recordings_lists_every_machine(qtbot):
    from gpuplanner.ui.fleet_window import FleetWindow

    window = FleetWindow("en", "CNY")
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.loaded, timeout=60000):
        window.load([_recordings_folder()])
    assert window.machines_table.rowCount() == len(window.machines) >= 40
    assert f"{len(window.machines)} machine(s)" in window.source_label.text()
    assert "README.md" in window.source_label.toolTip()
    # The plans arrive before the window closes: no worker left on a deleted window.
    qtbot.waitUntil(lambda: window.plan is not None, timeout=120000)
