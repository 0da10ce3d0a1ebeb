"""The version is written once, in gpuplanner/__init__.py: the installers read it from there."""

from __future__ import annotations

import re

from conftest import REPO_ROOT

import gpuplanner


def test_no_installer_or_workflow_writes_the_version_again():
    version = re.escape(gpuplanner.__version__)
    places = [*(REPO_ROOT / ".github").rglob("*.yml"), *(REPO_ROOT / "installer").rglob("*")]
    written = [
        str(p.relative_to(REPO_ROOT))
        for p in places
        if p.is_file() and re.search(rf"(?<![\d.]){version}(?![\d.])", p.read_text("utf-8"))
    ]
    assert not written, written
