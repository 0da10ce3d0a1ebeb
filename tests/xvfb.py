"""Start a private Xvfb server for a test, and stop it afterwards."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator


@contextlib.contextmanager
def xvfb_display(size: str = "1280x800x24") -> Iterator[str]:
    binary = shutil.which("Xvfb")
    if binary is None:
        raise FileNotFoundError("Xvfb")
    read_fd, write_fd = os.pipe()
    # -displayfd: Xvfb picks a free display number and writes it once it accepts clients.
    server = subprocess.Popen(
        [binary, "-displayfd", str(write_fd), "-screen", "0", size, "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
