"""A save replaces only what is a file (issue 30, holes 2, 11 and 15): a FIFO, a socket or a
folder at the target is refused and left as it was; an empty file name and a timeout that can
never end are usage errors."""

from __future__ import annotations

import os
import socket
import stat

import pytest
from conftest import run_cli

from gpuplanner.core import atomic


def _fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def _folder(tmp_path):
    path = tmp_path / "folder"
    path.mkdir()
    return path


def _socket(tmp_path):
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.parametrize("make", [_fifo, _folder, _socket])
def test_a_save_over_what_is_not_a_file_is_refused_and_leaves_it(tmp_path, make):
    target = make(tmp_path)
    kind = stat.S_IFMT(os.lstat(target).st_mode)
    with pytest.raises(atomic.NotARegularFile):
        atomic.write_text(target, "{}")
    assert stat.S_IFMT(os.lstat(target).st_mode) == kind
    assert not list(tmp_path.glob(".*.tmp"))  # nothing left beside it


def test_a_link_is_replaced_itself_never_what_it_points_to(tmp_path):
    other = tmp_path / "other.json"
    other.write_text("kept", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(other)
    atomic.write_text(link, "new")
    assert other.read_text(encoding="utf-8") == "kept"
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "new"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_scan_save_to_a_fifo_says_so_and_keeps_the_fifo(tmp_path):
    target = _fifo(tmp_path)
    done = run_cli(tmp_path, "scan", "--save", str(target), timeout=60)
    assert done.returncode == 1 and "not a regular file" in done.stderr
    assert "Traceback" not in done.stderr
    assert stat.S_ISFIFO(os.lstat(target).st_mode)


@pytest.mark.parametrize(
    "args",
    [
        ["scan", "--save", ""],
        ["probe", "--timeout", "nan"],
        ["probe", "--timeout", "inf"],
        ["probe", "--timeout", "-1"],
        ["probe", "--timeout", "0"],
    ],
)
def test_an_empty_name_or_an_endless_timeout_is_a_usage_error(tmp_path, args):
    done = run_cli(tmp_path, *args, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_a_utf8_mark_before_gbk_bytes_is_a_message_not_a_traceback(tmp_path):
    """Issue 30, hole 8: a BOM followed by GBK text (a file re-saved by two editors)."""
    from gpuplanner.catalog.pricefile import decode_text
    from gpuplanner.catalog.pricelist import PriceListError

    data = b"\xef\xbb\xbf" + "显卡,价格\nRTX 4090,14999\n".encode("gbk")
    with pytest.raises(PriceListError, match="not UTF-8 at byte"):
        decode_text(data, "shop.csv")
    path = tmp_path / "shop.csv"
    path.write_bytes(data)
    done = run_cli(tmp_path, "db", "import-prices", str(path), "--shop", "s", timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "not UTF-8" in done.stderr
