"""Which kinds of machine each finding and each need applies to (DESIGN.md §14, issue 49).

The rules judge a candidate as if it went into a tower with an ATX supply; this table says,
for each finding and need that holds only for some machines, which kinds those are, and
``judge`` drops the rest. A server's chassis powers its cards through its own supplies and the
maker's GPU power kit (no ATX unit to price, no 8-pin count: ``server-power-kit`` says what to
check); a laptop's GPU is soldered and its power set by the maker (no supply, cable, case or
power-limit advice); a cloud instance is rented (no supply, no case). A finding not listed
here applies to every kind.
"""

from __future__ import annotations

from gpuplanner.planning.findings import Finding, Need
from gpuplanner.planning.machine.kind import KINDS, Kind

# A tower (or a kind the facts could not name: planned as the usual tower); a VM on a host the
# user owns is planned for that host.
TOWER: frozenset[Kind] = frozenset(
    {"desktop", "small-pc", "workstation", "virtual-machine", "unknown"}
)
SERVER: frozenset[Kind] = frozenset({"server"})
LAPTOP: frozenset[Kind] = frozenset({"laptop"})
RENTED: frozenset[Kind] = frozenset({"cloud-vm", "vgpu-guest"})
EVERY: frozenset[Kind] = frozenset(KINDS)

# An ATX supply, its cables and the tower's case: a tower's alone.
_TOWER_ONLY = (
    "psu-unknown-check",
    "psu-unknown-keep",
    "psu-unknown-check-12v",
    "psu-unknown-check-eps",
    "psu-unknown-check-slot",
    "psu-ask-cables",
    "needs-psu",
    "psu-sustained",
    "psu-transient",
    "psu-cables",
    "psu-none-large-enough",
    "power-below-vendor",
    "cables-check",
    "adapter-check",
    "power-socket",
    "psu-reading-high",
    "check-case",
    "check-low-profile",
    "machine-one-card",
    # Power limits a user sets with nvidia-smi: not on a laptop (the maker's firmware sets
    # them), not on a server (its chassis's supplies and cooling were sized for them).
    "power-capped",
    "power-below-max",
)
FINDING_KINDS: dict[str, frozenset[Kind]] = {
    **dict.fromkeys(_TOWER_ONLY, TOWER),
    "server-power-kit": SERVER,
    "server-power-kit-less": SERVER,
    "server-power-kit-same": SERVER,
    "server-power-capped": SERVER,
    "machine-laptop": LAPTOP,
    "machine-cloud-vm": RENTED,
    # A rented instance's heat and electricity are the cloud's, paid in its hourly rate.
    "heat-output": EVERY - RENTED - SERVER,
    # A server's own draw (CPUs, fans, switches) is its maker's to say: its cards' heat alone.
    "heat-output-server": SERVER,
    "run-cost": EVERY - RENTED - SERVER,
    "run-cost-slice": EVERY - RENTED - SERVER,
    # A server's electricity as its heat: the cards' draw, the rest its maker's rating.
    "run-cost-server": SERVER,
    "run-cost-server-slice": SERVER,
    "run-hours": RENTED,
    "report-describes-fewer": EVERY,
}
NEED_KINDS: dict[str, frozenset[Kind]] = {
    "psu": TOWER,
    "nvlink-bridge": TOWER | SERVER,
    "driver": EVERY,
}


def _kind(kind: str) -> Kind:
    return kind if kind in EVERY else "unknown"


def finding_applies(finding: Finding, kind: str) -> bool:
    """Whether ``finding`` holds on a machine of ``kind``."""
    return _kind(kind) in FINDING_KINDS.get(finding.id, EVERY)


def need_applies(need: Need, kind: str) -> bool:
    """Whether ``need`` can be bought for a machine of ``kind``."""
    return _kind(kind) in NEED_KINDS[need.what]
