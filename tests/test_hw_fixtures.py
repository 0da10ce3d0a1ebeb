"""Every recorded nvidia-smi and lspci output gives the facts the recording shows.

The recordings are the repository's copies (tests/fixtures, its README names each file's
source) and, where the team's shared folder is beside this clone, the recordings only it has
(GPL or unlicensed ones, and two large ones): a plain clone tests every recording it holds, one
by one, and the shared-only ones are checked together by one test that says it needs them. Link tuples: (current gen, current width, max gen, max width, card max gen,
slot/host max gen); None where the recording says N/A or leaves the field out.
"""

from __future__ import annotations

import pytest
from conftest import RECORDINGS, SHARED, recording, recordings

from gpuplanner.hardware.lspci import gpus_from_lspci
from gpuplanner.hardware.nvidia_smi import ReportError, parse_report
from gpuplanner.hardware.pcie import link_findings
from gpuplanner.hardware.snapshot import load_paths


def _folder(name: str) -> str:
    """The folder of the shared set (and of tests/fixtures) a recording is filed in."""
    if name.startswith("lspci"):
        return "lspci-vv"
    if name.startswith("nvidia-smi-q-x"):
        return "nvidia-smi-q-x"
    return (
        "nvidia-smi-query-gpu-csv"
        if name.startswith("nvidia-smi-") and "query" in name
        else ("nvidia-smi-q")
    )


def _here(names) -> list[str]:
    """The recordings of ``names`` the repository holds a copy of."""
    return sorted(n for n in names if (RECORDINGS / _folder(n) / n).is_file())


def _shared_only(names) -> list[str]:
    return sorted(set(names) - set(_here(names)))


G4090_IDLE = (1, 16, 4, 16, 4, 4)
G4090_BUSY = (4, 16, 4, 16, 4, 4)
H100 = (5, 16, 5, 16, 5, 5)

