"""Which ways of running TensorFlow (or Keras) reach a card: a catalog fact per route.

Routes: ``official`` pip wheels; ``ngc``, NVIDIA's TensorFlow container (Linux/WSL2, Docker);
``keras-other``, Keras 3 on the JAX or PyTorch backend. The rows in the catalog's
tf_routes.csv say, per vendor, which compute capabilities each route has kernels for, what
it requires (ROCm's list, Intel XPU) and the driver it needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import GpuSpec, TfRoute
from gpuplanner.core.vocab import TF_ROUTES, TfRouteName

ROUTES = TF_ROUTES
# NVIDIA's last TensorFlow container and the driver its CUDA 12.8 needs (catalog source
# ngc-tf-release-notes: "NVIDIA announced 25.02 as the last TensorFlow container").
NGC_LAST_RELEASE = "25.02"
NGC_LAST_DRIVER = "570.86"
# The last driver branch that runs an NVIDIA architecture: NVIDIA's "Unix graphics feature
# deprecation schedule" (forums.developer.nvidia.com, topic 60588): "The release 580 series
# will be the last to support GPUs based on the Maxwell, Pascal, and Volta architectures";
# Kepler's was 470. The Windows drivers share the branches (numbered a little past them).
# "Or newer" past it is a driver the card does not run: a V100 told so lands on 590 and stops.
LAST_DRIVER_BRANCH = {"Kepler": 470, "Maxwell": 580, "Pascal": 580, "Volta": 580}
# A branch's Windows drivers run a little past its number (R580: 580.88 to 581.xx; R470's
# last was 474.xx): a Windows owner must not take 581 for a newer branch.
WINDOWS_NUMBERS = {470: "470.xx–474.xx", 580: "580.xx–581.xx"}


def last_driver_branch(gpu: GpuSpec) -> int | None:
    """The newest driver branch that still runs ``gpu``; None while NVIDIA supports it."""
    return LAST_DRIVER_BRANCH.get(gpu.architecture) if gpu.vendor == "NVIDIA" else None


def windows_numbers(branch: int) -> str:
    """How a driver branch's Windows releases are numbered ("580.xx–581.xx")."""
    return WINDOWS_NUMBERS.get(branch, f"{branch}.xx")


@dataclass(frozen=True)
class RouteSupport:
    route: TfRouteName
    runs: bool
    needs_rocm: bool = False  # runs only through ROCm on Linux
    min_driver: str | None = None
    row: TfRoute | None = None

    def driver_floor(self, windows: bool) -> str | None:
        """The driver the route needs, as the machine's own driver numbers it: a Windows
        driver (native, or the host of WSL2) has its own numbers for the same floor."""
        if windows and self.row is not None and self.row.min_driver_windows:
            return self.row.min_driver_windows
        return self.min_driver


def _cc(gpu: GpuSpec) -> float | None:
    try:
        return float(gpu.compute_capability) if gpu.compute_capability else None
    except ValueError:
        return None


def support(gpu: GpuSpec, route: TfRouteName, rows: tuple[TfRoute, ...]) -> RouteSupport:
    cc = _cc(gpu)
    for row in rows:
        if row.route != route or row.vendor != gpu.vendor:
            continue
        if row.requires == "rocm":
            if gpu.tf_status == "rocm":
                return RouteSupport(route, True, True, row.min_driver_linux, row)
            continue
        if row.requires == "xpu":
            return RouteSupport(route, True, False, row.min_driver_linux, row)
        if cc is None:
            continue
        if (row.min_cc is None or cc >= row.min_cc) and (row.max_cc is None or cc <= row.max_cc):
            return RouteSupport(route, True, False, _driver_floor(gpu, row), row)
    return RouteSupport(route, False)


def ngc_forward_compat(gpu: GpuSpec) -> bool:
    """Whether NGC's container runs on ``gpu`` with an older driver branch in forward
    compatibility: data-centre cards only."""
    return gpu.vendor == "NVIDIA" and gpu.segment == "datacenter"


def _driver_floor(gpu: GpuSpec, row: TfRoute) -> str | None:
    """The driver a route needs on ``gpu``. NGC's floor in the catalog is the data-centre one:
    the container's CUDA runs on an older data-centre branch in forward-compatibility mode
    (NGC's CUDA 12.8 release notes: R470, R525, R535 and R550); any other card needs the
    driver of the container the plan pins, the last one's 570.86."""
    floor = row.min_driver_linux
    if row.route != "ngc" or gpu.vendor != "NVIDIA" or ngc_forward_compat(gpu):
        return floor
    return max(floor or NGC_LAST_DRIVER, NGC_LAST_DRIVER, key=version_tuple)


def cc_floor(gpu: GpuSpec, route: TfRouteName, rows: tuple[TfRoute, ...]) -> float | None:
    """The lowest compute capability the route builds kernels for, when the card is below it."""
    cc = _cc(gpu)
    floors = [
        row.min_cc
        for row in rows
        if row.route == route and row.vendor == gpu.vendor and row.min_cc is not None
    ]
    if cc is None or not floors or cc >= min(floors):
        return None
    return min(floors)


def routes_that_run(gpu: GpuSpec, rows: tuple[TfRoute, ...]) -> tuple[TfRouteName, ...]:
    return tuple(r for r in ROUTES if support(gpu, r, rows).runs)


def version_tuple(text: str | None) -> tuple[int, ...]:
    parts = []
    for piece in (text or "").split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        if not digits:
            break
        parts.append(int(digits))
    return tuple(parts)


def driver_below(have: str | None, need: str | None) -> bool:
    """True when the installed driver is known and older than ``need``."""
    return bool(have and need and version_tuple(have) < version_tuple(need))
