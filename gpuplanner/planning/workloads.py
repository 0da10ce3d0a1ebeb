"""Workload presets: Keras models and LLMs, with the numbers the memory and speed models need.

LLM shapes are the models' published configurations (config.json: layers, hidden size,
attention heads, key/value heads, FFN size, vocabulary); parameter counts are the models'
own totals.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KerasWorkload:
    id: str
    kind: str  # cnn or transformer (selects the speed-model class)
    params: float  # trainable parameters
    unit: str
    # CNN: activation memory per sample at the default input, MB in FP32 (halved in mixed precision).
    activation_mb_fp32: float = 0.0
    # Transformer shape for the activation formula.
    layers: int = 0
    hidden: int = 0
    heads: int = 0
    seq: int = 0
    default_batch: int = 32
    run_samples: float = 1.0e6  # the work of one "training run", for cost per run
    run_label: str = ""


KERAS: dict[str, KerasWorkload] = {
    w.id: w
    for w in (
        KerasWorkload(
            "resnet50",
            "cnn",
            25.6e6,
            "images/s",
            activation_mb_fp32=100.0,
            default_batch=64,
            run_samples=90 * 1.281e6,
            run_label="90 epochs of ImageNet-1k",
        ),
        KerasWorkload(
            "ssd",
            "cnn",
            24.0e6,
            "images/s",
            activation_mb_fp32=85.0,
            default_batch=32,
            run_samples=65 * 118e3,
            run_label="65 epochs of COCO (118k images)",
        ),
        KerasWorkload(
            "bert-base",
            "transformer",
            110e6,
            "sequences/s",
            layers=12,
            hidden=768,
            heads=12,
            seq=128,
            default_batch=32,
            run_samples=3 * 393e3,
            run_label="3 epochs of MNLI fine-tuning",
        ),
        KerasWorkload(
            "bert-large",
            "transformer",
            340e6,
            "sequences/s",
            layers=24,
            hidden=1024,
            heads=16,
            seq=128,
            default_batch=16,
            run_samples=3 * 393e3,
            run_label="3 epochs of MNLI fine-tuning",
        ),
        KerasWorkload(
            "transformer",
            "transformer",
            60e6,
            "tokens/s",
            layers=6,
            hidden=512,
            heads=8,
            seq=256,
            default_batch=32,
            run_samples=1.0e9,
            run_label="1 billion tokens",
        ),
    )
}


@dataclass(frozen=True)
class LlmModel:
    id: str
    name: str
    params_b: float
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn: int
    vocab: int

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


LLMS: dict[str, LlmModel] = {
    m.id: m
    for m in (
        LlmModel("llama-2-7b", "Llama 2 7B", 6.74, 32, 4096, 32, 32, 11008, 32000),
        LlmModel("llama-2-13b", "Llama 2 13B", 13.0, 40, 5120, 40, 40, 13824, 32000),
        LlmModel("llama-2-70b", "Llama 2 70B", 69.0, 80, 8192, 64, 8, 28672, 32000),
        LlmModel("llama-3-8b", "Llama 3 / 3.1 8B", 8.03, 32, 4096, 32, 8, 14336, 128256),
        LlmModel("llama-3-70b", "Llama 3 / 3.1 70B", 70.6, 80, 8192, 64, 8, 28672, 128256),
        LlmModel("llama-3.1-405b", "Llama 3.1 405B", 405.0, 126, 16384, 128, 8, 53248, 128256),
        LlmModel("qwen2.5-7b", "Qwen2.5 7B", 7.62, 28, 3584, 28, 4, 18944, 152064),
        LlmModel("qwen2.5-14b", "Qwen2.5 14B", 14.7, 48, 5120, 40, 8, 13824, 152064),
        LlmModel("qwen2.5-32b", "Qwen2.5 32B", 32.5, 64, 5120, 40, 8, 27648, 152064),
        LlmModel("qwen2.5-72b", "Qwen2.5 72B", 72.7, 80, 8192, 64, 8, 29568, 152064),
        LlmModel("mistral-7b", "Mistral 7B", 7.24, 32, 4096, 32, 8, 14336, 32000),
        LlmModel("chatglm3-6b", "ChatGLM3 6B", 6.24, 28, 4096, 32, 2, 13696, 65024),
        LlmModel(
            "deepseek-r1-distill-qwen-7b",
            "DeepSeek-R1-Distill-Qwen 7B",
            7.62,
            28,
            3584,
            28,
            4,
            18944,
            152064,
        ),
        LlmModel(
            "deepseek-r1-distill-llama-8b",
            "DeepSeek-R1-Distill-Llama 8B",
            8.03,
            32,
            4096,
            32,
            8,
            14336,
            128256,
        ),
        LlmModel(
            "deepseek-r1-distill-qwen-14b",
            "DeepSeek-R1-Distill-Qwen 14B",
            14.7,
            48,
            5120,
            40,
            8,
            13824,
            152064,
        ),
        LlmModel(
            "deepseek-r1-distill-qwen-32b",
            "DeepSeek-R1-Distill-Qwen 32B",
            32.5,
            64,
            5120,
            40,
            8,
            27648,
            152064,
        ),
        LlmModel(
            "deepseek-r1-distill-llama-70b",
            "DeepSeek-R1-Distill-Llama 70B",
            70.6,
            80,
            8192,
            64,
            8,
            28672,
            128256,
        ),
    )
}

LLM_MODES = ("inference", "full", "lora", "qlora")


def find_llm(name: str) -> LlmModel | None:
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key in LLMS:
        return LLMS[key]
    compact = key.replace("-", "").replace(".", "")
    for model in LLMS.values():
        if model.id.replace("-", "").replace(".", "") == compact:
            return model
    return None
