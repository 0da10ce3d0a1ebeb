"""Faults the other test files do not cover, each with what the user sees (docs/RELIABILITY.md)."""

from __future__ import annotations

import errno
import json
import os
import random
import sys
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuplanner.catalog.userdb import ShopPriceRow, UserDb, UserDbFull
from gpuplanner.core import atomic
from gpuplanner.hardware import psu
from gpuplanner.kiosk.config import SETTINGS, KioskConfigError, load_config

# -- liquidctl -------------------------------------------------------------------------------


def _fake_liquidctl(monkeypatch, devices=None, find_error=None):
    def find():
        if find_error is not None:
            raise find_error
        return devices or []

    monkeypatch.setitem(
        sys.modules, "liquidctl", types.SimpleNamespace(find_liquidctl_devices=find)
    )


class _Device:
    def __init__(self, description, status=None, error=None):
        self.description, self._status, self._error = description, status, error

    def connect(self):
        if self._error is not None:
            raise self._error
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def get_status(self):
        return self._status


def test_liquidctl_absent_is_reported_as_absent(monkeypatch):
    monkeypatch.setitem(sys.modules, "liquidctl", None)  # import fails
    assert psu.read_liquidctl() == ([], "absent")


def test_a_busy_psu_is_skipped_and_the_others_still_read(monkeypatch, caplog):
    status = [("Total power output", 412.0, "W"), ("Temperature 1", 38.5, "°C")]
    _fake_liquidctl(
        monkeypatch,
        [
            _Device("Corsair RM850i", error=OSError(errno.EBUSY, "Device or resource busy")),
            _Device("Corsair HX1000i", status=status),
        ],
    )
    readings, state = psu.read_liquidctl()
    assert state == "ok" and [r.device for r in readings] == ["Corsair HX1000i"]
    assert readings[0].output_power_w == 412.0
    assert "busy" in caplog.text


def test_liquidctl_raising_inside_does_not_break_the_scan(monkeypatch):
    _fake_liquidctl(monkeypatch, find_error=RuntimeError("usb backend exploded"))
    assert psu.read_liquidctl() == ([], "error")


# -- disk full -------------------------------------------------------------------------------


def test_a_full_disk_while_saving_keeps_the_old_file_and_leaves_no_debris(tmp_path, monkeypatch):
    target = tmp_path / "last-scan.json"
    target.write_text('{"old": true}', encoding="utf-8")
    real_write = Path.write_bytes

    def full(self, data):
        real_write(self, data[: len(data) // 2])  # half of it reached the disk
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    with pytest.raises(OSError, match="No space"):
        atomic.write_text(target, json.dumps({"new": True}))
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == '{"old": true}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["last-scan.json"]


def test_a_full_disk_during_an_import_changes_nothing_and_says_so(tmp_path):
    path = tmp_path / "user.sqlite"
    rows = [
        ShopPriceRow(
            line=i + 2,
            product_name=f"RTX 4090 #{i} " + "x" * 200,
            gpu_id="geforce-rtx-4090",
            match_confidence=1.0,
            amount=100.0 + i,
            currency="CNY",
            condition="new",
        )
        for i in range(5000)
    ]
    with UserDb(path) as db:
        db.replace_shop_prices("shop", "a.csv", rows[:3], {})
        pages = db._conn.execute("pragma page_count").fetchone()[0]
        # SQLite's own "database or disk is full", as on a full disk.
        db._conn.execute(f"pragma max_page_count = {pages + 5}")
        with pytest.raises(UserDbFull, match="full; nothing was changed"):
            db.replace_shop_prices("shop", "b.csv", rows, {})
        assert len(db.shop_rows("shop")) == 3


# -- kiosk configuration fuzzing ---------------------------------------------------------------

VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True)
    | st.text(max_size=40),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=8,
)
KEYS = st.sampled_from([*SETTINGS, "other"])


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.dictionaries(KEYS, VALUES, max_size=8))
def test_any_kiosk_configuration_is_accepted_or_refused_with_a_reason(tmp_path, data):
    path = tmp_path / "kiosk.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    try:
        config = load_config(path)
    except KioskConfigError as exc:
        assert exc.reason and str(path) in str(exc)
    else:
        assert config.pin_hash.startswith("pbkdf2_sha256$")  # never without a PIN


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=2000))
def test_any_bytes_as_a_kiosk_configuration_are_refused_cleanly(tmp_path, raw):
    path = tmp_path / "kiosk.json"
    path.write_bytes(raw)
    with pytest.raises(KioskConfigError):
        load_config(path)


