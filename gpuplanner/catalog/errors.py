"""Specific failures of the catalog layer; the command line and UI turn them into messages."""

from __future__ import annotations

from gpuplanner.core.errors import UserError


class CatalogError(UserError):
    """Base of every catalog failure."""


class CatalogDataError(CatalogError):
    """A catalog CSV that does not hold up: names the file, line, column and what was expected."""

    def __init__(self, file: str, line: int, column: str | None, reason: str) -> None:
        self.file, self.line, self.column, self.reason = file, line, column, reason
        where = f"{file}:{line}" + (f", column {column}" if column else "")
        super().__init__(f"{where}: {reason}")


class CatalogUnavailable(CatalogError):
    """The bundled database is missing or corrupt and cannot be rebuilt."""


class UnknownGpu(CatalogError):
    def __init__(self, query: str, suggestions: list[str]) -> None:
        self.query, self.suggestions = query, suggestions
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no GPU in the catalog matches {query!r}.{hint}")


class AmbiguousGpu(CatalogError):
    def __init__(self, query: str, candidates: list[str]) -> None:
        self.query, self.candidates = query, candidates
        super().__init__(f"{query!r} matches several GPUs: {', '.join(candidates)}")
