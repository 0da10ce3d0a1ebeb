"""The recommendation: options for this machine (keep, add, replace), judged by rules, ranked.

Pure: catalog data, the speed model and what is known of this machine come in as values.
Each option carries its action, its findings (id, severity, numbers: no sentences), what it
needs priced in, its predicted speed against what is installed, and why it ranks where it does.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import replace

from gpuplanner.catalog.records import CatalogData, GpuSpec, Price
from gpuplanner.planning import candidates, cost, memory, power, rules, speed
from gpuplanner.planning.findings import SEVERITY_ORDER, Finding, Need, finding
from gpuplanner.planning.judging import Assessment, Context
from gpuplanner.planning.options import (
    Candidate,
    Option,
    Plan,
    PriceAge,
    PriceFact,
    Rental,
)
from gpuplanner.planning.request import MachineFacts, PlanError, PlanRequest
from gpuplanner.planning.rules.job import STALE_DAYS, USABLE_FRACTION, VERY_OLD_DAYS
from gpuplanner.planning.scaling import Scaling, data_parallel
from gpuplanner.planning.scenarios import PRESETS
from gpuplanner.planning.workloads import KERAS, LLMS, LlmModel, find_llm

__all__ = ["MachineFacts", "Option", "Plan", "PlanError", "PlanRequest", "job_memory", "recommend"]

LLM_MODES = ("full", "lora", "qlora")
LLM_JOB_TOKENS = 20e6  # one fine-tuning run: e.g. 10,000 examples of 2,048 tokens, one epoch
LLM_INFERENCE_JOB_TOKENS = 1e6  # a million generated tokens
LLM_STEP_WEIGHT_BYTES = {"full": 2.0, "lora": 2.0, "qlora": 0.52}  # per parameter, as sharded
# Ranking: facts that lower confidence in an option without changing its predicted speed.
CONFIDENCE = {
    "vram-small-trap": 0.3,
    "vram-below-floor": 0.3,
    "cooling-passive": 0.5,  # needs server airflow: a desk PC needs a fan shroud added
    "speed-not-measured": 0.85,
    "price-very-old": 0.85,
    "price-stale": 0.95,
}
CHECK_PENALTY = 0.98
# No TensorFlow measurement of an AMD or Intel card backs the speed model: a wider range.
UNMEASURED_VENDOR_PCT = (
    25.0  # an unknown supply or case: ranks below a known-safe option of equal value
)


def job_memory(request: PlanRequest, workload: str):
    """(memory estimate, LLM model or None, LLM mode or None) for the request's job."""
    if workload == "llm":
        model = find_llm(request.llm_model or "")
        if model is None and request.llm_params_b is None:
            raise PlanError(
                f"unknown model {request.llm_model!r}; known: {', '.join(sorted(LLMS))}"
            )
        mode = request.llm_mode or "qlora"
        if mode not in ("inference", *LLM_MODES):
            raise PlanError(f"unknown method {mode!r}: use inference, full, lora or qlora")
        if request.bits not in (16, 8, 4):
            raise PlanError(f"unknown weight precision {request.bits!r}: use 16, 8 or 4 bits")
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
        seq = request.seq or (4096 if mode == "inference" else 2048)
        estimate = memory.llm(
            model, mode, seq=seq, batch=request.batch or 1, inference_bits=request.bits
        )
        return estimate, model, mode
    preset = KERAS[workload]
    return (
        memory.keras_training(
            preset, request.batch or preset.default_batch, request.precision, seq=request.seq
        ),
        None,
        None,
    )


def _validated(request: PlanRequest) -> tuple[PlanRequest, str, float, int]:
    preset = PRESETS[request.scenario]
    if request.currency not in ("CNY", "USD"):
        raise PlanError(f"unknown currency {request.currency!r}: use CNY or USD")
    budget = request.budget if request.budget is not None else preset.budget(request.currency).high
    if not math.isfinite(budget) or budget <= 0:
        raise PlanError("the budget must be above zero")
    if request.psu is not None and request.psu.rated_w <= 0:
        raise PlanError("the power supply's wattage must be above zero")
    if request.tf_route not in ("official", "ngc", "keras-other"):
        raise PlanError(f"unknown route {request.tf_route!r}: use official, ngc or keras-other")
    workload = request.workload or preset.workload
    if workload != "llm" and workload not in KERAS:
        raise PlanError(f"unknown workload {workload!r}; known: {', '.join([*KERAS, 'llm'])}")
    if workload == "llm" and request.llm_model is None and request.llm_params_b is None:
        request = replace(
            request, llm_model=preset.llm_model, llm_mode=request.llm_mode or preset.llm_mode
        )
    max_gpus = preset.max_gpus if request.max_gpus is None else request.max_gpus
    if max_gpus < 1:
        raise PlanError("the number of cards must be at least 1")
    return request, workload, budget, max_gpus


