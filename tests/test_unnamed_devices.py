"""A GPU whose name was not read is still the card its PCI device id says: lspci with a PCI ID
list older than the card prints "NVIDIA Corporation Device 2330" for an H100 SXM5, and the
recorded DGX-class server was told to replace its eight H100s with an RTX 3060."""

from __future__ import annotations

import pytest
from conftest import recording

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.catalog import pci_ids
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.lspci import gpus_from_lspci
from gpuplanner.hardware.snapshot import load_file
from gpuplanner.planning.recommend import PlanRequest, recommend
from gpuplanner.report.machine_view import machine_view

UNNAMED = """\
03:00.0 VGA compatible controller: Matrox Electronics Systems Ltd. Device 0536 (rev 04)
19:00.0 3D controller: NVIDIA Corporation Device 2330 (rev a1)
\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported
\tLnkSta:\tSpeed 32GT/s, Width x16
1a:00.0 3D controller: NVIDIA Corporation Device 9999 (rev a1)
"""


def test_lspci_reads_the_id_of_a_device_it_could_not_name():
    matrox, h100, unknown = gpus_from_lspci(UNNAMED)
    assert h100.pci_device_id == "10de:2330" and unknown.pci_device_id == "10de:9999"
    assert matrox.pci_device_id is None  # a vendor whose id this scan does not know
    assert pci_ids.card_id(h100.pci_device_id) == "h100-sxm5-80-gb"
    assert pci_ids.card_id(unknown.pci_device_id) is None
    assert pci_ids.card_id("1002:2330") is None  # another vendor's device 2330


def test_the_scan_names_the_card_its_id_says_and_counts_the_bmc_display_out(data, tmp_path):
    # Read as "Device 2330", the scan's own line said just that; a server's BMC display was
    # listed as GPU 0 with "memory N/A", as if it were a card for the job.
    path = tmp_path / "lspci.txt"
    path.write_text(UNNAMED, encoding="utf-8")
    snapshot = enrich(load_file(path), data)
    matrox, h100, unknown = snapshot.gpus
    assert not matrox.for_compute and h100.for_compute and unknown.for_compute
    assert (h100.catalog_name, unknown.catalog_name) == ("H100 SXM5 80 GB", None)
    for language, card, display in (
        ("en", "H100 SXM5 80 GB (read as: NVIDIA Corporation Device 2330)", "a display adapter"),
        (
            "zh_CN",
            "H100 SXM5 80 GB（扫描读到的名称：NVIDIA Corporation Device 2330）",
            "显示适配器",
        ),
    ):
        lines = [line.value for line in machine_view(snapshot, language).lines]
        assert any(line.startswith(card) for line in lines), lines
        assert any(line.startswith("Matrox") and display in line for line in lines), lines
        assert not any(
            line.startswith("Matrox") and ("memory" in line or "显存" in line) for line in lines
        )
    # A card named by its own name keeps it: the catalog's is shown only where the scan's says
    # nothing of the model.
    named = enrich(
        load_file(
            _written(
                tmp_path,
                "19:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)\n",
            )
        ),
        data,
    )
    assert named.gpus[0].catalog_id == "h100-sxm5-80-gb" and named.gpus[0].catalog_name is None


def _written(tmp_path, text: str):
    path = tmp_path / "named.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_listed_device_is_an_nvidia_card_of_the_catalog(data):
    by_id = {g.id: g for g in data.gpus}
    assert len(pci_ids.BY_DEVICE_ID) >= 100
    for device, card in pci_ids.BY_DEVICE_ID.items():
        assert len(device) == 4 and int(device, 16) >= 0, device
        assert card in by_id and by_id[card].vendor == "NVIDIA", (device, card)


def _plan(data, model, facts, scenario):
    return recommend(
        PlanRequest(
            scenario=scenario, currency="CNY", machine=facts, today="2026-12-05", alternatives=False
        ),
        data,
        model,
    )


