"""Load the fitted speed model (resources/models/speed_model.json) into planning's types."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from gpuplanner.core import paths
from gpuplanner.planning.speed import Anchor, ClassParams, InferenceParams, SpeedModel


@lru_cache(maxsize=4)
def load_speed_model(path: Path | None = None) -> SpeedModel:
    data = json.loads(
        (path or paths.resource_path("models", "speed_model.json")).read_text(encoding="utf-8")
    )
    classes = {
        name: _class_params(c, data["cross_validation"][name])
        for name, c in data["classes"].items()
    }
    anchors = {
        name: Anchor(a["gpu"], float(a["mixed"]), float(a["fp32"]), a["unit"], a["source"])
        for name, a in data["anchors"].items()
    }
    return SpeedModel(classes, anchors, _inference(data.get("llm_inference")))


def _class_params(fitted: dict[str, Any], cross: dict[str, Any]) -> ClassParams:
    """One training class with its cross-validated errors (fields a file made before them lacks
    take the values that mean "not measured")."""
    return ClassParams(
        theta=float(fitted["theta"]),
        gamma=float(fitted["gamma"]),
        compute_norm_tflops=float(fitted["compute_norm_tflops"]),
        bandwidth_norm_gbs=float(fitted["bandwidth_norm_gbs"]),
        error_pct=float(cross["median_error_pct"] or 20.0),
        hbm_efficiency=float(fitted.get("hbm_efficiency", 1.0)),
        family_error_pct={f: float(pct) for f, pct in cross.get("by_family", {}).items()},
        unmeasured_family_error_pct=cross.get("unmeasured_family_pct"),
    )


def _inference(block: dict[str, Any] | None) -> InferenceParams | None:
    """The LLM inference fit (tools/fit_llm_inference.py); None in a file made before it."""
    if not block:
        return None

    def by_bits(values: dict[str, float]) -> dict[int, float]:
        return {int(bits): float(value) for bits, value in values.items()}

    cross = block["cross_validation"]
    return InferenceParams(
        bandwidth_efficiency=by_bits(block["bandwidth_efficiency"]),
        overhead_ms_per_layer=by_bits(block["overhead_ms_per_layer"]),
        prefill_efficiency=by_bits(block["prefill_efficiency"]),
        decode_error_pct=float(cross["decode"]["median_error_pct"]),
        prefill_error_pct=float(cross["prefill"]["median_error_pct"]),
        hbm_factor=float(block.get("hbm_factor", 1.0)),
    )
