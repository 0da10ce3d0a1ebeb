"""Renting instead of buying: the cloud configurations that hold the job, priced per job.

The cheapest per job, not per hour: hours for one job (the preset's run, or a fine-tuning run
of LLM_JOB_TOKENS, or LLM_INFERENCE_JOB_TOKENS generated) x the price of all cards an hour.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from gpuplanner.catalog.records import GpuSpec
from gpuplanner.planning.job import memory
from gpuplanner.planning.options import Rental
from gpuplanner.planning.prices.cost import CloudHour
from gpuplanner.planning.prices.market import Market
from gpuplanner.planning.speed.scaling import Scaling
from gpuplanner.planning.speed.training import Prediction

LLM_JOB_TOKENS = 20e6  # one fine-tuning run: e.g. 10,000 examples of 2,048 tokens, one epoch
LLM_INFERENCE_JOB_TOKENS = 1e6  # a million generated tokens


def quickest(rental: Rental) -> tuple[float, float]:
    """The order of rentals by how soon the job is done, the cheaper first on a tie."""
    return (rental.hours or 0.0, rental.job_cost or 0.0)


def rentals(
    gpus: tuple[GpuSpec, ...],
    cloud_hours: Mapping[str, CloudHour | None],  # a card's newest hour (cost.cloud_hour)
    predictions: Mapping[str, Prediction],
    estimate: memory.MemoryEstimate,
    work: float,
    sharded: bool,
    scaling: Callable[[GpuSpec, int, float | None], Scaling | None],
    market: Market,
    runs: Callable[[GpuSpec], bool] = lambda _gpu: True,
) -> tuple[Rental, ...]:
    """Cloud instances that hold the job, cheapest per job first (not per hour): the five
    cheapest, and the fastest after them where it is not one of them.

    ``work``: samples or tokens of one job; ``sharded``: the job may split its state over cards
    (LLMs); a Keras job runs data parallel, every card holding the whole model. ``runs``: whether
    the user's TensorFlow route runs the card (a rented Blackwell needs NGC or Keras 3 too).
    """
    found = []
    for gpu in gpus:
        if not runs(gpu):
            continue
        hour = cloud_hours.get(gpu.id)
        count = memory.cards_needed(estimate, gpu.driver_memory_gb, max_cards=32)
        if hour is None or not hour.amount or not count or (count > 1 and not sharded):
            continue
        hourly = hour.amount
        prediction = predictions.get(gpu.id)
        spread = scaling(gpu, count, prediction.throughput if prediction else None)
        rate = (
            prediction.throughput * count * (spread.efficiency if spread else 1.0)
            if prediction and prediction.throughput
            else None
        )
        hours = round(work / rate / 3600, 1) if rate else None
        per_hour = round(hourly * count, 2)
        job_cost = round(per_hour * hours, 2) if hours else None
        found.append(
            Rental(
                gpu_id=gpu.id,
                gpu=gpu.name,
                count=count,
                per_hour=per_hour,
                hours=hours,
                job_cost=job_cost,
                currency=market.currency,
                throughput=round(rate, 1) if rate else None,
                hour=hour,
            )
        )
    found.sort(key=lambda r: (r.job_cost is None, r.job_cost or 0.0, r.per_hour))
    # The five cheapest, and the fastest where it is not one of them: "the fastest" was once
    # the fastest of the five cheapest (an RTX 3090 at 29.5 h, where an H100 at its hourly
    # price on record does the job in 12).
    cheapest = list(found[:5])
    fastest = min((r for r in found if r.hours), key=quickest, default=None)
    if fastest is not None and fastest not in cheapest:
        cheapest.append(fastest)
    return tuple(cheapest)
