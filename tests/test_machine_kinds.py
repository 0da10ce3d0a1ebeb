"""Every recorded machine is recognised for what it is (issue 27, 1): each fixture's kind is
written down here, judged from what its source says it is; a fixture without one fails."""

from __future__ import annotations

import pytest
from conftest import RECORDINGS, recordings

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.hardware.snapshot import SnapshotError, load_file
from gpuplanner.planning.machine.kind import KINDS, machine_kind

# None: not a machine at all (a field list). The kind is what the machine is, as far as the
# file's facts can tell; where they cannot (a riser's two lines), "unknown".
EXPECTED = {
    # nvidia-smi -q -x
    "nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml": "desktop",
    "nvidia-smi-q-x_8x-tesla-v100s-pcie-32gb_drv460.xml": "cloud-vm",  # passed through, bus 00
    "nvidia-smi-q-x_a100-sxm4-80gb_mig-enabled_partial-1-of-4-gpus.xml": "server",  # SXM
    "nvidia-smi-q-x_a10g_aws_pcie-gen1-of-4-x8-of-x16.xml": "cloud-vm",  # AWS's own card
    "nvidia-smi-q-x_dual-rtx-a5000_drv590.xml": "desktop",
    "nvidia-smi-q-x_dual-rtx2070_each-x8-of-x16.xml": "desktop",
    "nvidia-smi-q-x_gt1030_pcie-x4_power-draw-na.xml": "desktop",
    "nvidia-smi-q-x_gtx1050-hp-laptop_pcie-x8-of-x16_power-na.xml": "laptop",
    "nvidia-smi-q-x_gtx1070ti_minimal-fragment.xml": "desktop",
    "nvidia-smi-q-x_quadro-p2000_pcie-x8-of-x16_drv525.xml": "desktop",
    "nvidia-smi-q-x_quadro-p400_power-na_drv418.xml": "desktop",
    "nvidia-smi-q-x_rtx2080_windows_pcie-gen3-x8-of-x16.xml": "desktop",
    "nvidia-smi-q-x_rtx3060_drv570.xml": "desktop",
    "nvidia-smi-q-x_rtx3080_drv595_schema-v13.xml": "desktop",
    "nvidia-smi-q-x_rtx3080_windows-wddm_drv536.xml": "virtual-machine",  # a GeForce passed through
    "nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml": "desktop",
    "nvidia-smi-q-x_rtx3090_power-limit-200w-of-350w_drv525.xml": "virtual-machine",
    "nvidia-smi-q-x_rtx4000-sff-ada_drv595_70w.xml": "desktop",
    "nvidia-smi-q-x_rtx4090_gen4-card-in-gen3-host_drv535.xml": "desktop",
    "nvidia-smi-q-x_tesla-p100-pcie-16gb_drv510.xml": "cloud-vm",
    "nvidia-smi-q-x_tesla-t4_aws_pcie-gen3-x8-of-x16.xml": "cloud-vm",
    "nvidia-smi-q-x_tesla-v100-pcie-32gb_drv460.xml": "cloud-vm",
    # nvidia-smi -q
    "nvidia-smi-q_4x-tesla-v100-pcie-16gb_azure-vm_drv460.txt": "cloud-vm",
    "nvidia-smi-q_8x-h100-80gb-hbm3_gen5_drv535.161.txt": "server",
    "nvidia-smi-q_8x-rtx4090_6-at-gen1-2-at-gen4_drv535.txt": "server",
    "nvidia-smi-q_8x-rtx4090_host-gen4_mixed-gen1-gen4_drv535.txt": "server",
    "nvidia-smi-q_8x-rtx4090_host-gen5_unusual-process-name_drv535.txt": "server",
    "nvidia-smi-q_a10_drv535_host-max-na.txt": "cloud-vm",
    "nvidia-smi-q_h100-80gb-hbm3_gen5_drv590.txt": "cloud-vm",
    "nvidia-smi-q_h100-80gb-hbm3_mig-enabled_drv590.txt": "cloud-vm",
    "nvidia-smi-q_h200_drv590.txt": "cloud-vm",
    "nvidia-smi-q_l40s_drv595.txt": "cloud-vm",
    "nvidia-smi-q_rtx2080super_linux_drv595_gen1-of-3-idle.txt": "desktop",
    "nvidia-smi-q_rtx2080super_linux_drv610.txt": "desktop",
    "nvidia-smi-q_rtx2080super_windows_drv591.txt": "desktop",
    "nvidia-smi-q_rtx4080super_gen4-card-gen5-host_drv595.txt": "desktop",
    # nvidia-smi --query-gpu (no virtualization field: the bus and the card say what they can)
    "nvidia-smi-help-query-gpu_reference-field-list.txt": None,
    "nvidia-smi-query-gpu_h100-80gb-hbm3_gen5_drv590_idle_all-fields.csv": "cloud-vm",
    "nvidia-smi-query-gpu_h100-80gb-hbm3_mig-enabled_drv590_idle_all-fields.csv": "cloud-vm",
    "nvidia-smi-query-gpu_h200_drv590_idle_all-fields.csv": "server",
    "nvidia-smi-query-gpu_rtx2080super_linux_drv595_idle_gen1-of-3_all-fields.csv": "desktop",
    "nvidia-smi-query-gpu_rtx2080super_linux_drv595_load_gen3-of-3_all-fields.csv": "desktop",
    "nvidia-smi-query-gpu_rtx2080super_linux_drv610_idle_all-fields.csv": "desktop",
    "nvidia-smi-query-gpu_rtx2080super_windows_drv591_idle_all-fields.csv": "desktop",
    "nvidia-smi-query-gpu_rtx2080super_windows_drv610_idle_all-fields.csv": "desktop",
    "nvidia-smi-query-gpu_tesla-p100-pcie-16gb_fan-na.csv": "server",  # passive
    # lspci
    "lspci-vv-grep_rtx4090-on-linkup-riser_gen1-downgraded_2-lines.txt": "unknown",
    "lspci-vvnn_gt710_g41-chipset_gen1-host_root-port-x16-link-x8.txt": "desktop",
    "lspci-vvnn_gtx1650-maxq_dell-xps15-7590-laptop_3d-controller-class_idle-2.5gt.txt": "laptop",
    "lspci-vvnn_gtx1650-mobile_acer-nitro-laptop_optimus-igpu_non-root_domain-prefixed.txt": "laptop",
    "lspci-vvnn_rtx3060-mobile_lenovo-legion5-amd-laptop_8g-bar_non-root.txt": "laptop",
    # Four blower cards and no chassis fact: a platform with x16 for each, planned alike.
    "lspci-vvv_4x-rtx6000-ada_asus-esc8000a-e12-server_idle-2.5gt-downgraded_tabs-expanded.txt": "workstation",
    "lspci-vvv_8x-h100-sxm-dgx-class-server_full-system_gen5-x16-ok.txt": "server",
    "lspci-vvvv_rtx-a4000_raspberry-pi5_2-space-indent_fragment-no-device-header.txt": "unknown",
}


