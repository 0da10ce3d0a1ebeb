"""The job, the user's inputs and the machine in words, for the report, the CLI and the QR code.

Every label is an English template of the "Report" context in the one translation source; the
caller passes the language; sentences shared with the plan's findings (the TensorFlow route,
the market) come from ``plan_text``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gpuplanner.core.markets import SOCKETS, market, region_of
from gpuplanner.core.money import format_money
from gpuplanner.core.words import fill, translatable
from gpuplanner.report import plan_text

if TYPE_CHECKING:
    from gpuplanner.app.records import Plan, PlanRequest
    from gpuplanner.core.vocab import Currency

CONTEXT = "Report"
Translator = Callable[[str], str]


def translator(language: str) -> Translator:
    return lambda text: plan_text.translate(text, language, CONTEXT)


SCENARIO = {
    "student": translatable("Report", "Student or beginner"),
    "sme": translatable("Report", "Small firm or research group"),
    "llm": translatable("Report", "LLM fine-tuning"),
}
LLM_INFERENCE = translatable("Report", "LLM inference")


def scenario_template(plan: Plan) -> str | None:
    """The scenario's name over a plan: an inference job is never headed "fine-tuning"."""
    if plan.scenario == "llm" and plan.mode == "inference":
        return LLM_INFERENCE
    return SCENARIO.get(plan.scenario)


WORKLOAD = {
    "resnet50": translatable("Report", "Image classification (ResNet-50)"),
    "ssd": translatable("Report", "Object detection (SSD)"),
    "bert-base": translatable("Report", "BERT-base fine-tuning"),
    "bert-large": translatable("Report", "BERT-large fine-tuning"),
    "transformer": translatable("Report", "A small Transformer from scratch"),
    "mobilenet-v2": translatable("Report", "Image classification (MobileNetV2)"),
    "mobilenet-v3-large": translatable("Report", "Image classification (MobileNetV3-Large)"),
    "mobilenet-v3-small": translatable("Report", "Image classification (MobileNetV3-Small)"),
    "efficientnet-b0": translatable("Report", "Image classification (EfficientNet-B0)"),
    "efficientnet-b4": translatable("Report", "Image classification (EfficientNet-B4)"),
    "efficientdet-d0": translatable("Report", "Object detection (EfficientDet-D0)"),
    "efficientdet-d4": translatable("Report", "Object detection (EfficientDet-D4)"),
    "yolov8-s": translatable("Report", "Object detection (YOLOv8-S, KerasCV)"),
    "vit-b16": translatable("Report", "Vision Transformer fine-tuning (ViT-B/16)"),
    "vit-l16": translatable("Report", "Vision Transformer fine-tuning (ViT-L/16)"),
    "distilbert": translatable("Report", "DistilBERT fine-tuning"),
    "llm": translatable("Report", "Large language model (LLM)"),
    "own": translatable("Report", "Your own Keras model"),
}
MODE = {
    "inference": translatable("Report", "Inference only"),
    "full": translatable("Report", "Full fine-tuning"),
    "lora": translatable("Report", "LoRA fine-tuning"),
    "lora-int8": translatable("Report", "LoRA fine-tuning on an int8 base"),
    "qlora": translatable("Report", "QLoRA fine-tuning (4-bit base)"),
}
PRECISION = {
    "mixed": translatable("Report", "Mixed precision (FP16)"),
    "fp32": translatable("Report", "FP32 / TF32"),
}
BITS = {
    16: translatable("Report", "16-bit weights (FP16/BF16)"),
    8: translatable("Report", "8-bit weights (INT8)"),
    4: translatable("Report", "4-bit weights (GPTQ/AWQ/GGUF Q4)"),
}
ENGINE = plan_text.ENGINE
CASE_FORM = {
    "mini-itx": translatable("Report", "Mini-ITX case"),
    "micro-atx": translatable("Report", "Micro-ATX case"),
    "atx": translatable("Report", "ATX case"),
    "e-atx": translatable("Report", "E-ATX case"),
    "server": translatable("Report", "server chassis"),
}
RATING = {
    "white": translatable("Report", "80 PLUS"),
    "bronze": translatable("Report", "80 PLUS Bronze"),
    "silver": translatable("Report", "80 PLUS Silver"),
    "gold": translatable("Report", "80 PLUS Gold"),
    "platinum": translatable("Report", "80 PLUS Platinum"),
    "titanium": translatable("Report", "80 PLUS Titanium"),
}
YES = translatable("Report", "yes")
NO = translatable("Report", "no")
NOT_GIVEN = translatable("Report", "not given")
DEFAULT = translatable("Report", "default")


