"""NVML at the module boundary: every failure is one status (a state the report has advice
for), every field guarded."""

from __future__ import annotations

import fakenvml
import pytest
from fakenvml import FakeNvml, a100_passive, rtx4090

from gpuplanner.hardware.nvml import read_nvml, reread_links
from gpuplanner.hardware.pcie import link_findings
from gpuplanner.report.machine_view import HINTS


@pytest.mark.parametrize(
    ("error", "state", "hint_words"),
    [
        (fakenvml.NVMLError_LibraryNotFound, "library-missing", "Install the NVIDIA driver"),
        (fakenvml.NVMLError_DriverNotLoaded, "driver-not-loaded", "kernel driver is not running"),
        (fakenvml.NVMLError_LibRmVersionMismatch, "version-mismatch", "without a reboot"),
        (fakenvml.NVMLError_NoPermission, "no-permission", "permissions"),
    ],
)
def test_emulate_init_failures(error, state, hint_words):
    status, devices = read_nvml(FakeNvml(init_error=error))
    assert (status.state, devices) == (state, [])
    assert hint_words in HINTS[status.state]  # said by report/, from the state alone


def test_emulate_no_python_package():
    status, devices = read_nvml(None)
    assert status.state == "python-package-missing" and devices == []


def test_emulate_geforce_without_ecc_and_a_passive_datacenter_card():
    status, (geforce, passive) = read_nvml(FakeNvml([rtx4090(), a100_passive()]))
    assert status.state == "ok" and status.detail == "driver 535.86.05, CUDA 12.2"
    assert (
        geforce.ecc_enabled is None
        and geforce.nvlink_active_links is None
        and geforce.fan_percent == 30
    )
    assert geforce.memory_total_mib == pytest.approx(24564, abs=1)
    assert (geforce.power_limit_w, geforce.power_max_limit_w, geforce.power_draw_w) == (
        450,
        600,
        26.8,
    )
    assert geforce.compute_capability == "8.9" and geforce.bus_id == "0000:01:00.0"
    assert geforce.pci_device_id == "10de:2684"
    assert passive.fan_percent is None  # no fan: NotSupported, not zero
    assert (
        passive.ecc_enabled is True
        and passive.mig_enabled is False
        and passive.nvlink_active_links == 12
    )
    assert passive.bus_id == "0000:3b:00.0"


def test_emulate_gen4_card_in_gen3_slot():
    _, (gpu,) = read_nvml(FakeNvml([rtx4090()]))
    link = gpu.pcie
    assert (link.current_gen, link.max_gen, link.card_max_gen, link.slot_max_gen) == (1, 3, 4, 3)
    ids = [f.id for f in link_findings(gpu)]
    assert ids == ["pcie-slot-gen-below-card", "pcie-gen-low-at-idle"]


def test_emulate_x16_card_at_x8():
    _, (gpu,) = read_nvml(FakeNvml([rtx4090(max_gen=4, curr_width=8, max_width=16)]))
    assert "pcie-width-below-max" in [f.id for f in link_findings(gpu)]


def test_emulate_several_gpus_and_mig():
    gpus = [rtx4090(bus=f"00000000:{i:02X}:00.0") for i in (1, 2)] + [a100_passive()]
    gpus[2]["mig"] = [1, 1]
    _, devices = read_nvml(FakeNvml(gpus))
    assert [d.index for d in devices] == [0, 1, 2]
    assert [d.bus_id for d in devices] == ["0000:01:00.0", "0000:02:00.0", "0000:3b:00.0"]
    assert devices[2].mig_enabled is True


def test_emulate_a_gpu_lost_in_the_middle_of_a_scan():
    status, devices = read_nvml(FakeNvml([rtx4090(), a100_passive()], lost_on=(0, "memory")))
    assert status.state == "ok"
    assert devices[0].lost and devices[0].name == "NVIDIA GeForce RTX 4090"
    assert not devices[1].lost and devices[1].memory_total_mib  # the other GPU still reads


def test_emulate_a_hung_driver_call_is_time_bounded():
    status, devices = read_nvml(FakeNvml([rtx4090()], hang_s=2.0), timeout_s=0.3)
    assert status.state == "timeout" and devices == []
    assert "did not answer" in status.detail


def test_emulate_throttling():
    _, (gpu,) = read_nvml(FakeNvml([rtx4090(throttle=0x4 | 0x40)]))
    assert gpu.throttle_reasons == ("sw_power_cap", "hw_thermal_slowdown")


def test_idle_gen1_then_gen4_under_load():
    fake = FakeNvml([rtx4090(max_gen=4)])
    _, (idle,) = read_nvml(fake)
    assert [f.id for f in link_findings(idle)] == ["pcie-gen-low-at-idle"]
    fake.gpus[0]["curr_gen"] = 4
    links = reread_links(fake, ["0000:01:00.0"])
    loaded = links["0000:01:00.0"]
    assert (loaded.current_gen, loaded.under_load) == (4, True)
    from dataclasses import replace

    assert link_findings(replace(idle, pcie=loaded)) == []


def test_a_link_still_low_under_load_is_a_warning():
    fake = FakeNvml([rtx4090(max_gen=4)])
    _, (idle,) = read_nvml(fake)
    from dataclasses import replace

    loaded = reread_links(fake, [])["0000:01:00.0"]
    assert [(f.id, f.severity) for f in link_findings(replace(idle, pcie=loaded))] == [
        ("pcie-gen-low-under-load", "warns")
    ]


def test_nvml_is_shut_down_after_a_scan():
    fake = FakeNvml([rtx4090()])
    read_nvml(fake)
    assert fake.initialised == 0
