"""A plan as JSON: the shape `gpuplanner recommend --json` prints and the report exports.

Findings carry their id, severity and numbers, and their text in both languages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpuplanner.core.findings import Finding
from gpuplanner.core.languages import CHINESE, ENGLISH
from gpuplanner.core.serial import to_dict
from gpuplanner.core.vocab import FALLBACK_CONDITIONS
from gpuplanner.report import plan_text

if TYPE_CHECKING:
    from gpuplanner.app.records import Option, Plan, Price, Quote


def finding_json(finding: Finding) -> dict:
    return {
        "id": finding.id,
        "severity": finding.severity,
        "params": dict(finding.params),
        "text": {
            ENGLISH: plan_text.finding_text(finding, ENGLISH),
            CHINESE: plan_text.finding_text(finding, CHINESE),
        },
    }


def listing_json(price: Price) -> dict:
    """A listed price as `db prices --json` prints it: its fields, with the shop's and the
    user's own under "region" as they always were ("shop", "user")."""
    out = to_dict(price)
    out["region"] = price.where
    del out["origin"]
    return out


def _marks(price: Quote, region: str | None) -> list[str]:
    """What the price cell marks: "converted" (another market's, ≈), "msrp", "estimate"."""
    marks = ["converted"] if plan_text.from_elsewhere(price, region) else []
    return marks + ([price.condition] if price.condition in FALLBACK_CONDITIONS else [])


def _price(price: Quote | None, region: str | None = None) -> dict | None:
    if price is None:
        return None
    return {
        "marks": _marks(price, region),
        # The source's own figure, in its own money (a US listing's dollars), before any
        # conversion into the buyer's terms.
        "as_listed": {
            "amount": price.price.amount,
            "currency": price.price.currency,
            "region": price.where,
        },
        "amount": price.amount,
        "currency": price.currency,
        "date": price.date,
        "condition": price.condition,
        "region": price.where,  # its market, or "shop" / "user" for their own
        "source": price.source,
        "source_name": price.source_name or price.source,
        "age_days": price.age_days,
        "low": price.low,  # what it may cost today: the source's range widened by its age
        "high": price.high,
        "converted_from": price.converted_from,
        "fx": (
            {"cny_per_usd": price.fx_rate, "date": price.fx_date, "tax_pct": price.tax_pct}
            if price.converted_from
            else None
        ),
    }


def option_json(o: Option, region: str | None = None) -> dict:
    return {
        "action": o.action,
        "gpu": o.gpu,
        "gpu_id": o.gpu_id,
        "count": o.count,
        "bought": o.bought,
        "offered": o.offered,
        "fits": o.offered,
        # "market": ranked by a market figure; "to-confirm": only a launch price or an
        # estimate, in its own group after them; null: installed, or not offered.
        "price_group": o.price_group,
        "total": o.price,
        "cards_price": o.cards_price,
        "price": _price(o.price_each, region),
        # A need's "priced" is said only where its price is not on record (false).
        "needs": [
            {k: v for k, v in to_dict(n).items() if v is not None and (k != "priced" or not v)}
            for n in o.needs
        ],
        "vram_needed_gb": o.vram_needed_gb,
        "vram_per_card_gb": o.vram_per_card_gb,
        "predicted": {
            "relative": o.predicted_relative,
            "speedup": o.speedup,
            "throughput": o.predicted_throughput,
            "unit": o.predicted_unit,
            "error_pct": o.predicted_error_pct,
            "scaling": to_dict(o.scaling) if o.scaling else None,
        },
        "value_per_1000": o.value,
        "power": {
            "sustained_w": round(o.power.sustained_w, 1),
            "transient_w": round(o.power.transient_w, 1),
            "psu_w": o.power.psu_w,
            "verdict": o.power.verdict,
            # A server's: the cards alone; its CPUs, fans, switches and supplies are its
            # maker's rating, which the plan does not guess.
            "maker_rated": o.power.maker_rated,
        },
        "findings": [finding_json(f) for f in o.findings],
        "rank_reason": finding_json(o.rank_reason) if o.rank_reason else None,
        "shop": o.price_each.shop if o.price_each else None,
        "sku": o.price_each.sku if o.price_each else None,
        "stock": o.price_each.stock if o.price_each else None,
        "location": o.price_each.location if o.price_each else None,
        # A mix of jobs: each job's fit, speed and one run's time on this option.
        **({"jobs": [to_dict(j) for j in o.jobs]} if o.jobs else {}),
        # A mix counted in runs a month: the month's hours of the cards' time and electricity.
        **(
            {"month_hours": o.month_hours, "month_cost": o.month_cost}
            if o.month_hours is not None
            else {}
        ),
    }


def plan_json(plan: Plan) -> dict:
    region = plan.market.region if plan.market else None
    return {
        "scenario": plan.scenario,
        "currency": plan.currency,
        "budget": plan.budget,
        "workload": plan.workload,
        "precision": plan.precision,
        "tf_route": plan.tf_route,
        "model": plan.model,
        "mode": plan.mode,
        "method_asked": plan.method_asked,
        "method_asked_gb": plan.method_asked_gb,
        "bits": plan.bits,
        "engine": plan.engine,
        "engine_default": plan.engine_default if plan.engine else None,
        "seq": plan.seq,
        "model_context": plan.model_context,
        # A mix of jobs: each job as planned, its share and its memory (the largest decides).
        **({"jobs": [to_dict(j) for j in plan.jobs]} if plan.jobs else {}),
        "batch": plan.batch,
        "job": plan.job_label,
        "vram_needed_gb": plan.vram.total_gb,
        "reference_gpu": plan.reference_gpu,
        "mig_off_baseline": plan.mig_off_baseline,
        "no_purchase_needed": plan.no_purchase_needed,
        "prices_to_confirm": plan.prices_to_confirm,
        "budget_stretch": finding_json(plan.budget_stretch) if plan.budget_stretch else None,
        "keep_findings": [finding_json(f) for f in plan.keep_findings],
        "options": [option_json(o, region) for o in plan.options],
        "alternatives": [
            {
                **{k: v for k, v in to_dict(a).items() if v is not None},
                "text": {
                    lang: plan_text.alternative_text(a, plan.currency, plan.job_label, lang)
                    for lang in (ENGLISH, CHINESE)
                },
            }
            for a in plan.alternatives
        ],
        "route_alternative": option_json(plan.route_alternative, region)
        if plan.route_alternative
        else None,
        "rent": [to_dict(r) for r in plan.rent],
        "price_age": to_dict(plan.price_age) if plan.price_age else None,
        "market": to_dict(plan.market) if plan.market else None,
    }
