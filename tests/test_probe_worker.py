"""The real worker with the real (CPU) TensorFlow, at tiny sizes: every step and the protocol."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import REPO_ROOT, child_env
from helpers.fake_python import fake_python

from gpuplanner.probe import runner as runner_module
from gpuplanner.probe.runner import WORKER_PATH, ProbeRunner
from gpuplanner.probe.worker import QUICK_STEPS

pytestmark = pytest.mark.slow


# The worker is a file the app hands to whatever Python the user names: it must run alone,
# copied out of the package, with gpuplanner unimportable (``sys.modules`` holds None for it, so
# any import of it fails) and in isolated mode (no script folder or working folder on the path).
ALONE = (
    "import runpy, sys; sys.modules['gpuplanner'] = None; sys.argv = sys.argv[1:]; "
    "runpy.run_path(sys.argv[0], run_name='__main__')"
)


class _Recording(runner_module.ProtocolReader):
    """The runner's reader, keeping every raw line it is fed (None: a line too long to keep)."""

    lines: ClassVar[list[bytes | None]] = []  # the run's own list, set by tiny_run

    def feed(self, raw: bytes | None) -> None:
        self.lines.append(raw)
        super().feed(raw)


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    """One tiny run of the real worker, alone (ALONE), through the app's runner: its result,
    the events the runner passed on, and every line the worker wrote to stdout."""
    copy = tmp_path_factory.mktemp("alone") / "worker.py"
    copy.write_text(WORKER_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    steps = ",".join(QUICK_STEPS)
    command = [sys.executable, "-I", "-u", "-c", ALONE, str(copy), "--mode", "tiny"]
    events = []
    runner = ProbeRunner(mode="tiny", on_event=events.append, command=[*command, "--steps", steps])
    lines: list[bytes | None] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_Recording, "lines", lines)
        patch.setattr(runner_module, "ProtocolReader", _Recording)
        result = runner.run()
    return result, events, lines


@pytest.fixture(scope="module")
def tiny_result(tiny_run):
    result, events, _lines = tiny_run
    return result, events


def test_every_step_reports(tiny_result):
    result, _ = tiny_result
    assert result.status == "ok", result.message + result.stderr_tail[-2000:]
    steps = {s.step: s.status for s in result.steps}
    assert (
        steps["env"]
        == steps["matmul"]
        == steps["bandwidth"]
        == steps["training"]
        == steps["input"]
        == "ok"
    )
    # on a machine without a GPU these are skipped with a reason, never silently missing
    for step in ("transfer", "allreduce"):
        assert steps[step] in ("ok", "skipped")


def test_measurements_are_positive_medians_with_spread(tiny_result):
    result, _ = tiny_result
    for step, name, unit in (
        ("matmul", "fp32", "TFLOPS"),
        ("bandwidth", "device_memory", "GB/s"),
        ("training", "cnn_fp32", "samples/s"),
        ("input", "jpeg_decode_augment", "images/s"),
    ):
        metric = result.metric(step, name)
        assert (
            metric.unit == unit and metric.value > 0 and metric.runs >= 3 and metric.spread_pct >= 0
        )


def test_environment_is_reported(tiny_result):
    env = tiny_result[0].environment()
    assert env["tensorflow"] and env["python"] and isinstance(env["gpus"], list)


def test_progress_is_streamed(tiny_result):
    _, events = tiny_result
    progress = [e for e in events if e.type == "progress"]
    assert {e.step for e in progress} >= {"import", "matmul", "training", "input"}
    assert all(0.0 <= e.fraction <= 1.0 for e in progress)


def test_the_worker_file_runs_on_its_own_without_gpuplanner(tiny_run):
    """tiny_run's worker ran copied out of the package with gpuplanner unimportable: every line
    it wrote is a message of the protocol's version, hello first and a good final last, and it
    reported every step."""
    result, _events, lines = tiny_run
    assert result.status == "ok", result.message + result.stderr_tail[-2000:]
    assert lines and None not in lines
    messages = [json.loads(line) for line in lines if line and line.strip()]
    assert all(m["v"] == 1 for m in messages)
    assert messages[0]["type"] == "hello"
    assert messages[-1]["type"] == "final" and messages[-1]["status"] == "ok"
    assert {s.step for s in result.steps} >= set(QUICK_STEPS)


