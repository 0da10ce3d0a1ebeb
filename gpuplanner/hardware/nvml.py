"""NVIDIA GPUs through NVML (``nvidia-ml-py``), every field guarded on its own.

The module is passed in, so tests hand a fake one; ``load_pynvml()`` gives the real one or
``None`` when the package is missing. Like nvitop's ``nvmlQuery``, a field the card does
not support is ``None``; unlike it, a lost GPU marks that device and the scan goes on.
Each docstring of a reader names the nvidia-smi field it matches.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType
from typing import Any

from gpuplanner.core.vocab import DriverState
from gpuplanner.hardware.pcie import nvml_bus_id_to_sysfs
from gpuplanner.hardware.records import DriverStatus, GpuDevice, PcieLink

log = logging.getLogger(__name__)
NVML_TIMEOUT_S = 10.0

# nvmlClocksEventReasons bits (nvml.h); 'gpu idle' and 'applications clocks' are not slowdowns.
THROTTLE_BITS = {
    0x4: "sw_power_cap",
    0x8: "hw_slowdown",
    0x20: "sw_thermal_slowdown",
    0x40: "hw_thermal_slowdown",
    0x80: "hw_power_brake_slowdown",
    0x100: "display_clock_setting",
}

# nvmlDriverModel_t: NVML_DRIVER_WDDM, NVML_DRIVER_WDM (shown as TCC), NVML_DRIVER_MCDM.
DRIVER_MODELS = {0: "WDDM", 1: "TCC", 2: "MCDM"}
# nvmlGpuVirtualizationMode_t: 0 none (bare metal), 1 pass-through, 2 vGPU, 3 host vGPU.
VIRTUALIZATION_MODES = {1: "pass-through", 2: "vgpu", 3: "host-vgpu"}


class _Lost(Exception):
    pass


def load_pynvml() -> ModuleType | None:
    try:
        import pynvml
    except ImportError:
        return None
    return pynvml


def _error_name(nvml: Any, exc: Exception) -> str:
    for name in (
        "NVMLError_LibraryNotFound",
        "NVMLError_DriverNotLoaded",
        "NVMLError_LibRmVersionMismatch",
        "NVMLError_NoPermission",
        "NVMLError_NotSupported",
        "NVMLError_GpuIsLost",
        "NVMLError_FunctionNotFound",
    ):
        cls = getattr(nvml, name, None)
        if isinstance(cls, type) and isinstance(exc, cls):
            return name
    return type(exc).__name__


_INIT_STATES: dict[str, DriverState] = {
    "NVMLError_LibraryNotFound": "library-missing",
    "NVMLError_DriverNotLoaded": "driver-not-loaded",
    "NVMLError_LibRmVersionMismatch": "version-mismatch",
    "NVMLError_NoPermission": "no-permission",
}


def _status(state: DriverState, detail: str) -> DriverStatus:
    # The state is stored, never advice in words: report/machine_view.py says what to do
    # about it in the reader's language.
    return DriverStatus(state, detail)


class _Reader:
    def __init__(self, nvml: Any) -> None:
        self.nvml = nvml
        self.errors: list[str] = []

    def query(self, func_name: str, *args: Any, default: Any = None) -> Any:
        func: Callable | None = getattr(self.nvml, func_name, None)
        if func is None:
            return default
        try:
            return func(*args)
        except self.nvml.NVMLError as exc:
            name = _error_name(self.nvml, exc)
            if name == "NVMLError_GpuIsLost":
                raise _Lost() from exc
            if name not in ("NVMLError_NotSupported", "NVMLError_FunctionNotFound"):
                self.errors.append(f"{func_name}: {exc}")
            return default

    def device(self, index: int, driver_version: str | None, cuda: str | None) -> GpuDevice:
        q = self.query
        handle = q("nvmlDeviceGetHandleByIndex", index)
        if handle is None:
            return GpuDevice(
                index=index, vendor="NVIDIA", name="(unreadable)", errors=tuple(self.errors)
            )
        name = _text(q("nvmlDeviceGetName", handle)) or "NVIDIA GPU"
        base = GpuDevice(
            index=index,
            vendor="NVIDIA",
            name=name,
            driver="nvidia",
            driver_version=driver_version,
            cuda_driver_version=cuda,
        )
        try:
            pci = q("nvmlDeviceGetPciInfo", handle)
            memory = q("nvmlDeviceGetMemoryInfo", handle)
            cc = q("nvmlDeviceGetCudaComputeCapability", handle)
            mig = q("nvmlDeviceGetMigMode", handle)
            # (current, pending) on Windows; Linux drivers answer NotSupported.
            model = q("nvmlDeviceGetDriverModel", handle)
            ecc = q("nvmlDeviceGetEccMode", handle)
            throttle = q("nvmlDeviceGetCurrentClocksEventReasons", handle)
            if throttle is None:
                throttle = q("nvmlDeviceGetCurrentClocksThrottleReasons", handle)
            temperature = q("nvmlDeviceGetTemperature", handle, 0)
            pstate = q("nvmlDeviceGetPerformanceState", handle)
            nvlinks = self._nvlinks(handle)
            device = replace(
                base,
                bus_id=nvml_bus_id_to_sysfs(_text(pci.busId)) if pci is not None else None,
                pci_device_id=_pci_id(getattr(pci, "pciDeviceId", None))
                if pci is not None
                else None,
                uuid=_text(q("nvmlDeviceGetUUID", handle)),
                memory_total_mib=_mib(getattr(memory, "total", None)),
                memory_used_mib=_mib(getattr(memory, "used", None)),
                compute_capability=f"{cc[0]}.{cc[1]}" if cc else None,
                power_limit_w=_watts(q("nvmlDeviceGetPowerManagementLimit", handle)),
                power_default_limit_w=_watts(q("nvmlDeviceGetPowerManagementDefaultLimit", handle)),
                power_enforced_limit_w=_watts(q("nvmlDeviceGetEnforcedPowerLimit", handle)),
                power_min_limit_w=_watts(
                    _at(q("nvmlDeviceGetPowerManagementLimitConstraints", handle), 0)
                ),
                power_max_limit_w=_watts(
                    _at(q("nvmlDeviceGetPowerManagementLimitConstraints", handle), 1)
                ),
                power_draw_w=_watts(q("nvmlDeviceGetPowerUsage", handle)),
                temperature_c=float(temperature) if temperature is not None else None,
                fan_percent=_float(q("nvmlDeviceGetFanSpeed", handle)),
                clock_graphics_mhz=_float(q("nvmlDeviceGetClockInfo", handle, 0)),
                clock_sm_mhz=_float(q("nvmlDeviceGetClockInfo", handle, 1)),
                clock_memory_mhz=_float(q("nvmlDeviceGetClockInfo", handle, 2)),
                clock_graphics_max_mhz=_float(q("nvmlDeviceGetMaxClockInfo", handle, 0)),
                clock_memory_max_mhz=_float(q("nvmlDeviceGetMaxClockInfo", handle, 2)),
                throttle_reasons=_throttle_names(throttle),
                performance_state=f"P{pstate}" if pstate is not None else None,
                ecc_enabled=bool(ecc[0]) if ecc else None,
                mig_enabled=bool(mig[0]) if mig else None,
                driver_model=DRIVER_MODELS.get(_at(model, 0)) if model else None,
                virtualization=VIRTUALIZATION_MODES.get(
                    q("nvmlDeviceGetVirtualizationMode", handle)
                ),
                nvlink_active_links=nvlinks,
                pcie=self.link(handle),
            )
        except _Lost:
            return replace(base, lost=True, errors=tuple(self.errors))
        return replace(device, errors=tuple(self.errors))

    def link(self, handle: Any) -> PcieLink:
        """nvidia-smi pcie.link.gen.{current,max,gpumax} and pcie.link.width.{current,max}."""
        q = self.query
        max_gen = q("nvmlDeviceGetMaxPcieLinkGeneration", handle)
        card_gen = q("nvmlDeviceGetGpuMaxPcieLinkGeneration", handle)
        # NVML's max is the lesser of card and slot: below the card's own, the slot is the limit.
        slot_gen = max_gen if (card_gen and max_gen and max_gen < card_gen) else None
        return PcieLink(
            current_gen=q("nvmlDeviceGetCurrPcieLinkGeneration", handle),
            current_width=q("nvmlDeviceGetCurrPcieLinkWidth", handle),
            max_gen=max_gen,
            max_width=q("nvmlDeviceGetMaxPcieLinkWidth", handle),
            card_max_gen=card_gen,
            slot_max_gen=slot_gen,
            replay_count=q("nvmlDeviceGetPcieReplayCounter", handle),
            source="nvml",
        )

    def _nvlinks(self, handle: Any) -> int | None:
        links = getattr(self.nvml, "NVML_NVLINK_MAX_LINKS", 18)
        active, supported = 0, False
        for link in range(links):
            state = self.query("nvmlDeviceGetNvLinkState", handle, link)
            if state is None:
                continue
            supported = True
            active += 1 if state else 0
        return active if supported else None


def read_nvml(
    nvml: Any | None, timeout_s: float = NVML_TIMEOUT_S
) -> tuple[DriverStatus, list[GpuDevice]]:
    """Every NVIDIA GPU NVML sees, and the driver's status; bounded by ``timeout_s``."""
    if nvml is None:
        return _status("python-package-missing", "the nvidia-ml-py package is not installed"), []
    outcome: dict[str, Any] = {}

    def work() -> None:
        try:
            outcome["result"] = _read_all(nvml)
        except BaseException as exc:  # reported below; a scan must not die here
            outcome["error"] = exc

    worker = threading.Thread(target=work, name="nvml-scan", daemon=True)
    worker.start()
    worker.join(timeout_s)
    if worker.is_alive():
        # A hung driver call cannot be interrupted; the daemon thread is left behind.
        return _status("timeout", f"NVML did not answer within {timeout_s:g} s"), []
    if "error" in outcome:
        log.exception("NVML scan failed", exc_info=outcome["error"])
        return _status("error", f"NVML failed: {outcome['error']}"), []
    return outcome["result"]