# -- nvidia-smi XML: truncated and bit-flipped -----------------------------------------------------

XML = (
    b'<?xml version="1.0" ?><nvidia_smi_log><driver_version>535.104.05</driver_version>'
    b'<attached_gpus>1</attached_gpus><gpu id="00000000:01:00.0"><product_name>NVIDIA GeForce RTX 4090'
    b"</product_name><fb_memory_usage><total>24564 MiB</total></fb_memory_usage><pci><pci_gpu_link_info>"
    b"<pcie_gen><max_link_gen>4</max_link_gen><current_link_gen>1</current_link_gen></pcie_gen>"
    b"<link_widths><max_link_width>16x</max_link_width><current_link_width>16x</current_link_width>"
    b"</link_widths></pci_gpu_link_info></pci></gpu></nvidia_smi_log>"
)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, len(XML)),
    st.lists(st.tuples(st.integers(0, len(XML) - 1), st.integers(0, 255)), max_size=4),
)
def test_truncated_or_damaged_nvidia_smi_xml_is_read_or_refused(cut, flips):
    from gpuplanner.hardware.snapshot import SnapshotError, from_report

    data = bytearray(XML[:cut] if cut < len(XML) else XML)
    for index, value in flips:
        if index < len(data):
            data[index] = value
    try:
        snapshot = from_report(bytes(data), "gpu.xml")
    except SnapshotError as exc:
        assert "gpu.xml" in str(exc)
    else:
        assert all(g.name for g in snapshot.gpus)


def test_the_intact_xml_reads_as_one_gpu():
    from gpuplanner.hardware.snapshot import from_report

    snapshot = from_report(XML, "gpu.xml")
    assert [g.name for g in snapshot.gpus] == ["NVIDIA GeForce RTX 4090"]
    assert snapshot.gpus[0].pcie.current_gen == 1


# -- HTML reports ------------------------------------------------------------------------------


def test_markup_in_names_is_escaped_in_the_html_report():
    from gpuplanner.app.speed_model_file import load_speed_model
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.scenarios import Scenario
    from gpuplanner.planning.recommend import PlanRequest, recommend
    from gpuplanner.report.html import plan_html

    with Catalog.open() as catalog:
        data = catalog.load_all()
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY"), data, load_speed_model()
    )
    from gpuplanner.report.html import ReportContext

    context = ReportContext(
        generated="2026-11-30 12:00",
        app_version="0",
        catalog_version="<i>catalog</i>",
        machine_rows=[("<img src=x onerror=alert(1)>", "<script>")],
        shop="<b>Shop</b>",
        logo_url='x" onload="alert(2)',
    )
    page = plan_html(plan, "en", context)
    assert "<img src=x" not in page and "&lt;img src=x" in page
    assert "<b>Shop</b>" not in page and "&lt;b&gt;Shop" in page
    assert 'onload="alert(2)' not in page and "<script>" not in page and "<i>catalog" not in page


# -- the kiosk under a monkey ------------------------------------------------------------------


