"""The errors a front end tells apart. Every one is a ``UserError`` (core/errors.py), which is
all most front ends catch; these are for the few that say more than the message: the
cards an ambiguous name could mean, or which file of a lab's folder could not be read."""

from __future__ import annotations

from gpuplanner.catalog.errors import AmbiguousGpu
from gpuplanner.hardware.snapshot import SnapshotError

__all__ = ["AmbiguousGpu", "SnapshotError"]
