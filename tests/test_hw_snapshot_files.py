"""Snapshot files: save, load, and every way a file can be wrong (each named, none fatal)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuplanner.hardware.records import SNAPSHOT_VERSION
from gpuplanner.hardware.scan import ScanOptions, scan_system
from gpuplanner.hardware.snapshot import SnapshotError, load_file, load_paths, save

XML = b"""<?xml version="1.0" ?><nvidia_smi_log><driver_version>535.86.05</driver_version>
<cuda_version>12.2</cuda_version><attached_gpus>1</attached_gpus><gpu id="00000000:01:00.0">
<product_name>NVIDIA GeForce RTX 3090</product_name>
<fb_memory_usage><total>24576 MiB</total></fb_memory_usage>
<pci><pci_gpu_link_info><pcie_gen><max_link_gen>4</max_link_gen><current_link_gen>4</current_link_gen>
</pcie_gen><link_widths><max_link_width>16x</max_link_width><current_link_width>8x</current_link_width>
</link_widths></pci_gpu_link_info></pci></gpu></nvidia_smi_log>"""


@pytest.fixture
def snapshot(tmp_path):
    return scan_system(
        ScanOptions(root=tmp_path, platform="linux", nvml=None, read_rapl=False, read_psu=False)
    )


def test_save_and_load(tmp_path, snapshot):
    path = tmp_path / "pc.json"
    save(snapshot, path)
    assert load_file(path) == snapshot
    assert not list(tmp_path.glob(".*.tmp"))


def test_xml_report_becomes_a_snapshot(tmp_path):
    path = tmp_path / "lab-pc-7.xml"
    path.write_bytes(XML)
    loaded = load_file(path)
    assert loaded.machine == "lab-pc-7" and loaded.source == "nvidia-smi-xml"
    assert loaded.gpus[0].memory_total_mib == 24576
    assert [f.id for f in loaded.findings] == ["pcie-width-below-max"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b"{not json", "not valid JSON (line 1"),
        (b'{"kind": "something-else"}', "not a gpuplanner snapshot"),
        (
            json.dumps({"kind": "gpuplanner-snapshot", "version": SNAPSHOT_VERSION + 1}).encode(),
            "newer gpuplanner",
        ),
        (
            json.dumps({"kind": "gpuplanner-snapshot", "version": 1, "gpus": "x"}).encode(),
            "invalid snapshot",
        ),
        (XML[: len(XML) // 2], "not valid XML"),
        (b"\x00\x01\x02binary" * 100, "binary"),
        (b"<html><body>hello</body></html>", "not an nvidia-smi -q -x report"),
        (
            b'<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
            b"<nvidia_smi_log>&b;</nvidia_smi_log>",
            "declares entities",
        ),
    ],
)
def test_bad_files_are_named_and_explained(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    try:
        loaded = load_file(path)
    except SnapshotError as exc:
        assert exc.file == "bad.json" and words in str(exc)
    else:
        # Only the entity example may load (expat expands small entities safely); it has no GPUs.
        assert "nvidia_smi" in words and loaded.gpus == ()


def test_a_folder_loads_good_files_and_reports_bad_ones(tmp_path, snapshot):
    save(snapshot, tmp_path / "a.json")
    (tmp_path / "b.xml").write_bytes(XML)
    (tmp_path / "c.xml").write_bytes(b"<broken")
    (tmp_path / "notes.md").write_text("ignored")
    result = load_paths([tmp_path])
    assert [n.split("/")[-1] for n, _ in result.snapshots] == ["a.json", "b.xml"]
    # Every file's fate: the broken one, and the notes that are not a report (issue 41).
    assert [e.file for e in result.errors] == ["c.xml", "notes.md"]


def test_missing_path_is_an_error_not_a_crash(tmp_path):
    result = load_paths([tmp_path / "nope.xml"])
    assert result.snapshots == () and "does not exist" in str(result.errors[0])


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=3000) | st.text(max_size=800).map(str.encode))
def test_any_bytes_load_or_are_refused(tmp_path, data):
    path = tmp_path / "fuzz.xml"
    path.write_bytes(data)
    try:
        load_file(path)
    except SnapshotError as exc:
        assert exc.file == "fuzz.xml"
