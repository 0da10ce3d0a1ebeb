"""The translation source read at run time: the ``.ts`` file of a language as a lookup table.

The words every front end and report shows in Chinese live in one place, the Qt Linguist file
under ``resources/i18n/``; reading it is I/O, so it is an app/ service and ``report/`` asks
here instead of reaching into the ``.ts`` tools of ``i18n/``. Read once per language."""

from __future__ import annotations

from functools import cache

from gpuplanner.core import paths
from gpuplanner.i18n.tsfile import read_ts


@cache
def lookup(language: str) -> dict[tuple[str, str], str]:
    """(context, English source) -> translation for ``language``; empty when the file is
    missing or unreadable (the English text then stands)."""
    try:
        return read_ts(paths.resource_path("i18n", f"gpuplanner_{language}.ts")).lookup()
    except (OSError, ValueError):
        return {}
