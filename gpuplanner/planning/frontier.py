"""The price/performance Pareto front: options no other option beats on both price and speed."""

from __future__ import annotations

from collections.abc import Iterable

from gpuplanner.planning.recommend import Option


def pareto_front(options: Iterable[Option]) -> list[Option]:
    """Offered options with a price and a speed, cheapest first, each faster than all cheaper ones."""
    candidates = sorted(
        (o for o in options if o.offered and o.price and o.predicted_relative),
        key=lambda o: (o.price, -o.predicted_relative),
    )
    front: list[Option] = []
    for option in candidates:
        if not front or option.predicted_relative > front[-1].predicted_relative:
            front.append(option)
    return front
