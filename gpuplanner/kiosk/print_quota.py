"""How much one customer may print at a kiosk: a few copies, not a stack of paper.

A kiosk prints without a dialog, to the shop's printer or a PDF folder; forty taps were forty
printouts. Each customer (one wizard, rebuilt at every idle reset) gets ``per_customer``
prints, at least ``gap_s`` apart. A refusal says which limit it met, so the page can say it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

PRINTS_PER_CUSTOMER = 3
SECONDS_BETWEEN_PRINTS = 15.0


@dataclass(frozen=True)
class Refusal:
    reason: str  # "used-up" or "too-soon"
    wait_s: int = 0  # for "too-soon": whole seconds until the next print may go


@dataclass
class PrintQuota:
    per_customer: int = PRINTS_PER_CUSTOMER
    gap_s: float = SECONDS_BETWEEN_PRINTS
    clock: Callable[[], float] = time.monotonic
    used: int = 0
    _last: float = field(default=-math.inf, repr=False)

    def take(self) -> Refusal | None:
        """None when this print may go (and it is counted), else why not."""
        if self.used >= self.per_customer:
            return Refusal("used-up")
        now = self.clock()
        if now - self._last < self.gap_s:
            return Refusal("too-soon", math.ceil(self.gap_s - (now - self._last)))
        self.used += 1
        self._last = now
        return None
