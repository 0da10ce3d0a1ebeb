"""The TensorFlow diagnosis from the scan, and joining a scan with the catalog."""

from __future__ import annotations

from dataclasses import replace

import pytest
from catalog_helpers import CSV_DIR

from gpuplanner.app.inventory import enrich, match_cpu
from gpuplanner.catalog.build import build_database
from gpuplanner.catalog.store import Catalog
from gpuplanner.hardware.records import (
    CaseInfo,
    CpuInfo,
    DriverStatus,
    GpuDevice,
    MemoryInfo,
    OsInfo,
    PowerSupply,
    SystemSnapshot,
    TensorFlowInstall,
)
from gpuplanner.planning.machine.compat import build_for, diagnose


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    path = tmp_path_factory.mktemp("inv") / "catalog.sqlite"
    build_database(CSV_DIR, path)
    with Catalog(path) as catalog:
        return catalog.load_all()


def snap(
    gpus=(),
    tf_version="2.21.0",
    package="tensorflow",
    verdict="ready",
    system="Linux",
    cpu_model=None,
):
    return SystemSnapshot(
        version=1,
        created="2026-01-01T00:00:00+00:00",
        source="scan",
        machine="pc",
        gpus=tuple(gpus),
        nvml=DriverStatus("ok"),
        cpu=CpuInfo(model=cpu_model),
        memory=MemoryInfo(),
        os=OsInfo(system, "6.8", "x86_64"),
        tensorflow=TensorFlowInstall(
            python_version="3.11.7",
            python_executable="/usr/bin/python3",
            package=package,
            version=tf_version,
            cuda_wheels=(),
            verdict=verdict,
        ),
        power_supply=PowerSupply(),
        case=CaseInfo(),
    )


def gpu(name, driver="560.35.03", cc="8.6", vendor="NVIDIA", memory=12288, index=0):
    return GpuDevice(
        index=index,
        vendor=vendor,
        name=name,
        driver_version=driver,
        compute_capability=cc,
        memory_total_mib=memory,
    )


def ids(findings):
    return [f.id for f in findings]


def test_build_lookup(data):
    assert build_for("2.16.2", "Linux", data.tf_builds).tf_version == "2.16.1"
    assert (
        build_for("2.30.0", "Linux", data.tf_builds).tf_version == "2.21.0"
    )  # newer than the table
    assert build_for("2.10.1", "Windows", data.tf_builds).cuda_version == "11.2"


def test_a_healthy_machine_has_no_findings(data):
    assert diagnose(snap([gpu("NVIDIA GeForce RTX 3060")]), data.tf_builds) == []


def test_driver_older_than_the_build_needs(data):
    (finding,) = diagnose(
        snap([gpu("NVIDIA GeForce RTX 3060", driver="470.82.01")]), data.tf_builds
    )
    assert finding.id == "tf-driver-too-old" and finding.params["needed"] == "525.60.13"


def test_compute_capability_below_the_floor(data):
    found = diagnose(snap([gpu("NVIDIA GeForce GTX 980", cc="5.2")]), data.tf_builds)
    assert (
        ids(found) == ["tf-cc-below-floor"] and found[0].params["floor"] == "6.0"
    )  # as a capability is written


def test_rtx_50_is_flagged_even_without_compute_capability(data):
    found = diagnose(
        snap([gpu("NVIDIA GeForce RTX 5090", cc=None)]),
        data.tf_builds,
        {0: ("blackwell-unsupported", "12.0")},
    )
    assert ids(found) == ["tf-blackwell"] and found[0].severity == "blocks"


@pytest.mark.parametrize(
    ("verdict", "finding"),
    [
        ("cpu-package", "tf-cpu-package"),
        ("windows-native-no-gpu", "tf-windows-native"),
        ("cuda-libraries-missing", "tf-cuda-libraries-missing"),
        ("tf-missing", "tf-missing"),
        ("macos-no-cuda", "tf-macos"),
    ],
)
def test_install_verdicts(data, verdict, finding):
    assert ids(diagnose(snap(verdict=verdict), data.tf_builds)) == [finding]


def test_amd_and_intel_get_their_own_answer(data):
    found = diagnose(
        snap(
            [
                gpu("Radeon RX 7900 XTX", vendor="AMD", cc=None),
                gpu("Arc A770", vendor="Intel", cc=None, index=1),
            ]
        ),
        data.tf_builds,
    )
    assert ids(found) == ["tf-amd-rocm", "tf-intel-none"]


@pytest.mark.parametrize(
    ("model", "cpu_id"),
    [
        ("12th Gen Intel(R) Core(TM) i9-12900K", "core-i9-12900k"),
        ("12th Gen Intel(R) Core(TM) i9-12900KS", "core-i9-12900ks"),
        ("AMD Ryzen 9 7950X 16-Core Processor", "ryzen-9-7950x"),
        ("AMD Ryzen 9 7950X3D 16-Core Processor", "ryzen-9-7950x3d"),
        ("Intel(R) Core(TM) Ultra 9 285K", "core-ultra-9-285k"),
        ("AMD EPYC 7763 64-Core Processor", None),
    ],
)
def test_cpu_power_class(data, model, cpu_id):
    found = match_cpu(model, data.cpus)
    assert (found.id if found else None) == cpu_id


@pytest.mark.parametrize(
    ("name", "memory_mib", "card"),
    [
        ("NVIDIA GeForce RTX 3060", 12288, "geforce-rtx-3060-12-gb"),
        ("NVIDIA GeForce RTX 3060", 8192, "geforce-rtx-3060-8-gb"),
        ("NVIDIA H200", 143771, "h200-sxm-141-gb"),
        ("NVIDIA H100 80GB HBM3", 81559, "h100-sxm5-80-gb"),
        ("Tesla V100-PCIE-16GB", 16160, "tesla-v100-pcie-16-gb"),
        ("NVIDIA A100-SXM4-80GB", 81920, "a100-sxm4-80-gb"),
        ("Matrox G200eW3", None, None),
    ],
)
def test_enrich_matches_cards_and_cpu(data, name, memory_mib, card):
    snapshot = snap(
        [replace(gpu(name), memory_total_mib=memory_mib)],
        cpu_model="AMD Ryzen 7 7800X3D 8-Core Processor",
    )
    enriched = enrich(snapshot, data)
    assert enriched.gpus[0].catalog_id == card
    assert (enriched.cpu.power_class, enriched.cpu.max_power_w) == ("ryzen-7-7800x3d", 162)
