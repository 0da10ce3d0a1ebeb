"""The recommendation: every catalog card judged for one request, fitting ones first, best first.

Pure: catalog data, the speed model and what is known of this machine come in as values.
Each option carries whether it fits and why, its predicted speed against the user's current
card, its price, value, power budget, warnings (id, severity, both languages) and reasons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from gpuplanner.catalog.records import CatalogData, GpuSpec, Price
from gpuplanner.planning import cost, memory, physical, power, speed
from gpuplanner.planning.messages import render
from gpuplanner.planning.scenarios import PRESETS, Scenario
from gpuplanner.planning.workloads import KERAS, LLMS, LlmModel, find_llm

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}
TF_BLOCKING = {
    "blackwell-unsupported": "tf-blackwell",
    "rocm-unlisted": "tf-rocm-unlisted",
    "none": "tf-none",
    "below-floor": "tf-none",
}
IMAGE_WORKLOADS = ("resnet50", "ssd")


class PlanError(ValueError):
    """A request that cannot be planned, with the reason in words."""


@dataclass(frozen=True)
class MachineFacts:
    """What the scan and the probe say about the user's computer (all optional)."""

    current_gpu_id: str | None = None
    slot_gen: int | None = None
    slot_width: int | None = None
    cpu_peak_w: float | None = None
    cpu_base_w: float | None = None
    ram_gb: float | None = None
    existing_gpu_w: float = 0.0
    pipeline_images_s: float | None = None
    machine_factor: float | None = None  # from the probe's matmul efficiency
    max_temp_c: float | None = None
    throttled: bool = False


@dataclass(frozen=True)
class PlanRequest:
    scenario: Scenario
    currency: str = "CNY"
    budget: float | None = None  # None: the scenario's typical upper budget
    workload: str | None = None  # resnet50, ssd, bert-base, bert-large, transformer, llm
    precision: str = "mixed"
    batch: int | None = None
    llm_model: str | None = None
    llm_mode: str | None = None
    llm_params_b: float | None = None
    seq: int | None = None
    max_gpus: int | None = None
    used_ok: bool = False
    shop_only: bool = False
    psu: power.PsuSpec | None = None
    case: physical.CaseSpec | None = None
    socket: str = "CN-10A"
    tariff: float | None = None
    language: str = "en"
    price_year: int = 2026  # prices dated over three years before this are flagged as old
    machine: MachineFacts = field(default_factory=MachineFacts)


@dataclass(frozen=True)
class Warning:
    id: str
    severity: str
    message: str
    message_en: str
    message_zh: str


@dataclass(frozen=True)
class Option:
    gpu_id: str
    gpu: str
    count: int
    fits: bool
    price: float | None
    price_each: float | None
    currency: str
    price_condition: str | None
    price_source: str | None
    vram_needed_gb: float
    vram_per_card_gb: float
    predicted_relative: float | None
    predicted_throughput: float | None
    predicted_unit: str
    predicted_error_pct: float
    value: float | None  # relative speed per 1,000 of the currency
    power_sustained_w: float
    power_verdict: str
    warnings: tuple[Warning, ...]
    reasons: tuple[str, ...]
    score: float
    shop: str | None = None
    sku: str | None = None
    stock: int | None = None
    location: str | None = None


@dataclass(frozen=True)
class Plan:
    scenario: str
    currency: str
    budget: float
    workload: str
    precision: str
    vram: memory.MemoryEstimate
    reference_gpu: str
    options: tuple[Option, ...]
    notes: tuple[str, ...] = ()
    rent: tuple = ()

    def fitting(self) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.fits)


def _warning(message_id: str, severity: str, params: dict, language: str) -> Warning:
    en, zh = render(message_id, params, "en"), render(message_id, params, "zh")
    return Warning(message_id, severity, zh if language.startswith("zh") else en, en, zh)


def scaling(count: int, gpu: GpuSpec) -> float:
    """Data-parallel efficiency: NVLink keeps ~92% at 8 cards; PCIe loses more (the seed saw 68% for 4x 3090)."""
    if count == 1:
        return 1.0
    if gpu.interconnect == "nvlink":
        return 0.95 if count == 2 else 0.92
    if gpu.interconnect == "nvlink-bridge":
        return 0.92 if count == 2 else 0.80
    return 0.85 if count == 2 else 0.70


