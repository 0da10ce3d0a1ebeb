"""Terminal commands in names and in the worker's stderr (issue 30, 16): the command line writes
them as text, whatever the command and the output format."""

from __future__ import annotations

import io
import stat
import sys
from pathlib import Path

import pytest
from conftest import run_cli

from gpuplanner.core.terminal import CleanStream, clean

FAKE = Path(__file__).parent / "fakeworkers"
COMMANDS = ("\x1b", "\x07", "\x9b", "\x9d", "\x08")

QUERY_TEXT = """
==============NVSMI LOG==============

Driver Version                            : 550.54.14
CUDA Version                              : 12.4

Attached GPUs                             : 1
GPU 00000000:01:00.0
    Product Name                          : NVIDIA GeForce RTX 3090 \x1b]0;pwned\x07\x1b[2J\x08\x08
    FB Memory Usage
        Total                             : 24576 MiB
"""
XML = (
    '<?xml version="1.0" ?><nvidia_smi_log><driver_version>550.54</driver_version>'
    '<gpu id="00000000:01:00.0"><product_name>NVIDIA GeForce RTX 3090 \u009b2J\u009d0;x'
    "</product_name></gpu></nvidia_smi_log>"
)


def _no_commands(text: str) -> None:
    found = [repr(c) for c in COMMANDS if c in text]
    assert not found, f"terminal controls reached the output: {found}"


def test_controls_become_question_marks_and_text_stays():
    assert clean("RTX\x1b[2J 4090\x9b\tok\r\n") == "RTX?[2J 4090?\tok\r\n"
    out = io.StringIO()
    stream = CleanStream(out)
    assert stream.write("a\x1b]0;t\x07b") == len("a\x1b]0;t\x07b")
    assert out.getvalue() == "a?]0;t?b"
    assert stream.getvalue() == out.getvalue()  # every other attribute is the stream's


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_names_from_reports_reach_the_terminal_as_text(tmp_path, fmt):
    folder = tmp_path / "lab"
    folder.mkdir()
    (folder / "a.txt").write_text(QUERY_TEXT, encoding="utf-8")
    (folder / "b.xml").write_text(XML, encoding="utf-8")
    extra = ["--json"] if fmt == "json" else []
    for command in (["scan", "--from", str(folder)], ["fleet", str(folder)]):
        result = run_cli(tmp_path, *command, *extra)
        assert result.returncode == 0, result.stderr
        assert "RTX 3090" in result.stdout
        _no_commands(result.stdout + result.stderr)


@pytest.mark.slow
def test_the_workers_stderr_and_errors_reach_the_terminal_as_text(tmp_path):
    python = tmp_path / "python-escapes"
    python.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -u "{FAKE / "escapes_on_stderr.py"}"\n',
        encoding="utf-8",
    )
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    result = run_cli(tmp_path, "--verbose", "probe", "--python", str(python), "--timeout", "30")
    assert "red" in result.stdout + result.stderr
    _no_commands(result.stdout + result.stderr)


def test_main_gives_the_streams_back(capsys):
    from gpuplanner.cli import main

    before = sys.stdout
    assert main(["db", "info"]) in (0, 1)
    assert sys.stdout is before
