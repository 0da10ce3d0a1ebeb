"""The recommendation: options for this machine (keep, add, replace), judged by rules, ranked.

Pure: catalog data, the speed model and what is known of this machine come in as values.
Each option carries its action, its findings (id, severity, numbers: no sentences), what it
needs priced in, its predicted speed against what is installed, and why it ranks where it does.
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.catalog.records import CatalogData, GpuSpec, MarketRisk, Price
from gpuplanner.core.scenarios import PRESETS, Scenario
from gpuplanner.planning import (
    batching,
    calibration,
    candidates,
    cost,
    job,
    market,
    memory,
    methods,
    physical,
    power,
    power_cap,
    pricing,
    ranking,
    rent,
    routes,
    rules,
    speed,
)
from gpuplanner.planning.findings import SEVERITY_ORDER, Finding, Need, finding
from gpuplanner.planning.judging import Assessment, Context
from gpuplanner.planning.options import (
    Candidate,
    Option,
    Plan,
    PriceFact,
    Rental,
)
from gpuplanner.planning.plan_market import plan_market
from gpuplanner.planning.request import MachineFacts, PlanError, PlanRequest
from gpuplanner.planning.rules.job import USABLE_FRACTION
from gpuplanner.planning.scaling import SHARDED_STEP_WEIGHTS, Link, Scaling, data_parallel
from gpuplanner.planning.workloads import KERAS, LlmModel

__all__ = ["MachineFacts", "Option", "Plan", "PlanError", "PlanRequest", "recommend"]

LLM_STEP_WEIGHT_BYTES = {
    "full": 2.0,
    "lora": 2.0,
    "lora-int8": 1.0,
    "qlora": 0.52,
}  # per parameter, as sharded
PAYING_BATCH_MAX = 1024  # per card: the largest batch the plan suggests
# The objective alone orders the options (speed, or speed for the money): a memory floor, an
# unmeasured vendor, ECC or a check before buying is a finding the option shows, never a factor
# of its score, so a faster option at its price is never listed below a slower, dearer one.
# Warnings and needs break ties (ranking.rank_key).


class _Planner:
    """One request's planning: the shared facts, then each candidate judged."""

    def __init__(
        self,
        request: PlanRequest,
        catalog: CatalogData,
        model: speed.SpeedModel,
        extra_prices: tuple[Price, ...],
    ) -> None:
        request, workload, budget, max_gpus = job.validated(request)
        self.request = request
        self.workload = workload
        self.max_gpus = max_gpus
        self.catalog = catalog
        self.preset = PRESETS[request.scenario]
        # Every route is TensorFlow's: a method none runs (QLoRA) is planned as the nearest Keras
        # has, and the asked one is kept to be shown, with its memory, for PyTorch users.
        self.method_asked: str | None = None
        self.method_asked_gb: float | None = None
        ranked = request
        mode = request.llm_mode
        if workload == "llm" and mode and mode != "inference" and not methods.in_keras(mode):
            self.method_asked = mode
            self.method_asked_gb = job.job_memory(request, workload, catalog.llms)[0].total_gb
            ranked = replace(request, llm_mode=methods.runnable(mode))
        estimate, self.llm_model, self.llm_mode = job.job_memory(ranked, workload, catalog.llms)
        self.seq = job.seq_of(request, self.llm_mode)
        self.batch = job.batch_of(request, workload)
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
            market=market.market_for(
                request.currency,
                catalog,
                request.region,
                request.show_unavailable,
                today=request.today,
            ),
            risks=_risks_by_card(catalog),
            inference=self.llm_mode == "inference",
            # A probe's figures already carry a cap the cards ran under.
            power_cap=(
                power_cap.power_cap(
                    machine, self.installed.gpu.board_power_w if self.installed else None
                )
                if machine.machine_factor is None
                else None
            ),
            asked_method_gb=self.method_asked_gb,
        )
        self.tariff = request.tariff or cost.default_tariff(self.ctx.market)
        self.bandwidth_factor = calibration.bandwidth_factor(
            machine.bandwidth_gbs,
            self.installed.gpu.memory_bandwidth_gbs if self.installed else None,
        )
        self.input_cap, self.cap_figure = calibration.input_cap(
            workload, machine.pipeline_images_s, machine.copy_gbs
        )
        self.model = model
        self.capped = False  # some option's speed was capped by what the machine can feed
        self.predictions = self._predict(model, machine)
        self._price_cache: dict[str, PriceFact | None] = {}
        self.keep_relative: float | None = None
        self.keep_offered = False  # the installed cards can run the job

    # -- facts per card ---------------------------------------------------------------------

    def probe_effects(self) -> tuple[calibration.ProbeEffect, ...]:
        """Which of the probe's figures moved this plan's predictions."""
        trained = self.workload != "llm" or self.llm_mode != "inference"
        card = self.installed.gpu if self.installed is not None and trained else None
        if self.workload == "llm":
            fitted = speed.llm_class(self.model)
            if fitted is None:
                raise PlanError("the speed model has no transformer training class")
            params, precision = fitted[1], "mixed"
        else:
            precision = self.request.precision
            params = self.model.classes[f"{speed.WORKLOAD_CLASS[self.workload]}/{precision}"]
        return calibration.effects(
            self.request.machine,
            card,
            params,
            precision,
            self.bandwidth_factor,
            (self.input_cap, self.cap_figure) if self.capped else (None, None),
        )

    def _llm(self) -> tuple[LlmModel, str]:
        """The LLM job's model and method: set by job_memory whenever the workload is an LLM."""
        if self.llm_model is None or self.llm_mode is None:
            raise PlanError("an LLM job needs a model and a method")
        return self.llm_model, self.llm_mode

    def _predict(
        self, model: speed.SpeedModel, machine: MachineFacts
    ) -> dict[str, speed.Prediction]:
        gpus = list(self.catalog.gpus)
        engine = model.engine(job.engine_of(self.request))
        if self.llm_mode == "inference" and engine is not None:
            found = speed.predict_llm_inference(
                self._llm()[0],
                self.request.bits,
                self.batch,
                self.seq or job.INFERENCE_SEQ,
                gpus,
                engine,
                self.reference,
            )
        elif self.workload == "llm":
            llm, method = self._llm()
            mode = method if method != "inference" else "lora"
            found = speed.predict_llm(
                llm.active_params_b,
                mode,
                gpus,
                self.reference,
                machine.machine_factor,
                model,
                self.bandwidth_factor,
                self.by_id,
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
                self.bandwidth_factor,
                batch=self.batch,
                seq=self.seq,
            )
        return {p.gpu_id: p for p in found}

    def route_runs(self, gpu: GpuSpec) -> bool:
        """Whether the user's TensorFlow route runs the card (ROCm only when accepted)."""
        support = routes.support(gpu, self.request.tf_route, self.ctx.routes)
        return support.runs and (not support.needs_rocm or self.request.accept_rocm)

    def price(self, gpu: GpuSpec) -> PriceFact | None:
        if gpu.id not in self._price_cache:
            self._price_cache[gpu.id] = pricing.price_fact(
                self.prices.get(gpu.id, []), self.request, self.ctx.market
            )
        return self._price_cache[gpu.id]

    def strategy(self, gpu: GpuSpec, count: int) -> str:
        """How the route runs ``count`` cards: replicated (every card holds the whole job),
        sharded (weights and optimizer state divided, only where the route has it) or split by
        layers (LLM inference)."""
        if count == 1:
            return "replicated"
        if self.llm_mode == "inference":
            return "layer-split"
        fits_one = self.ctx.estimate.total_gb <= gpu.memory_gb * USABLE_FRACTION
        # A device mesh needs JAX: Keras on Intel cards runs on PyTorch's XPU backend.
        jax = gpu.vendor != "Intel"
        if (
            self.workload == "llm"
            and not fits_one
            and jax
            and methods.shards(self.request.tf_route)
        ):
            return "sharded"
        return "replicated"

    def _needed_gb(self, gpu: GpuSpec, count: int) -> float:
        """Per card: the whole job when replicated; a share of its state when sharded or split."""
        estimate = self.ctx.estimate
        if self.strategy(gpu, count) in ("sharded", "layer-split"):
            return estimate.per_card_sharded(count)
        return estimate.total_gb

    def scaling(
        self,
        gpu: GpuSpec,
        count: int,
        per_card: float | None,
        keep: bool = False,
        batch: int | None = None,
        bridged: bool | None = None,
    ) -> Scaling | None:
        """``batch``: per card, the job's unless asked; ``bridged``: True for a bridge being
        bought, None to buy one only where it pays."""
        if count == 1 or not per_card:
            return None
        batch = batch or self.batch
        machine = self.request.machine
        strategy = self.strategy(gpu, count)
        if strategy == "layer-split":
            # Layers split over the cards: memory adds up, one token still passes every layer.
            return Scaling(count, round(1 / count, 3), "layer-split", 0.0, (), False, strategy)
        if self.workload == "llm":
            compute_s = batch * (self.seq or job.FINE_TUNING_SEQ) / per_card
            llm, method = self._llm()
            if strategy == "replicated":
                trainable = llm.params_b * 1e9 if method == "full" else memory.lora_parameters(llm)
                moved = trainable * 4  # data parallel: FP32 gradients of what is trained
            else:
                # Sharded: weights gathered forward and backward, gradients scattered.
                moved = SHARDED_STEP_WEIGHTS * llm.params_b * 1e9 * LLM_STEP_WEIGHT_BYTES[method]
        else:
            preset = KERAS[self.workload]
            compute_s = batch / per_card
            moved = preset.params * 4  # FP32 gradients, also under mixed precision
        # The installed cards keep their slots (and a replacement goes into them): their
        # scanned links, risers and chipset slots included.
        scanned = tuple(Link(w, g) for w, g in machine.installed_links)

        def run(bridged: bool) -> Scaling:
            return data_parallel(
                gpu,
                count,
                moved,
                compute_s,
                machine.slot_gen,
                machine.slot_width,
                machine.workstation,
                bridged=bridged,
                installed=scanned,
                strategy=strategy,
            )

        if keep:
            return run(machine.nvlink_active)
        if bridged is not None:
            return run(bridged)
        pcie = run(False)
        if gpu.interconnect == "nvlink-bridge" and count == 2:
            # A bridge is bought where it pays: the rule prices it in (fit.nvlink_bridge).
            on_bridge = run(True)
            if on_bridge.efficiency >= pcie.efficiency * (1 + physical.NVLINK_BRIDGE_MIN_GAIN):
                return on_bridge
        return pcie

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
        relative = throughput = uncapped = None
        scaling = None
        error = 0.0
        paying = None
        bridge_gain = None
        if prediction is not None:
            scaling = self.scaling(
                gpu,
                c.count,
                prediction.throughput,
                c.action == "keep",
                bridged=True if c.action == "bridge" else None,
            )
            paying = self.paying_batch(c, scaling, prediction.throughput)
            if c.action == "bridge" and scaling is not None:
                pcie = self.scaling(gpu, c.count, prediction.throughput, False, bridged=False)
                if pcie is not None and pcie.efficiency:
                    bridge_gain = scaling.efficiency / pcie.efficiency - 1
            efficiency = scaling.efficiency if scaling else 1.0
            relative = round(prediction.relative * c.count * efficiency, 3)
            throughput = (
                round(prediction.throughput * c.count * efficiency, 1)
                if prediction.throughput
                else None
            )
            if throughput and self.input_cap and throughput > self.input_cap:
                # The machine feeds no more than its pipeline or its copies carry, however
                # fast the cards: the whole machine's images, shared by its cards.
                uncapped = throughput
                self.capped = True
                relative = round(relative * self.input_cap / throughput, 3)
                throughput = round(self.input_cap, 1)
            share = self.request.machine.mig_slice_share
            if c.action == "keep" and share and relative is not None:
                # One MIG slice computes with its share of the card's SMs.
                relative = round(relative * share, 3)
                throughput = round(throughput * share, 1) if throughput else None
            capped = self.ctx.power_cap if c.action in ("keep", "add") else None
            if capped is not None and relative is not None:
                # The installed cards run under their cap (a probe would have measured it).
                relative = round(relative * capped.speed_share, 3)
                throughput = round(throughput * capped.speed_share, 1) if throughput else None
            error = speed.uncertainty_pct(prediction.error_pct, gpu)
        speedup = (
            round(relative / self.keep_relative, 3) if relative and self.keep_relative else None
        )
        board = self.ctx.boards.get(gpu.id)
        return Assessment(
            needed_gb=self._needed_gb(gpu, c.count),
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
            uncapped_throughput=uncapped,
            paying_batch=paying,
            bridge_gain=bridge_gain,
        )

    def throughput_at(self, gpu: GpuSpec, per_card: float | None, batch: int) -> float | None:
        """One card's throughput at another per-card batch: a bigger batch uses the card better
        (planning/batching.py), so its step is shorter than the batch alone would make it."""
        if per_card is None or self.workload not in batching.ANCHOR_SHAPES:
            return per_card
        precision = self.request.precision
        tflops = speed.features(gpu, precision)[0]
        seq = self.request.seq
        moved = batching.shape_factor(self.workload, precision, tflops, batch, seq)
        now = batching.shape_factor(self.workload, precision, tflops, self.batch, seq)
        return per_card * moved / now

    def paying_batch(
        self, c: Candidate, now: Scaling | None, per_card: float | None
    ) -> tuple[int, float, bool] | None:
        """Where replicated cards scale poorly at the job's batch: the smallest per-card batch
        (a multiple of 8, within one card's memory) at which they reach a useful share of
        linear, with that share; else the largest batch that fits and its share (False). A
        bigger batch leaves the exchange as it is and lengthens the step it hides behind."""
        if (
            now is None
            or now.strategy != "replicated"
            or now.efficiency >= rules.job.POOR_SCALING
            or self.workload == "llm"
        ):
            return None
        limit = c.gpu.memory_gb * USABLE_FRACTION
        last: tuple[int, float, bool] | None = None
        for batch in range(self.batch - self.batch % 8 + 8, PAYING_BATCH_MAX + 1, 8):
            estimate = job.job_memory(
                replace(self.request, batch=batch), self.workload, self.catalog.llms
            )[0]
            if estimate.total_gb > limit:
                break
            scaled = self.scaling(
                c.gpu,
                c.count,
                self.throughput_at(c.gpu, per_card, batch),
                c.action == "keep",
                batch=batch,
                bridged=True if c.action == "bridge" else now.link == "nvlink",
            )
            if scaled is None:
                return None
            last = (batch, scaled.efficiency, False)
            if scaled.efficiency >= rules.job.POOR_SCALING:
                return (batch, scaled.efficiency, True)
        return last

    # -- judgement --------------------------------------------------------------------------

    def judge(self, c: Candidate) -> Option:
        a = self.assess(c)
        found: list[Finding] = []
        for rule in rules.BEFORE_PRICE:
            found += rule(c, a, self.ctx)
        needs: list[Need] = []
        for need_rule in rules.NEEDS:
            more, wanted = need_rule(c, a, self.ctx)
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
        bought = self._bought_speed(c, a)
        value = round(bought / (total / 1000), 4) if (bought and total) else None
        found.sort(key=lambda f: SEVERITY_ORDER[f.severity])
        return Option(
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
            score=round(self._score(c, gain, bought, total), 6),
        )

    def _unit(self) -> str:
        return "tokens/s" if self.workload == "llm" else KERAS[self.workload].unit

    def _run_facts(self, c: Candidate, a: Assessment, total: float | None) -> list[Finding]:
        out = []
        hours: float | None
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
            cloud = cost.cloud_hour(self.prices.get(c.gpu.id, []), self.ctx.market)
            hours = cost.breakeven_hours(total, cloud, a.power.sustained_w, self.tariff)
            if hours:
                out.append(finding("breakeven", "info", hours=hours))
        if c.count > 1 and a.scaling is not None and a.scaling.link == "nvlink":
            out.append(finding("nvlink", "info", gbs=c.gpu.interconnect_gbs or 0))
        return out

    def _bought_speed(self, c: Candidate, a: Assessment) -> float | None:
        """The speed the money buys: all of it on an empty machine (or one whose cards cannot
        run the job), else only what it adds to the installed cards."""
        if c.action == "keep":
            return None
        if a.speedup is None or not self.keep_offered:
            return a.speedup if a.speedup is not None else a.relative
        added = a.speedup - 1.0
        return added if added > 0 else None

    def _score(
        self, c: Candidate, gain: float | None, bought: float | None, total: float | None
    ) -> float:
        """The objective alone: ``gain``, speed against what is installed, for the fastest;
        ``bought``, what the money adds, per 10,000 of it for value."""
        if c.action == "keep" or self.preset.objective == "speed":
            return gain or 0.0
        return bought / total * 1e4 if (bought and total) else 0.0


