"""Renting: the instances listed are the five cheapest per job and, where it is not one of
them, the fastest; the plan's "fastest" is then the fastest of every instance with an hourly
price on record (it was the fastest of the five cheapest: an RTX 3090 at 29.5 h for a T4's
student job, where an H200 does it in 11)."""

from __future__ import annotations

from catalog_helpers import CSV_DIR

from gpuplanner.catalog.csvdata import load_catalog
from gpuplanner.catalog.records import GpuSpec
from gpuplanner.planning.job.memory import MemoryEstimate
from gpuplanner.planning.plan.rent import rentals
from gpuplanner.planning.prices.cost import CloudHour
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.speed.training import Prediction


def _cards(count: int) -> tuple[GpuSpec, ...]:
    rows = [r for r in load_catalog(CSV_DIR)["gpus"] if r["memory_gb"] >= 24][:count]
    return tuple(GpuSpec(**{**r, "aliases": tuple(r["aliases"])}) for r in rows)


def _hour(amount: float) -> CloudHour:
    return CloudHour(
        amount=amount,
        date="2026-10-01",
        listed=amount,
        listed_currency="USD",
        region="US",
        converted=False,
    )


def test_the_fastest_instance_is_listed_however_dear_its_hour():
    cards = _cards(7)
    slow, fast = cards[:6], cards[6]
    hours = {g.id: _hour(0.2 + 0.01 * i) for i, g in enumerate(slow)} | {fast.id: _hour(4.0)}
    speeds = {g.id: 100.0 for g in slow} | {fast.id: 400.0}
    predictions = {
        gid: Prediction(
            gpu_id=gid, gpu=gid, throughput=rate, unit="images/s", relative=rate / 100, error_pct=10
        )
        for gid, rate in speeds.items()
    }
    estimate = MemoryEstimate(parts=(), total_gb=8.0, shardable_gb=2.0, unshardable_gb=6.0)
    found = rentals(
        cards,
        hours,
        predictions,
        estimate,
        work=1e6,
        sharded=False,
        scaling=lambda _gpu, _count, _rate: None,
        market=Market(region="US", currency="USD"),
    )
    assert [r.gpu_id for r in found[:5]] == [g.id for g in slow[:5]]  # the cheapest per job
    assert found[-1].gpu_id == fast.id and len(found) == 6
    assert found[-1].hours == min(r.hours for r in found if r.hours)
