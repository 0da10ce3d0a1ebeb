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