def _age_days(date: str, today: str | None) -> int | None:
    if not today:
        return None
    try:
        return (dt.date.fromisoformat(today) - dt.date.fromisoformat(date[:10])).days
    except ValueError:
        return None


def _price_fact(prices: list[Price], request: PlanRequest) -> PriceFact | None:
    """The price to plan with: prices over 24 months old only when a card has nothing newer."""
    recent = [
        p
        for p in prices
        if p.region == "shop" or (_age_days(p.date, request.today) or 0) <= VERY_OLD_DAYS
    ]
    chosen = cost.choose_price(recent, request.currency, request.used_ok, request.shop_only)
    if chosen is None:
        chosen = cost.choose_price(prices, request.currency, request.used_ok, request.shop_only)
    if chosen is None:
        return None
    return PriceFact(
        amount=chosen.amount,
        currency=chosen.currency,
        condition=chosen.condition,
        region=chosen.region,
        source=chosen.source,
        date=chosen.date,
        age_days=_age_days(chosen.date, request.today),
        converted_from=chosen.converted_from,
        shop=chosen.shop,
        sku=chosen.sku,
        stock=chosen.stock,
        location=chosen.location,
    )


class _Planner:
    """One request's planning: the shared facts, then each candidate judged."""

    def __init__(self, request, catalog: CatalogData, model, extra_prices) -> None:
        request, workload, budget, max_gpus = _validated(request)
        self.request = request
        self.workload = workload
        self.max_gpus = max_gpus
        self.catalog = catalog
        self.preset = PRESETS[request.scenario]
        estimate, self.llm_model, self.llm_mode = job_memory(request, workload)
        self.by_id = {g.id: g for g in catalog.gpus}
        self.prices: dict[str, list[Price]] = {}
        for price in (*catalog.prices, *extra_prices):
            self.prices.setdefault(price.gpu_id, []).append(price)
        machine = request.machine
        self.installed = candidates.installed(machine, self.by_id)
        self.reference = (
            self.installed.gpu if self.installed else self.by_id[self.preset.reference_gpu]
        )
        self.ctx = Context(
            request=request,
            preset=self.preset,
            workload=workload,
            estimate=estimate,
            budget=budget,
            installed=self.installed,
            boards={b.gpu_id: b for b in catalog.boards},
            psus=catalog.psus,
            routes=catalog.tf_routes,
            inference=self.llm_mode == "inference",
        )
        self.tariff = request.tariff or cost.DEFAULT_TARIFF[request.currency]
        self.predictions = self._predict(model, machine)
        self._price_cache: dict[str, PriceFact | None] = {}
        self.keep_relative: float | None = None

    # -- facts per card ---------------------------------------------------------------------

    def _predict(self, model, machine: MachineFacts) -> dict[str, speed.Prediction]:
        gpus = list(self.catalog.gpus)
        if self.llm_mode == "inference" and model.inference is not None:
            found = speed.predict_llm_inference(
                self.llm_model,
                self.request.bits,
                self.request.batch or 1,
                self.request.seq or 4096,
                gpus,
                model.inference,
                self.reference,
            )
        elif self.workload == "llm":
            mode = self.llm_mode if self.llm_mode != "inference" else "lora"
            found = speed.predict_llm(
                self.llm_model.params_b, mode, gpus, self.reference, machine.machine_factor
            )
        else:
            found = speed.predict(
                self.workload,
                self.request.precision,
                gpus,
                model,
                self.by_id,
                self.reference,
                machine.machine_factor,
            )
        return {p.gpu_id: p for p in found}

    def price(self, gpu: GpuSpec) -> PriceFact | None:
        if gpu.id not in self._price_cache:
            self._price_cache[gpu.id] = _price_fact(self.prices.get(gpu.id, []), self.request)
        return self._price_cache[gpu.id]

    def _needed_gb(self, count: int) -> float:
        estimate = self.ctx.estimate
        if self.workload == "llm" and count > 1:
            return estimate.per_card_sharded(count)
        return estimate.total_gb

    def _scaling(
        self, gpu: GpuSpec, count: int, per_card: float | None, keep: bool = False
    ) -> Scaling | None:
        if count == 1 or not per_card:
            return None
        machine = self.request.machine
        if self.llm_mode == "inference":
            # Layers split over the cards: memory adds up, one token still passes every layer.
            return Scaling(count, round(1 / count, 3), "layer-split", 0.0, (), False)
        if self.workload == "llm":
            batch, seq = self.request.batch or 1, self.request.seq or 2048
            compute_s = batch * seq / per_card
            if self.ctx.estimate.total_gb <= gpu.memory_gb * USABLE_FRACTION:
                trainable = (
                    self.llm_model.params_b * 1e9
                    if self.llm_mode == "full"
                    else self.llm_model.layers * 8 * 16 * self.llm_model.hidden
                )
                moved = trainable * 4  # data parallel: FP32 gradients of what is trained
            else:
                # Sharded: weights gathered forward and backward, gradients scattered.
                moved = 1.5 * self.llm_model.params_b * 1e9 * LLM_STEP_WEIGHT_BYTES[self.llm_mode]
        else:
            preset = KERAS[self.workload]
            compute_s = (self.request.batch or preset.default_batch) / per_card
            moved = preset.params * 4  # FP32 gradients, also under mixed precision
        return data_parallel(
            gpu,
            count,
            moved,
            compute_s,
            machine.slot_gen,
            machine.slot_width,
            machine.workstation,
            bridged=keep and machine.nvlink_active,
        )

    def assess(self, c: Candidate) -> Assessment:
        gpu = c.gpu
        machine = self.request.machine
        other_w = machine.existing_gpu_w
        load = power.GpuLoad(
            gpu.board_power_w,
            c.count,
            gpu.power_8pin,
            gpu.power_12v2x6,
            gpu.power_6pin,
            gpu.recommended_psu_w,
        )
        draw = power.budget(
            load,
            self.request.psu,
            machine.cpu_peak_w,
            machine.cpu_base_w,
            self.request.socket,
            other_w,
        )
        prediction = self.predictions.get(gpu.id)
        relative = throughput = None
        scaling = None
        error = 0.0
        if prediction is not None:
            scaling = self._scaling(gpu, c.count, prediction.throughput, c.action == "keep")
            efficiency = scaling.efficiency if scaling else 1.0
            relative = round(prediction.relative * c.count * efficiency, 3)
            throughput = (
                round(prediction.throughput * c.count * efficiency, 1)
                if prediction.throughput
                else None
            )
            error = prediction.error_pct + (
                UNMEASURED_VENDOR_PCT if gpu.vendor != "NVIDIA" else 0.0
            )
        speedup = (
            round(relative / self.keep_relative, 3) if relative and self.keep_relative else None
        )
        board = self.ctx.boards.get(gpu.id)
        return Assessment(
            needed_gb=self._needed_gb(c.count),
            price=self.price(gpu) if c.bought else None,
            load=load,
            power=draw,
            length_mm=(board.length_max_mm if board and board.length_max_mm else gpu.length_mm),
            slots=(board.slots_max if board and board.slots_max else gpu.slot_width),
            relative=relative,
            throughput=throughput,
            scaling=scaling,
            speedup=speedup,
            error_pct=error,
        )

    # -- judgement --------------------------------------------------------------------------

    def judge(self, c: Candidate) -> Option:
        a = self.assess(c)
        found: list[Finding] = []
        for rule in rules.BEFORE_PRICE:
            found += rule(c, a, self.ctx)
        needs: list[Need] = []
        for rule in rules.NEEDS:
            more, wanted = rule(c, a, self.ctx)
            found += more
            needs += wanted
        cards = a.price.amount * c.bought if a.price else (0.0 if not c.bought else None)
        total = None if cards is None else cards + sum(n.price for n in needs)
        if total is not None and c.bought and total > self.ctx.budget:
            found.append(
                finding(
                    "over-budget",
                    "blocks",
                    total=round(total, 2),
                    budget=round(self.ctx.budget, 2),
                    currency=self.request.currency,
                )
            )
        found += self._run_facts(c, a, total)
        offered = not any(f.severity == "blocks" for f in found)
        gain = a.speedup if a.speedup is not None else a.relative
        value = round(gain / (total / 1000), 4) if (gain and total) else None
        found.sort(key=lambda f: SEVERITY_ORDER[f.severity])
        option = Option(
            action=c.action,
            gpu_id=c.gpu.id,
            gpu=c.gpu.name,
            count=c.count,
            bought=c.bought,
            offered=offered,
            price=round(total, 2) if total is not None else None,
            cards_price=round(cards, 2) if cards is not None else None,
            price_each=a.price,
            needs=tuple(needs),
            currency=self.request.currency,
            vram_needed_gb=round(a.needed_gb, 2),
            vram_per_card_gb=c.gpu.memory_gb,
            predicted_relative=a.relative,
            speedup=a.speedup,
            predicted_throughput=a.throughput,
            predicted_unit=self._unit(),
            predicted_error_pct=a.error_pct,
            scaling=a.scaling,
            value=value,
            power=a.power,
            findings=tuple(found),
            score=0.0,
        )
        return replace(option, score=round(self._score(option, gain, total), 6))

    def _unit(self) -> str:
        return "tokens/s" if self.workload == "llm" else KERAS[self.workload].unit

    def _run_facts(self, c: Candidate, a: Assessment, total: float | None) -> list[Finding]:
        out = []
        preset_workload = KERAS.get(self.workload)
        if a.throughput and preset_workload is not None:
            hours = preset_workload.run_samples / a.throughput / 3600
            run_cost = cost.electricity_cost(a.power.sustained_w, hours, self.tariff)
            out.append(
                finding(
                    "run-cost",
                    "info",
                    job=self.workload,
                    hours=round(hours, 1),
                    cost=round(run_cost, 2),
                    currency=self.request.currency,
                )
            )
        if total and c.bought:
            cloud = cost.cloud_hour(self.prices.get(c.gpu.id, []), self.request.currency)
            hours = cost.breakeven_hours(total, cloud, a.power.sustained_w, self.tariff)
            if hours:
                out.append(finding("breakeven", "info", hours=hours))
        if c.count > 1 and a.scaling is not None and a.scaling.link == "nvlink":
            out.append(finding("nvlink", "info", gbs=c.gpu.interconnect_gbs or 0))
        return out

    def _score(self, option: Option, gain: float | None, total: float | None) -> float:
        if not gain:
            return 0.0
        objective = self.preset.objective
        if option.action == "keep" or objective == "speed":
            base = gain
        else:
            base = gain / total * 1e4 if total else 0.0
        if self.preset.ecc_matters and self.by_id[option.gpu_id].ecc:
            base *= 1.05
        for f in option.findings:
            base *= CONFIDENCE.get(f.id, 1.0)
            if f.id in ("psu-unknown-check", "check-case", "adapter-check"):
                base *= CHECK_PENALTY
        return base