def test_the_expected_kinds_are_kinds():
    assert {k for k in EXPECTED.values() if k is not None} <= set(KINDS)


def _check_kind(data, path) -> None:
    assert path.name in EXPECTED, f"{path.name}: write down what kind of machine it is"
    expected = EXPECTED[path.name]
    try:
        snapshot = enrich(load_file(path), data)
    except SnapshotError:
        assert expected is None, f"{path.name} should load"
        return
    assert expected is not None, f"{path.name} is not a machine"
    kind = machine_kind(snapshot, {g.id: g for g in data.gpus})
    assert kind.kind == expected, (path.name, [(e.code, e.params) for e in kind.evidence])
    assert kind.kind == "unknown" or kind.evidence, path.name  # what decided it is said
    # Planning reads the same decision.
    facts = machine_facts(snapshot, None, data)
    assert facts.kind == expected, path.name
    assert facts.laptop == (expected == "laptop"), path.name
    assert facts.virtual_machine == (expected in ("cloud-vm", "vgpu-guest")), path.name


# The repository's copies, one test each; every recording is one of these or the shared
# folder's (tests/fixtures/README.md says which stay there and why).
HERE = sorted(p for p in recordings() if p.is_relative_to(RECORDINGS))


@pytest.mark.parametrize("path", HERE, ids=lambda p: p.name)
def test_each_recorded_machine_gets_its_kind(data, path):
    _check_kind(data, path)


def test_most_recordings_are_here():
    assert len(HERE) >= 40


@pytest.mark.shared("fixtures")
def test_each_recording_only_the_shared_folder_has_gets_its_kind(data):
    folders = {p.name: p for p in recordings() if not p.is_relative_to(RECORDINGS)}
    shared_only = sorted(set(EXPECTED) - {p.name for p in HERE})
    assert shared_only and set(shared_only) <= set(folders), set(shared_only) - set(folders)
    for name in shared_only:
        _check_kind(data, folders[name])


