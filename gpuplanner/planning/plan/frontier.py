"""The price/performance Pareto front: options no other option beats on both price and speed.

Decided once with the plan (``marked``, called by recommend.plan_of) and carried on each option
(``Option.on_front``, ``Option.memory_trap``): the chart and the report draw it, never work it out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from gpuplanner.planning.options import Option

# Offered, but a 6-8 GB card the plan calls a trap for today's models: a point on a chart,
# never a step of the front. (Under a scenario's usual floor is softer advice and stays.)
MEMORY_TRAPS = frozenset({"vram-small-trap"})


def memory_trap(option: Option) -> bool:
    return any(f.id in MEMORY_TRAPS for f in option.findings)


def pareto_front(options: Iterable[Option]) -> list[Option]:
    """Offered options with a price and a speed and no memory trap, cheapest first, each faster
    than all cheaper ones."""
    priced = [
        (o.price, o.predicted_relative, o)
        for o in options
        if o.offered and o.price and o.predicted_relative and not memory_trap(o)
    ]
    front: list[Option] = []
    best = 0.0
    for _price, speed, option in sorted(priced, key=lambda t: (t[0], -t[1])):
        if speed > best:
            best = speed
            front.append(option)
    return front


def marked(options: Sequence[Option]) -> tuple[Option, ...]:
    """The options, each saying whether it is on the front and whether it is a memory trap."""
    front = {id(o) for o in pareto_front(options)}
    marks = [(o, id(o) in front, memory_trap(o)) for o in options]
    # Copied only where a mark changes: most options are neither (a plan holds ~200).
    return tuple(
        o
        if (o.on_front, o.memory_trap) == (on_front, trap)
        else replace(o, on_front=on_front, memory_trap=trap)
        for o, on_front, trap in marks
    )