def _slower_no_larger(option: Option, keep: Option | None) -> bool:
    """Not faster than the installed cards, and no more memory that the job could use."""
    if keep is None or option.action == "keep" or option.speedup is None:
        return False
    larger = option.vram_per_card_gb * option.count > keep.vram_per_card_gb * keep.count
    # When the installed cards hold the job, more memory does nothing for it.
    return option.speedup <= 1.0 and (not larger or keep.offered)


def _prune(options: list[Option]) -> list[Option]:
    """Per card and action: every offered count, or else the one that comes closest."""
    groups: dict[tuple[str, str], list[Option]] = {}
    for option in options:
        groups.setdefault((option.action, option.gpu_id), []).append(option)
    kept: list[Option] = []
    for group in groups.values():
        offered = [o for o in group if o.offered]
        if offered:
            kept += offered
            continue
        kept.append(
            min(
                group,
                key=lambda o: (
                    sum(f.severity == "blocks" for f in o.findings),
                    any(f.id == "vram-short" for f in o.findings),
                    o.count,
                ),
            )
        )
    return kept


def rank_key(option: Option) -> tuple:
    """Offered options: value for the goal, ties toward fewer warnings, fewer needs, lower price."""
    warns = sum(f.severity == "warns" for f in option.findings)
    needs = sum(f.severity == "needs" for f in option.findings)
    return (
        -round(option.score, 4),
        warns,
        needs,
        option.price if option.price is not None else math.inf,
    )


