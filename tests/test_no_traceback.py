"""Done-when of issue 18: no command in the README exits with a Python traceback on any input
file. Every command that reads a file, on every kind of hostile file the issue lists."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile

import pytest
from conftest import REPO_ROOT, child_env

HARNESS = REPO_ROOT / "tests" / "no_traceback_harness.py"


def _hostile(folder):
    folder.mkdir()
    (folder / "empty.json").write_bytes(b"")
    (folder / "binary.xml").write_bytes(bytes(range(256)) * 64)
    (folder / "deep.json").write_text('{"kind": ' + "[" * 50_000 + "]" * 50_000 + "}")
    (folder / "huge-int.json").write_text(
        '{"kind": "gpuplanner-snapshot", "version": ' + "9" * 5000 + "}"
    )
    (folder / "nan.json").write_text('{"kind": "gpuplanner-snapshot", "version": 1, "gpus": NaN}')
    (folder / "utf16-garbage.txt").write_bytes("\ufeff".encode("utf-16") + os.urandom(2000))
    (folder / "unknown-encoding.xml").write_bytes(
        b'<?xml version="1.0" encoding="x-klingon"?><nvidia_smi_log/>'
    )
    (folder / "wide.csv").write_text("name,price\n" + "x" * 200_000 + ",1\n")
    (folder / "bad-pack.csv").write_text("# gpuplanner price pack: 9\n# name: x\ngpu,amount\n")
    (folder / "pack-bad-row.csv").write_text(
        "# gpuplanner price pack: 1\n# name: x\n# published: 2026-11-01\n"
        "gpu,amount,currency,condition,region,source,date,note\nRTX 3090,1e999,CNY,used,CN,s,2026-11-01,\n"
    )
    bomb = io.BytesIO()
    with (
        zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as book,
        book.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet,
    ):
        for _ in range(120):
            sheet.write(b"\0" * (1024 * 1024))
    (folder / "bomb.xlsx").write_bytes(bomb.getvalue())
    (folder / "a-folder").mkdir()
    if os.name == "posix":
        os.mkfifo(folder / "pipe.xml")


@pytest.mark.slow
def test_no_readme_command_ends_in_a_traceback_on_a_hostile_file(tmp_path):
    _hostile(tmp_path / "hostile")
    result = subprocess.run(
        [sys.executable, str(HARNESS), str(tmp_path / "hostile")],
        capture_output=True,
        text=True,
        timeout=600,
        env=child_env(tmp_path),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["runs"] >= 150
    assert report["failures"] == [], json.dumps(report["failures"][:3], indent=1)
