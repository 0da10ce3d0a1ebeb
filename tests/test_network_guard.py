"""The guard that proves the app is offline must itself work, or it proves nothing."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys

import netguard
import pytest
from conftest import child_env


def test_guard_blocks_and_records_a_connection():
    before = len(netguard.attempts)
    with pytest.raises(netguard.NetworkBlocked), socket.socket() as s:
        s.connect(("127.0.0.1", 9))
    assert len(netguard.attempts) == before + 1
    del netguard.attempts[before:]  # this attempt was the point of the test


def test_guard_blocks_name_lookups():
    before = len(netguard.attempts)
    with pytest.raises(netguard.NetworkBlocked):
        socket.getaddrinfo("example.org", 443)
    del netguard.attempts[before:]


def test_guard_records_even_when_the_error_is_swallowed():
    before = len(netguard.attempts)
    with contextlib.suppress(OSError):
        socket.create_connection(("192.0.2.1", 80), timeout=0.1)
    assert len(netguard.attempts) > before, "a swallowed attempt must still fail the test"
    del netguard.attempts[before:]


def test_unix_sockets_stay_allowed(tmp_path):
    a, b = socket.socketpair(socket.AF_UNIX)
    with a, b:
        a.sendall(b"x")
        assert b.recv(1) == b"x"


def test_child_processes_are_guarded_too(tmp_path):
    code = "import socket; socket.socket().connect(('127.0.0.1', 9))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=child_env(tmp_path)
    )
    assert result.returncode != 0
    assert "network access blocked" in result.stderr
    assert "socket.connect" in (tmp_path / "network-attempts.log").read_text()