def _closeness(option: Option) -> tuple:
    """Options that are not offered: those that come closest first (memory, then fewest blocks)."""
    blocks = [f.id for f in option.findings if f.severity == "blocks"]
    return (
        "vram-short" in blocks,
        len(blocks),
        -option.vram_per_card_gb * option.count,
        -round(option.score, 4),
        option.price if option.price is not None else math.inf,
    )


def _rank_reason(option: Option, keep: Option | None, objective: str) -> Finding:
    if option.action == "keep" and option.offered:
        return finding("rank-keep", "info")
    if not option.offered:
        first = next(f.id for f in option.findings if f.severity == "blocks")
        return finding("rank-blocked", "info", by=first)
    if _slower_no_larger(option, keep):
        return finding("rank-slower-than-installed", "info")
    basis = option.speedup if option.speedup is not None else option.predicted_relative
    if objective == "speed":
        return finding("rank-speed", "info", speed=round(basis or 0, 2))
    return finding(
        "rank-value",
        "info",
        value=round(option.value or 0, 3),
        currency=option.currency,
        speed=round(basis or 0, 2),
    )


def _order(options: list[Option], objective: str) -> tuple[list[Option], Option | None]:
    keep = next((o for o in options if o.action == "keep"), None)
    offered_keep = keep if keep is not None and keep.offered else None
    purchases = [o for o in options if o.offered and o.action != "keep"]
    faster = sorted((o for o in purchases if not _slower_no_larger(o, keep)), key=rank_key)
    slower = sorted((o for o in purchases if _slower_no_larger(o, keep)), key=rank_key)
    blocked = sorted((o for o in options if not o.offered), key=_closeness)
    ordered = ([offered_keep] if offered_keep else []) + faster + slower + blocked
    ranked = []
    for option in ordered:
        found = option.findings
        if _slower_no_larger(option, keep):
            found = (
                *found,
                finding("slower-than-installed", "warns", speedup=round(option.speedup or 0, 2)),
            )
        ranked.append(
            replace(option, findings=found, rank_reason=_rank_reason(option, keep, objective))
        )
    return ranked, offered_keep


