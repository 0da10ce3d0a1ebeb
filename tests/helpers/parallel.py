"""How many pytest-xdist workers a run gets when the command line does not say
(``pytest_cmdline_main`` in conftest.py), and in what order they are handed the files.

The default is set here rather than as ``-n`` in pyproject's ``addopts``: an ``-n`` there is an
unknown option wherever xdist is absent or turned off (``-p no:xdist``), and every run would
have to name it again to debug in one process.

Whole files go to a worker (``--dist loadfile``): a module's fixtures are then built once, and
the tests of one file, which may look for each other's processes by name
(tests/test_probe_leash.py), never run at the same time. Each worker is its own process with
its own session fixtures, temporary folders and user home (conftest.py), and an Xvfb server
picks a free display of its own (tests/xvfb.py), so nothing else needs to be told apart.
"""

from __future__ import annotations

import os
from pathlib import Path

# Many tests wait more than they compute (a probe's timeout, a child ended by its deadline, an
# idle timer, Xvfb): half as many workers again as cores keeps the cores busy meanwhile. More
# than MOST_WORKERS spend on start-up (each imports Qt and collects the whole suite) what they
# save.
MOST_WORKERS = 8


# The longest files (80 s down to 20 s each in a run on three workers), sent out first: a worker
# handed one of them last would run on alone after the others finished.
LONGEST_FIRST = (
    # The probe's deadline files lead SAME_WORKER's unit, before the leash's fork storms: a
    # storm's last processes, still being reaped, slowed the cancels timed right after them.
    "test_probe_runner.py",
    "test_probe_worker.py",
    "test_probe_leash.py",
    "test_price_independence.py",
    "test_offline.py",
    "test_tf_reality.py",
    "test_speed_model_file.py",
    "test_kiosk.py",
    "test_odd_user_db.py",
    "test_links.py",
    "test_llm_inference.py",
)


# Files that start process storms (fork loops, floods: test_probe_leash.py) and files that time
# the app's promised process deadlines (a cancel within 2 s) share one worker, one file after the
# other: a storm on the other core made every psutil walk of the deadline tests crawl, and a
# cancel promised in 2 s took 10 (a run on three workers, never one on its own).
SAME_WORKER = {
    "test_probe_leash.py": "probe-processes",
    "test_probe_runner.py": "probe-processes",
    "test_probe_worker.py": "probe-processes",
    # Both read the recorded machines' plans, made once a worker (helpers/recorded.py).
    "test_tf_reality.py": "recorded-plans",
    "test_advice.py": "recorded-plans",
}


def scope_of(nodeid: str) -> str:
    """The unit a worker is handed: the test's file, or the group its file belongs to."""
    path = nodeid.split("::", 1)[0]
    return SAME_WORKER.get(Path(path).name, path)


def make_scheduler(config, log):
    """xdist's whole-file scheduling, with SAME_WORKER's files handed out as one unit."""
    from xdist.scheduler import LoadFileScheduling

    class GroupedFiles(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

    return GroupedFiles(config, log)


def usable_cpus() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def default_workers(config) -> None:
    """Give the run its workers (three on two cores), unless xdist is absent or turned off, the run
    is itself a worker, the command line chose (``-n``), or a debugger is asked for."""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return
    option = config.option
    # xdist would send the files with the most tests first: keep LONGEST_FIRST's order.
    option.loadscopereorder = False
    if option.numprocesses is not None or option.usepdb or getattr(option, "trace", False):
        return
    cpus = usable_cpus()
    workers = min(cpus + cpus // 2, MOST_WORKERS)
    if workers < 2:
        return
    option.numprocesses = workers
    if option.dist == "no":
        option.dist = "loadfile"


def longest_first(items: list) -> None:
    """Reorder ``items`` (in place) so the files in LONGEST_FIRST come first, in that order;
    the others, and the tests within each file, keep their order. Only for a distributed run
    (conftest.py): xdist hands the files out in this order, and one process keeps the usual."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    first = len(rank)
    items.sort(key=lambda item: rank.get(Path(str(item.path)).name, first))


def compile_package() -> None:
    """The package compiled once, here, before the workers start: otherwise each worker and
    the first children all compile it at the same moment on a fresh clone. Quick when it is
    compiled already (a stat per module)."""
    import compileall

    root = Path(__file__).resolve().parents[2] / "gpuplanner"
    compileall.compile_dir(root, quiet=2, workers=usable_cpus())
