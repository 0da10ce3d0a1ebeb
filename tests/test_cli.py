"""The command line as a user meets it, under the network guard: in a fresh process, but for
``--help`` and ``--version``, which end in the parser (conftest.run_cli)."""

from __future__ import annotations

import json

import pytest
from conftest import child_env, run_cli

from gpuplanner import __version__


def test_version(tmp_path):
    result = run_cli(tmp_path, "--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"gpuplanner {__version__}"


def test_help_describes_the_app(tmp_path):
    result = run_cli(tmp_path, "--help")
    assert result.returncode == 0
    assert "--smoke-test" in result.stdout
    assert "--language" in result.stdout


def test_bad_usage_exits_2(tmp_path):
    result = run_cli(tmp_path, "--language", "klingon")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr


def test_no_display_is_a_clear_message_not_a_crash(tmp_path):
    env = child_env(tmp_path)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        env.pop(name, None)
    result = run_cli(tmp_path, env=env)
    assert result.returncode == 1
    assert "no display found" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_smoke_test_offscreen(tmp_path):
    env = child_env(tmp_path, QT_QPA_PLATFORM="offscreen")
    result = run_cli(tmp_path, "--smoke-test", env=env)
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stdout.strip().splitlines()[-1])
    assert line["version"] == __version__
    assert line["first_paint_epoch"] > 0


@pytest.mark.slow
def test_smoke_test_never_imports_tensorflow_or_pyqtgraph(tmp_path):
    code = (
        "import sys\n"
        "from gpuplanner.cli import main\n"
        "rc = main(['--smoke-test'])\n"
        "heavy = sorted(m for m in ('tensorflow', 'pyqtgraph', 'keras') if m in sys.modules)\n"
        "print('HEAVY', heavy)\n"
        "raise SystemExit(rc)\n"
    )
    import subprocess
    import sys

    env = child_env(tmp_path, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "HEAVY []" in result.stdout
