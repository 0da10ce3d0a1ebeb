"""The scan's plain data: a ``SystemSnapshot`` and its parts, JSON-ready through gpuplanner.core.serial.

Units are in the field names. ``None`` means "could not be read here", never zero.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from gpuplanner.core.findings import Finding
from gpuplanner.core.vocab import AtxVersion, CaseForm, DriverState, PsuRating, TfVerdict

# Whether the CPU package's power could be read (RAPL, hardware/system.py); "not-read": not
# asked; "unknown": a snapshot that does not say.
RaplStatus = Literal["ok", "root-only", "absent", "unreadable", "not-read", "unknown"]
# The supply as entered by the user, or what liquidctl found (hardware/psu.py).
PsuStatus = Literal["not-entered", "entered", "ok", "absent", "none-found", "error"]

SNAPSHOT_VERSION = 1


@dataclass(frozen=True, kw_only=True)
class PcieLink:
    """One PCIe link as the device reports it. Generations are 1-6, widths lanes (16 = x16)."""

    current_gen: int | None = None
    current_width: int | None = None
    # What the link can reach: the lesser of card and slot (NVML's "max", nvidia-smi's "Max").
    max_gen: int | None = None
    max_width: int | None = None
    card_max_gen: int | None = None  # the GPU's own capability ("Device Max")
    card_max_width: int | None = None
    slot_max_gen: int | None = None  # the port above it ("Host Max", upstream LnkCap)
    slot_max_width: int | None = None
    replay_count: int | None = None
    under_load: bool = False  # read while the probe kept the GPU busy
    source: str = ""


@dataclass(frozen=True)
class Bridge:
    """A port between the GPU and the CPU: the slot's root port, or a switch's ports."""

    address: str
    name: str | None
    link: PcieLink


@dataclass(frozen=True)
class MigSlice:
    """One MIG instance of a GPU: what a process given it holds and computes with."""

    memory_mib: float | None = None
    sm_count: int | None = None
    # The profile's compute slices, the "1" of "1g.10gb" (nvidia-smi -L names no SM count).
    compute_slices: int | None = None


# Makes whose display device on a server is its BMC's, never a card for a job.
BMC_DISPLAY_MAKES = frozenset({"ASPEED", "Matrox"})
# An Intel processor's own graphics ("UHD Graphics 630", "Iris Xe Graphics"); Arc is a card.
INTEGRATED_INTEL = re.compile(r"\b(?:UHD|HD|Iris)\b(?!.*\bArc\b)", re.IGNORECASE)


@dataclass(frozen=True, kw_only=True)
class GpuDevice:
    index: int
    vendor: str  # NVIDIA, AMD, Intel, or the PCI vendor id
    name: str
    bus_id: str | None = None  # sysfs form, 0000:01:00.0
    uuid: str | None = None
    pci_device_id: str | None = None  # 10de:2684
    memory_total_mib: float | None = None
    memory_used_mib: float | None = None
    driver: str | None = None
    driver_version: str | None = None
    cuda_driver_version: str | None = None
    compute_capability: str | None = None
    power_limit_w: float | None = None
    power_default_limit_w: float | None = None
    power_min_limit_w: float | None = None
    power_max_limit_w: float | None = None
    power_enforced_limit_w: float | None = None
    power_draw_w: float | None = None
    temperature_c: float | None = None
    fan_percent: float | None = None
    clock_graphics_mhz: float | None = None
    clock_sm_mhz: float | None = None
    clock_memory_mhz: float | None = None
    clock_graphics_max_mhz: float | None = None
    clock_memory_max_mhz: float | None = None
    throttle_reasons: tuple[str, ...] = ()
    performance_state: str | None = None
    ecc_enabled: bool | None = None
    nvlink_active_links: int | None = None
    mig_enabled: bool | None = None
    mig_slices: tuple[MigSlice, ...] = ()  # the MIG instances the report lists
    # Windows's driver models (WDDM for displays, TCC for compute); Linux drivers report none.
    # A report taken inside WSL2 also says WDDM.
    driver_model: str | None = None
    # How the GPU is given to this OS: "pass-through" (a VM has the whole GPU), "vgpu" (a
    # slice of it, a vGPU guest); None on bare metal or when the report does not say.
    virtualization: str | None = None
    pcie: PcieLink | None = None
    bridges: tuple[Bridge, ...] = ()
    lost: bool = False  # the GPU stopped answering during the scan
    errors: tuple[str, ...] = ()
    catalog_id: str | None = None  # the catalog card this device is, when known
    # The catalog card's name where the device's own name does not say it ("NVIDIA Corporation
    # Device 2330", an lspci older than the card, named by its device id): what a reader knows.
    catalog_name: str | None = None

    @property
    def for_compute(self) -> bool:
        """Whether a TensorFlow job could run on it: an NVIDIA GPU, or a card the catalog holds
        (AMD, Intel). A server's BMC display (ASPEED, Matrox) or a processor's own graphics
        beside an NVIDIA card is neither: the scan lists it, planning counts it out."""
        return self.vendor == "NVIDIA" or self.catalog_id is not None

    @property
    def display_only(self) -> bool:
        """A display adapter TensorFlow does not use: a server's BMC display (ASPEED, Matrox)
        or a processor's own graphics (Intel UHD, HD or Iris). An AMD or Intel card the catalog
        did not match, or a device of no known make, is not said to be one."""
        if self.for_compute:
            return False
        return self.vendor in BMC_DISPLAY_MAKES or (
            self.vendor == "Intel" and INTEGRATED_INTEL.search(self.name or "") is not None
        )


@dataclass(frozen=True)
class DriverStatus:
    """Whether NVML could be used, and if not why: a state id and the library's own message.
    What to do about a state is said by report/machine_view.py in the reader's language; the
    English ``hint`` snapshots of earlier versions hold is read and left out."""

    state: DriverState
    detail: str = ""


@dataclass(frozen=True, kw_only=True)
class CpuInfo:
    model: str | None = None
    vendor: str | None = None
    cores: int | None = None
    threads: int | None = None
    base_power_w: float | None = None  # from the catalog's CPU power classes
    max_power_w: float | None = None
    power_class: str | None = None  # catalog CPU id
    package_power_w: float | None = None  # RAPL, when readable
    rapl_status: RaplStatus = "unknown"
    # AVX, which TensorFlow's own wheels are built with: False where the CPU lacks it (its flags,
    # or a chipset older than any CPU that has it); None where not read.
    avx: bool | None = None


@dataclass(frozen=True)
class MemoryInfo:
    total_mib: float | None = None
    available_mib: float | None = None


@dataclass(frozen=True)
class OsInfo:
    system: str
    release: str
    machine: str
    wsl: bool = False


@dataclass(frozen=True, kw_only=True)
class TensorFlowInstall:
    """What is installed, found from package metadata without importing TensorFlow."""

    python_version: str
    python_executable: str
    package: str | None = None  # tensorflow, tensorflow-cpu, tf-nightly, ...
    version: str | None = None
    cuda_wheels: tuple[str, ...] = ()  # nvidia-*-cu12 packages from tensorflow[and-cuda]
    verdict: TfVerdict = ""


@dataclass(frozen=True, kw_only=True)
class PsuReading:
    """Live values from a PSU that reports them (liquidctl, the corsair-psu hwmon driver)."""

    device: str
    source: str
    output_power_w: float | None = None
    input_power_w: float | None = None  # Corsair: estimated from output, not measured
    input_power_estimated: bool = True
    input_voltage_v: float | None = None
    rail_12v_power_w: float | None = None
    temperature_c: float | None = None
    efficiency_percent: float | None = None
    ocp_mode: str | None = None


@dataclass(frozen=True, kw_only=True)
class PowerSupply:
    """What the user entered about the PSU, plus any live readings."""

    rated_w: int | None = None
    rating: PsuRating | None = None
    atx_version: AtxVersion | None = None
    pcie_8pin_cables: int | None = None
    has_12v2x6: bool | None = None
    readings: tuple[PsuReading, ...] = ()
    status: PsuStatus = "not-entered"


@dataclass(frozen=True)
class CaseInfo:
    form_factor: CaseForm | None = None
    gpu_clearance_mm: int | None = None
    free_slots: int | None = None


@dataclass(frozen=True, kw_only=True)
class SystemSnapshot:
    version: int
    created: str
    source: str  # scan, nvidia-smi-xml, snapshot
    machine: str
    gpus: tuple[GpuDevice, ...]
    nvml: DriverStatus
    cpu: CpuInfo
    memory: MemoryInfo
    os: OsInfo | None
    tensorflow: TensorFlowInstall | None
    power_supply: PowerSupply
    case: CaseInfo
    findings: tuple[Finding, ...] = ()
    notes: tuple[str, ...] = ()
    model: str | None = None  # the maker's product name from the firmware (DMI), when it says one
    # What the firmware and the kernel say the box is (a live Linux scan; None when unread):
    chassis: str | None = None  # SMBIOS chassis class: laptop, desktop, server, mini
    battery: bool | None = None  # a battery under /sys/class/power_supply
    hypervisor: str | None = None  # the virtual machine's maker (KVM, Amazon EC2, VMware...)
    thunderbolt: bool | None = None  # a Thunderbolt or USB4 controller (an eGPU can attach)
