"""Linux sysfs through fake trees: link formats, slots, switches, mixed vendors, RAPL."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakesys import add_pci, gpu_files, link_files, write_cpuinfo, write_rapl

from gpuplanner.hardware import system
from gpuplanner.hardware.pcie import gen_from_speed, link_findings
from gpuplanner.hardware.sysfs import read_display_devices, reread_links


@pytest.mark.parametrize(
    ("text", "gen"),
    [
        ("2.5 GT/s PCIe", 1),
        ("5.0 GT/s PCIe", 2),
        ("8.0 GT/s PCIe", 3),
        ("16.0 GT/s PCIe", 4),
        ("32.0 GT/s PCIe", 5),
        ("64.0 GT/s PCIe", 6),
        # kernel 5.6 and older (NCCL's topo.cc accepts both)
        ("8 GT/s", 3),
        ("16 GT/s", 4),
        ("2.5 GT/s", 1),
        # lspci
        ("16GT/s", 4),
        ("2.5GT/s (downgraded)", 1),
        ("Unknown", None),
        ("33 MHz PCI", None),
        ("", None),
    ],
)
def test_emulate_speed_strings(text, gen):
    assert gen_from_speed(text) == gen


def test_emulate_gen4_card_in_gen3_slot_new_kernel_strings(tmp_path):
    add_pci(
        tmp_path,
        ["0000:00:01.0", "0000:01:00.0"],
        gpu_files("0x10de", "0x2684", **link_files("2.5 GT/s PCIe", 16, "16.0 GT/s PCIe", 16)),
        [link_files("2.5 GT/s PCIe", 16, "8.0 GT/s PCIe", 16)],
    )
    (gpu,) = read_display_devices(tmp_path)
    link = gpu.pcie
    assert (gpu.vendor, gpu.bus_id, gpu.pci_device_id) == ("NVIDIA", "0000:01:00.0", "10de:2684")
    assert (link.current_gen, link.card_max_gen, link.slot_max_gen, link.slot_max_width) == (
        1,
        4,
        3,
        16,
    )
    assert [f.id for f in link_findings(gpu)] == [
        "pcie-slot-gen-below-card",
        "pcie-gen-low-at-idle",
    ]


def test_emulate_old_kernel_strings(tmp_path):
    add_pci(
        tmp_path,
        ["0000:00:03.0", "0000:03:00.0"],
        gpu_files("0x10de", "0x1b06", **link_files("8 GT/s", 16, "8 GT/s", 16)),
        [link_files("8 GT/s", 16, "8 GT/s", 16)],
    )
    (gpu,) = read_display_devices(tmp_path)
    assert (gpu.pcie.current_gen, gpu.pcie.card_max_gen) == (3, 3)
    assert link_findings(gpu) == []


def test_emulate_x16_card_in_x8_slot(tmp_path):
    add_pci(
        tmp_path,
        ["0000:00:01.1", "0000:02:00.0"],
        gpu_files("0x10de", "0x2204", **link_files("16.0 GT/s PCIe", 8, "16.0 GT/s PCIe", 16)),
        [link_files("16.0 GT/s PCIe", 8, "16.0 GT/s PCIe", 8)],
    )
    (gpu,) = read_display_devices(tmp_path)
    assert [f.id for f in link_findings(gpu)] == ["pcie-slot-width-below-card"]


def test_emulate_link_behind_a_switch(tmp_path):
    bridge = link_files("32.0 GT/s PCIe", 16, "32.0 GT/s PCIe", 16)
    add_pci(
        tmp_path,
        ["0000:15:01.0", "0000:16:00.0", "0000:17:01.0", "0000:19:00.0"],
        gpu_files("0x10de", "0x2330", cls="0x030200", **bridge),
        [bridge, bridge, bridge],
    )
    (gpu,) = read_display_devices(tmp_path)
    assert [b.address for b in gpu.bridges] == ["0000:17:01.0", "0000:16:00.0", "0000:15:01.0"]
    assert [f.id for f in link_findings(gpu)] == ["pcie-behind-switch"]


def test_emulate_mixed_amd_and_nvidia(tmp_path):
    add_pci(
        tmp_path,
        ["0000:00:01.0", "0000:01:00.0"],
        gpu_files("0x10de", "0x2684", **link_files("16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16)),
    )
    amd = gpu_files("0x1002", "0x744c", **link_files("16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16))
    amd["mem_info_vram_total"] = str(24 * 2**30)
    add_pci(tmp_path, ["0000:00:03.1", "0000:0b:00.0"], amd)
    add_pci(
        tmp_path, ["0000:00:08.1", "0000:0e:00.0"], gpu_files("0x8086", "0x56a0", cls="0x038000")
    )
    # a network card is not a display controller
    add_pci(
        tmp_path,
        ["0000:00:1c.0", "0000:05:00.0"],
        {"vendor": "0x8086", "device": "0x15f3", "class": "0x020000"},
    )
    devices = read_display_devices(tmp_path)
    assert [(d.vendor, d.bus_id) for d in devices] == [
        ("NVIDIA", "0000:01:00.0"),
        ("AMD", "0000:0b:00.0"),
        ("Intel", "0000:0e:00.0"),
    ]
    assert devices[1].memory_total_mib == 24 * 1024
    assert devices[2].pcie is None  # no link attributes: integrated graphics


def test_emulate_pci_ids_names(tmp_path):
    add_pci(tmp_path, ["0000:00:01.0", "0000:01:00.0"], gpu_files("0x1002", "0x744c"))
    ids = tmp_path / "usr" / "share" / "misc"
    ids.mkdir(parents=True)
    (ids / "pci.ids").write_text(
        "# pci.ids\n1002  Advanced Micro Devices, Inc. [AMD/ATI]\n"
        "\t744c  Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]\n\t\t1002 0e3b  subsystem\n"
        "10de  NVIDIA Corporation\n\t2684  AD102 [GeForce RTX 4090]\nC 00  Unclassified device\n"
    )
    (gpu,) = read_display_devices(tmp_path)
    assert gpu.name == "Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]"


def test_emulate_unreadable_sysfs(tmp_path):
    assert read_display_devices(tmp_path) == []  # no /sys at all
    add_pci(tmp_path, ["0000:00:01.0", "0000:01:00.0"], gpu_files("0x10de", "0x2684"))
    (gpu,) = read_display_devices(tmp_path)
    assert gpu.pcie is None  # link files missing: unknown, not zero


def test_emulate_sysfs_reread_under_load(tmp_path):
    folder = add_pci(
        tmp_path,
        ["0000:00:01.0", "0000:01:00.0"],
        gpu_files("0x10de", "0x2684", **link_files("2.5 GT/s PCIe", 16, "16.0 GT/s PCIe", 16)),
    )
    (folder / "current_link_speed").write_text("16.0 GT/s PCIe\n")
    assert reread_links(tmp_path, ["0000:01:00.0"])["0000:01:00.0"].current_gen == 4


def test_emulate_rapl_readable(tmp_path, monkeypatch):
    energy = write_rapl(tmp_path, 1_000_000)
    reads = iter(["1000000", "31000000"])  # 30 J over the sample
    original = Path.read_text

    def fake_read(self, *a, **k):
        return next(reads) if self == energy else original(self, *a, **k)

    monkeypatch.setattr(Path, "read_text", fake_read)
    watts, status = system.read_rapl(tmp_path, sample_s=0.1)
    assert status == "ok" and watts == pytest.approx(300, rel=0.3)


def test_emulate_rapl_root_only(tmp_path, monkeypatch):
    energy = write_rapl(tmp_path, 1)
    original = Path.read_text

    def denied(self, *a, **k):
        if self == energy:
            raise PermissionError(13, "Permission denied")
        return original(self, *a, **k)

    monkeypatch.setattr(Path, "read_text", denied)
    assert system.read_rapl(tmp_path, sample_s=0.01) == (None, "root-only")


def test_emulate_rapl_absent(tmp_path):
    assert system.read_rapl(tmp_path) == (None, "absent")


def test_emulate_cpuinfo(tmp_path):
    write_cpuinfo(tmp_path, "12th Gen Intel(R) Core(TM) i9-12900K")
    cpu = system.read_cpu(tmp_path, rapl=False)
    assert cpu.model == "12th Gen Intel(R) Core(TM) i9-12900K" and cpu.vendor == "Intel"
    assert cpu.threads and cpu.rapl_status == "not-read"
