"""Consistency rules that every catalog card must pass; each returns the problems it finds.

They catch transcription errors no single source would: a bandwidth that the memory bus
cannot carry, a tensor rate below the FP32 rate, a board that its connectors cannot feed.
"""

from __future__ import annotations

from collections.abc import Callable

from gpuplanner.catalog.records import GpuSpec

# Per-pin data rate (Gbit/s) each memory type can run at.
PIN_RATE_GBPS = {
    "GDDR5": (3.6, 9.0),  # the Quadro P400's runs at 4 (32 GB/s on 64 bits, NVIDIA's sheet)
    "GDDR5X": (9.0, 12.0),
    "GDDR6": (10.0, 20.0),
    "GDDR6X": (19.0, 24.0),
    "GDDR7": (16.0, 32.0),
    "HBM2": (1.4, 2.6),
    "HBM2e": (2.4, 3.7),
    "HBM3": (4.6, 6.5),
    "HBM3e": (6.0, 9.6),
}
SLOT_W = 75  # an x16 graphics slot (PCIe CEM)
CONNECTOR_W = {"power_6pin": 75, "power_8pin": 150, "power_12v2x6": 600, "power_eps8": 300}
# Workstation boards draw somewhat past the 150 W rating of a single 8-pin (Quadro P6000:
# 250 W on one 8-pin); beyond this margin the connector list is wrong.
CONNECTOR_MARGIN = 1.12


def bandwidth_matches_bus(gpu: GpuSpec) -> list[str]:
    """bandwidth = bus width / 8 x per-pin rate, with a rate the memory type can do."""
    if not gpu.memory_bus_bits or gpu.memory_type not in PIN_RATE_GBPS:
        return []
    rate = gpu.memory_bandwidth_gbs * 8 / gpu.memory_bus_bits
    low, high = PIN_RATE_GBPS[gpu.memory_type]
    if not low * 0.97 <= rate <= high * 1.03:
        return [
            f"{gpu.memory_bandwidth_gbs:g} GB/s on a {gpu.memory_bus_bits}-bit bus is"
            f" {rate:.2f} Gbit/s per pin, outside {gpu.memory_type}'s {low:g}-{high:g}"
        ]
    return []


def tensor_rates_fit(gpu: GpuSpec) -> list[str]:
    problems = []
    # Tensor cores give at least twice the FP32 rate, except export-derated cards (the RTX
    # 5090 D: 2,375 of the 5090's 3,352 AI TOPS, 1.42x FP32); below 1.4x it is a typo.
    if gpu.fp16_tflops is not None and gpu.fp16_tflops < 1.4 * gpu.fp32_tflops:
        problems.append(f"FP16 tensor {gpu.fp16_tflops:g} is below 1.4x FP32 {gpu.fp32_tflops:g}")
    if (
        gpu.bf16_tflops is not None
        and gpu.fp16_tflops is not None
        and gpu.bf16_tflops != gpu.fp16_tflops
    ):
        problems.append(f"BF16 {gpu.bf16_tflops:g} differs from FP16 {gpu.fp16_tflops:g}")
    tf32, fp16 = gpu.tf32_tflops, gpu.fp16_tflops
    halves = tf32 is not None and fp16 is not None and abs(tf32 * 2 - fp16) <= 0.03 * fp16
    if gpu.vendor == "NVIDIA" and tf32 is not None and fp16 is not None and not halves:
        problems.append(f"TF32 {tf32:g} is not half of FP16 {fp16:g}")
    if (
        gpu.int8_tops is not None
        and gpu.fp16_tflops is not None
        and gpu.int8_tops < gpu.fp16_tflops
    ):
        problems.append(f"INT8 {gpu.int8_tops:g} TOPS is below FP16 {gpu.fp16_tflops:g}")
    if (
        gpu.fp8_tflops is not None
        and gpu.fp16_tflops is not None
        and gpu.fp8_tflops > 2.05 * gpu.fp16_tflops
    ):
        # Both dense with FP32 accumulate: FP8 is twice FP16 at most (4x is FP16 accumulate).
        problems.append(f"FP8 {gpu.fp8_tflops:g} is over twice FP16 {gpu.fp16_tflops:g}")
    if gpu.vendor == "NVIDIA" and gpu.tf32_tflops is not None and gpu.bf16_tflops is None:
        problems.append("a TF32-capable (Ampere or newer) card must have a BF16 rate")
    return problems


def connectors_feed_board(gpu: GpuSpec) -> list[str]:
    if gpu.form_factor != "pcie":  # a module or a laptop's GPU: fed by its board
        return []
    supply = SLOT_W + sum(getattr(gpu, name) * watts for name, watts in CONNECTOR_W.items())
    if gpu.board_power_w > supply * CONNECTOR_MARGIN:
        return [f"{gpu.board_power_w:g} W board but slot and connectors supply only {supply} W"]
    return []


def psu_above_board(gpu: GpuSpec) -> list[str]:
    if gpu.recommended_psu_w is not None and gpu.recommended_psu_w < gpu.board_power_w + 100:
        return [
            f"recommended PSU {gpu.recommended_psu_w} W leaves under 100 W for the rest of the PC"
        ]
    return []


def physical_fields(gpu: GpuSpec) -> list[str]:
    if gpu.form_factor == "pcie" and gpu.slot_width is None:
        return ["a PCIe card needs its slot width"]
    if gpu.form_factor in ("sxm", "oam") and gpu.cooler != "passive":
        return ["SXM and OAM modules are cooled by the server (passive)"]
    return []


def tensorflow_status_fits(gpu: GpuSpec) -> list[str]:
    if gpu.vendor != "NVIDIA":
        expected = {"AMD": ("rocm", "rocm-unlisted"), "Intel": ("none",)}[gpu.vendor]
        return (
            [] if gpu.tf_status in expected else [f"{gpu.vendor} card with status {gpu.tf_status}"]
        )
    if gpu.compute_capability is None:
        return ["an NVIDIA card needs its compute capability"]
    cc = float(gpu.compute_capability)
    status = "blackwell-unsupported" if cc >= 10 else "below-floor" if cc < 6 else "official"
    return [] if gpu.tf_status == status else [f"CC {cc:g} should be {status}, not {gpu.tf_status}"]


RULES: tuple[Callable[[GpuSpec], list[str]], ...] = (
    bandwidth_matches_bus,
    tensor_rates_fit,
    connectors_feed_board,
    psu_above_board,
    physical_fields,
    tensorflow_status_fits,
)


def check_gpu(gpu: GpuSpec) -> list[str]:
    return [f"{gpu.name}: {problem}" for rule in RULES for problem in rule(gpu)]
