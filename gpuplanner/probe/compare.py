"""Compare a probe result with an earlier one: which rates moved, and by how much."""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.probe.results import ProbeResult


@dataclass(frozen=True)
class Change:
    step: str
    metric: str
    unit: str
    before: float
    after: float

    @property
    def ratio(self) -> float:
        return self.after / self.before if self.before else float("inf")


def compare(before: ProbeResult, after: ProbeResult) -> list[Change]:
    changes = []
    for step in after.steps:
        for metric in step.metrics:
            earlier = before.metric(step.step, metric.name)
            if metric.value is not None and earlier is not None and earlier.value:
                changes.append(
                    Change(step.step, metric.name, metric.unit, earlier.value, metric.value)
                )
    return changes