@pytest.mark.shared("fixtures/lspci-vv")
@pytest.mark.parametrize("scenario", [Scenario.STUDENT, Scenario.SME, Scenario.LLM])
def test_the_recorded_dgx_class_server_keeps_its_eight_h100s(data, model, scenario):
    path = recording("lspci-vv/lspci-vvv_8x-h100-sxm-dgx-class-server_full-system_gen5-x16-ok.txt")
    snapshot = enrich(load_file(path), data)
    nvidia = [g for g in snapshot.gpus if g.vendor == "NVIDIA"]
    assert len(nvidia) == 8 and {g.catalog_id for g in nvidia} == {"h100-sxm5-80-gb"}
    facts = machine_facts(snapshot, None, data)
    assert facts.current_gpu_id == "h100-sxm5-80-gb" and facts.installed_count == 8
    plan = _plan(data, model, facts, scenario)
    assert plan.no_purchase_needed and plan.options[0].action == "keep"


@pytest.mark.shared("fixtures/lspci-vv")
def test_the_recorded_legion_laptop_keeps_its_rtx_3060_for_the_students_job(data, model):
    path = recording(
        "lspci-vv/lspci-vvnn_rtx3060-mobile_lenovo-legion5-amd-laptop_8g-bar_non-root.txt"
    )
    snapshot = enrich(load_file(path), data)
    facts = machine_facts(snapshot, None, data)
    assert facts.current_gpu_id == "geforce-rtx-3060-laptop"
    assert _plan(data, model, facts, Scenario.STUDENT).no_purchase_needed


def test_a_device_of_no_known_make_is_not_said_to_be_a_display_adapter(data, tmp_path):
    # Two lines grepped from lspci (a link, no device header): nothing says what the device is,
    # so the scan does not say TensorFlow has no use for it.
    path = tmp_path / "grep.txt"
    path.write_text(
        "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16\n\t\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x16\n",
        encoding="utf-8",
    )
    snapshot = enrich(load_file(path), data)
    (device,) = snapshot.gpus
    assert device.vendor == "unknown" and not device.display_only
    lines = [line.value for line in machine_view(snapshot, "en").lines]
    assert not any("display adapter" in line for line in lines), lines


@pytest.mark.parametrize(
    ("vendor", "name", "display"),
    [
        ("Matrox", "Matrox Electronics Systems Ltd. Integrated Matrox G200eW3", True),
        ("ASPEED", "ASPEED Technology, Inc. ASPEED Graphics Family", True),
        ("Intel", "Intel Corporation UHD Graphics 630 (Mobile)", True),
        ("Intel", "Intel Corporation Iris Xe Graphics", True),
        # A card the catalog did not match is not said to be a display adapter.
        ("Intel", "Intel Corporation DG2 [Arc A770]", False),
        (
            "AMD",
            "Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX]",
            False,
        ),
        ("unknown", "PCIe device", False),
    ],
)
def test_only_a_bmc_or_a_processors_graphics_is_called_a_display_adapter(vendor, name, display):
    from gpuplanner.hardware.records import GpuDevice

    assert GpuDevice(index=0, vendor=vendor, name=name).display_only is display


def test_a_link_as_good_as_the_card_itself_says_nothing_of_the_slot(data):
    # A GT 1030 is a Gen3 x4 card: its Gen3 x4 link was read as "this computer's GPU slot runs
    # at x4" and "your slot is PCIe Gen3", and every card offered was warned of both.
    gt1030 = recording("nvidia-smi-q-x/nvidia-smi-q-x_gt1030_pcie-x4_power-draw-na.xml")
    facts = machine_facts(enrich(load_file(gt1030), data), None, data)
    assert facts.current_gpu_id == "geforce-gt-1030"
    assert (facts.slot_gen, facts.slot_width) == (None, None)


@pytest.mark.shared("fixtures/nvidia-smi-q-x")
def test_a_link_below_the_card_is_the_slots(data):
    # A Gen4 card held to Gen3 by its host: that is the slot's.
    gen3 = recording("nvidia-smi-q-x/nvidia-smi-q-x_rtx4090_gen4-card-in-gen3-host_drv535.xml")
    facts = machine_facts(enrich(load_file(gen3), data), None, data)
    assert facts.slot_gen == 3
