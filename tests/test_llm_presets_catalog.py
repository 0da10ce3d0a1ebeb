"""The LLM presets are catalog data (resources/catalog/llms.csv, issue 40): every row names
a source that sources.csv has, the build refuses a bad row by its place, and the presets the
app offers are the ones it offered when they were rows of planning/job/workloads.py: the same ids,
in the same order, with the same numbers."""

from __future__ import annotations

import csv
import shutil

import pytest
from conftest import REPO_ROOT

from gpuplanner.app.choices import LLMS
from gpuplanner.catalog import llm_presets
from gpuplanner.catalog.csvdata import load_catalog
from gpuplanner.catalog.errors import CatalogDataError

CATALOG = REPO_ROOT / "resources" / "catalog"
FIELDS = (
    "name",
    "params_b",
    "layers",
    "hidden",
    "heads",
    "kv_heads",
    "ffn",
    "vocab",
    "active_b",
    "head_width",
)
# The presets as planning/job/workloads.py held them before they moved (name, parameters in
# billions, layers, hidden, heads, key/value heads, FFN, vocabulary, active, head width).
BEFORE = {
    "llama-2-7b": ("Llama 2 7B", 6.74, 32, 4096, 32, 32, 11008, 32000, None, None),
    "llama-2-13b": ("Llama 2 13B", 13.0, 40, 5120, 40, 40, 13824, 32000, None, None),
    "llama-2-70b": ("Llama 2 70B", 69.0, 80, 8192, 64, 8, 28672, 32000, None, None),
    "llama-3.2-1b": ("Llama 3.2 1B", 1.24, 16, 2048, 32, 8, 8192, 128256, None, None),
    "llama-3.2-3b": ("Llama 3.2 3B", 3.21, 28, 3072, 24, 8, 8192, 128256, None, None),
    "llama-3-8b": ("Llama 3 / 3.1 8B", 8.03, 32, 4096, 32, 8, 14336, 128256, None, None),
    "llama-3-70b": ("Llama 3 / 3.1 70B", 70.6, 80, 8192, 64, 8, 28672, 128256, None, None),
    "llama-3.3-70b": ("Llama 3.3 70B", 70.6, 80, 8192, 64, 8, 28672, 128256, None, None),
    "llama-3.1-405b": ("Llama 3.1 405B", 405.0, 126, 16384, 128, 8, 53248, 128256, None, None),
    "qwen2.5-7b": ("Qwen2.5 7B", 7.62, 28, 3584, 28, 4, 18944, 152064, None, None),
    "qwen2.5-14b": ("Qwen2.5 14B", 14.7, 48, 5120, 40, 8, 13824, 152064, None, None),
    "qwen2.5-32b": ("Qwen2.5 32B", 32.5, 64, 5120, 40, 8, 27648, 152064, None, None),
    "qwen2.5-72b": ("Qwen2.5 72B", 72.7, 80, 8192, 64, 8, 29568, 152064, None, None),
    "qwen3-8b": ("Qwen3 8B", 8.19, 36, 4096, 32, 8, 12288, 151936, None, 128),
    "qwen3-14b": ("Qwen3 14B", 14.8, 40, 5120, 40, 8, 17408, 151936, None, 128),
    "qwen3-32b": ("Qwen3 32B", 32.8, 64, 5120, 64, 8, 25600, 151936, None, 128),
    "qwen3-30b-a3b": ("Qwen3 30B-A3B (MoE)", 30.5, 48, 2048, 32, 4, 768, 151936, 3.3, 128),
    "qwen3-235b-a22b": ("Qwen3 235B-A22B (MoE)", 235.0, 94, 4096, 64, 4, 1536, 151936, 22.0, 128),
    "mistral-7b": ("Mistral 7B", 7.24, 32, 4096, 32, 8, 14336, 32000, None, None),
    "gemma-3-4b": ("Gemma 3 4B", 4.3, 34, 2560, 8, 4, 10240, 262144, None, 256),
    "gemma-3-12b": ("Gemma 3 12B", 12.2, 48, 3840, 16, 8, 15360, 262144, None, 256),
    "gemma-3-27b": ("Gemma 3 27B", 27.4, 62, 5376, 32, 16, 21504, 262144, None, 128),
    "gpt-oss-20b": ("gpt-oss 20B (MoE)", 20.9, 24, 2880, 64, 8, 2880, 201088, 3.6, 64),
    "gpt-oss-120b": ("gpt-oss 120B (MoE)", 116.8, 36, 2880, 64, 8, 2880, 201088, 5.1, 64),
    "chatglm3-6b": ("ChatGLM3 6B", 6.24, 28, 4096, 32, 2, 13696, 65024, None, None),
    "glm-4-9b": ("GLM-4 9B", 9.4, 40, 4096, 32, 2, 13696, 151552, None, None),
    "glm-4.5-air": ("GLM-4.5-Air (MoE)", 106.0, 46, 4096, 96, 8, 1408, 151552, 12.0, 128),
    "deepseek-v3": ("DeepSeek V3 / R1 (MoE)", 671.0, 61, 7168, 128, 1, 2048, 129280, 37.0, 288),
    "deepseek-r1-distill-qwen-7b": (
        "DeepSeek-R1-Distill-Qwen 7B",
        7.62,
        28,
        3584,
        28,
        4,
        18944,
        152064,
        None,
        None,
    ),
    "deepseek-r1-distill-llama-8b": (
        "DeepSeek-R1-Distill-Llama 8B",
        8.03,
        32,
        4096,
        32,
        8,
        14336,
        128256,
        None,
        None,
    ),
    "deepseek-r1-distill-qwen-14b": (
        "DeepSeek-R1-Distill-Qwen 14B",
        14.7,
        48,
        5120,
        40,
        8,
        13824,
        152064,
        None,
        None,
    ),
    "deepseek-r1-distill-qwen-32b": (
        "DeepSeek-R1-Distill-Qwen 32B",
        32.5,
        64,
        5120,
        40,
        8,
        27648,
        152064,
        None,
        None,
    ),
    "deepseek-r1-distill-llama-70b": (
        "DeepSeek-R1-Distill-Llama 70B",
        70.6,
        80,
        8192,
        64,
        8,
        28672,
        128256,
        None,
        None,
    ),
}