def test_a_thousand_random_clicks_and_keys_leave_the_kiosk_locked_and_working(qtbot, tmp_path):
    from helpers.kiosk import FakeClock, write_config
    from helpers.wizard import FakeRunner, fake_scan
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    from gpuplanner.kiosk.start import prepare
    from gpuplanner.ui import kiosk_app

    config, catalog, prices = prepare(
        write_config(
            tmp_path, language="en", pages=["computer", "probe", "workload", "results", "report"]
        )
    )
    window, guard = kiosk_app.build(
        QApplication.instance(),
        config,
        catalog,
        prices,
        scanner=fake_scan(tmp_path),
        probe_factory=lambda on_event: FakeRunner(on_event),
    )
    clock = FakeClock()
    guard.clock = clock
    guard.timer.stop()
    exits, pin_requests = [], []
    window._on_exit = lambda: exits.append(True)
    window.ask_pin = lambda: pin_requests.append(True)  # the PIN dialog has its own tests
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    rng = random.Random(20261130)
    keys = [
        Qt.Key.Key_Escape,
        Qt.Key.Key_F4,
        Qt.Key.Key_Tab,
        Qt.Key.Key_Return,
        Qt.Key.Key_Space,
        Qt.Key.Key_Down,
        Qt.Key.Key_Up,
        Qt.Key.Key_W,
        Qt.Key.Key_Q,
        Qt.Key.Key_5,
        Qt.Key.Key_Backspace,
    ]
    modifiers = [
        Qt.KeyboardModifier.NoModifier,
        Qt.KeyboardModifier.AltModifier,
        Qt.KeyboardModifier.ControlModifier,
    ]
    try:
        for step in range(1000):
            popup = QApplication.activePopupWidget()
            if popup is not None and rng.random() < 0.5:
                popup.close()
            if rng.random() < 0.6:
                point = QPoint(rng.randrange(window.width()), rng.randrange(window.height()))
                target = window.childAt(point) or window
                QTest.mouseClick(
                    target,
                    Qt.MouseButton.LeftButton,
                    Qt.KeyboardModifier.NoModifier,
                    target.mapFrom(window, point),
                )
            else:
                focus = QApplication.focusWidget() or window
                QTest.keyClick(
                    focus if isinstance(focus, QWidget) else window,
                    rng.choice(keys),
                    rng.choice(modifiers),
                )
            if step % 100 == 99:
                clock.now += 200  # now and then the customer walks away
                guard.tick()
            window.main.controller.wait(5000)
            QApplication.processEvents()
        assert window.isVisible() and not exits
        assert not window.close()
        assert window.resets >= 5
        # Still working: the wizard goes to results after all that.
        window.reset()
        window.main.scenario_page.set_scenario(
            __import__("gpuplanner.core.scenarios", fromlist=["Scenario"]).Scenario.STUDENT
        )
        window.main.controller.want_plan()
        assert window.main.controller.plan is not None
    finally:
        QApplication.instance().removeEventFilter(guard)
        window._unlocked = True
        window.switcher.switch("en")


# -- sysfs permission denied -------------------------------------------------------------------


def test_sysfs_files_that_refuse_to_be_read_make_the_link_unknown_not_a_crash(
    tmp_path, monkeypatch
):
    from fakesys import add_pci, gpu_files, link_files

    from gpuplanner.hardware.sysfs import read_display_devices

    add_pci(
        tmp_path,
        ["0000:00:01.0", "0000:01:00.0"],
        gpu_files("0x10de", "0x2684", **link_files("2.5 GT/s PCIe", 16, "16.0 GT/s PCIe", 16)),
    )
    real = Path.read_text

    def denied(self, *args, **kwargs):
        if "link" in self.name:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", denied)
    (gpu,) = read_display_devices(tmp_path)
    assert gpu.pci_device_id == "10de:2684"
    assert gpu.pcie is None or gpu.pcie.current_gen is None


# -- the user is told about a damaged database --------------------------------------------------


def test_a_damaged_user_database_is_reported_on_the_command_line_and_in_the_app(
    tmp_path, qtbot, monkeypatch
):
    from conftest import child_env, run_cli

    from gpuplanner.catalog.userdb import default_path
    from gpuplanner.ui.controller import WizardController

    env = child_env(tmp_path)
    monkeypatch.setenv("GPUPLANNER_HOME", env["GPUPLANNER_HOME"])  # the child's folders
    target = default_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"this is not a database" * 100)
    result = run_cli(tmp_path, "recommend", "--scenario", "student", "--json", env=env)
    assert result.returncode == 0, result.stderr
    assert "was damaged" in result.stderr and ".corrupt-" in result.stderr
    assert json.loads(result.stdout)["options"]

    # In the app: the banner says so once the catalog has loaded.
    target.write_bytes(b"garbage" * 1000)
    controller = WizardController()
    with qtbot.waitSignal(controller.error, timeout=30_000) as signal:
        controller.load_catalog()
    assert "damaged" in signal.args[0] and ".corrupt-" in signal.args[0]


KILLED_SAVE = """
import sys, time
from pathlib import Path
from gpuplanner.core import atomic
with atomic.replacing(Path(sys.argv[1])) as tmp:
    with open(tmp, "wb") as handle:
        handle.write(b'{"new": "' + b"x" * 100000)
        handle.flush()
        print("HALFWAY", flush=True)
        time.sleep(60)
"""


@pytest.mark.slow
def test_a_process_killed_in_the_middle_of_a_save_leaves_the_old_file(tmp_path):
    import signal
    import subprocess

    from conftest import child_env

    target = tmp_path / "last-scan.json"
    target.write_text('{"old": true}', encoding="utf-8")
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_SAVE, str(target)],
        stdout=subprocess.PIPE,
        text=True,
        env=child_env(tmp_path),
    )
    try:
        assert child.stdout.readline().strip() == "HALFWAY"
        (leftover,) = tmp_path.glob(".last-scan.json.*.tmp")
        assert leftover.stat().st_size > 1000  # really half-written
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert target.read_text(encoding="utf-8") == '{"old": true}'
    # The next save of that file replaces the leftover; nothing half-written is ever read.
    atomic.write_text(target, '{"new": true}')
    assert json.loads(target.read_text(encoding="utf-8")) == {"new": True}
    assert not list(tmp_path.glob(".last-scan.json.*.tmp"))  # the dead writer's file is swept


