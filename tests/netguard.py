"""Fail any attempt to reach the network, in the test process and in the children it starts.

gpuplanner is an offline app: the tests prove it by making every Internet-family socket
connect, send and name lookup raise ``NetworkBlocked`` and by recording each attempt, so
that code which swallows the error still fails the test. Unix-domain sockets (X11, D-Bus)
are local IPC and stay allowed.
"""

from __future__ import annotations

import os
import socket
import traceback

LOG_ENV = "GPUPLANNER_NETGUARD_LOG"
_BLOCKED_FAMILIES = {socket.AF_INET, socket.AF_INET6}
attempts: list[str] = []
_originals: dict[str, object] = {}


class NetworkBlocked(OSError):
    pass


def _record(what: str) -> None:
    where = "".join(traceback.format_stack(limit=8)[:-2])
    entry = f"{what}\n{where}"
    attempts.append(entry)
    log_path = os.environ.get(LOG_ENV)
    if log_path:
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(f"pid {os.getpid()}: {entry}\n")
    raise NetworkBlocked(f"gpuplanner tests: network access blocked ({what})")


def _guard_method(name: str):
    original = getattr(socket.socket, name)

    def guarded(self, *args, **kwargs):
        if self.family in _BLOCKED_FAMILIES:
            _record(f"socket.{name}{args!r}")
        return original(self, *args, **kwargs)

    return original, guarded


def install() -> None:
    if _originals:
        return
    for name in ("connect", "connect_ex", "sendto"):
        original, guarded = _guard_method(name)
        _originals[name] = original
        setattr(socket.socket, name, guarded)

    original_getaddrinfo = socket.getaddrinfo

    def getaddrinfo(host, *args, **kwargs):
        _record(f"getaddrinfo({host!r})")
        return original_getaddrinfo(host, *args, **kwargs)

    _originals["getaddrinfo"] = original_getaddrinfo
    socket.getaddrinfo = getaddrinfo
