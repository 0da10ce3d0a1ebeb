"""The worker's environment read by its schema (issue 42): a field of the wrong type makes the
run "unreadable", exit 1, with no traceback, in the runner, the command line and a saved file."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from conftest import child_env, run_cli

from gpuplanner.probe.env_fields import Unreadable, read_environment
from gpuplanner.probe.results import from_json, to_json
from gpuplanner.probe.runner import ProbeRunner

FAKE = Path(__file__).parent / "fakeworkers"
HOSTILE = [
    {"gpus": [1]},
    {"gpus": 7},
    {"gpus": "GPU:0"},
    {"gpus": [{"name": "GPU:0", "usable": "no"}]},
    {"gpus": [{"name": ["GPU:0"]}]},
    {"gpus": [{"name": "GPU:0", "tiny_op": {"x": 1}}]},
    {"is_cuda_build": "yes"},
    {"tensorflow": {"version": "2.16"}},
    {"cuda_version": [12, 3]},
]
posix_only = pytest.mark.skipif(os.name != "posix", reason="a shell script as the Python")


@pytest.mark.parametrize("params", HOSTILE, ids=[json.dumps(p) for p in HOSTILE])
def test_each_hostile_field_is_named(params):
    with pytest.raises(Unreadable, match="params"):
        read_environment(params)


def test_a_good_environment_is_read_whole_and_cleaned():
    env = read_environment(
        {
            "tensorflow": "2.16.1\u202e\x1b[2J",
            "cuda_version": 12.3,
            "is_cuda_build": True,
            "gpus": [{"name": "GPU:0", "usable": True, "tiny_op": 64.0, "extra": object()}],
            "unknown": [1, 2],
        }
    )
    assert env == {
        "tensorflow": "2.16.1[2J",
        "cuda_version": "12.3",
        "is_cuda_build": True,
        "gpus": [{"name": "GPU:0", "usable": True, "tiny_op": 64.0}],
    }


@pytest.mark.parametrize("params", HOSTILE[:3], ids=[json.dumps(p) for p in HOSTILE[:3]])
def test_the_runner_ends_unreadable_and_keeps_no_hostile_field(monkeypatch, params):
    monkeypatch.setenv("HOSTILE_ENV_PARAMS", json.dumps(params))
    result = ProbeRunner(command=[sys.executable, "-u", str(FAKE / "hostile_env.py")]).run()
    assert result.status == "unreadable"
    assert "params.gpus" in result.message
    assert result.environment() == {}
    again = from_json(to_json(result))  # saved and read back: the same, no exception
    assert again.status == "unreadable" and again.environment() == {}


@posix_only
@pytest.mark.parametrize("params", HOSTILE[:2], ids=["a-list-of-numbers", "a-number"])
def test_probe_on_the_command_line_says_unreadable_and_exits_1(tmp_path, params):
    fake = tmp_path / "python-fake"
    fake.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -u "{FAKE / "hostile_env.py"}"\n', encoding="utf-8"
    )
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    env = child_env(tmp_path, HOSTILE_ENV_PARAMS=json.dumps(params))
    result = run_cli(tmp_path, "probe", "--python", str(fake), "--no-history", env=env)
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert ": unreadable in" in result.stdout and "params.gpus" in result.stdout


def test_a_saved_file_with_a_hostile_environment_reads_as_none():
    result = ProbeRunner(command=[sys.executable, "-c", "pass"]).run()
    data = json.loads(to_json(result))
    data["steps"] = [
        {
            "step": "env",
            "status": "ok",
            "metrics": [{"name": "environment", "value": 1, "unit": "GPUs", "params": {"gpus": 7}}],
        }
    ]
    loaded = from_json(json.dumps(data))
    assert loaded.environment() == {}