CONCURRENT_SAVES = """
import sys
from pathlib import Path
from gpuplanner.core import atomic
target, mark = Path(sys.argv[1]), sys.argv[2]
for _ in range(200):
    atomic.write_text(target, mark * 20000)
"""


@pytest.mark.slow
def test_concurrent_saves_to_one_file_never_mix(tmp_path):
    """Issue 18 (2): two writers of one file each leave a whole file, never a NUL-padded mix."""
    import subprocess

    from conftest import child_env

    target = tmp_path / "prices.csv"
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CONCURRENT_SAVES, str(target), mark], env=child_env(tmp_path)
        )
        for mark in "ab"
    ]
    for child in children:
        assert child.wait(timeout=120) == 0
    text = target.read_text(encoding="utf-8")
    assert text in ("a" * 20000, "b" * 20000)
    assert not list(tmp_path.glob(".prices.csv.*"))


def test_a_link_planted_at_a_temporary_name_is_never_followed(tmp_path):
    """Issue 18 (2): the temporary file is created exclusively; a planted link is left alone."""
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    target = tmp_path / "out.json"
    for name in (".out.json.tmp", f".out.json.{os.getpid()}.00000000.tmp"):
        (tmp_path / name).symlink_to(victim)
    atomic.write_text(target, "{}")
    assert victim.read_text(encoding="utf-8") == "keep me" and target.read_text() == "{}"


@pytest.mark.parametrize(
    ("number", "words"),
    [
        ("NaN", "not a finite number"),
        ("Infinity", "not a finite number"),
        ("1e999", "not a finite number"),
        ("9" * 5000, "usable JSON"),
    ],
)
def test_a_snapshot_with_numbers_that_are_not_numbers_is_refused_by_name(tmp_path, number, words):
    """Issue 18 (8): NaN, infinity and 5,000-digit numbers give a message, not a traceback."""
    from conftest import run_cli

    from gpuplanner.hardware.snapshot import KIND

    good = tmp_path / "good.json"
    assert run_cli(tmp_path, "scan", "--save", str(good)).returncode == 0
    text = good.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["kind"] == KIND
    bad = tmp_path / "bad.json"
    bad.write_text(
        text.replace('"total_mib": ', f'"total_mib": {number}, "x": ', 1), encoding="utf-8"
    )
    for command in (
        ["scan", "--from", str(bad)],
        ["recommend", "--scenario", "student", "--snapshot", str(bad)],
    ):
        result = run_cli(tmp_path, *command)
        assert result.returncode == 1, (command, result.stderr)
        assert "Traceback" not in result.stderr and words in result.stderr
        assert "bad.json" in result.stderr


def test_an_ascii_or_gbk_terminal_gets_replacement_characters_not_a_traceback(tmp_path):
    """Issue 18 (11): text the terminal cannot encode is replaced, the command still works."""
    import subprocess

    from conftest import child_env

    for encoding in ("ascii", "gbk"):
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "gpuplanner",
                "recommend",
                "--scenario",
                "student",
                "--language",
                "zh_CN",
            ],
            capture_output=True,
            env=child_env(tmp_path, PYTHONIOENCODING=encoding),
            timeout=120,
        )
        assert result.returncode == 0 and b"Traceback" not in result.stderr, result.stderr
        result.stdout.decode(encoding)  # what reached the terminal is in its encoding


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_or_closed_stdout_ends_quietly_with_exit_code_1(tmp_path):
    """Issue 18 (11): /dev/full or a closed stdout: one line on stderr, exit 1, no traceback."""
    import subprocess

    from conftest import child_env

    command = [sys.executable, "-m", "gpuplanner", "db", "search", "RTX"]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            command, stdout=full, stderr=subprocess.PIPE, text=True, env=child_env(tmp_path)
        )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "cannot write the output" in result.stderr
    closed = subprocess.run(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(tmp_path),
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(1),
    )
    assert closed.returncode == 1 and "Traceback" not in closed.stderr
    assert "output is closed" in closed.stderr
