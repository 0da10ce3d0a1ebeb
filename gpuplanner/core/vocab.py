"""The closed sets of words the app stores and compares, each once, typed.

Each vocabulary is a ``Literal`` (what the type checker holds code to) and the tuple of its
values (what command-line choices, combo boxes and file checks are built from). Code that
compares or passes one of these words is held to it by mypy: a parameter or field named for a
vocabulary (workload, mode, precision, route, engine, condition, scenario) is never a plain
``str`` (tests/test_vocab_types.py). A string from outside (a command line, a setting, a saved
file) becomes a word here once, where it enters, through its ``as_...`` helper below; one
listed here but never handled fails tests/test_vocab.py, where the handling is a table.
"""

from __future__ import annotations

from typing import Literal, TypeVar, get_args

W = TypeVar("W", bound=str)

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
# Which group a purchase ranks in by the kind of its price (never its age): "market" (a dated
# listing or market report, a shop's list, the buyer's own typed price) ranks before
# "to-confirm" (a launch MSRP or an estimate: the buyer is asked for the price they see).
PriceGroup = Literal["market", "to-confirm"]
# An installed pair's NVLink bridge as the user says, where no report shows it (a data-centre
# pair's bridge is invisible to nvidia-smi -q): fitted, or none.
BridgeAnswer = Literal["fitted", "none"]
# An NVLink bridge is one of two parts: a desktop or workstation card's (RTX 3090, RTX A-series,
# Quadro: 2-, 3- or 4-slot) or a data-centre card's (A100 PCIe, H100 NVL, H200 NVL boards).
BridgeKind = Literal["desktop", "data-centre"]
Region = Literal["CN", "US"]
# Whose a price is: the bundled catalog's, an imported price pack's (both a market's, with its
# region), a shop's list or the user's own typing (neither has a region: they are asked where
# the buyer buys, whatever market the plan is for).
PriceOrigin = Literal["catalog", "pack", "shop", "user"]
# Where a quoted price came from, as the report lists it, in this order: the first that holds
# (planning/prices/quote.py, Quote.provenance_in).
Provenance = Literal["user", "shop", "estimate", "msrp", "converted", "listed"]
PROVENANCES: tuple[Provenance, ...] = get_args(Provenance)
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
KerasWorkloadName = Literal[
    "resnet50",
    "ssd",
    "bert-base",
    "bert-large",
    "transformer",
    "mobilenet-v2",
    "mobilenet-v3-large",
    "mobilenet-v3-small",
    "efficientnet-b0",
    "efficientnet-b4",
    "efficientdet-d0",
    "efficientdet-d4",
    "yolov8-s",
    "vit-b16",
    "vit-l16",
    "distilbert",
]
# "own": a Keras model of the user's own, as ``model-info`` read it (JobInputs.own_model).
Workload = Literal[KerasWorkloadName, "llm", "own"]
LlmMethod = Literal["full", "lora", "lora-int8", "qlora"]  # the ways to fine-tune an LLM
LlmMode = Literal["inference", LlmMethod]
# What ``gpuplanner predict --workload`` names: a Keras workload, or a fine-tuning method.
PredictWorkload = Literal[KerasWorkloadName, "llm-full", "llm-lora", "llm-lora-int8", "llm-qlora"]
Precision = Literal["fp32", "mixed"]
TfRouteName = Literal["official", "ngc", "keras-other"]  # pip wheels, NGC, Keras 3 on JAX
Engine = Literal["keras", "llama.cpp", "vllm", "exllama", "transformers"]
# How much work a probe does (probe/worker.py's SIZES; "tiny" is for tests).
ProbeMode = Literal["tiny", "quick", "full"]
# How a lab's upgrades are planned (app/fleet.py): "each" is the best upgrade of each machine
# within its own budget, "lab" the most added speed within one budget for them all.
FleetMode = Literal["each", "lab"]

CURRENCIES: tuple[Currency, ...] = get_args(Currency)
LANGUAGES: tuple[Language, ...] = get_args(Language)
PSU_RATINGS: tuple[PsuRating, ...] = get_args(PsuRating)
ATX_VERSIONS: tuple[AtxVersion, ...] = get_args(AtxVersion)
CASE_FORMS: tuple[CaseForm, ...] = get_args(CaseForm)
PRICE_CONDITIONS: tuple[PriceCondition, ...] = get_args(PriceCondition)
REGIONS: tuple[Region, ...] = get_args(Region)
BRIDGE_ANSWERS: tuple[BridgeAnswer, ...] = get_args(BridgeAnswer)
KERAS_WORKLOADS: tuple[KerasWorkloadName, ...] = get_args(KerasWorkloadName)
WORKLOADS: tuple[Workload, ...] = get_args(Workload)
LLM_METHODS: tuple[LlmMethod, ...] = get_args(LlmMethod)
LLM_MODES: tuple[LlmMode, ...] = get_args(LlmMode)
PREDICT_WORKLOADS: tuple[PredictWorkload, ...] = get_args(PredictWorkload)
PRECISIONS: tuple[Precision, ...] = get_args(Precision)
TF_ROUTES: tuple[TfRouteName, ...] = get_args(TfRouteName)
ENGINES: tuple[Engine, ...] = get_args(Engine)
WEIGHT_BITS = (16, 8, 4)  # LLM inference weights


def _word(text: str, words: tuple[W, ...], what: str) -> W:
    """``text`` as the word of ``words`` it spells; ValueError naming them when none.

    The word returned is the vocabulary's own value (found by comparison), so nothing here
    asks the type checker to take a string on trust."""
    for word in words:
        if text == word:
            return word
    raise ValueError(f"{text!r} is not a {what}: use {', '.join(words)}")


# One narrowing helper per vocabulary of the job: where a command line, a setting or a saved
# file hands over a plain string, it becomes a word here (or a ValueError) once.
def as_llm_method(text: str) -> LlmMethod:
    return _word(text, LLM_METHODS, "fine-tuning method")


def as_engine(text: str) -> Engine:
    return _word(text, ENGINES, "engine")


def as_precision(text: str) -> Precision:
    return _word(text, PRECISIONS, "precision")


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
