"""When a kiosk starts over: after ``idle_s`` without input, a countdown, then a reset. Free of Qt."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class IdleState:
    phase: str  # "active", "countdown" or "reset"
    seconds_left: int = 0  # whole seconds shown on the countdown


class IdleClock:
    """The countdown starts ``countdown_s`` before ``idle_s`` runs out; any input starts over."""

    def __init__(self, idle_s: float, countdown_s: float, now: float) -> None:
        if not 0 < countdown_s < idle_s:
            raise ValueError("the countdown must be shorter than the idle time")
        self.idle_s, self.countdown_s = idle_s, countdown_s
        self.last_input = now

    def poke(self, now: float) -> None:
        self.last_input = now

    def state(self, now: float) -> IdleState:
        left = self.idle_s - (now - self.last_input)
        if left <= 0:
            return IdleState("reset")
        if left <= self.countdown_s:
            return IdleState("countdown", math.ceil(left))
        return IdleState("active")
