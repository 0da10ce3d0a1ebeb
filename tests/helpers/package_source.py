"""The package's source read and parsed once a session (``package_source`` in conftest.py),
for the tests that look at the code itself: eight of them read all 180 files each."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class PackageSource:
    root: Path  # the package folder, gpuplanner/
    texts: dict[Path, str] = field(default_factory=dict)  # every module, sorted by path
    _trees: dict[Path, ast.Module] = field(default_factory=dict, repr=False)

    @classmethod
    def read(cls, root: Path) -> PackageSource:
        paths = sorted(root.rglob("*.py"))
        return cls(root, {p: p.read_text(encoding="utf-8") for p in paths})

    def files(self, under: str = "") -> list[Path]:
        """The modules below ``root / under`` (all of them when ``under`` is empty)."""
        folder = self.root / under
        return [p for p in self.texts if p.is_relative_to(folder)]

    def tree(self, path: Path) -> ast.Module:
        """The module's syntax tree, parsed the first time it is asked for. Shared by the
        tests: read it, never change it."""
        if path not in self._trees:
            self._trees[path] = ast.parse(self.texts[path], filename=str(path))
        return self._trees[path]
