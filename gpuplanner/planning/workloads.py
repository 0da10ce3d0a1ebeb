"""Workload presets: the Keras models, with the numbers the memory and speed models need, and
the lookup of an LLM preset by name.

The LLM presets are catalog data (resources/catalog/llms.csv, each row sourced, read by
catalog/llm_presets.py): planning is handed them (``CatalogData.llms``) and reads no file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gpuplanner.catalog.records import LlmModel
from gpuplanner.core import vocab

__all__ = ["KERAS", "LLM_MODES", "KerasWorkload", "LlmModel", "find_llm"]


@dataclass(frozen=True, kw_only=True)
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
            id="resnet50",
            kind="cnn",
            params=25.6e6,
            unit="images/s",
            activation_mb_fp32=100.0,
            default_batch=64,
            run_samples=90 * 1.281e6,
        ),
        KerasWorkload(
            id="ssd",
            kind="cnn",
            params=24.0e6,
            unit="images/s",
            activation_mb_fp32=85.0,
            default_batch=32,
            run_samples=65 * 118e3,
        ),
        KerasWorkload(
            id="bert-base",
            kind="transformer",
            params=110e6,
            unit="sequences/s",
            layers=12,
            hidden=768,
            heads=12,
            seq=128,
            default_batch=32,
            run_samples=3 * 393e3,
        ),
        KerasWorkload(
            id="bert-large",
            kind="transformer",
            params=340e6,
            unit="sequences/s",
            layers=24,
            hidden=1024,
            heads=16,
            seq=128,
            default_batch=16,
            run_samples=3 * 393e3,
        ),
        KerasWorkload(
            id="transformer",
            kind="transformer",
            params=60e6,
            unit="tokens/s",
            layers=6,
            hidden=512,
            heads=8,
            seq=256,
            default_batch=32,
            run_samples=1.0e9,
        ),
    )
}


LLM_MODES = vocab.LLM_MODES


def find_llm(name: str, llms: Iterable[LlmModel]) -> LlmModel | None:
    """The preset of ``llms`` that ``name`` means: its id, or its id written otherwise
    ("Llama 3 8B", "llama_3_8b", "llama38b")."""
    by_id = {m.id: m for m in llms}
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key in by_id:
        return by_id[key]
    compact = key.replace("-", "").replace(".", "")
    for model in by_id.values():
        if model.id.replace("-", "").replace(".", "") == compact:
            return model
    return None
