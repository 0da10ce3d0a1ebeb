"""Rules about the job on a candidate: memory, the TensorFlow route and driver, the
scenario's advice, bottlenecks and what several cards do (its price: rules/price.py)."""

from __future__ import annotations

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.findings import Finding, Need, finding
from gpuplanner.planning.job import engine_hardware, engines, methods, routes
from gpuplanner.planning.job.memory import USABLE_FRACTION
from gpuplanner.planning.job.workloads import KERAS
from gpuplanner.planning.options import Candidate
from gpuplanner.planning.plan.judge_inputs import Assessment, Context
from gpuplanner.planning.plan.rules import power

IMAGE_WORKLOADS = tuple(w.id for w in KERAS.values() if w.image_size)  # fed images by the host
POOR_SCALING = 0.6  # of linear: the extra cards buy little for this job


def usable_gb(gpu: GpuSpec) -> float:
    """What a job gets of one card: what its driver gives (a data-centre GDDR board's ECC keeps
    1/16: ``GpuSpec.driver_memory_gb``), less the driver's own and fragmentation."""
    return gpu.driver_memory_gb * USABLE_FRACTION


def memory_fit(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    if c.gpu.memory_gb <= 0:
        # An installed card the catalog does not know, from a capture that has no memory
        # (lspci): "this card has 0 GB" was said of a GT 710.
        return [finding("vram-not-read", "blocks", needed_gb=round(a.needed_gb, 1))]
    if a.needed_gb > usable_gb(c.gpu):
        return [
            finding(
                "vram-short",
                "blocks",
                needed_gb=round(a.needed_gb, 1),
                card_gb=c.gpu.memory_gb,
                # 19.3 GB "short" on a 19.5 GB slice reads as a mistake without the usable part.
                usable_gb=round(usable_gb(c.gpu), 1),
                count=c.count,
            )
        ]
    if c.count > 1:
        # Each card holds its own share (the whole job when replicated): a sum of the cards'
        # memory would read as one pool, which no TensorFlow strategy gives.
        return [
            finding(
                "holds-job-each",
                "info",
                count=c.count,
                card_gb=c.gpu.memory_gb,
                needed_gb=round(a.needed_gb, 1),
            )
        ]
    held = {"card_gb": c.gpu.memory_gb, "needed_gb": round(ctx.estimate.total_gb, 1)}
    if c.gpu.gddr_ecc_on:
        # The scan reads what the driver gives (a T4's 15 GB): the board's 16 alone read as
        # another card's figure.
        driver_gb = round(c.gpu.driver_memory_gb, 1)
        return [finding("holds-job-ecc", "info", **held, driver_gb=driver_gb)]
    return [finding("holds-job", "info", **held)]


def outside_tensorflow(ctx: Context) -> bool:
    """An LLM served by an engine of its own (llama.cpp, vLLM, ...): TensorFlow's route, its
    driver floor and its multi-card APIs do not apply; the engine's own requirements do."""
    return ctx.inference and ctx.job.engine != engines.KERAS


def tf_route(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    if outside_tensorflow(ctx):
        return _engine_runs(c, ctx)
    request = ctx.request
    if request.tf_route == "official" and request.machine.cpu_avx is False:
        # TensorFlow's own wheels use AVX since 1.6 (tensorflow.org/install/pip, "Hardware
        # requirements"): on a CPU without it they stop at import, whatever card is in the
        # machine (the recorded G41 board with a Core 2 was sold an RTX 3060 for it). What
        # the wheels ask of the card still holds in the new PC the plan points to: a
        # Blackwell or Radeon card was listed first there, which the wheels cannot run.
        return [finding("cpu-no-avx", "blocks"), *_route_runs(c, ctx)]
    return _route_runs(c, ctx)


def _route_runs(c: Candidate, ctx: Context) -> list[Finding]:
    request = ctx.request
    route = request.tf_route
    support = routes.support(c.gpu, route, ctx.routes)
    if not support.runs:
        others = [r for r in routes.routes_that_run(c.gpu, ctx.routes) if r != route]
        out = [finding("route-unsupported", "blocks", route=route, other=",".join(others))]
        floor = routes.cc_floor(c.gpu, route, ctx.routes)
        if floor is not None:
            out.append(
                finding(
                    "route-cc-below-floor",
                    "blocks",
                    gpu=c.gpu.name,
                    cc=c.gpu.compute_capability or "",
                    route=route,
                    floor=f"{floor:.1f}",
                )
            )
        return out
    out = []
    if support.needs_rocm:
        if route == "official" and not request.accept_rocm:
            return [finding("route-needs-rocm", "blocks", route=route)]
        out.append(finding("route-rocm-linux", "warns"))
    if route == "ngc" and c.gpu.vendor == "NVIDIA":
        # A route that has ended: no newer container will come.
        out.append(
            finding(
                "route-ngc-ended",
                "info",
                last=routes.NGC_LAST_RELEASE,
                driver=routes.NGC_LAST_DRIVER,
                # A data-centre card's floor is lower (routes._driver_floor): said beside it.
                forward_compat=routes.ngc_forward_compat(c.gpu),
            )
        )
    if route == "official" and c.gpu.vendor == "NVIDIA":
        if request.machine.os_system == "Windows":
            out.append(finding("route-windows-native", "warns"))
        elif request.machine.windows_or_wsl:
            # The one question the report cannot answer: native Windows or WSL2?
            out.append(finding("route-windows-or-wsl", "warns"))
    return out


def _engine_runs(c: Candidate, ctx: Context) -> list[Finding]:
    machine = ctx.request.machine
    windows = machine.os_system == "Windows" or machine.windows_or_wsl
    found = engine_hardware.support(ctx.job.engine, c.gpu, linux=not windows)
    if found.refusal == "cc-below":
        return [
            finding(
                "engine-cc-below",
                "blocks",
                engine=found.engine,
                cc=c.gpu.compute_capability or "",
                floor=f"{found.floor or 0:.1f}",
            )
        ]
    if found.refusal == "amd-chip":
        return [finding("engine-amd-chip", "blocks", engine=found.engine, chip=c.gpu.chip or "")]
    if not found.runs:
        return [finding("engine-vendor", "blocks", engine=found.engine, vendor=c.gpu.vendor)]
    out = [finding("engine-backend", "info", engine=found.engine, backend=found.backend)]
    if found.linux_only and windows:
        out.append(finding("engine-linux-only", "warns", engine=found.engine))
    if found.fp16_slow:
        out.append(finding("engine-fp16-slow", "warns", engine=found.engine))
    return out


def method_on_route(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    """A fine-tuning method Keras does not have (QLoRA's NF4 base is bitsandbytes, PyTorch):
    the plan says so, with the Keras method nearest to it, instead of planning it silently."""
    mode = ctx.method_asked  # asked, or the default for the user's own model
    if ctx.workload != "llm" or mode is None:
        return []
    return [
        finding(
            "method-pytorch-only",
            "warns",
            method=mode,
            instead=methods.runnable(mode),
            pytorch_gb=round(ctx.asked_method_gb or 0.0, 1),
        )
    ]


def vendor_measured(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    if c.gpu.vendor != "NVIDIA":
        if outside_tensorflow(ctx):  # the engine's tables hold NVIDIA cards only
            return [
                finding(
                    "engine-speed-not-measured", "warns", vendor=c.gpu.vendor, engine=ctx.job.engine
                )
            ]
        return [finding("speed-not-measured", "warns", vendor=c.gpu.vendor)]
    return []


def driver(c: Candidate, a: Assessment, ctx: Context) -> tuple[list[Finding], list[Need]]:
    """The installed NVIDIA driver against the route's floor for this card: an update is free."""
    have = ctx.request.machine.driver_version
    if c.gpu.vendor != "NVIDIA" or not have or outside_tensorflow(ctx):
        return [], []
    machine = ctx.request.machine
    windows = machine.os_system == "Windows" or machine.windows_or_wsl
    need = routes.support(c.gpu, ctx.request.tf_route, ctx.routes).driver_floor(windows)
    if not routes.driver_below(have, need):
        return [], []
    last = routes.last_driver_branch(c.gpu)
    said = {"have": have, "need": need or "", "route": ctx.request.tf_route}
    return (
        [
            finding(
                "driver-update-last",
                "needs",
                **said,
                branch=last,
                windows=routes.windows_numbers(last),
            )
            if last is not None
            else finding("driver-update", "needs", **said)
        ],
        [Need(what="driver", price=0.0, version=need, last_branch=last)],
    )


def scenario_advice(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    preset = ctx.preset
    out = []
    # Buying advice: the cards kept are judged on the job itself (holds-job, vram-short), and
    # "no purchase needed" never stands beside "this size runs out of memory".
    if c.gpu.memory_gb < preset.min_vram_gb and c.action != "keep":
        small = preset.scenario is Scenario.STUDENT and c.gpu.memory_gb <= 8
        fits = a.needed_gb <= usable_gb(c.gpu)
        # Where the job does not fit, vram-short says so; where it does, the floor is about
        # what comes next ("small batches or tricks" was told of a 7 GB job on a 12 GB card).
        if small or fits:
            out.append(
                finding(
                    "vram-small-trap" if small else "vram-below-floor",
                    "warns",
                    card_gb=c.gpu.memory_gb,
                    floor_gb=preset.min_vram_gb,
                    needed_gb=round(a.needed_gb, 1),
                )
            )
    if preset.ecc_matters and not c.gpu.ecc:
        out.append(finding("no-ecc-24x7", "info"))
    if ctx.workload == "llm" and c.count > 2 and c.bought:
        out.append(finding("rent-instead", "info", count=c.count))
    return out


def bottlenecks(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    machine = ctx.request.machine
    gpu = c.gpu
    out = []
    if c.action == "keep" and machine.mig_slice_gb:
        out.append(
            finding(
                "mig-slice",
                "warns",
                slice_gb=machine.mig_slice_gb,
                speed_pct=round((machine.mig_slice_share or 1.0) * 100),
            )
        )
    if c.action == "keep" and machine.mig_slices_unread:
        out.append(finding("mig-slices-unread", "warns"))
    if c.action == "keep" and machine.memory_unlike_card_gb and machine.installed_memory_gb:
        out.append(
            finding(
                "memory-unlike-card-keep",
                "warns",
                gpu=gpu.name,
                read_gb=machine.installed_memory_gb,
                card_gb=machine.memory_unlike_card_gb,
            )
        )
    out += power.power_limit(c, ctx)
    if (
        c.bought
        and machine.slot_gen
        and machine.slot_gen < gpu.pcie_gen
        and gpu.form_factor == "pcie"
    ):
        out.append(
            finding(
                "pcie-slot-slower",
                "info",
                slot_gen=machine.slot_gen,
                card_gen=gpu.pcie_gen,
                percent=round(100 * 0.5 ** (gpu.pcie_gen - machine.slot_gen)),
            )
        )
    fed = a.uncapped_throughput or a.throughput
    if (
        ctx.workload in IMAGE_WORKLOADS
        and machine.pipeline_images_s
        and fed
        and fed > machine.pipeline_images_s
    ):
        out.append(
            finding(
                "cpu-input-bound",
                "warns",
                pipeline=round(machine.pipeline_images_s),
                predicted=round(fed),
            )
        )
    vram = gpu.memory_gb * c.count
    if machine.ram_gb and round(machine.ram_gb) < round(vram):
        out.append(
            finding("ram-below-vram", "warns", ram_gb=round(machine.ram_gb), vram_gb=round(vram))
        )
    return out


def multi_card(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    if c.count < 2 or a.scaling is None:
        return []
    s = a.scaling
    route = ctx.request.tf_route
    if outside_tensorflow(ctx):
        strategy = finding(
            "multi-card-engine",
            "info",
            engine=ctx.job.engine,
            api=engine_hardware.strategy_api(ctx.job.engine, c.count),
            count=c.count,
            per_card_gb=round(a.needed_gb, 1),
        )
    else:
        strategy = finding(
            "multi-card-strategy",
            "info",
            strategy=s.strategy,
            api=methods.strategy_api(route, s.strategy),
            count=c.count,
            per_card_gb=round(a.needed_gb, 1),
            efficiency_pct=round(s.efficiency * 100),
        )
    if s.link == "layer-split":
        return [strategy, finding("layer-split", "info", count=c.count)]
    out = [
        strategy,
        finding(
            "scaling",
            "info",
            count=c.count,
            efficiency_pct=round(s.efficiency * 100),
            link=s.link,
            gbs=s.link_gbs,
        ),
    ]
    if s.link == "pcie-host":
        out.append(finding("p2p-off", "info"))
    if s.efficiency < POOR_SCALING:
        # Cards already there are not bought again: fewer of them a job is the answer (eight
        # RTX 4090s at 12% were told "one faster card is the better buy" with none offered).
        poor = "scaling-poor-keep" if c.action == "keep" else "scaling-poor"
        out.append(finding(poor, "warns", count=c.count, efficiency_pct=round(s.efficiency * 100)))
    if a.paying_batch is not None:
        batch, share, pays = a.paying_batch
        out.append(
            finding(
                "scaling-pays-at" if pays else "scaling-pays-never",
                "info",
                count=c.count,
                batch=batch,
                efficiency_pct=round(share * 100),
                speed=round(c.count * share, 2),
            )
        )
        # MirroredStrategy packs every gradient into one all-reduce after the backward pass
        # (it ignores CommunicationOptions); these two overlap it with the backward pass.
        out.append(finding("scaling-overlap-routes", "info"))
    machine = ctx.request.machine
    if not machine.workstation and c.gpu.form_factor == "pcie" and min(s.lanes) < 16:
        # What the scan saw for the cards installed (a riser, a chipset slot), else the
        # desktop board's usual split of the CPU's lanes; cards at x16 each share nothing.
        lanes = "/".join(f"x{n}" for n in s.lanes)
        seen = bool(machine.installed_links) and c.action != "replace"
        if seen and min(s.lanes) <= 4:
            out.append(finding("lanes-narrow", "warns", lanes=lanes))
        else:
            out.append(
                finding("lanes-shared", "warns" if min(s.lanes) < 8 else "info", lanes=lanes)
            )
    return out
