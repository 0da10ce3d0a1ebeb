"""A user's error in the user's language: a value no machine has (core/errors.py InputError)
by its id, any other user's error by its own message.

Each InputError id has one sentence in the "Input" context of the translation source, with
its numbers written into the sentence's {value}, as a finding's are.
"""

from __future__ import annotations

from gpuplanner.core.errors import InputError, UserError
from gpuplanner.core.words import fill_from, translatable
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
    "psu-rating-without-watts": translatable(
        "Input",
        "An 80 PLUS rating ({rating}) without the supply's watts sets nothing: give them with --psu-watts, or a scan that has them.",
    ),
    "psu-watts-too-high": translatable(
        "Input",
        "A power supply of {value} W is more than any is rated (at most {limit} W): check the number.",
    ),
    "psu-8pin-negative": translatable(
        "Input",
        "The supply cannot have a negative number of 8-pin PCIe cables ({value}): give 0 or more.",
    ),
    "psu-12v2x6-negative": translatable(
        "Input",
        "The supply cannot have a negative number of 12V-2x6 cables ({value}): give 0 or more.",
    ),
    # The job's own inputs (core/job_inputs.py).
    "budget-not-positive": translatable(
        "Input", "The budget must be above zero ({value}): give what you can spend."
    ),
    "budget-too-large": translatable(
        "Input",
        "The budget {value} is more than any plan here can spend (at most {limit}): check the number.",
    ),
    "tariff-not-positive": translatable(
        "Input", "The electricity price must be above zero ({value} per kWh)."
    ),
    "params-not-positive": translatable(
        "Input", "A model's size must be above zero ({value} billion parameters)."
    ),
    "batch-below-one": translatable("Input", "The batch must be at least 1 ({value})."),
    "seq-below-one": translatable("Input", "The context must be at least 1 token ({value})."),
    "max-gpus-below-one": translatable(
        "Input", "The number of cards must be at least 1 ({value})."
    ),
    "workload-unknown": translatable("Input", "There is no job called {value}: use {known}."),
    # A job of a mix, as --job NAME:SHARE[:KEY=VALUE,...] gives it.
    "job-unreadable": translatable(
        "Input",
        "The job {value} cannot be read: write it as NAME:SHARE, e.g. bert-base:60 or resnet50:8/month, with settings after a colon ({keys}).",
    ),
    "job-share-not-positive": translatable(
        "Input", "A job's share of the time must be a number above zero ({value})."
    ),
    "job-runs-all-or-none": translatable(
        "Input",
        "Give every job of the mix a share of the time (bert-base:60) or every job its runs a month (bert-base:8/month), not some of each.",
    ),
    "job-runs-preset-only": translatable(
        "Input",
        "{value} has no run of a known length (an LLM job is planned by its tokens a second, your own model by its samples a second): give the mix shares of the time, not runs a month.",
    ),
    "job-setting-unknown": translatable(
        "Input",
        "The job {value} has a setting that cannot be read: use KEY=VALUE with {keys}, separated by commas.",
    ),
    "own-model-missing": translatable(
        "Input",
        "A job of your own Keras model needs its file: give it with --keras-model FILE, or "
        'choose it with "Your own Keras model…" on the job page.',
    ),
    "precision-unknown": translatable("Input", "There is no precision {value}: use {known}."),
    "mode-unknown": translatable("Input", "There is no LLM method {value}: use {known}."),
    "bits-unknown": translatable(
        "Input", "Weights of {value} bits are not planned: use {known} bits."
    ),
    "engine-unknown": translatable("Input", "There is no inference engine {value}: use {known}."),
    "route-unknown": translatable("Input", "There is no TensorFlow route {value}: use {known}."),
    "nvlink-bridge-unknown": translatable(
        "Input", "There is no NVLink bridge answer {value}: use {known}."
    ),
    "price-implausible": translatable(
        "Input",
        "{value} cannot be the price of one {card}: its known prices make {low} to {high} the"
        " range taken. Check the amount (a cut thousands separator, a missing digit).",
    ),
}


def input_error_text(exc: InputError, language: str) -> str:
    """The sentence for ``exc`` in ``language``; an id without one keeps its English message."""
    template = SENTENCES.get(exc.id)
    if template is None:
        return str(exc)
    text = plan_text.translate(template, language, CONTEXT)
    # An error carries what its whole family of sentences may name (a --job entry's value and
    # the keys it may set); each sentence says the ones it names.
    return fill_from(text, {name: str(value) for name, value in exc.params.items()})


def error_text(exc: UserError, language: str) -> str:
    """What the command line and the window say for ``exc``."""
    return input_error_text(exc, language) if isinstance(exc, InputError) else str(exc)