def _or(value: object, known: dict, tr: Translator) -> str:
    return tr(known[value]) if value in known else str(value)


def job_rows(plan: Plan, language: str) -> list[tuple[str, str]]:
    """(label, value) for the job as planned: what, how, how big, and the memory it needs; for
    a mix, each job as planned, with its share of the time and its memory."""
    tr = translator(language)
    scenario = (tr(translatable("Report", "Scenario")), _or(plan.scenario, SCENARIO, tr))
    if plan.jobs:
        return [scenario, *_mix_rows(plan, tr), *_money_and_route(plan, language, tr)]
    rows = [scenario, (tr(translatable("Report", "Job")), _or(plan.workload, WORKLOAD, tr))]
    if plan.model:
        rows.append((tr(translatable("Report", "Model")), plan.model))
        rows.append((tr(translatable("Report", "Method")), _or(plan.mode, MODE, tr)))
    if plan.mode == "inference" and plan.bits:
        rows.append((tr(translatable("Report", "Weights")), _or(plan.bits, BITS, tr)))
        if plan.engine:
            engine = _or(plan.engine, ENGINE, tr)
            if plan.engine_default:
                default = tr(translatable("Report", "{engine}, the default for these weights"))
                engine = fill(default, engine=engine)
            rows.append((tr(translatable("Report", "Inference engine")), engine))
    else:
        rows.append((tr(translatable("Report", "Precision")), _or(plan.precision, PRECISION, tr)))
    if plan.seq:
        rows.append((tr(translatable("Report", "Sequence length")), f"{plan.seq:,}"))
    if plan.batch:
        rows.append((tr(translatable("Report", "Batch size")), f"{plan.batch:,}"))
    rows.append(
        (
            tr(translatable("Report", "GPU memory needed")),
            fill(tr(translatable("Report", "{gb} GB on one card")), gb=f"{plan.vram.total_gb:g}"),
        )
    )
    return [*rows, *_money_and_route(plan, language, tr)]


def _money_and_route(plan: Plan, language: str, tr: Translator) -> list[tuple[str, str]]:
    return [
        (tr(translatable("Report", "Budget")), format_money(plan.budget, plan.currency)),
        (
            tr(translatable("Report", "TensorFlow from")),
            plan_text.route_text(plan.tf_route, language),
        ),
    ]


def _mix_rows(plan: Plan, tr: Translator) -> list[tuple[str, str]]:
    """A row per job of the mix (its name, precision or method, sequence, batch and memory),
    then the memory its largest job decides, the budget and the route."""
    rows = []
    for j in plan.jobs:
        name = j.name if j.workload == "llm" else _or(j.workload, WORKLOAD, tr)
        parts = [name, _or(j.mode, MODE, tr) if j.mode else _or(j.precision, PRECISION, tr)]
        if j.seq:
            parts.append(fill(tr(translatable("Report", "{n} tokens")), n=f"{j.seq:,}"))
        parts.append(fill(tr(translatable("Report", "batch {n}")), n=f"{j.batch:,}"))
        parts.append(fill(tr(translatable("Report", "{gb} GB on one card")), gb=f"{j.vram_gb:g}"))
        label = (
            fill(tr(translatable("Report", "Job, {runs}× a month")), runs=f"{j.runs_per_month:g}")
            if j.runs_per_month is not None
            else fill(
                tr(translatable("Report", "Job, {share}% of the time")),
                share=f"{j.share * 100:.0f}",
            )
        )
        rows.append((label, " · ".join(parts)))
    largest = next((j for j in plan.jobs if j.largest), plan.jobs[0])
    rows.append(
        (
            tr(translatable("Report", "GPU memory needed")),
            fill(
                tr(translatable("Report", "{gb} GB on one card, for {job}, the largest job")),
                gb=f"{plan.vram.total_gb:g}",
                job=largest.name
                if largest.workload == "llm"
                else _or(largest.workload, WORKLOAD, tr),
            ),
        )
    )
    return rows


