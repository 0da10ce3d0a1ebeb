"""A plan as JSON: the shape `gpuplanner recommend --json` prints and the report exports."""

from __future__ import annotations

from gpuplanner.serial import to_dict


def plan_json(plan) -> dict:
    return {
        "scenario": plan.scenario,
        "currency": plan.currency,
        "budget": plan.budget,
        "workload": plan.workload,
        "precision": plan.precision,
        "vram_needed_gb": plan.vram.total_gb,
        "reference_gpu": plan.reference_gpu,
        "options": [
            {
                "gpu": o.gpu,
                "gpu_id": o.gpu_id,
                "count": o.count,
                "price": o.price,
                "price_each": o.price_each,
                "price_condition": o.price_condition,
                "price_source": o.price_source,
                "fits": o.fits,
                "vram_needed_gb": o.vram_needed_gb,
                "vram_per_card_gb": o.vram_per_card_gb,
                "predicted": {
                    "relative": o.predicted_relative,
                    "throughput": o.predicted_throughput,
                    "unit": o.predicted_unit,
                    "error_pct": o.predicted_error_pct,
                },
                "value_per_1000": o.value,
                "power": {"sustained_w": o.power_sustained_w, "verdict": o.power_verdict},
                "warnings": [
                    {
                        "id": w.id,
                        "severity": w.severity,
                        "message": w.message,
                        "message_en": w.message_en,
                        "message_zh": w.message_zh,
                    }
                    for w in o.warnings
                ],
                "reasons": list(o.reasons),
                "shop": o.shop,
                "sku": o.sku,
                "stock": o.stock,
                "location": o.location,
            }
            for o in plan.options
        ],
        "rent": [to_dict(r) for r in plan.rent],
        "notes": list(plan.notes),
    }