def _memory_estimate(request: PlanRequest, workload: str):
    if workload == "llm":
        model = find_llm(request.llm_model or "")
        if model is None and request.llm_params_b is None:
            raise PlanError(
                f"unknown model {request.llm_model!r}; known: {', '.join(sorted(LLMS))}"
            )
        mode = request.llm_mode or "qlora"
        if mode not in ("inference", "full", "lora", "qlora"):
            raise PlanError(f"unknown method {mode!r}: use inference, full, lora or qlora")
        if model is None:
            scale = (request.llm_params_b / 7.0) ** 0.5
            # A model given only by size: a Llama-shaped stand-in scaled from Llama 2 7B.
            model = LlmModel(
                "custom",
                f"{request.llm_params_b:g}B model",
                request.llm_params_b,
                int(32 * scale),
                int(4096 * scale) // 128 * 128,
                32,
                8,
                int(11008 * scale),
                32000,
            )
        return (
            memory.llm(model, mode, seq=request.seq or 2048, batch=request.batch or 1),
            model,
            mode,
        )
    preset = KERAS[workload]
    return (
        memory.keras_training(
            preset, request.batch or preset.default_batch, request.precision, seq=request.seq
        ),
        None,
        None,
    )


def recommend(
    request: PlanRequest,
    catalog: CatalogData,
    model: speed.SpeedModel,
    extra_prices: tuple[Price, ...] = (),
) -> Plan:
    preset = PRESETS[request.scenario]
    if request.currency not in ("CNY", "USD"):
        raise PlanError(f"unknown currency {request.currency!r}: use CNY or USD")
    budget = request.budget if request.budget is not None else preset.budget(request.currency).high
    if budget <= 0:
        raise PlanError("the budget must be above zero")
    if request.psu is not None and request.psu.rated_w <= 0:
        raise PlanError("the power supply's wattage must be above zero")
    workload = request.workload or preset.workload
    if workload != "llm" and workload not in KERAS:
        raise PlanError(f"unknown workload {workload!r}; known: {', '.join([*KERAS, 'llm'])}")
    if workload == "llm" and request.llm_model is None and request.llm_params_b is None:
        request = PlanRequest(
            **{
                **request.__dict__,
                "llm_model": preset.llm_model,
                "llm_mode": request.llm_mode or preset.llm_mode,
            }
        )
    estimate, llm_model, llm_mode = _memory_estimate(request, workload)
    max_gpus = preset.max_gpus if request.max_gpus is None else request.max_gpus
    if max_gpus < 1:
        raise PlanError("the number of cards must be at least 1")
    by_id = {g.id: g for g in catalog.gpus}
    prices: dict[str, list[Price]] = {}
    for price in (*catalog.prices, *extra_prices):
        prices.setdefault(price.gpu_id, []).append(price)
    machine = request.machine
    reference = by_id.get(machine.current_gpu_id or "") or by_id[preset.reference_gpu]
    tariff = request.tariff or cost.DEFAULT_TARIFF[request.currency]
    if workload == "llm":
        predictions = {
            p.gpu_id: p
            for p in speed.predict_llm(
                llm_model.params_b,
                llm_mode if llm_mode != "inference" else "lora",
                list(catalog.gpus),
                reference,
                machine.machine_factor,
            )
        }
    else:
        predictions = {
            p.gpu_id: p
            for p in speed.predict(
                workload,
                request.precision,
                list(catalog.gpus),
                model,
                by_id,
                reference,
                machine.machine_factor,
            )
        }
    options = [
        _judge(
            gpu,
            request,
            preset,
            estimate,
            max_gpus,
            budget,
            prices.get(gpu.id, []),
            predictions.get(gpu.id),
            reference,
            tariff,
            workload,
            llm_model,
        )
        for gpu in catalog.gpus
    ]

    def rank(option: Option) -> tuple:
        errors = [w.id for w in option.warnings if w.severity == "error"]
        # Fitting options by score; the rest by how close they come: memory first, then fewest problems.
        return (
            not option.fits,
            "vram-short" in errors,
            len(errors),
            -option.vram_per_card_gb * (not option.fits),
            -option.score,
            option.price or math.inf,
        )

    options.sort(key=rank)
    notes = []
    if workload == "llm" and llm_model is not None:
        notes.append(f"{llm_model.name} {llm_mode}: {estimate.total_gb:g} GB on one card")
    rent = (
        _rentals(estimate, catalog.gpus, prices, request.currency, workload)
        if workload == "llm"
        else ()
    )
    return Plan(
        request.scenario.value,
        request.currency,
        budget,
        workload,
        request.precision,
        estimate,
        reference.name,
        tuple(options),
        tuple(notes),
        rent,
    )


@dataclass(frozen=True)
class Rental:
    gpu_id: str
    gpu: str
    count: int
    per_hour: float  # all cards together
    currency: str


