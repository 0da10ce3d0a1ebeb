"""CPU, memory, operating system, RAPL package power, and the installed TensorFlow.

TensorFlow is found from package metadata, never imported: importing it takes seconds
and can crash on a broken CUDA install, and the scan must stay fast and safe.
"""

from __future__ import annotations

import contextlib
import importlib.metadata as metadata
import os
import platform
import re
import sys
import time
from pathlib import Path

import psutil

from gpuplanner.core.vocab import TfVerdict
from gpuplanner.hardware.records import (
    CpuInfo,
    MemoryInfo,
    OsInfo,
    RaplStatus,
    TensorFlowInstall,
)

TF_PACKAGES = (
    "tensorflow",
    "tensorflow-gpu",
    "tensorflow-cpu",
    "tensorflow-intel",
    "tensorflow-macos",
    "tf-nightly",
    "tensorflow-rocm",
)
RAPL_SAMPLE_S = 0.2


def cpu_model(root: Path = Path("/")) -> str | None:
    cpuinfo = root / "proc" / "cpuinfo"
    try:
        for line in cpuinfo.read_text(errors="replace").splitlines():
            if line.lower().startswith(("model name", "hardware", "cpu model")):
                return " ".join(line.split(":", 1)[1].split())
    except OSError:
        pass
    return platform.processor() or None


def read_rapl(
    root: Path = Path("/"), sample_s: float = RAPL_SAMPLE_S
) -> tuple[float | None, RaplStatus]:
    """Package power in W from two reads of the RAPL energy counter, and a status.

    Since kernel 5.10 ``energy_uj`` is root-only (CVE-2020-8694): that is status
    ``root-only``, not an error. AMD Zen shows up under the same intel-rapl tree.
    """
    zone = root / "sys" / "class" / "powercap" / "intel-rapl:0"
    energy = zone / "energy_uj"
    if not energy.exists():
        return None, "absent"
    try:
        first = int(energy.read_text())
        start = time.monotonic()
        time.sleep(sample_s)
        second = int(energy.read_text())
        elapsed = time.monotonic() - start
    except PermissionError:
        return None, "root-only"
    except (OSError, ValueError):
        return None, "unreadable"
    if second < first:  # the counter wrapped
        try:
            second += int((zone / "max_energy_range_uj").read_text())
        except (OSError, ValueError):
            return None, "unreadable"
    return round((second - first) / 1e6 / elapsed, 1), "ok"


def read_cpu(root: Path = Path("/"), rapl: bool = True) -> CpuInfo:
    model = cpu_model(root)
    vendor = None
    if model:
        lowered = model.lower()
        vendor = (
            "Intel"
            if "intel" in lowered
            else "AMD"
            if ("amd" in lowered or "ryzen" in lowered)
            else None
        )
    power, status = read_rapl(root) if rapl else (None, "not-read")
    return CpuInfo(
        model=model,
        vendor=vendor,
        cores=psutil.cpu_count(logical=False),
        threads=psutil.cpu_count(logical=True),
        package_power_w=power,
        rapl_status=status,
        avx=read_avx(root),
    )


# IsProcessorFeaturePresent's PF_AVX_INSTRUCTIONS_AVAILABLE (winnt.h).
PF_AVX_INSTRUCTIONS_AVAILABLE = 39


def read_avx(root: Path) -> bool | None:
    """Whether the CPU has AVX: an x86 CPU's flags on Linux; on Windows only a yes counts (a
    Windows too old to know the feature answers no for a CPU that has it); None elsewhere (an
    ARM CPU has no such flag, and TensorFlow's ARM wheels do not need it)."""
    flags = _cpu_flags(root)
    if flags:
        return " avx " in flags
    if sys.platform == "win32":
        try:
            import ctypes

            kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
            return True if kernel.IsProcessorFeaturePresent(PF_AVX_INSTRUCTIONS_AVAILABLE) else None
        except (AttributeError, OSError):
            return None
    return None


# What board makers leave in the DMI fields when they do not fill them in.
DMI_FILLER = (
    "to be filled by o.e.m.",
    "system product name",
    "system manufacturer",
    "default string",
    "not applicable",
    "none",
    "o.e.m.",
    "oem",
    "",
)


def read_model(root: Path) -> str | None:
    """'Dell Precision 5820 Tower' from the firmware's DMI fields (Linux), or None."""
    dmi = root / "sys" / "class" / "dmi" / "id"

    def field(name: str) -> str:
        try:
            text = (dmi / name).read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            return ""
        return "" if text.lower() in DMI_FILLER else " ".join(text.split())[:80]

    vendor, product = field("sys_vendor"), field("product_name")
    if not product:
        return None
    if vendor and not product.lower().startswith(vendor.split()[0].lower()):
        return f"{vendor} {product}"
    return product