def _risks_by_card(catalog: CatalogData) -> dict[str, tuple[MarketRisk, ...]]:
    out: dict[str, list[MarketRisk]] = {}
    for risk in catalog.risks:
        out.setdefault(risk.gpu_id, []).append(risk)
    return {gpu_id: tuple(risks) for gpu_id, risks in out.items()}


def _rentals(planner: _Planner) -> tuple[Rental, ...]:
    ctx = planner.ctx
    if planner.workload == "llm":
        work = rent.LLM_INFERENCE_JOB_TOKENS if ctx.inference else rent.LLM_JOB_TOKENS
    else:
        work = KERAS[planner.workload].run_samples
    return rent.rentals(
        planner.catalog.gpus,
        planner.prices,
        planner.predictions,
        ctx.estimate,
        work,
        # Only what the route can divide: an LLM split by layers for inference, or sharded on
        # a route that shards; MirroredStrategy needs the whole job on every card.
        planner.workload == "llm" and (ctx.inference or methods.shards(planner.request.tf_route)),
        planner.scaling,
        planner.ctx.market,
        runs=planner.route_runs,
    )


def _job_label(planner: _Planner) -> str:
    if planner.workload == "llm":
        return "llm-inference" if planner.ctx.inference else "llm-finetune"
    return planner.workload


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
        installed = planner.judge(generated[0])
        planner.keep_relative = installed.predicted_relative
        planner.keep_offered = installed.offered
        judged.append(replace(installed, speedup=1.0 if installed.predicted_relative else None))
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
    floor = planner.preset.min_vram_gb if request.scenario is Scenario.STUDENT else None
    real = ranking.real_options(ranking.prune(judged), floor)
    ranked, keep = ranking.order(real, planner.preset.objective)
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
        engine=job.engine_of(request) if planner.llm_mode == "inference" else None,
        engine_default=request.engine is None,
        seq=job.seq_of(request, planner.llm_mode),  # the job as planned, defaults filled in
        batch=job.batch_of(request, planner.workload),
        no_purchase_needed=keep is not None,
        keep_findings=ranking.keep_findings(keep, faster) if keep is not None else (),
        rent=_rentals(planner),
        job_label=_job_label(planner),
        price_age=pricing.price_age(ranked),
        probe_effects=planner.probe_effects(),
        market=plan_market(ranked, planner.ctx.market, shop_only=request.shop_only),
        method_asked=planner.method_asked,
        method_asked_gb=planner.method_asked_gb,
    )
    if not request.alternatives:
        return plan
    from gpuplanner.planning.alternatives import route_alternative, ways_forward

    def replan(moved: PlanRequest) -> Plan | None:
        try:
            return recommend(replace(moved, alternatives=False), catalog, model, extra_prices)
        except PlanError:
            return None

    return replace(
        plan,
        alternatives=ways_forward(plan, judged, request, catalog, replan),
        route_alternative=route_alternative(plan, judged, request),
    )


# Blocks that more cards of the same kind cannot lift: skip judging 2, 4, 8 of them.
_PER_CARD_BLOCKS = frozenset(
    {
        "route-unsupported",
        "route-cc-below-floor",
        "route-needs-rocm",
        "no-price",
        "not-in-stock",
        "fit-module-needs-server",
        "fit-too-long",
        "over-budget",  # more of the same card costs more
    }
)
