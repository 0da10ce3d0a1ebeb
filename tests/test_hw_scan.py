"""The whole scan with fake NVML and a fake Linux tree: merged by PCI address, never fatal."""

from __future__ import annotations

import json
import sys

import fakenvml
import pytest
from fakenvml import FakeNvml, rtx4090
from fakesys import add_pci, gpu_files, link_files, write_cpuinfo

from gpuplanner.hardware.records import PowerSupply
from gpuplanner.hardware.scan import ScanOptions, merge_devices, scan_system
from gpuplanner.hardware.snapshot import from_json, to_json


def _options(tmp_path, nvml, **kw):
    return ScanOptions(
        root=tmp_path, platform="linux", nvml=nvml, read_rapl=False, read_psu=False, **kw
    )


def test_scan_merges_nvml_with_sysfs_and_keeps_other_vendors(tmp_path):
    add_pci(
        tmp_path,
        ["0000:00:01.0", "0000:01:00.0"],
        gpu_files("0x10de", "0x2684", **link_files("2.5 GT/s PCIe", 16, "16.0 GT/s PCIe", 16)),
        [link_files("2.5 GT/s PCIe", 16, "8.0 GT/s PCIe", 16)],
    )
    add_pci(
        tmp_path,
        ["0000:00:03.1", "0000:0b:00.0"],
        gpu_files("0x1002", "0x744c", **link_files("16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16)),
    )
    write_cpuinfo(tmp_path, "AMD Ryzen 9 7950X 16-Core Processor")
    snapshot = scan_system(_options(tmp_path, FakeNvml([rtx4090()])))
    nvidia, amd = snapshot.gpus
    assert (nvidia.name, nvidia.bus_id, amd.vendor, amd.index) == (
        "NVIDIA GeForce RTX 4090",
        "0000:01:00.0",
        "AMD",
        1,
    )
    assert nvidia.pcie.source == "nvml+sysfs" and nvidia.pcie.slot_max_width == 16
    assert len(nvidia.bridges) == 1
    assert [f.id for f in snapshot.findings] == ["pcie-slot-gen-below-card", "pcie-gen-low-at-idle"]
    assert snapshot.cpu.model.startswith("AMD Ryzen 9 7950X") and snapshot.nvml.state == "ok"


def test_no_driver_still_reports_the_rest(tmp_path):
    add_pci(tmp_path, ["0000:00:01.0", "0000:01:00.0"], gpu_files("0x10de", "0x2684"))
    snapshot = scan_system(
        _options(tmp_path, FakeNvml(init_error=fakenvml.NVMLError_DriverNotLoaded))
    )
    assert snapshot.nvml.state == "driver-not-loaded"
    assert [g.vendor for g in snapshot.gpus] == ["NVIDIA"]  # seen by the OS, not the driver
    finding = snapshot.findings[0]
    assert (finding.id, finding.severity) == ("no-nvidia-gpu", "blocks")
    assert snapshot.memory.total_mib and snapshot.tensorflow is not None


def test_a_lost_gpu_marks_that_device(tmp_path):
    snapshot = scan_system(_options(tmp_path, FakeNvml([rtx4090()], lost_on=(0, "cc"))))
    assert snapshot.gpus[0].lost
    assert "gpu-lost" in [f.id for f in snapshot.findings]


def test_entered_power_supply_is_kept(tmp_path):
    entered = PowerSupply(
        rated_w=850, rating="gold", atx_version="3", pcie_8pin_cables=2, has_12v2x6=True
    )
    snapshot = scan_system(_options(tmp_path, FakeNvml([]), power_supply=entered))
    assert snapshot.power_supply.rated_w == 850 and snapshot.power_supply.atx_version == "3"


def test_snapshot_round_trips_through_json(tmp_path):
    snapshot = scan_system(_options(tmp_path, FakeNvml([rtx4090()])))
    text = to_json(snapshot)
    assert json.loads(text)["kind"] == "gpuplanner-snapshot"
    assert from_json(text, "x.json") == snapshot


def test_merge_keeps_os_only_devices():
    from gpuplanner.hardware.records import GpuDevice

    merged = merge_devices(
        [], [GpuDevice(index=0, vendor="Intel", name="UHD", bus_id="0000:00:02.0")]
    )
    assert [d.name for d in merged] == ["UHD"]


def test_the_scan_never_imports_tensorflow(tmp_path):
    before = "tensorflow" in sys.modules
    scan_system(_options(tmp_path, FakeNvml([rtx4090()])))
    assert ("tensorflow" in sys.modules) == before


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_other_platforms_use_their_own_readers(tmp_path, monkeypatch, platform):
    from gpuplanner.hardware import macos, windows
    from gpuplanner.hardware.records import GpuDevice

    fake = [GpuDevice(index=0, vendor="AMD", name="Radeon", bus_id="0000:03:00.0")]
    monkeypatch.setattr(
        windows if platform == "win32" else macos, "read_display_devices", lambda: fake
    )
    snapshot = scan_system(
        ScanOptions(root=tmp_path, platform=platform, nvml=None, read_rapl=False, read_psu=False)
    )
    assert [g.name for g in snapshot.gpus] == ["Radeon"]
