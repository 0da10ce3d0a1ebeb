"""The suite reaps what it forks (issue 51): after each test, conftest.py fails one that left a
child ended unwaited (a zombie) or, for a test that starts processes, one still running. These
tests make each kind on purpose and check that it is found (and cleared, so the run goes on)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import psutil
import pytest
from helpers import process_hygiene

pytestmark = pytest.mark.skipif(os.name != "posix", reason="zombies are a POSIX matter")


def test_a_child_ended_unwaited_is_found_and_reaped():
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    process = psutil.Process(child.pid)
    for _ in range(2000):  # a hang's bound: the child ends in well under a second
        if process.status() == psutil.STATUS_ZOMBIE:
            break
        time.sleep(0.01)
    assert process_hygiene.reap_zombies() == [child.pid]
    assert process_hygiene.reap_zombies() == []
    with pytest.raises(psutil.NoSuchProcess):
        psutil.Process(child.pid).status()
    child.returncode = 0  # reaped above: the Popen object has nothing left to wait for


def test_a_child_left_running_is_named_and_ended():
    before = set(process_hygiene.children())
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    named = process_hygiene.strays(before, grace_s=0.2)
    assert [n.split()[0] for n in named] == [str(child.pid)]
    assert "time.sleep(60)" in named[0]
    assert process_hygiene.children().get(child.pid) is None
    child.returncode = -9


def test_a_child_that_ends_within_the_grace_is_no_stray():
    before = set(process_hygiene.children())
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.3)"])
    assert process_hygiene.strays(before, grace_s=10) == []
    child.returncode = 0


def test_this_worker_holds_no_zombie_now():
    """Every test before this one in this worker was checked after it ended: none is left."""
    zombies = [p.pid for p in psutil.Process().children() if p.status() == psutil.STATUS_ZOMBIE]
    assert zombies == []
