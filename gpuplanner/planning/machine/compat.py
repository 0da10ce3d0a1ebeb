"""Will TensorFlow use this machine's GPUs? The diagnosis from the scan and the build tables.

Pure: takes the snapshot, the catalog's TensorFlow builds and each GPU's catalog status,
returns findings. The probe later confirms it with a real TensorFlow import.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gpuplanner.catalog.records import TfBuild
from gpuplanner.core.findings import Finding, Param, Severity
from gpuplanner.hardware.records import GpuDevice, SystemSnapshot

# A card the catalog lacks, in a report that gives no compute capability (nvidia-smi -q never
# does): its generation by product name, at that generation's compute capability. Kepler is 3.x
# (GRID K520 3.0, Tesla K80 3.7), Maxwell 5.x; GTX 750 and 750 Ti are Maxwell among Keplers.
_FAMILIES = (
    (re.compile(r"\b(GRID|Tesla|Quadro)\s+K\d", re.IGNORECASE), "3"),
    (re.compile(r"\bGTX\s*750\b", re.IGNORECASE), "5"),
    (re.compile(r"\bGTX\s*(6\d0|7\d0)\b", re.IGNORECASE), "3"),
    (re.compile(r"\b(GRID|Tesla|Quadro)\s+M\d", re.IGNORECASE), "5"),
    (re.compile(r"\bGTX\s*9\d0\b", re.IGNORECASE), "5"),
)


def family_cc(name: str) -> str | None:
    """The compute capability's major version a product name implies, or None."""
    for pattern, major in _FAMILIES:
        if pattern.search(name):
            return major
    return None


def version_tuple(text: str | None) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", text or "")[:3])


def build_for(tf_version: str | None, os_name: str, builds: Sequence[TfBuild]) -> TfBuild | None:
    """The tested build of this TensorFlow minor version (2.16.2 -> the 2.16.x row) on this OS."""
    wanted = version_tuple(tf_version)[:2]
    rows = [b for b in builds if b.os == os_name and version_tuple(b.tf_version)[:2] == wanted]
    if rows:
        return rows[0]
    # Newer than the table knows: the newest row is the best guess.
    newer = [b for b in builds if b.os == os_name and version_tuple(b.tf_version)[:2] < wanted]
    return max(newer, key=lambda b: version_tuple(b.tf_version)) if newer else None


def diagnose(
    snapshot: SystemSnapshot,
    builds: Sequence[TfBuild],
    catalog_status: dict[int, tuple[str, str | None]] | None = None,
) -> list[Finding]:
    """Findings about TensorFlow and each GPU. ``catalog_status``: GPU index -> (tf_status, CC)."""
    catalog_status = catalog_status or {}
    tf = snapshot.tensorflow
    os_info = snapshot.os
    found: list[Finding] = []
    if tf is None:
        # Another machine's report: no TensorFlow of its own to judge. A card below the floor
        # of today's official wheels (a Kepler K80) is said against the newest Linux build.
        newest = max(
            (b for b in builds if b.os == "Linux"),
            key=lambda b: version_tuple(b.tf_version),
            default=None,
        )
        for gpu in snapshot.gpus:
            found.extend(
                f
                for f in _gpu_findings(
                    gpu,
                    newest.tf_version if newest else None,
                    newest,
                    catalog_status.get(gpu.index),
                )
                if f.id == "tf-cc-below-floor"
            )
        return found
    params: dict[str, Param] = {
        "package": tf.package or "",
        "version": tf.version or "",
        "python": tf.python_executable,
    }
    verdict_ids = {
        "tf-missing": "tf-missing",
        "cpu-package": "tf-cpu-package",
        "windows-native-no-gpu": "tf-windows-native",
        "cuda-libraries-missing": "tf-cuda-libraries-missing",
        "macos-no-cuda": "tf-macos",
    }
    if tf.verdict in verdict_ids:
        severity: Severity = "info" if tf.verdict in ("tf-missing", "macos-no-cuda") else "warns"
        found.append(Finding(verdict_ids[tf.verdict], severity, params))
    os_name = "Windows" if os_info and os_info.system == "Windows" else "Linux"
    build = build_for(tf.version, os_name, builds) if tf.version else None
    for gpu in snapshot.gpus:
        found.extend(_gpu_findings(gpu, tf.version, build, catalog_status.get(gpu.index)))
    return found


def _gpu_findings(
    gpu: GpuDevice,
    tf_version: str | None,
    build: TfBuild | None,
    catalog: tuple[str, str | None] | None,
) -> list[Finding]:
    status, catalog_cc = catalog if catalog else (None, None)
    cc = gpu.compute_capability or catalog_cc
    name = gpu.name
    family = family_cc(name) if not cc else None
    shown = cc or (f"{family}.x" if family else None)
    cc = cc or family
    if gpu.vendor == "AMD":
        return [
            Finding(
                "tf-amd-rocm",
                "info",
                {"gpu": name, "status": status or "unknown"},
                gpu_index=gpu.index,
            )
        ]
    if gpu.vendor == "Intel":
        return [Finding("tf-intel-none", "info", {"gpu": name}, gpu_index=gpu.index)]
    if gpu.vendor != "NVIDIA":
        return []
    found = []
    if (cc and float(cc) >= 10) or status == "blackwell-unsupported":
        found.append(
            Finding("tf-blackwell", "blocks", {"gpu": name, "cc": cc or "10+"}, gpu_index=gpu.index)
        )
    elif cc and build and float(cc) < build.min_compute_capability:
        found.append(
            Finding(
                "tf-cc-below-floor",
                "blocks",
                {
                    "gpu": name,
                    "cc": shown or cc,
                    "floor": f"{build.min_compute_capability:.1f}",
                    "version": tf_version or "",
                },
                gpu_index=gpu.index,
            )
        )
    needed = (build.min_driver_linux or build.min_driver_windows) if build else None
    if needed and gpu.driver_version and version_tuple(gpu.driver_version) < version_tuple(needed):
        found.append(
            Finding(
                "tf-driver-too-old",
                "blocks",
                {
                    "driver": gpu.driver_version,
                    "needed": needed,
                    "version": tf_version or "",
                    "cuda": build.cuda_version if build else "",
                },
                gpu_index=gpu.index,
            )
        )
    return found
