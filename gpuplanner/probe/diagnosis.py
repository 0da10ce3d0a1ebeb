"""Why TensorFlow does or does not use a GPU, read from its log lines and the worker's report.

Matches the messages TensorFlow really prints (see the recorded logs in the shared
fixtures): missing CUDA libraries, a driver too old or changed without a reboot, no
kernels for the card's compute capability (RTX 50), PTX JIT failures, out of memory.
"""

from __future__ import annotations

import re

from gpuplanner.core.words import translatable
from gpuplanner.probe.results import Diagnosis

_PATTERNS: tuple[tuple[str, str, re.Pattern, str], ...] = (
    (
        "cuda-libraries-missing",
        "error",
        re.compile(r"Could not load dynamic library '([^']+)'(?:; dlerror: ([^:]+))?"),
        translatable(
            "Diagnosis",
            "TensorFlow could not load CUDA library {0}{1}: install the CUDA libraries it was built with "
            "(pip install 'tensorflow[and-cuda]') or fix LD_LIBRARY_PATH.",
        ),
    ),
    (
        "gpu-skipped",
        "error",
        re.compile(r"Cannot dlopen some GPU libraries|Skipping registering GPU devices"),
        translatable(
            "Diagnosis",
            "TensorFlow skipped the GPU because some GPU libraries could not be loaded.",
        ),
    ),
    (
        "driver-too-old",
        "error",
        re.compile(r"CUDA driver version is insufficient for CUDA runtime version"),
        translatable(
            "Diagnosis",
            "The NVIDIA driver is older than the CUDA version this TensorFlow needs: update the driver.",
        ),
    ),
    (
        "driver-mismatch",
        "error",
        re.compile(r"kernel version ([\d.]+) does not match DSO version ([\d.]+)"),
        translatable(
            "Diagnosis",
            "The loaded kernel driver ({0}) and the user-space library ({1}) differ: reboot after a driver update.",
        ),
    ),
    (
        "no-kernels-for-cc",
        "error",
        re.compile(
            r"not built with CUDA kernel binaries compatible with compute capability ([\d.]+)"
        ),
        translatable(
            "Diagnosis",
            "This TensorFlow has no kernels for compute capability {0} (RTX 50 / Blackwell with official wheels): "
            "it falls back to slow or failing PTX JIT; expect the CPU.",
        ),
    ),
    (
        "ptx-failed",
        "error",
        re.compile(
            r"CUDA_ERROR_INVALID_PTX|Failed to load PTX text|PTX version [\d.]+ does not support target '(\w+)'"
        ),
        translatable(
            "Diagnosis",
            "PTX JIT compilation failed: the driver is too old for this TensorFlow's PTX, or the GPU is newer than it.",
        ),
    ),
    (
        "cuinit-failed",
        "warning",
        re.compile(r"failed call to cuInit: (?:INTERNAL: )?(?:CUDA error: )?([A-Z_]+[^\n]*)"),
        translatable(
            "Diagnosis",
            "CUDA could not initialise ({0}).",
        ),
    ),
    (
        "oom",
        "error",
        re.compile(r"OOM when allocating tensor with shape\s*\[([^\]]*)\]|ResourceExhaustedError"),
        translatable(
            "Diagnosis",
            "Out of GPU memory{0}: reduce the batch size or the model, or use mixed precision.",
        ),
    ),
    (
        "no-cuda-driver",
        "info",
        re.compile(r"Could not find cuda drivers on your machine"),
        translatable(
            "Diagnosis",
            "No NVIDIA driver: TensorFlow runs on the CPU.",
        ),
    ),
    (
        "gpu-found",
        "info",
        re.compile(
            r"Found device (\d+) with properties|Created device [^ ]*GPU:(\d+)|"
            r"name: ([^,]+), pci bus id: [^,]+, compute capability: ([\d.]+)"
        ),
        translatable(
            "Diagnosis",
            "TensorFlow found GPU {0}.",
        ),
    ),
)


OOM_SHAPE = translatable(
    "Diagnosis",
    "Out of GPU memory (a tensor of shape [{0}]): reduce the batch size or the model, or use mixed precision.",
)
GPU_UNUSABLE = translatable("Diagnosis", "TensorFlow lists {0} but cannot run on it: {1}")
CPU_ONLY_BUILD = translatable(
    "Diagnosis",
    "This TensorFlow is a CPU-only build: install 'tensorflow[and-cuda]' on Linux (or TF 2.10 / WSL2 on Windows).",
)
GPU_NOT_USED = translatable(
    "Diagnosis",
    "The scan found {0} NVIDIA GPU(s) but TensorFlow lists none: see the other findings for why.",
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
            params: tuple[str, ...]
            if kind == "oom" and match.group(1):
                template, params = OOM_SHAPE, (match.group(1),)
            elif kind in ("oom", "cuda-libraries-missing"):
                params = ("", "")
            elif kind == "gpu-found":
                params = (
                    next((g for g in groups if not g.isdigit()), groups[0] if groups else "0"),
                )
            else:
                params = (*groups, "", "")
            found[kind] = Diagnosis(
                id=kind,
                severity=severity,
                message=template.format(*params),
                evidence=line.strip()[:300],
                template=template,
                params=params,
            )
    if "cuda-libraries-missing" in found:
        libraries = ", ".join(dict.fromkeys(missing_libraries))
        diagnosis = found["cuda-libraries-missing"]
        found["cuda-libraries-missing"] = Diagnosis(
            id=diagnosis.id,
            severity=diagnosis.severity,
            message=diagnosis.template.format(libraries, ""),
            evidence=diagnosis.evidence,
            template=diagnosis.template,
            params=(libraries.replace(" (needs ", " (→ "), ""),  # the words stay in the template
        )
    if "no-cuda-driver" in found:
        found.pop("cuinit-failed", None)  # the same fact, said twice by TensorFlow
    return list(found.values())


def diagnose_environment(env: dict, nvidia_gpus_seen_by_scan: int = 0) -> list[Diagnosis]:
    """From the worker's env step: GPUs TensorFlow lists but cannot use, or none it should see."""
    found = []
    gpus = env.get("gpus") or []
    params: tuple[str, ...]
    for gpu in gpus:
        if gpu.get("usable") is False:
            params = (
                str(gpu.get("device_name") or gpu.get("name")),
                str(gpu.get("tiny_op_error", "unknown error")),
            )
            found.append(
                Diagnosis(
                    id="gpu-unusable",
                    severity="error",
                    message=GPU_UNUSABLE.format(*params),
                    evidence="",
                    template=GPU_UNUSABLE,
                    params=params,
                )
            )
    if nvidia_gpus_seen_by_scan and not gpus:
        if env.get("is_cuda_build") is False:
            found.append(
                Diagnosis(
                    id="cpu-only-build",
                    severity="error",
                    message=CPU_ONLY_BUILD,
                    evidence="",
                    template=CPU_ONLY_BUILD,
                    params=(),
                )
            )
        else:
            params = (str(nvidia_gpus_seen_by_scan),)
            found.append(
                Diagnosis(
                    id="gpu-not-used",
                    severity="error",
                    message=GPU_NOT_USED.format(*params),
                    evidence="",
                    template=GPU_NOT_USED,
                    params=params,
                )
            )
    return found
