"""The scan's and the probe's findings in words, for the command line, the computer page and
reports: their sentences are in the one sentence table (report/finding_sentences.py), their
Chinese in the translation source, like a plan's findings. Each id's text takes its params.
"""

from __future__ import annotations

from gpuplanner.core.languages import ENGLISH
from gpuplanner.hardware.records import Finding
from gpuplanner.report.finding_sentences import TEXT
from gpuplanner.report.plan_text import translate


def finding_text(finding: Finding, language: str = ENGLISH) -> str:
    template = TEXT.get(finding.id)
    if template is None:
        return finding.id
    text = translate(template, language)
    try:
        # A stored finding missing one of its numbers shows "?", never "{count}".
        return text.format_map(_Missing(finding.params))
    except (IndexError, ValueError):
        return text


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "?"
