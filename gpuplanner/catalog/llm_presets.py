"""The LLM presets, read from the bundled catalog's ``llms.csv`` like every catalog fact: typed
and range-checked by its schema (catalog/schema.py ``LLMS``), each row's source in
sources.csv. ``db build`` checks the same file; the presets are read from it directly (a file
of some thirty rows), so a list of models needs no database opened."""

from __future__ import annotations

import functools
from pathlib import Path

from gpuplanner.catalog.csvdata import read_llm_presets
from gpuplanner.catalog.records import LlmModel
from gpuplanner.core import paths


def read(folder: Path) -> tuple[LlmModel, ...]:
    """The presets of the catalog CSV files in ``folder``, in the file's order."""
    return tuple(LlmModel(**row) for _line, row in read_llm_presets(folder))


@functools.cache
def bundled() -> tuple[LlmModel, ...]:
    """The presets the app ships (read once a process: the bundled files do not change)."""
    return read(paths.resource_path("catalog"))