def _read_all(nvml: Any) -> tuple[DriverStatus, list[GpuDevice]]:
    try:
        nvml.nvmlInit()
    except nvml.NVMLError as exc:
        state = _INIT_STATES.get(_error_name(nvml, exc), "error")
        return _status(state, str(exc) or state), []
    try:
        reader = _Reader(nvml)
        driver = _text(reader.query("nvmlSystemGetDriverVersion"))
        cuda_raw = reader.query("nvmlSystemGetCudaDriverVersion_v2") or reader.query(
            "nvmlSystemGetCudaDriverVersion"
        )
        cuda = f"{cuda_raw // 1000}.{(cuda_raw % 1000) // 10}" if cuda_raw else None
        count = reader.query("nvmlDeviceGetCount", default=0) or 0
        devices = []
        for index in range(count):
            reader.errors = []
            devices.append(reader.device(index, driver, cuda))
        return _status("ok", f"driver {driver}, CUDA {cuda}"), devices
    finally:
        with contextlib.suppress(nvml.NVMLError):
            nvml.nvmlShutdown()


def reread_links(nvml: Any | None, bus_ids: list[str]) -> dict[str, PcieLink]:
    """Current link of each GPU, for the probe to call while the GPUs are busy."""
    if nvml is None:
        return {}
    links: dict[str, PcieLink] = {}
    try:
        nvml.nvmlInit()
    except nvml.NVMLError:
        return {}
    try:
        reader = _Reader(nvml)
        for index in range(reader.query("nvmlDeviceGetCount", default=0) or 0):
            handle = reader.query("nvmlDeviceGetHandleByIndex", index)
            pci = reader.query("nvmlDeviceGetPciInfo", handle) if handle is not None else None
            if pci is None:
                continue
            bus_id = nvml_bus_id_to_sysfs(_text(pci.busId))
            if bus_id is not None and (bus_id in bus_ids or not bus_ids):
                try:
                    links[bus_id] = replace(reader.link(handle), under_load=True)
                except _Lost:
                    continue
    finally:
        with contextlib.suppress(nvml.NVMLError):
            nvml.nvmlShutdown()
    return links


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


