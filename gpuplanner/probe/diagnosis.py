"""Why TensorFlow does or does not use a GPU, read from its log lines and the worker's report.

Matches the messages TensorFlow really prints (see the recorded logs in the shared
fixtures): missing CUDA libraries, a driver too old or changed without a reboot, no
kernels for the card's compute capability (RTX 50), PTX JIT failures, out of memory.
"""

from __future__ import annotations

import re

from gpuplanner.probe.results import Diagnosis

_PATTERNS: tuple[tuple[str, str, re.Pattern, str], ...] = (
    (
        "cuda-libraries-missing",
        "error",
        re.compile(r"Could not load dynamic library '([^']+)'(?:; dlerror: ([^:]+))?"),
        "TensorFlow could not load CUDA library {0}{1}: install the CUDA libraries it was built with "
        "(pip install 'tensorflow[and-cuda]') or fix LD_LIBRARY_PATH.",
    ),
    (
        "gpu-skipped",
        "error",
        re.compile(r"Cannot dlopen some GPU libraries|Skipping registering GPU devices"),
        "TensorFlow skipped the GPU because some GPU libraries could not be loaded.",
    ),
    (
        "driver-too-old",
        "error",
        re.compile(r"CUDA driver version is insufficient for CUDA runtime version"),
        "The NVIDIA driver is older than the CUDA version this TensorFlow needs: update the driver.",
    ),
    (
        "driver-mismatch",
        "error",
        re.compile(r"kernel version ([\d.]+) does not match DSO version ([\d.]+)"),
        "The loaded kernel driver ({0}) and the user-space library ({1}) differ: reboot after a driver update.",
    ),
    (
        "no-kernels-for-cc",
        "error",
        re.compile(
            r"not built with CUDA kernel binaries compatible with compute capability ([\d.]+)"
        ),
        "This TensorFlow has no kernels for compute capability {0} (RTX 50 / Blackwell with official wheels): "
        "it falls back to slow or failing PTX JIT; expect the CPU.",
    ),
    (
        "ptx-failed",
        "error",
        re.compile(
            r"CUDA_ERROR_INVALID_PTX|Failed to load PTX text|PTX version [\d.]+ does not support target '(\w+)'"
        ),
        "PTX JIT compilation failed: the driver is too old for this TensorFlow's PTX, or the GPU is newer than it.",
    ),
    (
        "cuinit-failed",
        "warning",
        re.compile(r"failed call to cuInit: (?:INTERNAL: )?(?:CUDA error: )?([A-Z_]+[^\n]*)"),
        "CUDA could not initialise ({0}).",
    ),
    (
        "oom",
        "error",
        re.compile(r"OOM when allocating tensor with shape\s*\[([^\]]*)\]|ResourceExhaustedError"),
        "Out of GPU memory{0}: reduce the batch size or the model, or use mixed precision.",
    ),
    (
        "no-cuda-driver",
        "info",
        re.compile(r"Could not find cuda drivers on your machine"),
        "No NVIDIA driver: TensorFlow runs on the CPU.",
    ),
    (
        "gpu-found",
        "info",
        re.compile(
            r"Found device (\d+) with properties|Created device [^ ]*GPU:(\d+)|"
            r"name: ([^,]+), pci bus id: [^,]+, compute capability: ([\d.]+)"
        ),
        "TensorFlow found GPU {0}.",
    ),
)


def diagnose_log(text: str) -> list[Diagnosis]:
    """One diagnosis per kind of problem, with the first matching line as evidence."""
    found: dict[str, Diagnosis] = {}
    missing_libraries: list[str] = []
    for line in text.splitlines():
        for kind, severity, pattern, template in _PATTERNS:
            match = pattern.search(line)
            if not match:
                continue
            groups = [g for g in match.groups() if g] if match.groups() else []
            if kind == "cuda-libraries-missing":
                library = match.group(1) + (f" (needs {match.group(2)})" if match.group(2) else "")
                missing_libraries.append(library)
            if kind in found:
                continue
            if kind == "oom":
                detail = f" (a tensor of shape [{match.group(1)}])" if match.group(1) else ""
                message = template.format(detail)
            elif kind == "cuda-libraries-missing":
                message = template
            elif kind == "gpu-found":
                message = template.format(
                    next((g for g in groups if not g.isdigit()), groups[0] if groups else "0")
                )
            else:
                message = template.format(*groups, "", "")
            found[kind] = Diagnosis(kind, severity, message, line.strip()[:300])
    if "cuda-libraries-missing" in found:
        libraries = ", ".join(dict.fromkeys(missing_libraries))
        template = next(t for k, _, _, t in _PATTERNS if k == "cuda-libraries-missing")
        diagnosis = found["cuda-libraries-missing"]
        found["cuda-libraries-missing"] = Diagnosis(
            diagnosis.id, diagnosis.severity, template.format(libraries, ""), diagnosis.evidence
        )
    if "no-cuda-driver" in found:
        found.pop("cuinit-failed", None)  # the same fact, said twice by TensorFlow
    return list(found.values())


def diagnose_environment(env: dict, nvidia_gpus_seen_by_scan: int = 0) -> list[Diagnosis]:
    """From the worker's env step: GPUs TensorFlow lists but cannot use, or none it should see."""
    found = []
    gpus = env.get("gpus") or []
    for gpu in gpus:
        if gpu.get("usable") is False:
            found.append(
                Diagnosis(
                    "gpu-unusable",
                    "error",
                    f"TensorFlow lists {gpu.get('device_name') or gpu.get('name')} but cannot run on it: "
                    f"{gpu.get('tiny_op_error', 'unknown error')}",
                )
            )
    if nvidia_gpus_seen_by_scan and not gpus:
        if env.get("is_cuda_build") is False:
            found.append(
                Diagnosis(
                    "cpu-only-build",
                    "error",
                    "This TensorFlow is a CPU-only build: install 'tensorflow[and-cuda]' on Linux "
                    "(or TF 2.10 / WSL2 on Windows).",
                )
            )
        else:
            found.append(
                Diagnosis(
                    "gpu-not-used",
                    "error",
                    f"The scan found {nvidia_gpus_seen_by_scan} NVIDIA GPU(s) but TensorFlow lists none: "
                    "see the other findings for why.",
                )
            )
    return found
