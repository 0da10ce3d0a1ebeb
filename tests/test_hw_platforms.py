"""Windows and macOS readers, from recorded command output shapes (no Windows or Mac here)."""

from __future__ import annotations

import json

from gpuplanner.hardware.macos import parse_system_profiler
from gpuplanner.hardware.windows import parse_pnp_json


def test_windows_pnp_properties():
    text = json.dumps(
        [
            {
                "Name": "NVIDIA GeForce RTX 4090",
                "InstanceId": "PCI\\VEN_10DE&DEV_2684&SUBSYS_889D1043&REV_A1\\4&1",
                "Driver": "32.0.15.6094",
                "Location": "PCI bus 1, device 0, function 0",
                "CurrentLinkSpeed": 4,
                "MaxLinkSpeed": 4,
                "CurrentLinkWidth": 8,
                "MaxLinkWidth": 16,
            },
            {
                "Name": "Intel(R) UHD Graphics 770",
                "InstanceId": "PCI\\VEN_8086&DEV_A780&SUBSYS_86941043\\3&1",
                "Driver": "31.0.101.4255",
                "Location": "PCI bus 0, device 2, function 0",
            },
        ]
    )
    nvidia, intel = parse_pnp_json(text)
    assert (nvidia.vendor, nvidia.bus_id, nvidia.pci_device_id) == (
        "NVIDIA",
        "0000:01:00.0",
        "10de:2684",
    )
    assert (nvidia.pcie.current_gen, nvidia.pcie.current_width, nvidia.pcie.card_max_width) == (
        4,
        8,
        16,
    )
    assert intel.vendor == "Intel" and intel.pcie is None


def test_windows_single_object_and_garbage():
    one = json.dumps({"Name": "AMD Radeon RX 7900 XTX", "InstanceId": "PCI\\VEN_1002&DEV_744C\\x"})
    assert [d.vendor for d in parse_pnp_json(one)] == ["AMD"]
    assert parse_pnp_json("not json") == [] and parse_pnp_json("") == []


def test_macos_system_profiler():
    text = json.dumps(
        {
            "SPDisplaysDataType": [
                {
                    "_name": "kHW_AppleM2ProItem",
                    "sppci_model": "Apple M2 Pro",
                    "spdisplays_vendor": "sppci_vendor_Apple",
                },
                {
                    "sppci_model": "AMD Radeon Pro 5500M",
                    "spdisplays_vram": "8 GB",
                    "spdisplays_vendor": "sppci_vendor_amd",
                    "sppci_link_width": "x16",
                },
            ]
        }
    )
    apple, amd = parse_system_profiler(text)
    assert apple.vendor == "Apple" and apple.pcie is None
    assert amd.vendor == "AMD" and amd.memory_total_mib == 8192 and amd.pcie.current_width == 16
