"""The real app in kiosk mode on an X server: keys sent from outside do not close it; idle resets it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time

import pytest
from conftest import assert_no_child_network, child_env
from helpers.kiosk import write_config

pytestmark = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
    reason="needs Xvfb and xdotool (installed by .ci/run)",
)


def _xdotool(display: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["xdotool", *args],
        capture_output=True,
        text=True,
        timeout=20,
        env={"DISPLAY": display, "PATH": "/usr/bin:/bin"},
    )


def _wait_for(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def test_kiosk_survives_closing_keys_and_resets_after_the_idle_time(tmp_path):
    from xvfb import xvfb_display

    config = write_config(tmp_path, idle_seconds=6, countdown_seconds=3, language="en")
    log_path = tmp_path / "kiosk.log"
    with xvfb_display() as display, log_path.open("w", encoding="utf-8") as log:
        env = child_env(tmp_path, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        app = subprocess.Popen(
            [sys.executable, "-m", "gpuplanner", "-v", "--kiosk", "--config", str(config)],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=tmp_path,
        )
        try:

            def window_id() -> str | None:
                found = _xdotool(
                    display, "search", "--onlyvisible", "--name", "Example Computer Shop"
                )
                ids = found.stdout.split()
                return ids[0] if found.returncode == 0 and ids else None

            assert _wait_for(window_id, 60), log_path.read_text(encoding="utf-8")
            window = window_id()
            geometry = _xdotool(display, "getwindowgeometry", window).stdout
            assert "1280x800" in geometry  # fullscreen on the 1280x800 screen

            # A customer picks a scenario, then tries to close the kiosk every usual way.
            _xdotool(display, "mousemove", "--sync", "300", "240", "click", "1")
            for keys in ("alt+F4", "Escape", "ctrl+w", "ctrl+q", "alt+F4"):
                result = _xdotool(display, "windowfocus", "--sync", window, "key", keys)
                assert result.returncode == 0, result.stderr
                time.sleep(0.3)
            time.sleep(1.0)
            assert app.poll() is None, log_path.read_text(encoding="utf-8")
            assert window_id() == window

            def reset_logged() -> bool:
                return "reset for the next customer" in log_path.read_text(encoding="utf-8")

            assert not reset_logged()
            assert _wait_for(reset_logged, 30), log_path.read_text(encoding="utf-8")
            assert app.poll() is None and window_id() == window
        finally:
            app.terminate()
            try:
                app.wait(timeout=20)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
    assert_no_child_network(tmp_path)
