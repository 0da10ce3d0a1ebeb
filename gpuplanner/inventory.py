"""A scan or imported snapshot, completed with what the catalog knows.

The hardware package may not know the catalog (DESIGN §2); this module joins them: each
GPU gets its catalog card, the CPU its power class, and the snapshot the TensorFlow
diagnosis from the build tables.
"""

from __future__ import annotations

from dataclasses import replace

from gpuplanner.catalog.names import NamedCard, match_device, normalise
from gpuplanner.catalog.records import CatalogData, CpuPower
from gpuplanner.hardware.records import CpuInfo, SystemSnapshot
from gpuplanner.planning.compat import diagnose


def match_cpu(model: str | None, cpus: tuple[CpuPower, ...]) -> CpuPower | None:
    """'12th Gen Intel(R) Core(TM) i9-12900K' -> Core i9-12900K; the most specific name wins."""
    if not model:
        return None
    words = set(normalise(model).split())
    best, best_size = None, 0
    for cpu in cpus:
        for form in (cpu.name, *cpu.aliases):
            needed = set(normalise(form).split())
            if needed and needed <= words and len(needed) > best_size:
                best, best_size = cpu, len(needed)
    return best


def enrich(snapshot: SystemSnapshot, catalog: CatalogData) -> SystemSnapshot:
    cards = [NamedCard(g.id, g.name, g.aliases, g.memory_gb) for g in catalog.gpus]
    by_id = {g.id: g for g in catalog.gpus}
    gpus = []
    status: dict[int, tuple[str, str | None]] = {}
    for gpu in snapshot.gpus:
        card = match_device(gpu.name, gpu.memory_total_mib, cards)
        if card is not None:
            spec = by_id[card.id]
            gpu = replace(gpu, catalog_id=card.id)
            status[gpu.index] = (spec.tf_status, spec.compute_capability)
        gpus.append(gpu)
    cpu = snapshot.cpu
    power_class = match_cpu(cpu.model, catalog.cpus)
    if power_class is not None:
        cpu = CpuInfo(
            **{
                **cpu.__dict__,
                "power_class": power_class.id,
                "base_power_w": float(power_class.base_power_w),
                "max_power_w": float(power_class.max_power_w),
            }
        )
    enriched = replace(snapshot, gpus=tuple(gpus), cpu=cpu)
    compat = diagnose(enriched, catalog.tf_builds, status)
    known = {(f.id, f.gpu_index) for f in snapshot.findings}
    extra = tuple(f for f in compat if (f.id, f.gpu_index) not in known)
    return replace(enriched, findings=snapshot.findings + extra)


def machine_facts(snapshot: SystemSnapshot | None, probe=None, catalog: CatalogData | None = None):
    """What planning needs to know of this computer, from a scan and a probe result."""
    from gpuplanner.planning.recommend import MachineFacts
    from gpuplanner.planning.speed import calibration, features

    if snapshot is None and probe is None:
        return MachineFacts()
    current = slot_gen = slot_width = None
    existing_w = 0.0
    if snapshot is not None:
        nvidia = [g for g in snapshot.gpus if g.catalog_id]
        if nvidia:
            current = nvidia[0].catalog_id
            link = nvidia[0].pcie
            if link is not None:
                slot_gen = link.slot_max_gen or link.max_gen
                slot_width = link.slot_max_width or link.max_width
    cpu = snapshot.cpu if snapshot is not None else None
    pipeline = factor = max_temp = None
    throttled = False
    if probe is not None:
        metric = probe.metric("input", "jpeg_decode_augment")
        pipeline = metric.value if metric else None
        by_id = {g.id: g for g in catalog.gpus} if catalog else {}
        card = by_id.get(current or "")
        env = probe.environment()
        if card is not None and env.get("gpus"):
            for name, precision in (("fp16", "mixed"), ("tf32", "fp32"), ("fp32", "fp32")):
                measured = probe.metric("matmul", name)
                if measured and measured.value:
                    factor = calibration(measured.value, features(card, precision)[0])
                    break
        for load in probe.load:
            max_temp = max(filter(None, [max_temp, load.max_temperature_c]), default=None)
            throttled = throttled or any("thermal" in r for r in load.throttle_reasons)
    return MachineFacts(
        current_gpu_id=current,
        slot_gen=slot_gen,
        slot_width=slot_width,
        cpu_peak_w=cpu.max_power_w if cpu else None,
        cpu_base_w=cpu.base_power_w if cpu else None,
        ram_gb=round(snapshot.memory.total_mib / 1024, 1)
        if snapshot and snapshot.memory.total_mib
        else None,
        existing_gpu_w=0.0 if existing_w == 0 else existing_w,
        pipeline_images_s=pipeline,
        machine_factor=factor,
        max_temp_c=max_temp,
        throttled=throttled,
    )