def _rentals(planner: _Planner) -> tuple[Rental, ...]:
    """Cloud instances that hold the job, cheapest per job first (not per hour)."""
    ctx = planner.ctx
    currency = planner.request.currency
    if planner.workload == "llm":
        work = LLM_INFERENCE_JOB_TOKENS if ctx.inference else LLM_JOB_TOKENS
    else:
        work = KERAS[planner.workload].run_samples
    found = []
    for gpu in planner.catalog.gpus:
        hourly = cost.cloud_hour(planner.prices.get(gpu.id, []), currency)
        count = memory.cards_needed(ctx.estimate, gpu.memory_gb, max_cards=32)
        if not hourly or not count:
            continue
        if planner.workload != "llm" and count > 1:
            continue  # a Keras job runs data parallel: every card holds the whole model
        prediction = planner.predictions.get(gpu.id)
        scaling = planner._scaling(gpu, count, prediction.throughput if prediction else None)
        rate = (
            prediction.throughput * count * (scaling.efficiency if scaling else 1.0)
            if prediction and prediction.throughput
            else None
        )
        hours = round(work / rate / 3600, 1) if rate else None
        per_hour = round(hourly * count, 2)
        job_cost = round(per_hour * hours, 2) if hours else None
        found.append(Rental(gpu.id, gpu.name, count, per_hour, hours, job_cost, currency))
    found.sort(key=lambda r: (r.job_cost is None, r.job_cost or 0.0, r.per_hour))
    return tuple(found[:5])