NVIDIA_SMI = {
    # file: (driver, GPU count, [link of each GPU], GPU names, findings of GPU 0)
    "nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml": (
        "410.73",
        [(1, 16, 3, 16, None, None)] * 2,
        "GeForce RTX 2080 Ti",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_8x-tesla-v100s-pcie-32gb_drv460.xml": (
        "460.73.01",
        [(3, 16, 3, 16, None, None)] * 8,
        "Tesla V100S-PCIE-32GB",
        [],
    ),
    "nvidia-smi-q-x_a100-sxm4-80gb_mig-enabled_partial-1-of-4-gpus.xml": (
        "535.54.03",
        [(4, 16, 4, 16, 4, 4)],
        "NVIDIA A100-SXM4-80GB",
        [],
    ),
    "nvidia-smi-q-x_a10g_aws_pcie-gen1-of-4-x8-of-x16.xml": (
        "515.105.01",
        [(1, 8, 4, 16, None, None)],
        "NVIDIA A10G",
        ["pcie-width-below-max", "pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_dual-rtx-a5000_drv590.xml": (
        "590.44.01",
        [(1, 16, 4, 16, 4, 4)] * 2,
        "NVIDIA RTX A5000",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_dual-rtx2070_each-x8-of-x16.xml": (
        "590.44.01",
        [(1, 8, 3, 16, 3, 3)] * 2,
        "NVIDIA GeForce RTX 2070",
        ["pcie-width-below-max", "pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_gt1030_pcie-x4_power-draw-na.xml": (
        "470.74",
        [(3, 4, 3, 4, None, None)],
        "NVIDIA GeForce GT 1030",
        [],
    ),
    "nvidia-smi-q-x_gtx1050-hp-laptop_pcie-x8-of-x16_power-na.xml": (
        "515.65.01",
        [(3, 8, 3, 16, None, None)],
        "NVIDIA GeForce GTX 1050",
        ["pcie-width-below-max"],
    ),
    "nvidia-smi-q-x_gtx1070ti_minimal-fragment.xml": (
        None,
        [(1, 16, None, None, None, None)],
        "GeForce GTX 1070 Ti",
        [],
    ),
    "nvidia-smi-q-x_quadro-p2000_pcie-x8-of-x16_drv525.xml": (
        "525.125.06",
        [(1, 8, 3, 16, 3, 3)],
        "Quadro P2000",
        ["pcie-width-below-max", "pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_quadro-p400_power-na_drv418.xml": (
        "418.43",
        [(1, 16, 3, 16, None, None)],
        "Quadro P400",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_rtx2080_windows_pcie-gen3-x8-of-x16.xml": (
        "516.59",
        [(3, 8, 3, 16, None, None)],
        "NVIDIA GeForce RTX 2080",
        ["pcie-width-below-max"],
    ),
    "nvidia-smi-q-x_rtx3060_drv570.xml": (
        "570.124.04",
        [(1, 16, 4, 16, 4, 4)],
        "NVIDIA GeForce RTX 3060",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_rtx3080_drv595_schema-v13.xml": (
        "595.58.03",
        [(4, 16, 4, 16, 4, 4)],
        "NVIDIA GeForce RTX 3080",
        [],
    ),
    "nvidia-smi-q-x_rtx3080_windows-wddm_drv536.xml": (
        "536.40",
        [(4, 16, 4, 16, 4, None)],
        "NVIDIA GeForce RTX 3080",
        [],
    ),
    "nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml": (
        "590.44.01",
        [(1, 16, 4, 16, 4, 4)],
        "NVIDIA GeForce RTX 3090",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_rtx3090_power-limit-200w-of-350w_drv525.xml": (
        "525.147.05",
        [(1, 16, 4, 16, 4, None)],
        "NVIDIA GeForce RTX 3090",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_rtx4000-sff-ada_drv595_70w.xml": (
        "595.84",
        [(1, 16, 4, 16, 4, 4)],
        "NVIDIA RTX 4000 SFF Ada Generation",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_rtx4090_gen4-card-in-gen3-host_drv535.xml": (
        "535.86.05",
        [(1, 16, 3, 16, 4, 3)],
        "NVIDIA GeForce RTX 4090",
        ["pcie-slot-gen-below-card", "pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q-x_tesla-p100-pcie-16gb_drv510.xml": (
        "510.47.03",
        [(3, 16, 3, 16, None, None)],
        "Tesla P100-PCIE-16GB",
        [],
    ),
    "nvidia-smi-q-x_tesla-t4_aws_pcie-gen3-x8-of-x16.xml": (
        "515.105.01",
        [(3, 8, 3, 16, None, None)],
        "Tesla T4",
        ["pcie-width-below-max"],
    ),
    "nvidia-smi-q-x_tesla-v100-pcie-32gb_drv460.xml": (
        "460.39",
        [(3, 16, 3, 16, None, None)],
        "Tesla V100-PCIE-32GB",
        [],
    ),
    "nvidia-smi-q_4x-tesla-v100-pcie-16gb_azure-vm_drv460.txt": (
        "460.32.03",
        [(3, 16, 3, 16, None, None)] * 4,
        "Tesla V100-PCIE-16GB",
        [],
    ),
    "nvidia-smi-q_8x-h100-80gb-hbm3_gen5_drv535.161.txt": (
        "535.161.08",
        [H100] * 8,
        "NVIDIA H100 80GB HBM3",
        ["pcie-replays"],
    ),
    "nvidia-smi-q_8x-rtx4090_6-at-gen1-2-at-gen4_drv535.txt": (
        "535.154.05",
        [
            G4090_IDLE,
            G4090_BUSY,
            G4090_IDLE,
            G4090_IDLE,
            G4090_BUSY,
            G4090_IDLE,
            G4090_IDLE,
            G4090_IDLE,
        ],
        "NVIDIA GeForce RTX 4090",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q_8x-rtx4090_host-gen4_mixed-gen1-gen4_drv535.txt": (
        "535.154.05",
        [G4090_BUSY] * 4 + [G4090_IDLE] * 2 + [G4090_BUSY, G4090_IDLE],
        "NVIDIA GeForce RTX 4090",
        [],
    ),
    "nvidia-smi-q_8x-rtx4090_host-gen5_unusual-process-name_drv535.txt": (
        "535.154.05",
        [(1, 16, 4, 16, 4, 5)] * 8,
        "NVIDIA GeForce RTX 4090",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q_a10_drv535_host-max-na.txt": (
        "535.129.03",
        [(4, 16, 4, 16, 4, None)],
        "NVIDIA A10",
        [],
    ),
    "nvidia-smi-q_h100-80gb-hbm3_gen5_drv590.txt": (
        "590.48.01",
        [(5, 16, 5, 16, 5, None)],
        "NVIDIA H100 80GB HBM3",
        ["pcie-replays"],
    ),
    "nvidia-smi-q_h100-80gb-hbm3_mig-enabled_drv590.txt": (
        "590.48.01",
        [(5, 16, 5, 16, 5, None)],
        "NVIDIA H100 80GB HBM3",
        ["pcie-replays"],
    ),
    "nvidia-smi-q_h200_drv590.txt": ("590.48.01", [(5, 16, 5, 16, 5, None)], "NVIDIA H200", []),
    "nvidia-smi-q_l40s_drv595.txt": ("595.80", [(4, 16, 4, 16, 4, None)], "NVIDIA L40S", []),
    "nvidia-smi-q_rtx2080super_linux_drv595_gen1-of-3-idle.txt": (
        "595.71.05",
        [(1, 16, 3, 16, 3, 4)],
        "NVIDIA GeForce RTX 2080 SUPER",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q_rtx2080super_linux_drv610.txt": (
        "610.57.04",
        [(1, 16, 3, 16, 3, 4)],
        "NVIDIA GeForce RTX 2080 SUPER",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-q_rtx2080super_windows_drv591.txt": (
        "591.86",
        [(3, 16, 3, 16, 3, 4)],
        "NVIDIA GeForce RTX 2080 SUPER",
        [],
    ),
    "nvidia-smi-q_rtx4080super_gen4-card-gen5-host_drv595.txt": (
        "595.71.05",
        [(1, 16, 4, 16, 4, 5)],
        "NVIDIA GeForce RTX 4080 SUPER",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-query-gpu_h100-80gb-hbm3_gen5_drv590_idle_all-fields.csv": (
        "590.48.01",
        [(5, 16, 5, 16, 5, None)],
        "NVIDIA H100 80GB HBM3",
        [],
    ),
    "nvidia-smi-query-gpu_h100-80gb-hbm3_mig-enabled_drv590_idle_all-fields.csv": (
        "590.48.01",
        [(5, 16, 5, 16, 5, None)],
        "NVIDIA H100 80GB HBM3",
        [],
    ),
    "nvidia-smi-query-gpu_h200_drv590_idle_all-fields.csv": (
        "590.48.01",
        [(5, 16, 5, 16, 5, None)],
        "NVIDIA H200",
        [],
    ),
    "nvidia-smi-query-gpu_rtx2080super_linux_drv595_idle_gen1-of-3_all-fields.csv": (
        "595.71.05",
        [(1, 16, 3, 16, 3, 4)],
        "NVIDIA GeForce RTX 2080 SUPER",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-query-gpu_rtx2080super_linux_drv595_load_gen3-of-3_all-fields.csv": (
        "595.71.05",
        [(3, 16, 3, 16, 3, 4)],
        "NVIDIA GeForce RTX 2080 SUPER",
        [],
    ),
    "nvidia-smi-query-gpu_rtx2080super_linux_drv610_idle_all-fields.csv": (
        "610.57.04",
        [(1, 16, 3, 16, 3, 4)],
        "NVIDIA GeForce RTX 2080 SUPER",
        ["pcie-gen-low-at-idle"],
    ),
    "nvidia-smi-query-gpu_rtx2080super_windows_drv591_idle_all-fields.csv": (
        "591.86",
        [(3, 16, 3, 16, 3, 4)],
        "NVIDIA GeForce RTX 2080 SUPER",
        [],
    ),
    "nvidia-smi-query-gpu_rtx2080super_windows_drv610_idle_all-fields.csv": (
        "610.62",
        [(3, 16, 3, 16, 3, 4)],
        "NVIDIA GeForce RTX 2080 SUPER",
        [],
    ),
    "nvidia-smi-query-gpu_tesla-p100-pcie-16gb_fan-na.csv": (
        None,
        [None],
        "Tesla P100-PCIE-16GB",
        [],
    ),
}

# lspci: (current gen, current width, card gen, card width, slot gen, slot width, ports up to the CPU)
LSPCI = {
    "lspci-vv-grep_rtx4090-on-linkup-riser_gen1-downgraded_2-lines.txt": [
        ((1, 16, 4, 16, None, None, 0), ["pcie-gen-low-at-idle"])
    ],
    "lspci-vvnn_gt710_g41-chipset_gen1-host_root-port-x16-link-x8.txt": [
        ((1, 8, 1, 8, 1, 16, 1), [])
    ],
    "lspci-vvnn_gtx1650-maxq_dell-xps15-7590-laptop_3d-controller-class_idle-2.5gt.txt": [
        ((1, 16, 3, 16, 3, 16, 1), ["pcie-gen-low-at-idle"])
    ],
    # probes taken without root: no link lines at all, so no link facts
    "lspci-vvnn_gtx1650-mobile_acer-nitro-laptop_optimus-igpu_non-root_domain-prefixed.txt": [
        (None, []),
        (None, []),
    ],
    "lspci-vvnn_rtx3060-mobile_lenovo-legion5-amd-laptop_8g-bar_non-root.txt": [(None, [])],
    "lspci-vvv_4x-rtx6000-ada_asus-esc8000a-e12-server_idle-2.5gt-downgraded_tabs-expanded.txt": [
        ((1, 16, 4, 16, None, None, 0), ["pcie-gen-low-at-idle"])
    ]
    * 4,
    "lspci-vvv_8x-h100-sxm-dgx-class-server_full-system_gen5-x16-ok.txt": [(None, [])]
    + [((5, 16, 5, 16, 5, 16, 3), ["pcie-behind-switch"])] * 8,
    "lspci-vvvv_rtx-a4000_raspberry-pi5_2-space-indent_fragment-no-device-header.txt": [
        ((1, 16, 4, 16, None, None, 0), ["pcie-gen-low-at-idle"])
    ],
}


def _link(gpu):
    p = gpu.pcie
    return (
        None
        if p is None
        else (
            p.current_gen,
            p.current_width,
            p.max_gen,
            p.max_width,
            p.card_max_gen,
            p.slot_max_gen,
        )
    )


def _check_nvidia_smi(name: str) -> None:
    driver, links, gpu_name, findings = NVIDIA_SMI[name]
    report = parse_report(recording(f"{_folder(name)}/{name}").read_bytes())
    assert report.driver_version == driver, name
    assert [_link(g) for g in report.gpus] == links, name
    assert report.gpus[0].name == gpu_name, name
    assert [f.id for f in link_findings(report.gpus[0])] == findings, name


@pytest.mark.parametrize("name", _here(NVIDIA_SMI))
def test_nvidia_smi_recordings(name):
    _check_nvidia_smi(name)


@pytest.mark.shared("fixtures/nvidia-smi-q-x")
def test_the_nvidia_smi_recordings_only_the_shared_folder_has():
    names = _shared_only(NVIDIA_SMI)
    assert names
    for name in names:
        _check_nvidia_smi(name)


def test_partial_report_notes_the_missing_gpus():
    from gpuplanner.hardware.snapshot import load_paths
    from gpuplanner.report.plan_text import finding_text

    path = recording(
        "nvidia-smi-q-x/nvidia-smi-q-x_a100-sxm4-80gb_mig-enabled_partial-1-of-4-gpus.xml"
    )
    report = parse_report(path.read_bytes())
    assert report.attached_gpus == 4 and len(report.gpus) == 1
    assert report.gpus[0].mig_enabled is True
    # Said as a finding, in the reader's language: the note was English in a Chinese scan.
    (_name, snapshot), *_ = load_paths([path]).snapshots
    (said,) = [f for f in snapshot.findings if f.id == "report-describes-fewer"]
    assert said.params == {"attached": "4", "described": "1"}
    assert "4 GPUs are attached" in finding_text(said, "en")
    assert "4 块 GPU" in finding_text(said, "zh_CN")
    assert not snapshot.notes


def test_fields_that_read_na_are_none_not_zero():
    p400 = parse_report(
        recording("nvidia-smi-q-x/nvidia-smi-q-x_quadro-p400_power-na_drv418.xml").read_bytes()
    )
    assert p400.gpus[0].power_limit_w is None and p400.gpus[0].power_draw_w is None
    capped = parse_report(
        recording(
            "nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_power-limit-200w-of-350w_drv525.xml"
        ).read_bytes()
    )
    assert (capped.gpus[0].power_limit_w, capped.gpus[0].power_default_limit_w) == (200, 350)


P100_FAN_NA = "nvidia-smi-query-gpu-csv/nvidia-smi-query-gpu_tesla-p100-pcie-16gb_fan-na.csv"
FIELD_LIST = "nvidia-smi-query-gpu-csv/nvidia-smi-help-query-gpu_reference-field-list.txt"


@pytest.mark.shared("fixtures/nvidia-smi-query-gpu-csv")
def test_the_query_recordings_only_the_shared_folder_has():
    """A fan that reads [N/A] is None, not 0; nvidia-smi's field list is no report."""
    p100 = parse_report(recording(P100_FAN_NA).read_bytes())
    assert p100.gpus[0].fan_percent is None and p100.gpus[0].power_draw_w == 28.16
    with pytest.raises(ReportError):
        parse_report(recording(FIELD_LIST).read_bytes())


def _check_lspci(name: str) -> None:
    gpus = gpus_from_lspci(
        recording(f"lspci-vv/{name}").read_text(encoding="utf-8", errors="replace")
    )
    got = []
    for gpu in gpus:
        p = gpu.pcie
        link = (
            None
            if p is None
            else (
                p.current_gen,
                p.current_width,
                p.card_max_gen,
                p.card_max_width,
                p.slot_max_gen,
                p.slot_max_width,
                len(gpu.bridges),
            )
        )
        got.append((link, [f.id for f in link_findings(gpu)]))
    assert got == LSPCI[name], name


@pytest.mark.parametrize("name", _here(LSPCI))
def test_lspci_recordings(name):
    _check_lspci(name)


@pytest.mark.shared("fixtures/lspci-vv")
def test_the_lspci_recordings_only_the_shared_folder_has():
    names = _shared_only(LSPCI)
    assert names
    for name in names:
        _check_lspci(name)


def test_every_recording_is_checked():
    """Every recording here (the repository's copies, and the shared folder's where present)
    has its expectation, in the folder its name says."""
    covered = set(NVIDIA_SMI) | set(LSPCI) | {FIELD_LIST.split("/")[1]}
    found = recordings()
    assert len(found) >= 40
    for path in found:
        assert path.name in covered, f"{path.parent.name}/{path.name} has no expectation"
        assert path.parent.name == _folder(path.name), path.name


def test_a_folder_of_reports_imports_as_snapshots():
    folder = RECORDINGS / "nvidia-smi-q-x"
    result = load_paths([folder])
    assert len(result.snapshots) == len(list(folder.iterdir())) and result.errors == ()
    assert len(result.snapshots) == 18
    machines = {s.machine for _, s in result.snapshots}
    assert "nvidia-smi-q-x_rtx3060_drv570" in machines


def test_the_copied_subset_is_the_shared_files_unchanged():
    """tests/fixtures is a byte-for-byte copy of the shared files it names."""
    copied = [p for p in RECORDINGS.rglob("*") if p.is_file()]
    readme = (RECORDINGS / "README.md").read_text(encoding="utf-8")
    files = [p for p in copied if p.name != "README.md"]
    assert len(files) >= 40
    for path in files:
        assert f"`{path.name}`" in readme, f"{path.name} has no provenance row"
        shared = SHARED / "fixtures" / path.parent.name / path.name
        if (SHARED / "fixtures").is_dir():
            assert shared.read_bytes() == path.read_bytes(), path.name


def test_the_three_formats_read_the_same_facts_of_one_machine():
    """One field table for XML, text and CSV (issue 17: the text parser had drifted: it read
    no throttle reasons and no enforced power limit). The H100's -q and --query-gpu recordings
    come from the same machine."""
    text = parse_report(
        recording("nvidia-smi-q/nvidia-smi-q_h100-80gb-hbm3_gen5_drv590.txt").read_bytes()
    ).gpus[0]
    table = parse_report(
        recording(
            "nvidia-smi-query-gpu-csv/"
            "nvidia-smi-query-gpu_h100-80gb-hbm3_gen5_drv590_idle_all-fields.csv"
        ).read_bytes()
    ).gpus[0]
    for name in (
        "name",
        "uuid",
        "memory_total_mib",
        "power_default_limit_w",
        "power_min_limit_w",
        "power_max_limit_w",
        "clock_graphics_max_mhz",
    ):
        assert getattr(text, name) == getattr(table, name), name
    assert text.pcie.max_gen == table.pcie.max_gen == 5
    assert text.power_limit_w == 700


def test_the_text_report_reads_throttle_reasons_and_the_enforced_limit():
    sample = (
        "==============NVSMI LOG==============\n"
        "Driver Version                            : 535.54.03\n"
        "Attached GPUs                             : 1\n"
        "GPU 00000000:01:00.0\n"
        "    Product Name                          : NVIDIA GeForce RTX 3090\n"
        "    Clocks Event Reasons\n"
        "        Idle                              : Not Active\n"
        "        SW Power Cap                      : Active\n"
        "        HW Slowdown                       : Not Active\n"
        "            HW Thermal Slowdown           : Active\n"
        "    GPU Power Readings\n"
        "        Power Draw                        : 349.12 W\n"
        "        Current Power Limit               : 350.00 W\n"
        "        Enforced Power Limit              : 300.00 W\n"
    )
    (gpu,) = parse_report(sample.encode()).gpus
    assert gpu.throttle_reasons == ("sw_power_cap", "hw_thermal_slowdown")
    assert (gpu.power_limit_w, gpu.power_enforced_limit_w, gpu.power_draw_w) == (350, 300, 349.12)


def test_an_xml_report_with_entities_is_refused_by_name():
    bomb = b'<!DOCTYPE x [<!ENTITY a "aaaa">]><nvidia_smi_log>&a;</nvidia_smi_log>'
    with pytest.raises(ReportError, match="declares entities"):
        parse_report(bomb)


def test_a_memory_no_board_of_the_name_has_is_said_and_planned_as_read(data, model):
    """The hand-trimmed GTX 1070 Ti report reads 4,096 MiB; every GTX 1070 Ti has 8 GB. It was
    planned as a 4 GB card and told to go, with no word of the doubt."""
    from helpers.recorded import TODAY

    from gpuplanner.app.inventory import enrich, machine_facts
    from gpuplanner.core.scenarios import Scenario
    from gpuplanner.hardware.snapshot import load_paths
    from gpuplanner.planning.recommend import PlanRequest, recommend
    from gpuplanner.report.plan_text import finding_text
    from gpuplanner.report.plan_view import headline

    path = recording("nvidia-smi-q-x/nvidia-smi-q-x_gtx1070ti_minimal-fragment.xml")
    (_name, snapshot), *_ = load_paths([path]).snapshots
    snapshot = enrich(snapshot, data)
    (said,) = [f for f in snapshot.findings if f.id == "memory-unlike-card"]
    assert said.params == {"gpu": "GeForce GTX 1070 Ti", "read_gb": "4", "card_gb": "8"}
    assert "relabelled" in finding_text(said, "en") and "8 GB" in finding_text(said, "zh_CN")
    facts = machine_facts(snapshot, None, data)
    assert facts.installed_memory_gb == 4 and facts.memory_unlike_card_gb == 8
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY", machine=facts, today=TODAY),
        data,
        model,
    )
    for language in ("en", "zh_CN"):
        line = headline(plan, language).no_purchase
        assert line is not None and "8 GB" in line, line


def test_a_memory_reading_is_doubted_only_where_the_catalog_has_every_size(data):
    """An 8 GB Arc A770 is a real board the catalog does not list; an MI250X's dies each
    report half the module: neither is said to be unlike its card."""
    from gpuplanner.app.inventory import memory_unlike_card
    from gpuplanner.hardware.records import GpuDevice

    by_id = {g.id: g for g in data.gpus}

    def read(card_id, mib):
        device = GpuDevice(
            index=0, name=by_id[card_id].name, vendor="x", catalog_id=card_id, memory_total_mib=mib
        )
        return memory_unlike_card(device, by_id)

    assert read("arc-a770", 8192) is None
    assert read("instinct-mi250x", 65520) is None
    said = read("geforce-gtx-1070-ti", 3990)
    assert said is not None and said.params["read_gb"] == "3.9"
    assert read("geforce-gtx-1070-ti", 8192) is None
