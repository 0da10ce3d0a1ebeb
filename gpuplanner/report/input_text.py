"""A user's error in the user's language: a value no machine has (core/errors.py InputError)
by its id, any other user's error by its own message.

Each InputError id has one sentence in the "Input" context of the translation source, with
its numbers written into the sentence's {value}, as a finding's are.
"""

from __future__ import annotations

from gpuplanner.core.errors import InputError, UserError
from gpuplanner.i18n import translatable
from gpuplanner.report import plan_text

CONTEXT = "Input"
SENTENCES = {
    "case-slots-negative": translatable(
        "Input", "Free slots cannot be negative ({value}): give how many are free, 0 or more."
    ),
    "case-clearance-negative": translatable(
        "Input", "The space for the card cannot be negative ({value} mm): give it in millimetres."
    ),
    "psu-watts-negative": translatable(
        "Input", "A power supply cannot have negative watts ({value} W): give its rating."
    ),
    "psu-8pin-negative": translatable(
        "Input",
        "The supply cannot have a negative number of 8-pin PCIe cables ({value}): give 0 or more.",
    ),
    "psu-12v2x6-negative": translatable(
        "Input",
        "The supply cannot have a negative number of 12V-2x6 cables ({value}): give 0 or more.",
    ),
}


def input_error_text(exc: InputError, language: str) -> str:
    """The sentence for ``exc`` in ``language``; an id without one keeps its English message."""
    template = SENTENCES.get(exc.id)
    if template is None:
        return str(exc)
    text = plan_text.translate(template, language, CONTEXT)
    for name, value in exc.params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def error_text(exc: UserError, language: str) -> str:
    """What the command line and the window say for ``exc``."""
    return input_error_text(exc, language) if isinstance(exc, InputError) else str(exc)
