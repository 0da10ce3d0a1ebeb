from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Before anything imports Qt: no test needs a real screen, except the Xvfb ones, which
# set their own environment for the child they start.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Compiled bytecode is kept, whatever the environment says: with PYTHONDONTWRITEBYTECODE set
# (this workplace's machines set it) every test worker and each of the suite's child Pythons
# (the app, the CLI, the probe, child test runs: over a hundred) compiled the package, and each
# worker rewrote every test module's asserts, from source again: about a fifth of the suite's
# CPU. The caches go to the __pycache__ folders git ignores.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
sys.path.insert(0, str(TESTS_DIR))

import netguard  # noqa: E402
from helpers import process_hygiene  # noqa: E402

# The team's shared folder beside the clone (recorded machines, benchmark tables, price data),
# or where $GPUPLANNER_SHARED says. A plain clone has none: every test that reads it is marked
# ``@pytest.mark.shared("fixtures")`` (its part of the folder) and is skipped there, for this
# one reason, which tests/test_price_independence.py accepts in its child runs.
SHARED = Path(os.environ.get("GPUPLANNER_SHARED", REPO_ROOT.parent / "shared"))
SHARED_ABSENT = "needs the team's shared folder (../shared or $GPUPLANNER_SHARED), absent here"
# The recordings of real machines (nvidia-smi, lspci) the parser and machine tests read: the
# repository's own copies (tests/fixtures, each credited in its README), so that a plain clone
# runs those tests, and the shared folder's wider set where it is present. A test that needs
# a recording only the shared folder has marks it ``@pytest.mark.shared("fixtures/...")``.
RECORDINGS = TESTS_DIR / "fixtures"
RECORDING_FOLDERS = ("nvidia-smi-q-x", "nvidia-smi-q", "nvidia-smi-query-gpu-csv", "lspci-vv")


def recording(relative: str) -> Path:
    """One recorded output, ``folder/name``: the repository's copy, else the shared folder's."""
    here = RECORDINGS / relative
    return here if here.is_file() else SHARED / "fixtures" / relative


def recordings() -> list[Path]:
    """Every machine recording here: the repository's copies, then what only the shared
    folder has (each file once, by name), folder by folder."""
    found: dict[str, Path] = {}
    for root in (RECORDINGS, SHARED / "fixtures"):
        for folder in RECORDING_FOLDERS:
            if (root / folder).is_dir():
                for path in sorted((root / folder).iterdir()):
                    found.setdefault(path.name, path)
    return list(found.values())


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """With pytest-xdist installed (the ``[test]`` extra), the suite runs on every core this
    process may use, whole files to a worker: ``-n 0`` or ``-p no:xdist`` runs it here, and
    ``-n N`` or ``--dist`` choose otherwise (tests/helpers/parallel.py says why these)."""
    from helpers.parallel import compile_package, default_workers

    default_workers(config)
    if not hasattr(config, "workerinput"):  # not a pytest-xdist worker
        compile_package()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Whole files to a worker, and the process-deadline files together (helpers/parallel.py)."""
    from helpers.parallel import make_scheduler

    if config.option.dist != "loadfile":
        return None
    return make_scheduler(config, log)


def pytest_collection_modifyitems(config, items):
    from helpers.parallel import longest_first
    from helpers.process_tests import process_functions

    if hasattr(config, "workerinput"):  # a pytest-xdist worker
        longest_first(items)

    for item in items:
        path = getattr(item, "path", None)
        name = getattr(item, "originalname", None)
        if path is None or name is None:
            continue
        if item.get_closest_marker("xvfb") or name in process_functions(Path(path)):
            item.add_marker(pytest.mark.integration)


def pytest_collection_finish(session):
    # What is alive now (the modules, the collected tests) lives to the end of the run: frozen,
    # the cyclic collector no longer walks it, which makes the collection after each Qt test
    # (below) about a quarter cheaper.
    gc.collect()
    gc.freeze()
    # A plan allocates some hundred thousand small records and frees nearly all of them by
    # reference count; at Python's default thresholds (700, 10, 10) the collector ran through
    # them every few hundred. Less often, the planning and window tests use 7-10% less CPU
    # (tf_reality, links, ranked_method and kiosk in one process: 52-54 s against 46-50 s).
    # The Qt tests still collect at their end (below).
    gc.set_threshold(20_000, 50, 100)


def pytest_runtest_setup(item):
    marker = item.get_closest_marker("shared")
    part = (marker.args[0] if marker.args else "") if marker is not None else None
    if part is not None and not (SHARED / part).exists():
        pytest.skip(f"{SHARED_ABSENT}: {part or 'the folder'}")


@pytest.fixture(autouse=True)
def _gpuplanner_home(tmp_path_factory, monkeypatch):
    """Each test gets its own user folders, never the developer's real ones."""
    from helpers.seeded_catalog import seed_home

    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("GPUPLANNER_HOME", str(home))
    seed_home(home)  # the catalog the app would build on its first start, already built
    return home


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item):
    """Free a Qt test's windows and controllers on the main thread once it has ended.

    Tests build parentless controllers and windows that end up in reference cycles; left to the
    cyclic collector, they may be freed on whichever thread allocates next, such as a scan
    worker of a later test, and Qt objects destroyed off the GUI thread crash the process
    (seen once in CI: a segfault while a worker imported pynvml).

    This runs after pytest has dropped the test's fixture values, so the collection frees them
    too. What outlives it is frozen: the next collection walks only what was made since. A
    full walk cost 100-300 ms once a worker held the recorded machines' plans and Qt's
    wrappers (28 s of the suite's CPU over 169 walks). A frozen object is still freed when
    nothing refers to it; only a cycle among frozen objects stays, and is never freed on any
    thread.
    """
    yield
    if {"qtbot", "qapp"} & set(getattr(item, "fixturenames", ())):
        gc.collect()
        gc.freeze()


