"""The suite's default for pytest-xdist (tests/helpers/parallel.py): workers only where xdist
is there and nothing on the command line chose otherwise, the longest files handed out first."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import TESTS_DIR
from helpers import parallel


def _config(*, xdist=True, worker=False, **chosen):
    option = SimpleNamespace(
        numprocesses=None, usepdb=False, trace=False, dist="no", loadscopereorder=True
    )
    vars(option).update(chosen)
    config = SimpleNamespace(
        option=option, pluginmanager=SimpleNamespace(hasplugin=lambda name: xdist)
    )
    if worker:
        config.workerinput = {}
    return config


def test_two_cores_get_three_workers_with_whole_files(monkeypatch):
    monkeypatch.setattr(parallel, "usable_cpus", lambda: 2)
    config = _config()
    parallel.default_workers(config)
    assert (config.option.numprocesses, config.option.dist) == (3, "loadfile")
    assert config.option.loadscopereorder is False


def test_one_core_or_many_stay_within_bounds(monkeypatch):
    monkeypatch.setattr(parallel, "usable_cpus", lambda: 1)
    config = _config()
    parallel.default_workers(config)
    assert config.option.numprocesses is None  # one process, as without xdist
    monkeypatch.setattr(parallel, "usable_cpus", lambda: 64)
    parallel.default_workers(config)
    assert config.option.numprocesses == parallel.MOST_WORKERS


@pytest.mark.parametrize(
    "config",
    [
        _config(xdist=False),  # not installed, or -p no:xdist
        _config(worker=True),  # a worker sets up its own run
        _config(numprocesses=0),  # -n 0
        _config(numprocesses=5),  # -n 5
        _config(usepdb=True),  # --pdb
        _config(trace=True),  # --trace
    ],
    ids=["no-xdist", "worker", "n0", "n5", "pdb", "trace"],
)
def test_the_command_line_or_a_debugger_decides(monkeypatch, config):
    monkeypatch.setattr(parallel, "usable_cpus", lambda: 2)
    before = config.option.numprocesses
    parallel.default_workers(config)
    assert config.option.numprocesses == before
    assert config.option.dist == "no"


def test_a_dist_mode_asked_for_is_kept(monkeypatch):
    monkeypatch.setattr(parallel, "usable_cpus", lambda: 2)
    config = _config(dist="worksteal")
    parallel.default_workers(config)
    assert (config.option.numprocesses, config.option.dist) == (3, "worksteal")


def test_the_longest_files_come_first_and_the_rest_keep_their_order():
    names = ["test_a.py", parallel.LONGEST_FIRST[1], "test_b.py", parallel.LONGEST_FIRST[0]]
    items = [
        SimpleNamespace(path=TESTS_DIR / name, name=f"{name}:{n}") for name in names for n in (1, 2)
    ]
    parallel.longest_first(items)
    assert [i.name for i in items] == [
        f"{parallel.LONGEST_FIRST[0]}:1",
        f"{parallel.LONGEST_FIRST[0]}:2",
        f"{parallel.LONGEST_FIRST[1]}:1",
        f"{parallel.LONGEST_FIRST[1]}:2",
        "test_a.py:1",
        "test_a.py:2",
        "test_b.py:1",
        "test_b.py:2",
    ]


def test_every_file_named_longest_first_exists():
    """A renamed file would silently lose its place at the front."""
    missing = [name for name in parallel.LONGEST_FIRST if not (TESTS_DIR / name).is_file()]
    assert not missing, missing
    assert len(set(parallel.LONGEST_FIRST)) == len(parallel.LONGEST_FIRST)
    assert all(Path(name).suffix == ".py" for name in parallel.LONGEST_FIRST)


def test_the_process_deadline_files_share_one_worker():
    """A fork storm on one worker slowed another's 2 s cancel to 10 s: those files go together."""
    storm = parallel.scope_of("tests/test_probe_leash.py::test_a_fork_loop")
    assert parallel.scope_of("tests/test_probe_runner.py::test_cancel") == storm
    assert parallel.scope_of("tests/test_probe_worker.py::test_x[1]") == storm
    assert parallel.scope_of("tests/test_kiosk.py::test_y") == "tests/test_kiosk.py"
    missing = [name for name in parallel.SAME_WORKER if not (TESTS_DIR / name).is_file()]
    assert not missing, missing


def test_the_grouped_scheduler_is_xdists_whole_file_one():
    # The [test] extra installs pytest-xdist: its absence fails, never skips.
    from xdist.scheduler import LoadFileScheduling

    config = SimpleNamespace(
        getvalue=lambda name: {"tx": ["popen"] * 3, "maxschedchunk": None}.get(name),
        option=SimpleNamespace(dist="loadfile", tx=["popen"] * 3, numprocesses=3),
    )
    scheduler = parallel.make_scheduler(config, None)
    assert isinstance(scheduler, LoadFileScheduling)
    assert scheduler._split_scope("tests/test_probe_runner.py::t") == "probe-processes"
