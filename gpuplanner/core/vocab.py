"""The closed sets of words the app stores and compares, each once, typed.

Each vocabulary is a ``Literal`` (what the type checker holds code to) and the tuple of its
values (what command-line choices, combo boxes and file checks are built from). A value used
in code but missing here fails tests/test_vocab.py; one listed here but never handled fails it
too, where the handling is a table.
"""

from __future__ import annotations

from typing import Literal, get_args

Currency = Literal["CNY", "USD"]
Language = Literal["zh_CN", "en"]
# 80 PLUS levels; "white" is plain 80 PLUS.
PsuRating = Literal["white", "bronze", "silver", "gold", "platinum", "titanium"]
AtxVersion = Literal["2", "3"]
AtxEntry = Literal["", "2", "3"]  # what a user entered: "" is unknown (planned as 2.x)
CaseForm = Literal["mini-itx", "micro-atx", "atx", "e-atx", "server"]
# "msrp" is a launch price: what the vendor suggested then, not a shelf price of today.
# "estimate" is a figure its own source calls an estimate or a recollection (a seed article's
# 估算市场价, "rough street estimate"): a new card's price nobody listed, used like an MSRP.
PriceCondition = Literal["new", "used", "refurbished", "cloud-hour", "msrp", "estimate"]
# The kinds used only when a card has no dated listing or report of its own.
FALLBACK_CONDITIONS: tuple[PriceCondition, ...] = ("msrp", "estimate")
Region = Literal["CN", "US"]
# Whose a price is: the bundled catalog's, an imported price pack's (both a market's, with its
# region), a shop's list or the user's own typing (neither has a region: they are asked where
# the buyer buys, whatever market the plan is for).
PriceOrigin = Literal["catalog", "pack", "shop", "user"]
# A snapshot's source when a kiosk customer said what they have (never a scan of the kiosk).
TOLD_SOURCE = "told"
# What NVML said (hardware/nvml.py), or "not-read" for a report of another machine.
DriverState = Literal[
    "ok",
    "library-missing",
    "driver-not-loaded",
    "version-mismatch",
    "no-permission",
    "python-package-missing",
    "timeout",
    "error",
    "not-read",
]
# The installed TensorFlow (hardware/system.py); "" before it was judged.
TfVerdict = Literal[
    "",
    "ready",
    "tf-missing",
    "cpu-package",
    "cpu-only",
    "cuda-libraries-missing",
    "windows-native-no-gpu",
    "macos-no-cuda",
]

# The job's words (core/job_inputs.py checks a job against them; planning's tables are keyed
# by them, and tests/test_vocab.py holds the two together).
Workload = Literal["resnet50", "ssd", "bert-base", "bert-large", "transformer", "llm"]
LlmMode = Literal["inference", "full", "lora", "lora-int8", "qlora"]
Precision = Literal["fp32", "mixed"]
TfRouteName = Literal["official", "ngc", "keras-other"]  # pip wheels, NGC, Keras 3 on JAX
Engine = Literal["keras", "llama.cpp", "vllm", "exllama", "transformers"]

CURRENCIES: tuple[Currency, ...] = get_args(Currency)
LANGUAGES: tuple[Language, ...] = get_args(Language)
PSU_RATINGS: tuple[PsuRating, ...] = get_args(PsuRating)
ATX_VERSIONS: tuple[AtxVersion, ...] = get_args(AtxVersion)
CASE_FORMS: tuple[CaseForm, ...] = get_args(CaseForm)
PRICE_CONDITIONS: tuple[PriceCondition, ...] = get_args(PriceCondition)
REGIONS: tuple[Region, ...] = get_args(Region)
PRICE_ORIGINS: tuple[PriceOrigin, ...] = get_args(PriceOrigin)
DRIVER_STATES: tuple[DriverState, ...] = get_args(DriverState)
TF_VERDICTS: tuple[TfVerdict, ...] = get_args(TfVerdict)
WORKLOADS: tuple[Workload, ...] = get_args(Workload)
LLM_MODES: tuple[LlmMode, ...] = get_args(LlmMode)
PRECISIONS: tuple[Precision, ...] = get_args(Precision)
TF_ROUTES: tuple[TfRouteName, ...] = get_args(TfRouteName)
ENGINES: tuple[Engine, ...] = get_args(Engine)
WEIGHT_BITS = (16, 8, 4)  # LLM inference weights


def as_currency(text: str, default: Currency | None = None) -> Currency:
    """``text`` as a ``Currency``, where a file, a command line or a combo box hands over a
    plain string already checked against ``CURRENCIES``; ``default`` (or ValueError) else."""
    for currency in CURRENCIES:
        if text == currency:
            return currency
    if default is None:
        raise ValueError(f"{text!r} is not a currency: use {', '.join(CURRENCIES)}")
    return default


def as_region(text: str) -> Region:
    """``text`` as a market ``Region``, where a file hands over a plain string already checked
    against ``REGIONS`` (ValueError else)."""
    for region in REGIONS:
        if text == region:
            return region
    raise ValueError(f"{text!r} is not a region: use {', '.join(REGIONS)}")


def as_condition(text: str) -> PriceCondition:
    """``text`` as a ``PriceCondition``, where a file or a parser hands over a plain string
    already checked against ``PRICE_CONDITIONS`` (ValueError else)."""
    for condition in PRICE_CONDITIONS:
        if text == condition:
            return condition
    raise ValueError(f"{text!r} is not a price condition: use {', '.join(PRICE_CONDITIONS)}")