@pytest.fixture(autouse=True)
def _reaps_what_it_forks(request):
    """The suite reaps what it forks (issue 51): one pytest-xdist worker once held 11,701 zombie
    children for minutes, slowing every process that walks the process table. After each test
    this worker must have no child that ended unwaited (a zombie: reaped here, and the test
    fails); a test that starts processes (marked integration, or a probe test) must also leave
    none running that it started, two seconds after its end."""
    watch = bool(request.node.get_closest_marker("integration")) or "probe" in request.node.name
    before = set(process_hygiene.children()) if watch else set()
    yield
    if os.name != "posix":
        return
    problems = []
    zombies = process_hygiene.reap_zombies()
    if zombies:
        problems.append(f"{len(zombies)} child process(es) ended unwaited (zombies): {zombies}")
    if watch:
        strays = process_hygiene.strays(before)
        if strays:
            problems.append(f"child process(es) still running after the test: {strays}")
    if problems:
        pytest.fail("the test did not reap what it forked: " + "; ".join(problems), pytrace=False)


@pytest.fixture(autouse=True)
def _no_network():
    netguard.install()
    before = len(netguard.attempts)
    yield
    made = netguard.attempts[before:]
    del netguard.attempts[before:]
    if made:
        pytest.fail("the code tried to use the network:\n" + "\n".join(made), pytrace=False)


def child_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """Environment for a child Python: the network guard loaded, its own user folders."""
    env = dict(os.environ)
    env["PYTHONPATH"] = _guarded_path(env)
    env[netguard.LOG_ENV] = str(tmp_path / "network-attempts.log")
    env["GPUPLANNER_HOME"] = str(tmp_path / "child-home")
    env.update(extra)
    return env


def example_shop_list(folder: Path, day: str) -> Path:
    """The bundled example shop list, copied into `folder` and dated `day`.

    A shop list is dated by its file's time, and a clone's files carry the day of the clone:
    a test that plans on a fixed day must fix the list's day too, or the list is "from the
    future" (and left out) on every clone newer than that day."""
    import datetime as dt

    target = folder / "example-prices.csv"
    shutil.copyfile(REPO_ROOT / "resources" / "kiosk" / "example-prices.csv", target)
    noon = dt.datetime.fromisoformat(day).replace(hour=12).timestamp()
    os.utime(target, (noon, noon))
    return target


def assert_no_child_network(tmp_path: Path) -> None:
    log = tmp_path / "network-attempts.log"
    if log.exists() and log.read_text(encoding="utf-8").strip():
        pytest.fail("a child process tried to use the network:\n" + log.read_text("utf-8"))