def _rows(name: str) -> list[dict[str, str]]:
    with (CATALOG / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_every_preset_names_a_source_that_sources_csv_has():
    sources = {row["id"] for row in _rows("sources.csv")}
    for row in _rows("llms.csv"):
        named = [s for s in row["sources"].split(";") if s]
        assert named, row["id"]
        assert set(named) <= sources, (row["id"], set(named) - sources)


def test_the_presets_offered_are_the_ones_offered_before():
    assert list(LLMS) == list(BEFORE)
    for model_id, before in BEFORE.items():
        model = LLMS[model_id]
        now = tuple(getattr(model, f) for f in FIELDS)
        assert now == before, model_id
        # 13.0 and 13 are equal; an int where a float was would still change a JSON output.
        assert [type(v) for v in now] == [type(v) for v in before], model_id


def test_the_plan_and_the_lists_read_the_same_presets(data):
    assert data.llms == llm_presets.bundled() == tuple(LLMS.values())


@pytest.mark.parametrize(
    ("column", "value", "reason"),
    [
        ("sources", "no-such-source", "unknown source 'no-such-source'"),
        ("kv_heads", "128", "more than heads"),
        ("layers", "0", "outside the plausible range"),
        ("params_b", "seven", "is not a number"),
    ],
)
def test_the_build_refuses_a_bad_preset_by_its_place(tmp_path, column, value, reason):
    folder = tmp_path / "catalog"
    shutil.copytree(CATALOG, folder)
    rows = _rows("llms.csv")
    rows[2][column] = value
    with (folder / "llms.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    with pytest.raises(CatalogDataError) as refused:
        load_catalog(folder)
    assert refused.value.file == "llms.csv" and refused.value.line == 4
    assert refused.value.column == column and reason in str(refused.value)
