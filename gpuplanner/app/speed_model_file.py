"""Load the fitted speed model (resources/models/speed_model.json) into planning's types."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from gpuplanner.core import paths
from gpuplanner.core.vocab import Engine, as_engine
from gpuplanner.planning.speed.decode import InferenceParams
from gpuplanner.planning.speed.training import (
    Anchor,
    ClassParams,
    LlmAnchor,
    SpeedModel,
)


@lru_cache(maxsize=4)
def load_speed_model(path: Path | None = None) -> SpeedModel:
    data = json.loads(
        (path or paths.resource_path("models", "speed_model.json")).read_text(encoding="utf-8")
    )
    sustained = _sustained(data.get("sustained_tensor"))
    classes = {
        name: _class_params(c, data["cross_validation"][name], sustained)
        for name, c in data["classes"].items()
    }
    anchors = {
        name: Anchor(a["gpu"], float(a["mixed"]), float(a["fp32"]), a["unit"], a["source"])
        for name, a in data["anchors"].items()
    }
    block = data.get("llm_inference")
    engines: dict[Engine, InferenceParams] = {}
    for name, fitted in ((block or {}).get("engines") or {}).items():
        engine = as_engine(name)  # a file's word: ValueError on an engine the app has not
        params = _inference(fitted, engine)
        if params is not None:
            engines[engine] = params
    llm = data.get("llm_anchor")
    return SpeedModel(
        classes=classes,
        anchors=anchors,
        inference=_inference(block),
        engines=engines,
        llm_anchor=LlmAnchor(llm["gpu"], float(llm["mfu"]), llm["source"]) if llm else None,
    )


def _sustained(block: dict[str, Any] | None) -> dict[str, float]:
    """Measured sustained tensor shares: by card, and by segment for the cards not measured."""
    if not block:
        return {}
    shares = {gpu: float(v) for gpu, v in block.get("by_gpu", {}).items()}
    shares.update({f"segment/{k}": float(v) for k, v in block.get("by_segment", {}).items()})
    return shares


def _class_params(
    fitted: dict[str, Any], cross: dict[str, Any], sustained: dict[str, float] | None = None
) -> ClassParams:
    """One training class with its cross-validated errors (fields a file made before them lacks
    take the values that mean "not measured"). The error stated is the larger of the errors
    with one card and with one whole suite held out: what holds on measurements the fit has not
    seen."""
    across = (cross.get("across_suites") or {}).get("median_error_pct")
    error = max(float(cross["median_error_pct"] or 20.0), float(across or 0.0))
    return ClassParams(
        theta=float(fitted["theta"]),
        gamma=float(fitted["gamma"]),
        compute_norm_tflops=float(fitted["compute_norm_tflops"]),
        bandwidth_norm_gbs=float(fitted["bandwidth_norm_gbs"]),
        error_pct=error,
        hbm_efficiency=float(fitted.get("hbm_efficiency", 1.0)),
        family_error_pct={f: float(pct) for f, pct in cross.get("by_family", {}).items()},
        unmeasured_family_error_pct=cross.get("unmeasured_family_pct"),
        sustained=(sustained or {}) if fitted.get("sustained") else {},
        cuda_share=float(fitted.get("cuda_share", 0.0)),
        cuda_norm_sm_ghz=float(fitted.get("cuda_norm_sm_ghz", 1.0)),
    )


def _inference(
    block: dict[str, Any] | None, fitted_engine: Engine = "llama.cpp"
) -> InferenceParams | None:
    """One engine's LLM inference fit (tools/fit_llm_inference.py); None in a file made before
    it. ``fitted_engine``: the engine the fit is of (a file's single fit is llama.cpp's)."""
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
        hbm_overhead_ms_per_layer=float(block.get("hbm_overhead_ms_per_layer", 0.0)),
        engine=fitted_engine,
        error_by_bits=by_bits(block.get("error_by_bits") or {}),
        across_suites=bool(block.get("across_suites", False)),
        measured_bits=frozenset(int(b) for b in block.get("measured_bits") or ()),
    )
