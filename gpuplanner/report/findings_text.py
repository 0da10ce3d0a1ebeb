"""Findings in words, in English and Chinese, for the command line and reports.

The UI shows the same findings through Qt's translation; these strings are for places
without Qt (the command line, JSON reports). Each id's text takes the finding's params.
"""

from __future__ import annotations

from gpuplanner.hardware.records import Finding

TEXT = {
    "pcie-slot-gen-below-card": (
        "Gen{card_gen} card in a Gen{slot_gen} slot: transfers peak at {slot_gbs} GB/s instead of {card_gbs} GB/s.",
        "PCIe {card_gen}.0 显卡插在 PCIe {slot_gen}.0 插槽上：传输峰值 {slot_gbs} GB/s，而不是 {card_gbs} GB/s。",
    ),
    "pcie-slot-width-below-card": (
        "x{card_width} card in a slot wired for x{width}: half the lanes or fewer.",
        "x{card_width} 显卡所在插槽只接了 x{width} 通道。",
    ),
    "pcie-width-below-max": (
        "x{card_width} card running at x{width}: check the slot (a second card or an M.2 drive may share its lanes).",
        "x{card_width} 显卡以 x{width} 运行：检查插槽（第二块显卡或 M.2 硬盘可能共享通道）。",
    ),
    "pcie-gen-low-at-idle": (
        "Link at Gen{gen} of Gen{max_gen} while idle: normal power saving; the probe re-reads it under load.",
        "空闲时链路为 Gen{gen}（最高 Gen{max_gen}）：这是正常节能，测速时会在负载下重新读取。",
    ),
    "pcie-gen-low-under-load": (
        "Link still at Gen{gen} of Gen{max_gen} under load: check the riser cable, slot and BIOS PCIe setting.",
        "负载下链路仍为 Gen{gen}（最高 Gen{max_gen}）：检查延长线、插槽和 BIOS 中的 PCIe 设置。",
    ),
    "pcie-replays": (
        "{count} PCIe replays since reset: the link is retrying transfers (riser cable or slot contact?).",
        "自复位以来 PCIe 重传 {count} 次：链路在重试传输（延长线或插槽接触不良？）。",
    ),
    "pcie-behind-switch": (
        "The GPU sits behind a PCIe switch ({ports} ports up to the CPU); cards on it share its uplink.",
        "该 GPU 位于 PCIe 交换芯片之后（到 CPU 共 {ports} 个端口），同一交换芯片上的显卡共享上行带宽。",
    ),
    "no-nvidia-gpu": (
        "No NVIDIA GPU found: {detail}",
        "未找到 NVIDIA GPU：{detail}",
    ),
    "tf-missing": (
        "TensorFlow is not installed in this Python ({python}); the probe needs it: pip install tensorflow.",
        "此 Python（{python}）未安装 TensorFlow；测速需要它：pip install tensorflow。",
    ),
    "tf-cpu-package": (
        "{package} {version} is the CPU-only package: it never uses a GPU. Install 'tensorflow[and-cuda]' instead.",
        "{package} {version} 是纯 CPU 版本，不会使用 GPU。请改装 'tensorflow[and-cuda]'。",
    ),
    "tf-windows-native": (
        "TensorFlow {version} has no GPU support on native Windows (the last was 2.10): use WSL2, or TF 2.10 with CUDA 11.2.",
        "TensorFlow {version} 在原生 Windows 上不支持 GPU（最后支持的是 2.10）：请使用 WSL2，或 TF 2.10 + CUDA 11.2。",
    ),
    "tf-cuda-libraries-missing": (
        "TensorFlow {version} is installed without its CUDA libraries: pip install 'tensorflow[and-cuda]'.",
        "已安装 TensorFlow {version}，但缺少 CUDA 库：pip install 'tensorflow[and-cuda]'。",
    ),
    "tf-driver-too-old": (
        "Driver {driver} is older than {needed}, which TensorFlow {version} (CUDA {cuda}) needs: update the NVIDIA driver.",
        "驱动 {driver} 低于 TensorFlow {version}（CUDA {cuda}）所需的 {needed}：请升级 NVIDIA 驱动。",
    ),
    "tf-cc-below-floor": (
        "{gpu} (compute capability {cc}) is below the {floor} that official TensorFlow {version} wheels support.",
        "{gpu}（计算能力 {cc}）低于官方 TensorFlow {version} 支持的最低 {floor}。",
    ),
    "tf-blackwell": (
        "{gpu} is a Blackwell card (CC {cc}): official TensorFlow wheels have no kernels for it yet; expect the CPU.",
        "{gpu} 是 Blackwell 架构（计算能力 {cc}）：官方 TensorFlow 尚无对应内核，将回退到 CPU。",
    ),
    "tf-amd-rocm": (
        "{gpu}: TensorFlow uses AMD GPUs only through tensorflow-rocm on Linux ({status}).",
        "{gpu}：TensorFlow 仅能在 Linux 上通过 tensorflow-rocm 使用 AMD GPU（{status}）。",
    ),
    "tf-intel-none": (
        "{gpu}: TensorFlow has no GPU build for Intel graphics; it runs on the CPU.",
        "{gpu}：TensorFlow 没有适用于 Intel 显卡的 GPU 版本，将在 CPU 上运行。",
    ),
    "tf-macos": (
        "macOS has no CUDA: TensorFlow uses the CPU (or Apple's tensorflow-metal plugin on Apple silicon).",
        "macOS 不支持 CUDA：TensorFlow 使用 CPU（Apple 芯片可用 tensorflow-metal 插件）。",
    ),
    "gpu-lost": (
        "GPU {index} stopped answering during the scan (fallen off the bus): reseat it and check its power.",
        "GPU {index} 在检测中失去响应（已从总线掉线）：请重新插好并检查供电。",
    ),
}


def finding_text(finding: Finding, language: str = "en") -> str:
    english, chinese = TEXT.get(finding.id, (finding.id, finding.id))
    template = chinese if language.startswith("zh") else english
    try:
        # A stored finding missing one of its numbers shows "?", never "{count}".
        return template.format_map(_Missing(finding.params))
    except (IndexError, ValueError):
        return template


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "?"
