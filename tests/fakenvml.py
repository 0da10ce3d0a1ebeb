"""A stand-in for the ``pynvml`` module, shaped like nvidia-ml-py at its public boundary.

Each GPU is a dict of NVML answers; a missing key answers NVMLError_NotSupported, as a
GeForce card does for ECC or a passive card for its fan. ``lost_on`` makes one call raise
NVMLError_GpuIsLost; ``init_error`` makes nvmlInit fail; ``hang_s`` makes calls stall.
"""

from __future__ import annotations

import time
from types import SimpleNamespace


class NVMLError(Exception):
    def __init__(self, value: int = 999, text: str = "") -> None:
        super().__init__(text or f"NVML error {value}")
        self.value = value


def _error(name: str, code: int, text: str) -> type:
    return type(name, (NVMLError,), {"__init__": lambda self: NVMLError.__init__(self, code, text)})


NVMLError_Uninitialized = _error("NVMLError_Uninitialized", 1, "Uninitialized")
NVMLError_NotSupported = _error("NVMLError_NotSupported", 3, "Not Supported")
NVMLError_NoPermission = _error("NVMLError_NoPermission", 4, "Insufficient Permissions")
NVMLError_DriverNotLoaded = _error("NVMLError_DriverNotLoaded", 9, "Driver Not Loaded")
NVMLError_LibraryNotFound = _error("NVMLError_LibraryNotFound", 12, "NVML Shared Library Not Found")
NVMLError_FunctionNotFound = _error("NVMLError_FunctionNotFound", 13, "Function Not Found")
NVMLError_GpuIsLost = _error("NVMLError_GpuIsLost", 15, "GPU is lost")
NVMLError_LibRmVersionMismatch = _error(
    "NVMLError_LibRmVersionMismatch", 18, "RM has detected an NVML/RM version mismatch."
)


def rtx4090(bus: str = "00000000:01:00.0", **overrides) -> dict:
    """A GeForce RTX 4090 in a Gen3 host: no ECC, no NVLink, idle at Gen1."""
    gpu = {
        "name": "NVIDIA GeForce RTX 4090",
        "uuid": "GPU-4090",
        "bus": bus,
        "pci_device_id": 0x268410DE,
        "memory": (25757220864, 1073741824),
        "cc": (8, 9),
        "power_limit": 450000,
        "default_limit": 450000,
        "enforced_limit": 450000,
        "constraints": [150000, 600000],
        "power_usage": 26840,
        "temperature": 40,
        "fan": 30,
        "clocks": {0: 210, 1: 210, 2: 405},
        "max_clocks": {0: 3120, 2: 10501},
        "curr_gen": 1,
        "curr_width": 16,
        "max_gen": 3,
        "max_width": 16,
        "gpu_max_gen": 4,
        "replays": 0,
        "pstate": 8,
        "throttle": 0x1,
        "mig": None,
        "ecc": None,
        "nvlink": None,
    }
    gpu.update(overrides)
    return gpu


def a100_passive(bus: str = "00000000:3B:00.0") -> dict:
    """A100 PCIe: passive (no fan), ECC on, NVLink bridge with 12 links up, MIG off."""
    return rtx4090(
        bus,
        name="NVIDIA A100-PCIE-40GB",
        uuid="GPU-a100",
        memory=(42949672960, 0),
        cc=(8, 0),
        power_limit=250000,
        default_limit=250000,
        enforced_limit=250000,
        constraints=[150000, 250000],
        fan=None,
        curr_gen=4,
        max_gen=4,
        gpu_max_gen=4,
        ecc=[1, 1],
        mig=[0, 0],
        nvlink=12,
        throttle=0,
    )