def job_line(plan: Plan, language: str) -> str:
    """The job in one line: 'Llama 3.1 8B · QLoRA fine-tuning · 2,048 tokens · batch 1'."""
    tr = translator(language)
    if plan.jobs:  # a mix: each job with its share of the time, or its runs a month
        share = translatable("Report", "{job} ({share}% of the time)")
        runs = translatable("Report", "{job} ({runs}× a month)")
        return " + ".join(
            fill(
                tr(runs),
                job=j.name if j.workload == "llm" else _or(j.workload, WORKLOAD, tr),
                runs=f"{j.runs_per_month:g}",
            )
            if j.runs_per_month is not None
            else fill(
                tr(share),
                job=j.name if j.workload == "llm" else _or(j.workload, WORKLOAD, tr),
                share=f"{j.share * 100:.0f}",
            )
            for j in plan.jobs
        )
    parts = [plan.model] if plan.model else [_or(plan.workload, WORKLOAD, tr)]
    if plan.mode:
        parts.append(_or(plan.mode, MODE, tr))
    if plan.mode == "inference" and plan.bits:
        parts.append(_or(plan.bits, BITS, tr))
        if plan.engine:
            parts.append(_or(plan.engine, ENGINE, tr))
    else:
        parts.append(_or(plan.precision, PRECISION, tr))
    if plan.seq:
        tokens = fill(tr(translatable("Report", "{n} tokens")), n=f"{plan.seq:,}")
        if plan.model_context and plan.seq > plan.model_context:
            # Beyond what the model was trained on: it runs, the quality is not the model's.
            tokens += fill(
                tr(translatable("Report", " (beyond the model's native {native} tokens)")),
                native=f"{plan.model_context:,}",
            )
        parts.append(tokens)
    if plan.batch:
        parts.append(fill(tr(translatable("Report", "batch {n}")), n=f"{plan.batch:,}"))
    return " · ".join(parts)


def input_rows(request: PlanRequest, language: str) -> list[tuple[str, str]]:
    """(label, value) for what the user said about the supply, the case, the socket and choices."""
    tr = translator(language)
    psu = request.psu
    if psu is None:
        supply = tr(NOT_GIVEN)
    else:
        words = [f"{psu.rated_w:,.0f} W"]
        # The version the user gave; an assumed 2.x is said as assumed, not as theirs.
        words.append(
            f"ATX {psu.atx_version}.x"
            if psu.atx_told
            else tr(translatable("Report", "ATX version not given (planned as 2.x)"))
        )
        if psu.rating:
            words.append(_or(psu.rating, RATING, tr))
        if psu.high_power_cables:
            words.append(
                fill(tr(translatable("Report", "{n} x 12V-2x6")), n=str(psu.high_power_cables))
            )
        if psu.pcie_8pin_cables is not None:
            words.append(
                fill(tr(translatable("Report", "{n} x PCIe 8-pin")), n=str(psu.pcie_8pin_cables))
            )
        supply = ", ".join(words)
    case = request.case
    if case is None:
        case_words = tr(NOT_GIVEN)
    else:
        words = []
        if case.form_factor:
            words.append(_or(case.form_factor, CASE_FORM, tr))
        if case.gpu_clearance_mm:
            words.append(
                fill(
                    tr(translatable("Report", "{mm} mm for the card")),
                    mm=str(case.gpu_clearance_mm),
                )
            )
        if case.free_slots is not None:
            words.append(fill(tr(translatable("Report", "{n} free slots")), n=str(case.free_slots)))
        case_words = ", ".join(words) or tr(NOT_GIVEN)
    volts, amps = SOCKETS.get(request.socket, (None, None))
    socket = request.socket + (f" ({volts} V, {amps} A)" if volts else "")
    region = region_of(request.currency, request.region)
    usual = market(region)

    # A price per kWh by its symbol ("¥0.60/kWh"), as every other amount is shown, and to the
    # digits it was typed with ($0.125, not $0.12).
    def per_kwh(amount: float, currency: Currency) -> str:
        digits = len(f"{amount:g}".partition(".")[2])
        return f"{format_money(amount, currency, decimals=min(4, max(2, digits)))}/kWh"

    tariff = (
        per_kwh(request.tariff, request.currency)
        if request.tariff is not None
        else f"{tr(DEFAULT)} ({per_kwh(usual.tariff_per_kwh, usual.currency)})"
    )
    yes_no = {True: tr(YES), False: tr(NO)}
    rows = [
        (tr(translatable("Report", "Power supply")), supply),
        (tr(translatable("Report", "Keep the power supply")), yes_no[request.keep_psu]),
        (tr(translatable("Report", "Case")), case_words),
        (tr(translatable("Report", "Wall socket")), socket),
        (tr(translatable("Report", "Electricity price")), tariff),
        (
            tr(translatable("Report", "Market")),
            plan_text.region_text(region, lambda s: plan_text.translate(s, language)),
        ),
        (tr(translatable("Report", "Used and modified cards")), yes_no[request.used_ok]),
        (tr(translatable("Report", "AMD through ROCm")), yes_no[request.accept_rocm]),
    ]
    if request.max_gpus is not None:
        rows.append((tr(translatable("Report", "Cards at most")), str(request.max_gpus)))
    if request.shop_only:
        rows.append((tr(translatable("Report", "Only the shop's stock")), tr(YES)))
    return rows
