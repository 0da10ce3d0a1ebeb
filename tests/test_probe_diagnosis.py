"""Reasons TensorFlow does not use a GPU, from the recorded TensorFlow logs."""

from __future__ import annotations

import pytest
from conftest import SHARED

from gpuplanner.probe.diagnosis import diagnose_environment, diagnose_log

LOGS = SHARED / "fixtures" / "tensorflow-gpu-logs"

EXPECTED = {
    "tf-device_lib-list_local_devices_gtx960m-laptop.txt": ["gpu-found"],
    "tf-log_cannot-dlopen_skipping-registering_tf2.1-cuda10.2.txt": ["gpu-skipped"],
    "tf-log_cuinit-invalid-value_kernel-352-vs-dso-361-mismatch.txt": [
        "cuinit-failed",
        "driver-mismatch",
    ],
    "tf-log_cusolver-and-cudnn-missing_cannot-dlopen_skipping-registering-gpu.txt": [
        "cuda-libraries-missing",
        "gpu-skipped",
    ],
    "tf-log_cusolver-fails-on-missing-libnvjitlink12_cannot-dlopen.txt": [
        "cuda-libraries-missing",
        "gpu-skipped",
    ],
    "tf-log_found-device_6x-gtx1080ti_multi-gpu-enumeration.txt": ["gpu-found"],
    "tf-log_gtx1070-found-device_then-driver-insufficient-traceback.txt": ["gpu-found"],
    "tf-log_libcudart11-missing_colab-style-ld-path_mixed-with-torch-warnings.txt": [
        "cuda-libraries-missing"
    ],
    "tf-log_libcudart11-missing_grid-t4-8q-vgpu_tf2.9.txt": ["cuda-libraries-missing"],
    "tf-log_libcudart11-missing_ld-path-points-to-cuda10.2_traceback.txt": [
        "cuda-libraries-missing"
    ],
    "tf-log_oom_resource-exhausted_2-root-errors_gpu0-bfc.txt": ["oom"],
    "tf-log_oom_tf1-node-format_object-detection.txt": ["oom"],
    "tf-log_rtx5080_cc12.0-not-built-with-kernels_jit-from-ptx-warning.txt": ["no-kernels-for-cc"],
    "tf-log_tesla-k80-aws_found-device_all-cuda11-libs-loaded.txt": ["gpu-found"],
    "tf-log_tf1.2_quadro-m1200-laptop_found-device_truncated.txt": ["gpu-found"],
    "tf-log_xla-invalid-ptx_failed-to-load-ptx-text_tensorflow-core-traceback-tail.txt": [
        "ptx-failed"
    ],
    "tf-repl_list_local_devices_physical_device_desc_2x-rtx2080super.txt": ["gpu-found"],
}


@pytest.mark.shared("fixtures/tensorflow-gpu-logs")
def test_recorded_logs():
    """The logs stay in the shared folder (no licence is stated for them): every one is
    checked, each against what it shows."""
    assert {p.name for p in LOGS.iterdir()} == set(EXPECTED)
    for name, expected in sorted(EXPECTED.items()):
        found = diagnose_log((LOGS / name).read_text(encoding="utf-8", errors="replace"))
        assert [d.id for d in found] == expected, name
        assert all(d.evidence and d.message for d in found), name


def test_missing_libraries_are_all_named():
    text = (
        "W dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open\n"
        "W dso_loader.cc:60] Could not load dynamic library 'libcusolver.so.11'; dlerror: libnvJitLink.so.12: cannot\n"
    )
    (diagnosis,) = diagnose_log(text)
    assert (
        "libcudnn.so.8" in diagnosis.message
        and "libcusolver.so.11 (needs libnvJitLink.so.12)" in diagnosis.message
    )


def test_cpu_only_machine():
    text = (
        "I cudart_stub.cc:31] Could not find cuda drivers on your machine, GPU will not be used.\n"
        "E cuda_platform.cc:52] failed call to cuInit: INTERNAL: CUDA error: Failed call to cuInit: UNKNOWN ERROR (303)\n"
    )
    assert [d.id for d in diagnose_log(text)] == ["no-cuda-driver"]


def test_environment_findings():
    assert (
        diagnose_environment({"gpus": [], "is_cuda_build": False}, nvidia_gpus_seen_by_scan=1)[0].id
        == "cpu-only-build"
    )
    assert (
        diagnose_environment({"gpus": [], "is_cuda_build": True}, nvidia_gpus_seen_by_scan=2)[0].id
        == "gpu-not-used"
    )
    unusable = {
        "gpus": [
            {
                "name": "/physical_device:GPU:0",
                "usable": False,
                "tiny_op_error": "CUDA_ERROR_INVALID_PTX",
            }
        ]
    }
    assert diagnose_environment(unusable)[0].id == "gpu-unusable"
    assert (
        diagnose_environment({"gpus": [], "is_cuda_build": True}) == []
    )  # no GPU expected, none found


@pytest.mark.parametrize(
    ("line", "kind"),
    [  # hand-written in TensorFlow's log format: a plain clone tests each pattern
        (
            "W tensorflow/core/common_runtime/bfc_allocator.cc:479] OOM when allocating tensor with shape[64,1024,56,56]",
            "oom",
        ),
        (
            "E cuda_dnn.cc:361] CUDA driver version is insufficient for CUDA runtime version",
            "driver-too-old",
        ),
        (
            "E cuda_diagnostics.cc:313] kernel version 535.54.3 does not match DSO version 550.54.14",
            "driver-mismatch",
        ),
        (
            "W gpu_device.cc:2225] TensorFlow was not built with CUDA kernel binaries compatible with compute capability 12.0.",
            "no-kernels-for-cc",
        ),
        (
            "E gpu_kernel_helper.cc:102] Failed to load PTX text as a module: CUDA_ERROR_INVALID_PTX",
            "ptx-failed",
        ),
        (
            "I gpu_device.cc:1928] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22000 MB memory",
            "gpu-found",
        ),
    ],
)
def test_each_log_pattern_on_a_written_sample(line, kind):
    assert kind in [d.id for d in diagnose_log(line + "\n")]
