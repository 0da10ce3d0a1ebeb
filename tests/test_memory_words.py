"""The memory breakdown says what it counts in words, never an id (issue 41's leftover:
"parameters × 8 B (adam)")."""

from __future__ import annotations

import pytest

from gpuplanner.planning.job.memory import OPTIMIZER_BYTES, Part
from gpuplanner.report.memory_text import part_formula


@pytest.mark.parametrize("optimizer", sorted(OPTIMIZER_BYTES))
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_an_optimizer_is_named_not_given_by_its_id(optimizer, language):
    part = Part(
        "optimizer",
        1.0,
        "optimizer-state",
        (("bytes", OPTIMIZER_BYTES[optimizer]), ("optimizer", optimizer)),
    )
    text = part_formula(part, language)
    assert f"({optimizer})" not in text, text
    assert "{" not in text, text


def test_the_adam_state_reads_as_its_name():
    part = Part("optimizer", 1.0, "optimizer-state", (("bytes", 8), ("optimizer", "adam")))
    assert part_formula(part, "en") == "parameters × 8 B (Adam)"
    assert "Adam" in part_formula(part, "zh_CN")