def test_a_worker_that_imports_gpuplanner_fails_alone(tmp_path):
    """ALONE really leaves gpuplanner out: the same run of a copy that imports it fails."""
    source = WORKER_PATH.read_text(encoding="utf-8")
    future = "from __future__ import annotations\n"  # must stay the file's first statement
    assert future in source
    copy = tmp_path / "worker.py"
    copy.write_text(source.replace(future, future + "import gpuplanner\n", 1), "utf-8")
    result = subprocess.run(
        [sys.executable, "-I", "-c", ALONE, str(copy), "--mode", "tiny", "--steps", "env"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    halted = "ModuleNotFoundError: import of gpuplanner halted"
    assert result.returncode != 0 and halted in result.stderr, result.stderr


def test_unknown_steps_are_refused(tmp_path):
    result = subprocess.run(
        [sys.executable, str(WORKER_PATH), "--steps", "matmul,teleport"],
        capture_output=True,
        text=True,
        env=child_env(tmp_path),
        timeout=60,
    )
    last = json.loads(result.stdout.splitlines()[-1])
    assert last["type"] == "final" and last["status"] == "failed" and result.returncode == 2


def test_cli_probe_json(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "gpuplanner",
            "probe",
            "--tiny",
            "--steps",
            "env,matmul",
            "--json",
            "--save",
            str(tmp_path / "p.json"),
        ],
        capture_output=True,
        text=True,
        env=child_env(tmp_path),
        timeout=300,
        cwd=REPO_ROOT,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    data = json.loads(result.stdout)
    assert data["kind"] == "gpuplanner-probe" and data["status"] == "ok"
    assert "[matmul]" in result.stderr  # progress on stderr
    assert (tmp_path / "p.json").exists()


def test_cli_probe_with_a_wrong_python_exits_1(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "gpuplanner", "probe", "--python", "/nope/python"],
        capture_output=True,
        text=True,
        env=child_env(tmp_path),
        timeout=60,
    )
    assert result.returncode == 1 and "does not exist" in result.stdout


def _python_without_tensorflow():
    import shutil
    from pathlib import Path

    candidates = [Path(sys.base_prefix) / "bin" / "python3", Path(shutil.which("python3") or "")]
    for candidate in candidates:
        if candidate.is_file():
            check = subprocess.run(
                [str(candidate), "-c", "import tensorflow"], capture_output=True, timeout=60
            )
            if check.returncode != 0:
                return str(candidate)
    return None


def test_a_real_python_without_tensorflow(tmp_path):
    python = _python_without_tensorflow()
    if python is None:
        pytest.skip("every Python here has TensorFlow")
    result = ProbeRunner(python=python, mode="tiny").run()
    assert result.status == "tensorflow-missing"
    assert python in result.message and "pip install tensorflow" in result.message


def _finished_probe_cli(tmp_path, *extra):
    """``gpuplanner probe`` with a worker that finishes at once: what these tests check is what
    the command does with a finished measurement, and the real worker's TensorFlow start-up (a
    few seconds of CPU) is checked by the tests above."""
    python = fake_python(tmp_path, "finishes.py")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "gpuplanner",
            "probe",
            "--python",
            str(python),
            "--tiny",
            "--steps",
            "env",
            "--json",
            *extra,
        ],
        capture_output=True,
        text=True,
        env=child_env(tmp_path),
        timeout=300,
        cwd=REPO_ROOT,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_finished_probe_is_shown_when_its_file_cannot_be_written(tmp_path):
    """Issue 18.3: --save on a full disk once threw the finished measurement away."""
    result = _finished_probe_cli(tmp_path, "--save", "/dev/full/p.json")
    assert "Traceback" not in result.stderr
    assert json.loads(result.stdout)["kind"] == "gpuplanner-probe"  # the result is shown
    assert "could not be saved" in result.stderr and result.returncode == 1


@pytest.mark.skipif(sys.platform == "win32", reason="the fake worker is a shell script")
def test_a_finished_probe_is_shown_when_the_history_is_locked(tmp_path):
    """Issue 18.3: another copy holding the database once cost the measurement."""
    import sqlite3

    from gpuplanner.catalog.userdb import UserDb

    path = tmp_path / "child-home" / "data" / "gpuplanner.sqlite"
    UserDb(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("begin immediate")  # readers pass, the history insert waits, then fails
    try:
        result = _finished_probe_cli(tmp_path)
    finally:
        holder.execute("rollback")
        holder.close()
    assert "Traceback" not in result.stderr
    assert json.loads(result.stdout)["status"] in ("ok", "partial")
    assert "history could not be updated" in result.stderr and result.returncode == 0
