"""The machine entries the window saves between starts (settings.ini), read back within the
ranges the window itself can hold: light, for the window's first paint."""

from __future__ import annotations

# What a saved machine entry (settings.ini) may hold: the window's own ranges. A saved
# psu_watts=-350 was once used and put an error banner over an empty results table (issue 51);
# a value outside is set aside like one that is not a number.
SAVED_ENTRY_RANGES: dict[str, tuple[int, int]] = {
    "psu_watts": (1, 3000),
    "psu_8pin": (0, 8),
    "gpu_clearance_mm": (1, 500),
    "free_slots": (0, 10),
}


def saved_entry(key: str, raw: object) -> int | None:
    """A saved whole-number machine entry, or None when it is not one the window could hold."""
    try:
        value = int(str(raw).strip())
    except ValueError:
        return None
    low, high = SAVED_ENTRY_RANGES[key]
    return value if low <= value <= high else None
