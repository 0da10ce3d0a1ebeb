"""Workload presets: Keras models and LLMs, with the numbers the memory and speed models need.

LLM shapes are the models' published configurations (config.json: layers, hidden size,
attention heads, key/value heads, FFN size, vocabulary); parameter counts are the models'
own totals.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.core import vocab


@dataclass(frozen=True)
class KerasWorkload:
    id: str
    kind: str  # cnn or transformer (selects the activation-memory formula)
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
        ),
        KerasWorkload(
            "ssd",
            "cnn",
            24.0e6,
            "images/s",
            activation_mb_fp32=85.0,
            default_batch=32,
            run_samples=65 * 118e3,
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
    # Mixture of experts: every expert sits in memory, only ``active_b`` billion parameters
    # work on each token (compute, and the weights a decode step reads).
    active_b: float | None = None
    # Where a model's attention heads are not hidden / heads wide (Qwen3, Gemma 3, gpt-oss).
    # DeepSeek V3's latent attention caches 576 values per layer: one "head" of 288 keys and
    # 288 values in the formula 2 x kv_heads x head_dim.
    head_width: int | None = None
    source: str = ""

    @property
    def head_dim(self) -> int:
        return self.head_width or self.hidden // self.heads

    @property
    def active_params_b(self) -> float:
        return self.active_b or self.params_b

    @property
    def moe(self) -> bool:
        return self.active_b is not None


HF = "Hugging Face config.json of"
LLMS: dict[str, LlmModel] = {
    m.id: m
    for m in (
        LlmModel("llama-2-7b", "Llama 2 7B", 6.74, 32, 4096, 32, 32, 11008, 32000),
        LlmModel("llama-2-13b", "Llama 2 13B", 13.0, 40, 5120, 40, 40, 13824, 32000),
        LlmModel("llama-2-70b", "Llama 2 70B", 69.0, 80, 8192, 64, 8, 28672, 32000),
        LlmModel(
            "llama-3.2-1b",
            "Llama 3.2 1B",
            1.24,
            16,
            2048,
            32,
            8,
            8192,
            128256,
            source=f"{HF} meta-llama/Llama-3.2-1B",
        ),
        LlmModel(
            "llama-3.2-3b",
            "Llama 3.2 3B",
            3.21,
            28,
            3072,
            24,
            8,
            8192,
            128256,
            source=f"{HF} meta-llama/Llama-3.2-3B",
        ),
        LlmModel("llama-3-8b", "Llama 3 / 3.1 8B", 8.03, 32, 4096, 32, 8, 14336, 128256),
        LlmModel("llama-3-70b", "Llama 3 / 3.1 70B", 70.6, 80, 8192, 64, 8, 28672, 128256),
        LlmModel(
            "llama-3.3-70b",
            "Llama 3.3 70B",
            70.6,
            80,
            8192,
            64,
            8,
            28672,
            128256,
            source=f"{HF} meta-llama/Llama-3.3-70B-Instruct",
        ),
        LlmModel("llama-3.1-405b", "Llama 3.1 405B", 405.0, 126, 16384, 128, 8, 53248, 128256),
        LlmModel("qwen2.5-7b", "Qwen2.5 7B", 7.62, 28, 3584, 28, 4, 18944, 152064),
        LlmModel("qwen2.5-14b", "Qwen2.5 14B", 14.7, 48, 5120, 40, 8, 13824, 152064),
        LlmModel("qwen2.5-32b", "Qwen2.5 32B", 32.5, 64, 5120, 40, 8, 27648, 152064),
        LlmModel("qwen2.5-72b", "Qwen2.5 72B", 72.7, 80, 8192, 64, 8, 29568, 152064),
        LlmModel(
            "qwen3-8b",
            "Qwen3 8B",
            8.19,
            36,
            4096,
            32,
            8,
            12288,
            151936,
            head_width=128,
            source=f"{HF} Qwen/Qwen3-8B",
        ),
        LlmModel(
            "qwen3-14b",
            "Qwen3 14B",
            14.8,
            40,
            5120,
            40,
            8,
            17408,
            151936,
            head_width=128,
            source=f"{HF} Qwen/Qwen3-14B",
        ),
        LlmModel(
            "qwen3-32b",
            "Qwen3 32B",
            32.8,
            64,
            5120,
            64,
            8,
            25600,
            151936,
            head_width=128,
            source=f"{HF} Qwen/Qwen3-32B",
        ),
        LlmModel(
            "qwen3-30b-a3b",
            "Qwen3 30B-A3B (MoE)",
            30.5,
            48,
            2048,
            32,
            4,
            768,
            151936,
            active_b=3.3,
            head_width=128,
            source=f"{HF} Qwen/Qwen3-30B-A3B",
        ),
        LlmModel(
            "qwen3-235b-a22b",
            "Qwen3 235B-A22B (MoE)",
            235.0,
            94,
            4096,
            64,
            4,
            1536,
            151936,
            active_b=22.0,
            head_width=128,
            source=f"{HF} Qwen/Qwen3-235B-A22B",
        ),
        LlmModel("mistral-7b", "Mistral 7B", 7.24, 32, 4096, 32, 8, 14336, 32000),
        LlmModel(
            "gemma-3-4b",
            "Gemma 3 4B",
            4.3,
            34,
            2560,
            8,
            4,
            10240,
            262144,
            head_width=256,
            source=f"{HF} google/gemma-3-4b-it",
        ),
        LlmModel(
            "gemma-3-12b",
            "Gemma 3 12B",
            12.2,
            48,
            3840,
            16,
            8,
            15360,
            262144,
            head_width=256,
            source=f"{HF} google/gemma-3-12b-it",
        ),
        LlmModel(
            "gemma-3-27b",
            "Gemma 3 27B",
            27.4,
            62,
            5376,
            32,
            16,
            21504,
            262144,
            head_width=128,
            source=f"{HF} google/gemma-3-27b-it",
        ),
        LlmModel(
            "gpt-oss-20b",
            "gpt-oss 20B (MoE)",
            20.9,
            24,
            2880,
            64,
            8,
            2880,
            201088,
            active_b=3.6,
            head_width=64,
            source=f"{HF} openai/gpt-oss-20b",
        ),
        LlmModel(
            "gpt-oss-120b",
            "gpt-oss 120B (MoE)",
            116.8,
            36,
            2880,
            64,
            8,
            2880,
            201088,
            active_b=5.1,
            head_width=64,
            source=f"{HF} openai/gpt-oss-120b",
        ),
        LlmModel("chatglm3-6b", "ChatGLM3 6B", 6.24, 28, 4096, 32, 2, 13696, 65024),
        LlmModel(
            "glm-4-9b",
            "GLM-4 9B",
            9.4,
            40,
            4096,
            32,
            2,
            13696,
            151552,
            source=f"{HF} THUDM/glm-4-9b",
        ),
        LlmModel(
            "glm-4.5-air",
            "GLM-4.5-Air (MoE)",
            106.0,
            46,
            4096,
            96,
            8,
            1408,
            151552,
            active_b=12.0,
            head_width=128,
            source=f"{HF} zai-org/GLM-4.5-Air",
        ),
        LlmModel(
            "deepseek-v3",
            "DeepSeek V3 / R1 (MoE)",
            671.0,
            61,
            7168,
            128,
            1,
            2048,
            129280,
            active_b=37.0,
            head_width=288,
            source=f"{HF} deepseek-ai/DeepSeek-V3",
        ),
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

LLM_MODES = vocab.LLM_MODES


def find_llm(name: str) -> LlmModel | None:
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key in LLMS:
        return LLMS[key]
    compact = key.replace("-", "").replace(".", "")
    for model in LLMS.values():
        if model.id.replace("-", "").replace(".", "") == compact:
            return model
    return None