def _price_age(options: list[Option]) -> PriceAge | None:
    """The ages of the prices of the offered purchases, each card once."""
    seen: dict[str, PriceFact] = {}
    for option in options:
        if option.offered and option.action != "keep" and option.price_each is not None:
            seen.setdefault(option.gpu_id, option.price_each)
    dated = [p for p in seen.values() if p.age_days is not None]
    if not dated:
        return None
    days = sorted(p.age_days or 0 for p in dated)
    return PriceAge(
        count=len(dated),
        median_days=days[len(days) // 2],
        oldest_date=min(p.date for p in dated),
        newest_date=max(p.date for p in dated),
        stale=sum(d > STALE_DAYS for d in days),
        unknown=sum(d > VERY_OLD_DAYS for d in days),
    )


def _job_label(planner: _Planner) -> str:
    if planner.workload == "llm":
        return "llm-inference" if planner.ctx.inference else "llm-finetune"
    return planner.workload


def _keep_findings(keep: Option, faster: list[Option]) -> tuple[Finding, ...]:
    """What would change "no purchase needed": a bigger job, or wanting more speed."""
    out = [
        finding(
            "keep-until-memory",
            "info",
            vram_gb=round(keep.vram_per_card_gb * USABLE_FRACTION, 1),
            count=keep.count,
        )
    ]
    better = next((o for o in faster if (o.speedup or 0) > 1.05), None)
    if better is not None:
        out.append(
            finding(
                "keep-until-speed",
                "info",
                gpu=better.gpu,
                count=better.count,
                speedup=round(better.speedup or 0, 2),
                price=better.price or 0,
                currency=better.currency,
            )
        )
    return tuple(out)


def recommend(
    request: PlanRequest,
    catalog: CatalogData,
    model: speed.SpeedModel,
    extra_prices: tuple[Price, ...] = (),
) -> Plan:
    planner = _Planner(request, catalog, model, extra_prices)
    request = planner.request
    generated = candidates.generate(
        catalog.gpus, planner.installed, planner.max_gpus, request.machine
    )
    judged: list[Option] = []
    if generated and generated[0].action == "keep":
        keep = planner.judge(generated[0])
        planner.keep_relative = keep.predicted_relative
        judged.append(replace(keep, speedup=1.0 if keep.predicted_relative else None))
        generated = generated[1:]
    hopeless: set[str] = set()  # cards whose single-card option is blocked for good
    for c in generated:
        if c.count > 1 and c.gpu.id in hopeless:
            continue
        option = planner.judge(c)
        judged.append(option)
        if c.count == 1 and any(
            f.severity == "blocks" and f.id in _PER_CARD_BLOCKS for f in option.findings
        ):
            hopeless.add(c.gpu.id)
    ranked, keep = _order(_prune(judged), planner.preset.objective)
    faster = [o for o in ranked if o.offered and o.action != "keep"]
    plan = Plan(
        scenario=request.scenario.value,
        currency=request.currency,
        budget=planner.ctx.budget,
        workload=planner.workload,
        precision=request.precision,
        vram=planner.ctx.estimate,
        reference_gpu=planner.reference.name,
        options=tuple(ranked),
        tf_route=request.tf_route,
        model=planner.llm_model.name if planner.llm_model else None,
        mode=planner.llm_mode,
        bits=request.bits if planner.llm_mode == "inference" else None,
        seq=request.seq,
        batch=request.batch,
        no_purchase_needed=keep is not None,
        keep_findings=_keep_findings(keep, faster) if keep is not None else (),
        rent=_rentals(planner),
        job_label=_job_label(planner),
        price_age=_price_age(ranked),
    )
    if not request.alternatives:
        return plan
    from gpuplanner.planning.alternatives import route_alternative, ways_forward

    return replace(
        plan,
        alternatives=ways_forward(plan, judged, request, catalog, model, extra_prices),
        route_alternative=route_alternative(plan, judged, request),
    )


# Blocks that more cards of the same kind cannot lift: skip judging 2, 4, 8 of them.
_PER_CARD_BLOCKS = frozenset(
    {
        "route-unsupported",
        "route-needs-rocm",
        "no-price",
        "not-in-stock",
        "fit-module-needs-server",
        "machine-slot-powered",
        "fit-too-long",
        "over-budget",  # more of the same card costs more
    }
)
