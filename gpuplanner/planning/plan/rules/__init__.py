"""Judgement as rules: each looks at one candidate and returns findings (and maybe needs).

``job``: memory, TensorFlow route, driver, scenario advice, bottlenecks; ``price``: the
market, the price's source, age and risks; ``power``: sustained, transient, cables, the socket, a server's chassis; ``fit``: machine type,
length, slots, cooling. The order below is the order findings are listed in.
"""

from gpuplanner.planning.plan.rules import fit, job, power, price

BEFORE_PRICE = (
    job.memory_fit,
    job.tf_route,
    job.method_on_route,
    job.vendor_measured,
    price.price_facts,
    job.scenario_advice,
    fit.machine_kind,
    power.chassis,
    fit.module,
    fit.length,
    fit.slots,
    fit.cooling,
    fit.lanes,
    fit.bridge_pays,
    fit.nvlink_assumed,
    job.bottlenecks,
    job.multi_card,
)
NEEDS = (job.driver, power.supply, fit.nvlink_bridge)

__all__ = ["BEFORE_PRICE", "NEEDS", "fit", "job", "power", "price"]
