"""``gpuplanner ARGS`` run in the test process, isolated as a child process would be.

``conftest.run_cli`` uses it for sub-commands. The command sees the child's environment (its
own GPUPLANNER_HOME, language and locale, the network log), the child's working folder, its
own standard streams and ``sys.argv``; all are put back afterwards, as are the log handlers
the command installs. A fresh home starts with the bundled catalog already built
(helpers/seeded_catalog.py). An exit, a usage error or an uncaught exception becomes the return code
a process would have had (0, 2, 1), with the traceback on its stderr.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from helpers.seeded_catalog import seed_home


def run_main(
    args: list[str], env: dict[str, str], cwd: Path, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    from gpuplanner import cli

    if env.get("GPUPLANNER_HOME"):
        seed_home(Path(env["GPUPLANNER_HOME"]))
    out, err = _stream(), _stream()
    with _environment(env), _folder(cwd), _streams(out, err, input), _logging_restored():
        sys.argv = ["gpuplanner", *args]
        try:
            code = cli.main(args)
        except SystemExit as exc:
            code = _exit_code(exc, err)
        except Exception:  # a child process would print it and exit 1
            traceback.print_exc(file=err)
            code = 1
        out.flush()
        err.flush()
    return subprocess.CompletedProcess(
        [sys.executable, "-m", "gpuplanner", *args], code, _text(out), _text(err)
    )


def _stream() -> io.TextIOWrapper:
    # A real text stream over bytes, as a pipe is: reconfigure() and .buffer work.
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    data = stream.buffer.getvalue()  # type: ignore[attr-defined]
    # subprocess.run(text=True) reads with universal newlines.
    return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


def _exit_code(exc: SystemExit, err: io.TextIOWrapper) -> int:
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=err)
    return 1


@contextmanager
def _environment(env: dict[str, str]) -> Iterator[None]:
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


@contextmanager
def _folder(cwd: Path) -> Iterator[None]:
    saved = os.getcwd()
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(saved)


@contextmanager
def _streams(out: io.TextIOWrapper, err: io.TextIOWrapper, input: str | None) -> Iterator[None]:
    saved = sys.stdin, sys.stdout, sys.stderr, sys.argv
    sys.stdin = io.StringIO(input or "")
    sys.stdout, sys.stderr = out, err
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr, sys.argv = saved


@contextmanager
def _logging_restored() -> Iterator[None]:
    """The command's log handlers (a file in the child's home, stderr) end with the call."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    try:
        yield
    finally:
        for handler in list(root.handlers):
            if handler not in handlers:
                root.removeHandler(handler)
                # As logging.shutdown does at a process's exit: a log on a full disk or a
                # closed stream does not turn the run into an error.
                with contextlib.suppress(OSError, ValueError):
                    handler.close()
        root.setLevel(level)