def run_cli(
    tmp_path: Path,
    *args: str,
    timeout: float = 120,
    env: dict | None = None,
    input: str | None = None,
):
    """``gpuplanner ARGS`` as a fresh process runs it: its own user folders, the network guard,
    ``tmp_path`` as the working folder; a ``subprocess.CompletedProcess`` either way.

    A sub-command, ``--help`` or ``--version`` runs in this process (``cli.main``,
    tests/helpers/cli_in_process.py): a child Python costs about a second of imports and
    start-up, over a hundred times a run. What only a process has goes to one
    (``run_cli_process``): a window (no sub-command), a PDF (Qt's
    application object would outlive the call), an environment that changes how Python itself
    starts (an output encoding, a display, a module path of its own). ``timeout`` bounds a
    child only.
    """
    env = env or child_env(tmp_path)
    if not in_process_ok(args, env):
        return run_cli_process(tmp_path, *args, timeout=timeout, env=env, input=input)
    from helpers.cli_in_process import run_main

    result = run_main(list(args), env=env, cwd=tmp_path, input=input)
    assert_no_child_network(tmp_path)
    return result


def run_cli_process(
    tmp_path: Path,
    *args: str,
    timeout: float = 120,
    env: dict | None = None,
    input: str | None = None,
):
    """Run ``python -m gpuplanner ARGS`` in a fresh process under the network guard."""
    result = subprocess.run(
        [sys.executable, "-m", "gpuplanner", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        input=input,
        env=env or child_env(tmp_path),
        cwd=tmp_path,
    )
    assert_no_child_network(tmp_path)
    return result


# What the child's environment may change and still run in this process: the app's own
# settings and the locale, which the app reads from os.environ on each call.
_IN_PROCESS_ENV = ("GPUPLANNER_", "LANG", "LC_", "LANGUAGE", "TZ", "HOME")


def in_process_ok(args: tuple[str, ...], env: dict) -> bool:
    from gpuplanner.cli import COMMANDS

    # --help and --version end in the parser, before a window could open.
    ends_in_parser = any(arg in ("-h", "--help", "--version") for arg in args)
    if not (ends_in_parser or any(arg in COMMANDS for arg in args)) or "--probe-worker" in args:
        return False  # the window, the kiosk, the frozen app's probe worker
    if any(str(arg).lower().endswith(".pdf") for arg in args):
        return False
    # child_env's module path only adds the network guard, which this process has already.
    if env.get("PYTHONPATH") not in (os.environ.get("PYTHONPATH"), _guarded_path(os.environ)):
        return False
    changed = {k for k in set(env) | set(os.environ) if env.get(k) != os.environ.get(k)}
    return all(k.startswith(_IN_PROCESS_ENV) for k in changed - {"PYTHONPATH"})


def _guarded_path(env) -> str:
    return os.pathsep.join(
        p for p in (str(TESTS_DIR / "netguard_site"), env.get("PYTHONPATH", "")) if p
    )


def venv_tool(name: str) -> str | None:
    """A console script installed beside this Python (the venv's bin/), else on PATH."""
    candidate = Path(sys.executable).parent / name
    return str(candidate) if candidate.exists() else shutil.which(name)


@pytest.fixture(scope="session")
def package_source():
    """The package's modules, read once and parsed on demand (tests/helpers/package_source.py)."""
    from helpers.package_source import PackageSource

    return PackageSource.read(REPO_ROOT / "gpuplanner")


# The bundled catalog built once per session, the speed model and the cards by id: the
# planning tests' common ground (a module that needs another catalog defines its own). Every
# catalog record is a frozen dataclass of tuples, so no test can change what the next one sees.
@pytest.fixture(scope="session")
def data(tmp_path_factory):
    from catalog_helpers import built_catalog

    return built_catalog(tmp_path_factory.mktemp("catalog"))


@pytest.fixture(scope="module")
def model():
    from gpuplanner.app.speed_model_file import load_speed_model

    return load_speed_model()


@pytest.fixture(scope="module")
def gpus(data):
    return {g.id: g for g in data.gpus}


@pytest.fixture
def wizard(qtbot, tmp_path):
    """The wizard on a fake scan and a fake probe (tests/helpers/wizard.py); imported here,
    when asked for, so tests without a window never load Qt."""
    from helpers.wizard import make_wizard

    return make_wizard(qtbot, tmp_path)