def _rentals(
    estimate, gpus, prices: dict[str, list[Price]], currency: str, workload: str
) -> tuple[Rental, ...]:
    """Cloud instances that hold the job, cheapest first (the answer when buying is out of reach)."""
    found = []
    for gpu in gpus:
        hourly = cost.cloud_hour(prices.get(gpu.id, []), currency)
        count = memory.cards_needed(estimate, gpu.memory_gb, max_cards=32)
        if hourly and count:
            found.append(Rental(gpu.id, gpu.name, count, round(hourly * count, 2), currency))
    return tuple(sorted(found, key=lambda r: r.per_hour)[:5])


def _judge(
    gpu: GpuSpec,
    request: PlanRequest,
    preset,
    estimate,
    max_gpus: int,
    budget: float,
    prices: list[Price],
    prediction: speed.Prediction | None,
    reference: GpuSpec,
    tariff: float,
    workload: str,
    llm_model,
) -> Option:
    lang = request.language
    warnings: list[Warning] = []
    reasons: list[str] = []
    blocked = False

    def warn(message_id: str, severity: str, **params) -> None:
        warnings.append(_warning(message_id, severity, params, lang))

    # memory and card count
    count = (
        memory.cards_needed(estimate, gpu.memory_gb)
        if workload == "llm"
        else (1 if estimate.total_gb <= gpu.memory_gb * 0.92 else None)
    )
    needed_per_card = estimate.total_gb if count in (None, 1) else estimate.per_card_sharded(count)
    if count is None or count > max_gpus:
        blocked = True
        warn(
            "vram-short", "error", needed_gb=f"{needed_per_card:.1f}", card_gb=f"{gpu.memory_gb:g}"
        )
        count = count if count is not None and count <= 64 else max_gpus
    if count > 2 and workload == "llm":
        warn("rent-instead", "info", count=str(count))
    # TensorFlow support
    if gpu.tf_status in TF_BLOCKING:
        blocked = True
        warn(TF_BLOCKING[gpu.tf_status], "error")
    elif gpu.tf_status == "rocm":
        warn("tf-rocm", "warning")
    # price
    chosen = cost.choose_price(prices, request.currency, request.used_ok, request.shop_only)
    total = chosen.amount * count if chosen else None
    if chosen is None:
        blocked = True
        warn(
            "not-in-stock" if request.shop_only else "no-price", "error", currency=request.currency
        )
    else:
        if chosen.converted_from:
            warn(
                "price-converted",
                "info",
                currency=request.currency,
                source_currency=chosen.converted_from,
                rate=f"1 USD = {cost.USD_TO_CNY} CNY",
            )
        if chosen.unverified:
            warn("price-unverified", "info")
        if chosen.condition == "used":
            warn("used-card-risk", "warning")
        if total > budget:
            blocked = True
            warn(
                "over-budget",
                "error",
                total=_money(total, request.currency),
                budget=_money(budget, request.currency),
            )
    # scenario advice: below the scenario's memory floor a card stays listed but ranks low
    below_floor = gpu.memory_gb < preset.min_vram_gb
    if below_floor and preset.scenario is Scenario.STUDENT:
        warn("vram-8gb-trap", "warning")
    elif below_floor:
        warn("vram-below-24", "warning")
    stale = (
        chosen is not None
        and chosen.date[:4].isdigit()
        and int(chosen.date[:4]) < request.price_year - 3
    )
    if stale:
        warn("price-old", "info", date=chosen.date)
    if preset.ecc_matters and not gpu.ecc:
        warn("no-ecc-24x7", "info")
    # power, fit, cooling
    load = power.GpuLoad(
        gpu.board_power_w,
        count,
        gpu.power_8pin,
        gpu.power_12v2x6,
        gpu.power_6pin,
        gpu.recommended_psu_w,
    )
    machine = request.machine
    plan_power = power.budget(
        load,
        request.psu,
        machine.cpu_peak_w,
        machine.cpu_base_w,
        request.socket,
        machine.existing_gpu_w,
    )
    for message_id, severity, params in plan_power.issues:
        warn(message_id, severity, **params)
    if plan_power.verdict == "over" or any(
        i[0] in ("power-connectors", "power-socket") for i in plan_power.issues
    ):
        blocked = True
    for message_id, severity, params in physical.fit_issues(
        gpu, count, request.case, machine.max_temp_c, machine.throttled
    ):
        warn(message_id, severity, **params)
        if severity == "error":
            blocked = True
    # bottlenecks
    relative = throughput = None
    if prediction is not None:
        efficiency = scaling(count, gpu)
        relative = round(prediction.relative * count * efficiency, 3)
        throughput = (
            round(prediction.throughput * count * efficiency, 1) if prediction.throughput else None
        )
    if machine.slot_gen and machine.slot_gen < gpu.pcie_gen and gpu.form_factor == "pcie":
        warn(
            "pcie-slot-slower",
            "info",
            slot_gen=str(machine.slot_gen),
            card_gen=str(gpu.pcie_gen),
            percent=f"{0.5 ** (gpu.pcie_gen - machine.slot_gen):.0%}",
        )
    if (
        workload in IMAGE_WORKLOADS
        and machine.pipeline_images_s
        and throughput
        and throughput > machine.pipeline_images_s
    ):
        warn(
            "cpu-input-bound",
            "warning",
            pipeline=f"{machine.pipeline_images_s:.0f}",
            predicted=f"{throughput:.0f}",
        )
    if machine.ram_gb and machine.ram_gb < gpu.memory_gb * count:
        warn(
            "ram-below-vram",
            "warning",
            ram_gb=f"{machine.ram_gb:.0f}",
            vram_gb=f"{gpu.memory_gb * count:g}",
        )
    # reasons and score
    value = round(relative / (total / 1000), 4) if (relative and total) else None
    if not blocked:
        reasons.append(
            render(
                "reason-fits",
                {"card_gb": f"{gpu.memory_gb * count:g}", "needed_gb": f"{estimate.total_gb:.1f}"},
                lang,
            )
        )
    if relative:
        reasons.append(
            render(
                "reason-speed", {"relative": f"{relative:.2f}", "reference": reference.name}, lang
            )
        )
    if value:
        reasons.append(
            render("reason-value", {"per_1000": f"{value:.3f}", "currency": request.currency}, lang)
        )
    if gpu.ecc:
        reasons.append(render("reason-ecc", {}, lang))
    if count > 1 and gpu.nvlink:
        reasons.append(render("reason-nvlink", {"gbs": f"{gpu.interconnect_gbs:g}"}, lang))
    preset_workload = KERAS.get(workload)
    if throughput and preset_workload is not None:
        hours = preset_workload.run_samples / throughput / 3600
        run_cost = cost.electricity_cost(plan_power.sustained_w, hours, tariff)
        reasons.append(
            render(
                "reason-run-cost",
                {
                    "label": preset_workload.run_label,
                    "hours": f"{hours:.1f}",
                    "cost": _money(run_cost, request.currency),
                },
                lang,
            )
        )
    cloud = cost.cloud_hour(prices, request.currency)
    breakeven = (
        cost.breakeven_hours(total, cloud, plan_power.sustained_w, tariff) if total else None
    )
    if breakeven:
        reasons.append(render("reason-breakeven", {"hours": f"{breakeven:,}"}, lang))
    score = _score(preset.objective, relative, total, budget, gpu, preset.ecc_matters)
    desk = preset.scenario is not Scenario.LLM  # a desktop case: passive cards need server airflow
    score *= (
        (0.3 if below_floor else 1.0)
        * (0.8 if stale else 1.0)
        * (0.7 if desk and gpu.cooler == "passive" else 1.0)
    )
    warnings.sort(key=lambda w: SEVERITY_ORDER[w.severity])
    return Option(
        gpu_id=gpu.id,
        gpu=gpu.name,
        count=count,
        fits=not blocked,
        price=round(total, 2) if total else None,
        price_each=chosen.amount if chosen else None,
        currency=request.currency,
        price_condition=chosen.condition if chosen else None,
        price_source=chosen.source if chosen else None,
        vram_needed_gb=round(needed_per_card, 2),
        vram_per_card_gb=gpu.memory_gb,
        predicted_relative=relative,
        predicted_throughput=throughput,
        predicted_unit=prediction.unit if prediction else "",
        predicted_error_pct=prediction.error_pct if prediction else 0.0,
        value=value,
        power_sustained_w=round(plan_power.sustained_w, 1),
        power_verdict=plan_power.verdict,
        warnings=tuple(warnings),
        reasons=tuple(reasons),
        score=round(score, 6),
        shop=chosen.shop if chosen else None,
        sku=chosen.sku if chosen else None,
        stock=chosen.stock if chosen else None,
        location=chosen.location if chosen else None,
    )


def _score(
    objective: str,
    relative: float | None,
    total: float | None,
    budget: float,
    gpu: GpuSpec,
    ecc_matters: bool,
) -> float:
    if not relative or not total:
        return 0.0
    bonus = 1.05 if (ecc_matters and gpu.ecc) else 1.0
    if objective == "speed":
        return relative * bonus
    if objective == "cost":
        return relative / total * 1e4 * bonus
    return relative / total * 1e4


def _money(amount: float, currency: str) -> str:
    return f"{'¥' if currency == 'CNY' else '$'}{amount:,.0f}"