class FakeNvml:
    def __init__(
        self,
        gpus=(),
        init_error: type | None = None,
        lost_on: tuple[int, str] | None = None,
        hang_s: float = 0.0,
        driver: str = "535.86.05",
        cuda: int = 12020,
    ) -> None:
        self.gpus = list(gpus)
        self.init_error = init_error
        self.lost_on = lost_on
        self.hang_s = hang_s
        self.driver = driver
        self.cuda = cuda
        self.initialised = 0
        for name, value in globals().items():
            if name.startswith("NVMLError"):
                setattr(self, name, value)
        self.NVML_NVLINK_MAX_LINKS = 18

    # -- lifecycle --
    def nvmlInit(self):
        if self.init_error is not None:
            raise self.init_error()
        self.initialised += 1

    def nvmlShutdown(self):
        self.initialised -= 1

    def _gpu(self, handle: int, call: str, key: str):
        if self.hang_s:
            time.sleep(self.hang_s)
        if self.lost_on == (handle, call):
            raise NVMLError_GpuIsLost()
        value = self.gpus[handle].get(key)
        if value is None:
            raise NVMLError_NotSupported()
        return value

    # -- system --
    def nvmlSystemGetDriverVersion(self):
        return self.driver

    def nvmlSystemGetCudaDriverVersion_v2(self):
        return self.cuda

    def nvmlDeviceGetCount(self):
        return len(self.gpus)

    def nvmlDeviceGetHandleByIndex(self, index):
        if index >= len(self.gpus):
            raise NVMLError(2, "Invalid Argument")
        return index

    # -- device --
    def nvmlDeviceGetName(self, h):
        return self._gpu(h, "name", "name")

    def nvmlDeviceGetUUID(self, h):
        return self._gpu(h, "uuid", "uuid")

    def nvmlDeviceGetPciInfo(self, h):
        return SimpleNamespace(
            busId=self._gpu(h, "pci", "bus"), pciDeviceId=self.gpus[h]["pci_device_id"]
        )

    def nvmlDeviceGetMemoryInfo(self, h):
        total, used = self._gpu(h, "memory", "memory")
        return SimpleNamespace(total=total, used=used, free=total - used)

    def nvmlDeviceGetCudaComputeCapability(self, h):
        return self._gpu(h, "cc", "cc")

    def nvmlDeviceGetPowerManagementLimit(self, h):
        return self._gpu(h, "limit", "power_limit")

    def nvmlDeviceGetPowerManagementDefaultLimit(self, h):
        return self._gpu(h, "default", "default_limit")

    def nvmlDeviceGetEnforcedPowerLimit(self, h):
        return self._gpu(h, "enforced", "enforced_limit")

    def nvmlDeviceGetPowerManagementLimitConstraints(self, h):
        return self._gpu(h, "constraints", "constraints")

    def nvmlDeviceGetPowerUsage(self, h):
        return self._gpu(h, "power", "power_usage")

    def nvmlDeviceGetTemperature(self, h, _sensor):
        return self._gpu(h, "temperature", "temperature")

    def nvmlDeviceGetFanSpeed(self, h):
        return self._gpu(h, "fan", "fan")

    def nvmlDeviceGetClockInfo(self, h, clock):
        return self._gpu(h, "clock", "clocks").get(clock)

    def nvmlDeviceGetMaxClockInfo(self, h, clock):
        return self._gpu(h, "maxclock", "max_clocks").get(clock)

    def nvmlDeviceGetCurrentClocksEventReasons(self, h):
        return self._gpu(h, "throttle", "throttle")

    def nvmlDeviceGetPerformanceState(self, h):
        return self._gpu(h, "pstate", "pstate")

    def nvmlDeviceGetEccMode(self, h):
        return self._gpu(h, "ecc", "ecc")

    def nvmlDeviceGetMigMode(self, h):
        return self._gpu(h, "mig", "mig")

    def nvmlDeviceGetNvLinkState(self, h, link):
        active = self._gpu(h, "nvlink", "nvlink")
        return 1 if link < active else 0

    def nvmlDeviceGetCurrPcieLinkGeneration(self, h):
        return self._gpu(h, "curr_gen", "curr_gen")

    def nvmlDeviceGetCurrPcieLinkWidth(self, h):
        return self._gpu(h, "curr_width", "curr_width")

    def nvmlDeviceGetMaxPcieLinkGeneration(self, h):
        return self._gpu(h, "max_gen", "max_gen")

    def nvmlDeviceGetMaxPcieLinkWidth(self, h):
        return self._gpu(h, "max_width", "max_width")

    def nvmlDeviceGetGpuMaxPcieLinkGeneration(self, h):
        return self._gpu(h, "gpu_max_gen", "gpu_max_gen")

    def nvmlDeviceGetPcieReplayCounter(self, h):
        return self._gpu(h, "replays", "replays")