def test_a_live_scan_reads_the_chassis_battery_and_hypervisor(tmp_path):
    from gpuplanner.hardware.system import read_chassis

    dmi = tmp_path / "sys" / "class" / "dmi" / "id"
    dmi.mkdir(parents=True)
    (dmi / "chassis_type").write_text("10\n")
    (dmi / "sys_vendor").write_text("LENOVO\n")
    battery = tmp_path / "sys" / "class" / "power_supply" / "BAT0"
    battery.mkdir(parents=True)
    (battery / "type").write_text("Battery\n")
    assert read_chassis(tmp_path) == ("laptop", True, None)
    (dmi / "chassis_type").write_text("1\n")
    (dmi / "sys_vendor").write_text("Amazon EC2\n")
    (battery / "type").write_text("Mains\n")
    assert read_chassis(tmp_path) == (None, False, "Amazon EC2")


def _machine(*names, **facts):
    from gpuplanner.hardware.records import (
        CaseInfo,
        CpuInfo,
        DriverStatus,
        GpuDevice,
        MemoryInfo,
        PowerSupply,
        SystemSnapshot,
    )

    gpus = tuple(
        GpuDevice(index=i, vendor="NVIDIA", name=n, bus_id=f"0000:0{i + 1}:00.0")
        for i, n in enumerate(names)
    )
    return SystemSnapshot(
        version=1,
        created="2026-12-01T00:00:00+00:00",
        source="scan",
        machine="m",
        gpus=gpus,
        nvml=DriverStatus("ok"),
        cpu=CpuInfo(model=facts.pop("cpu", None)),
        memory=MemoryInfo(),
        os=None,
        tensorflow=None,
        power_supply=PowerSupply(),
        case=CaseInfo(),
        **facts,
    )


@pytest.mark.parametrize(
    "snapshot, kind",
    [
        (_machine("NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition"), "desktop"),
        (_machine("NVIDIA GeForce RTX 4070 Laptop GPU"), "laptop"),
        (_machine("NVIDIA RTX 3000 Ada", chassis="laptop"), "laptop"),
        (_machine("NVIDIA RTX 4000 SFF Ada Generation", chassis="mini"), "small-pc"),
        (_machine("GRID T4-16Q"), "vgpu-guest"),
        (_machine("NVIDIA A100-4C"), "vgpu-guest"),
        (_machine("NVIDIA L4", hypervisor="Google Compute Engine"), "cloud-vm"),
        (_machine("NVIDIA GeForce RTX 3090", hypervisor="KVM/QEMU"), "virtual-machine"),
        (_machine("NVIDIA GeForce RTX 4090", chassis="server"), "server"),
        (_machine(*["NVIDIA GeForce RTX 3090"] * 4), "workstation"),
        (
            _machine("NVIDIA GeForce RTX 3090", cpu="AMD Ryzen Threadripper PRO 5975WX"),
            "workstation",
        ),
        (_machine(), "unknown"),
    ],
)
def test_kinds_from_each_kind_of_fact(data, snapshot, kind):
    snapshot = enrich(snapshot, data)
    assert machine_kind(snapshot, {g.id: g for g in data.gpus}).kind == kind


def test_a_vm_without_a_gpu_or_wsl2_is_planned_for_the_pc_it_runs_on(data):
    """This very CI machine is a VM without a GPU: planning for it is planning for a host."""
    from dataclasses import replace

    from gpuplanner.hardware.records import OsInfo

    bare = enrich(_machine(hypervisor="hypervisor"), data)
    assert machine_kind(bare).kind == "virtual-machine"
    assert not machine_facts(bare, None, data).virtual_machine
    wsl = replace(
        _machine("NVIDIA GeForce RTX 4070", hypervisor="Hyper-V"),
        os=OsInfo(
            system="Linux", release="5.15.153.1-microsoft-standard-WSL2", machine="x86_64", wsl=True
        ),
    )
    assert machine_kind(enrich(wsl, data)).kind == "desktop"
    ec2 = enrich(_machine(hypervisor="Amazon EC2"), data)
    assert machine_kind(ec2).kind == "cloud-vm"


def test_a_vm_without_a_gpu_is_not_said_to_have_one_passed_through(data):
    """Issue 41: "a virtual machine with its GPU passed through" beside "GPU: none found"."""
    from gpuplanner.report.kind_text import kind_words

    bare = machine_kind(enrich(_machine(hypervisor="KVM/QEMU"), data))
    english, chinese = kind_words(bare, "en"), kind_words(bare, "zh_CN")
    assert "virtual machine" in english and "passed through to it" in english
    assert "its GPU passed through" not in english
    assert english != chinese
    with_card = machine_kind(
        enrich(_machine("NVIDIA GeForce RTX 3090", hypervisor="KVM/QEMU"), data)
    )
    assert "its GPU passed through" in kind_words(with_card, "en")