def _pci_id(device_id: int | None) -> str | None:
    """pciDeviceId 0x268410DE -> '10de:2684'."""
    if not isinstance(device_id, int):
        return None
    return f"{device_id & 0xFFFF:04x}:{device_id >> 16:04x}"


def _mib(value: Any) -> float | None:
    return round(value / 1024**2, 1) if isinstance(value, int | float) else None


def _watts(milliwatts: Any) -> float | None:
    return round(milliwatts / 1000, 1) if isinstance(milliwatts, int | float) else None


def _float(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def _at(values: Any, index: int) -> Any:
    try:
        return values[index]
    except (TypeError, IndexError):
        return None


def _throttle_names(mask: Any) -> tuple[str, ...]:
    if not isinstance(mask, int):
        return ()
    return tuple(name for bit, name in THROTTLE_BITS.items() if mask & bit)


class NvmlSampler:
    """Samples power, temperature, clocks, throttling and the PCIe link while the probe runs.

    Holds NVML open between samples (init once); every call is guarded, so a sampler on a
    machine without NVIDIA hardware simply returns nothing.
    """

    def __init__(self, nvml: Any | None) -> None:
        self.nvml = nvml
        self.ok = False
        if nvml is None:
            return
        try:
            nvml.nvmlInit()
            self.ok = True
        except Exception:
            self.ok = False
        self.reader = _Reader(nvml) if self.ok else None

    def sample(self) -> list[dict]:
        if not self.ok or self.reader is None:
            return []
        q = self.reader.query
        samples = []
        try:
            for index in range(q("nvmlDeviceGetCount", default=0) or 0):
                handle = q("nvmlDeviceGetHandleByIndex", index)
                if handle is None:
                    continue
                pci = q("nvmlDeviceGetPciInfo", handle)
                samples.append(
                    {
                        "bus_id": nvml_bus_id_to_sysfs(_text(pci.busId))
                        if pci is not None
                        else None,
                        "power_w": _watts(q("nvmlDeviceGetPowerUsage", handle)),
                        "temperature_c": _float(q("nvmlDeviceGetTemperature", handle, 0)),
                        "sm_clock_mhz": _float(q("nvmlDeviceGetClockInfo", handle, 1)),
                        "throttle_reasons": list(
                            _throttle_names(q("nvmlDeviceGetCurrentClocksEventReasons", handle))
                        ),
                        "pcie_gen": q("nvmlDeviceGetCurrPcieLinkGeneration", handle),
                        "pcie_width": q("nvmlDeviceGetCurrPcieLinkWidth", handle),
                    }
                )
        except _Lost:
            samples.append({"bus_id": None, "lost": True})
        return samples

    def close(self) -> None:
        if self.ok and self.nvml is not None:
            with contextlib.suppress(Exception):
                self.nvml.nvmlShutdown()
            self.ok = False