# SMBIOS chassis types (DMTF DSP0134, 7.4.1) grouped by what they mean for a GPU.
CHASSIS_TYPES = {
    **dict.fromkeys((8, 9, 10, 14, 30, 31, 32), "laptop"),  # portable, laptop, notebook, ...
    **dict.fromkeys((3, 4, 5, 6, 7, 15, 16, 24), "desktop"),  # desktop, towers, space-saving
    **dict.fromkeys((17, 23, 25, 28, 29), "server"),  # main server, rack, multi-system, blade
    **dict.fromkeys((35, 36, 13), "mini"),  # mini PC, stick PC, all in one
}
# DMI vendors and products that are virtual machines, and what to call them.
HYPERVISORS = (
    ("amazon ec2", "Amazon EC2"),
    ("google", "Google Compute Engine"),
    ("qemu", "KVM/QEMU"),
    ("kvm", "KVM/QEMU"),
    ("vmware", "VMware"),
    ("innotek", "VirtualBox"),
    ("virtualbox", "VirtualBox"),
    ("xen", "Xen"),
    ("openstack", "OpenStack"),
    ("alibaba cloud", "Alibaba Cloud ECS"),
    ("tencent cloud", "Tencent Cloud CVM"),
    ("virtual machine", "Hyper-V"),
)


def read_chassis(root: Path) -> tuple[str | None, bool | None, str | None]:
    """(chassis class, battery present, hypervisor) from DMI, sysfs and /proc/cpuinfo."""
    dmi = root / "sys" / "class" / "dmi" / "id"

    def text(path: Path) -> str:
        try:
            return path.read_text(encoding="utf-8", errors="replace").strip()[:200]
        except OSError:
            return ""

    number = text(dmi / "chassis_type")
    chassis = CHASSIS_TYPES.get(int(number)) if number.isdigit() and len(number) < 4 else None
    supplies = root / "sys" / "class" / "power_supply"
    battery: bool | None = None
    if supplies.is_dir():
        try:
            battery = any(text(p / "type").lower() == "battery" for p in supplies.iterdir())
        except OSError:
            battery = None
    words = " ".join(text(dmi / n) for n in ("sys_vendor", "product_name", "bios_vendor")).lower()
    hypervisor = next((name for key, name in HYPERVISORS if key in words), None)
    if hypervisor is None and " hypervisor " in _cpu_flags(root):
        hypervisor = "hypervisor"  # the CPU says it runs under one, the firmware not which
    return chassis, battery, hypervisor


def read_thunderbolt(root: Path) -> bool | None:
    """Whether the kernel has a Thunderbolt or USB4 domain (a port an eGPU enclosure can use);
    None when the Thunderbolt bus is not there to ask."""
    bus = root / "sys" / "bus" / "thunderbolt" / "devices"
    try:
        return any(p.name.startswith("domain") for p in bus.iterdir())
    except OSError:
        return None


def _cpu_flags(root: Path) -> str:
    """The first CPU's flags line, with a space before it (its words, space-separated)."""
    try:
        with open(root / "proc" / "cpuinfo", encoding="utf-8", errors="replace") as handle:
            for _ in range(64):
                line = handle.readline()
                if not line:
                    break
                if line.startswith("flags"):
                    return " " + line.split(":", 1)[-1].strip() + " "
    except OSError:
        pass
    return ""


def read_memory() -> MemoryInfo:
    memory = psutil.virtual_memory()
    return MemoryInfo(
        total_mib=round(memory.total / 2**20, 1), available_mib=round(memory.available / 2**20, 1)
    )


def read_os(root: Path = Path("/")) -> OsInfo:
    release = platform.release()
    wsl = "microsoft" in release.lower()
    with contextlib.suppress(OSError):
        wsl = wsl or "microsoft" in (root / "proc" / "version").read_text().lower()
    return OsInfo(system=platform.system(), release=release, machine=platform.machine(), wsl=wsl)


def _version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version)[:3])


def read_tensorflow(os_info: OsInfo | None = None, has_nvidia: bool = False) -> TensorFlowInstall:
    """Which TensorFlow package this Python has, and the first reason its GPU use may fail."""
    os_info = os_info or read_os()
    package = version = None
    for name in TF_PACKAGES:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
        package = name
        break
    cuda_wheels = tuple(
        sorted(
            {
                dist.metadata["Name"].lower()
                for dist in metadata.distributions()
                if (dist.metadata["Name"] or "").lower().startswith("nvidia-")
                and (dist.metadata["Name"] or "").lower().endswith(("-cu11", "-cu12", "-cu13"))
            }
        )
    )
    verdict: TfVerdict
    if package is None:
        verdict = "tf-missing"
    elif package == "tensorflow-cpu" or (
        package == "tensorflow-intel" and os_info.system != "Windows"
    ):
        verdict = "cpu-package"
    elif os_info.system == "Windows" and _version_tuple(version or "") >= (2, 11):
        verdict = "windows-native-no-gpu"
    elif os_info.system == "Darwin":
        verdict = "macos-no-cuda"
    elif not has_nvidia and package != "tensorflow-rocm":
        verdict = "cpu-only"
    elif (
        os_info.system == "Linux"
        and has_nvidia
        and _version_tuple(version or "") >= (2, 14)
        and not any("cudnn" in w for w in cuda_wheels)
    ):
        verdict = "cuda-libraries-missing"
    else:
        verdict = "ready"
    return TensorFlowInstall(
        python_version=platform.python_version(),
        python_executable=sys.executable,
        package=package,
        version=version,
        cuda_wheels=cuda_wheels,
        verdict=verdict,
    )


def machine_name() -> str:
    return platform.node() or os.environ.get("COMPUTERNAME", "") or "this computer"
