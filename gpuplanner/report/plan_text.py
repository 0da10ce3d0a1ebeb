"""A plan's findings, actions and ways forward in words, from the one translation source.

Planning returns facts (id, severity, numbers); this module turns them into sentences. The
English templates below are marked with ``translatable("Finding", ...)``, so the ``.ts`` file
holds their Chinese; the command line and the reports read it with the standard library, and
the window asks Qt's translator for the same (context, text) pair, so all three say the same
thing and follow a language switch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpuplanner.app.translations import lookup as _chinese
from gpuplanner.core.findings import Finding, Severity
from gpuplanner.core.languages import ENGLISH
from gpuplanner.core.money import format_money
from gpuplanner.core.vocab import PROVENANCES, Currency, PriceCondition, TfRouteName, as_currency
from gpuplanner.core.words import fill, translatable
from gpuplanner.report.finding_sentences import PRINTED_TEXT, TEXT

if TYPE_CHECKING:
    from gpuplanner.app.records import (
        Alternative,
        CloudHour,
        Need,
        Option,
        Plan,
        PlanMarket,
        PriceAge,
        Quote,
    )

CONTEXT = "Finding"

ACTION_TEXT = {
    "keep": translatable("Finding", "Keep what you have"),
    "add": translatable("Finding", "Add"),
    "replace": translatable("Finding", "Replace"),
    "bridge": translatable("Finding", "Add an NVLink bridge"),
}

CONDITION_TEXT = {
    "new": translatable("Finding", "new"),
    "used": translatable("Finding", "used"),
    "refurbished": translatable("Finding", "refurbished"),
    "cloud-hour": translatable("Finding", "cloud, per hour"),
    "msrp": translatable("Finding", "launch price (MSRP)"),
    "estimate": translatable("Finding", "an estimate, not a listing"),
}

# The LLM inference engines by name (the job's facts and the findings that name one).
ENGINE = {
    "keras": translatable("Report", "KerasHub generate (Keras 3)"),
    "llama.cpp": translatable("Report", "llama.cpp (GGUF)"),
    "vllm": translatable("Report", "vLLM"),
    "exllama": translatable("Report", "ExLlamaV2"),
    "transformers": translatable("Report", "Hugging Face transformers"),
}
ROUTE_TEXT = {
    "official": translatable("Finding", "the official TensorFlow pip wheels"),
    "ngc": translatable("Finding", "NVIDIA's NGC TensorFlow container (Linux or WSL2, Docker)"),
    "keras-other": translatable("Finding", "Keras 3 on the JAX or PyTorch backend"),
}

STRATEGY_TEXT = {
    "replicated": translatable("Finding", "every card holds the whole job"),
    "sharded": translatable("Finding", "the weights and optimizer state are divided"),
    "layer-split": translatable("Finding", "the layers are divided"),
}
LINK_TEXT = {
    "nvlink": translatable("Finding", "NVLink"),
    "layer-split": translatable("Finding", "layers split over the cards"),
    "pcie-p2p": translatable("Finding", "PCIe peer-to-peer"),
    "pcie-host": translatable("Finding", "PCIe through system memory"),
}

JOB_TEXT = {
    "resnet50": translatable("Finding", "90 epochs of ImageNet-1k"),
    "ssd": translatable("Finding", "65 epochs of COCO"),
    "bert-base": translatable("Finding", "3 epochs of MNLI fine-tuning"),
    "bert-large": translatable("Finding", "3 epochs of MNLI fine-tuning"),
    "transformer": translatable("Finding", "one WMT14 English-German training"),
    "mobilenet-v2": translatable("Finding", "90 epochs of ImageNet-1k"),
    "mobilenet-v3-large": translatable("Finding", "90 epochs of ImageNet-1k"),
    "mobilenet-v3-small": translatable("Finding", "90 epochs of ImageNet-1k"),
    "efficientnet-b0": translatable("Finding", "90 epochs of ImageNet-1k"),
    "efficientnet-b4": translatable("Finding", "90 epochs of ImageNet-1k"),
    "efficientdet-d0": translatable("Finding", "300 epochs of COCO"),
    "efficientdet-d4": translatable("Finding", "300 epochs of COCO"),
    "yolov8-s": translatable("Finding", "300 epochs of COCO"),
    "vit-b16": translatable("Finding", "ImageNet-1k fine-tuning (20,000 steps of 512)"),
    "vit-l16": translatable("Finding", "ImageNet-1k fine-tuning (20,000 steps of 512)"),
    "distilbert": translatable("Finding", "3 epochs of MNLI fine-tuning"),
    "own": translatable("Finding", "your own Keras model"),
    "llm-finetune": translatable("Finding", "a fine-tuning run of 20 million tokens"),
    "llm-inference": translatable("Finding", "one million generated tokens"),
}

# A change to the job (what it becomes) and its result (what then fits) make one sentence.
CHANGE_TEXT = {
    "used": translatable("Finding", "Allow used cards (a used card's risks apply)"),
    "method": translatable("Finding", "Use {to} instead ({vram_gb} GB)"),
    "bits": translatable("Finding", "Load the weights in {to} bits ({vram_gb} GB)"),
    "seq": translatable("Finding", "Shorten the sequence to {to} tokens ({vram_gb} GB)"),
    "batch": translatable("Finding", "Use a batch of {to} ({vram_gb} GB)"),
    "model": translatable("Finding", "Fine-tune {to} instead, batch {batch} ({vram_gb} GB)"),
    "route": translatable("Finding", "Run TensorFlow as {to} ({vram_gb} GB)"),
    "route-method": translatable("Finding", "Run TensorFlow as {to} with {method} ({vram_gb} GB)"),
    "mig-off": translatable(
        "Finding",
        "Turn MIG off so that the job has the whole card (nvidia-smi -mig 0, as root, with no job running; every slice is removed) ({vram_gb} GB)",
    ),
    "ecc-off": translatable(
        "Finding",
        "Turn ECC off so that jobs get all of the card's memory (nvidia-smi -e 0, as root, then a restart; memory errors are then no longer corrected) ({vram_gb} GB)",
    ),
}
RESULT_TEXT = {
    "buy": translatable("Finding", "{gpu}{times} fits, {price}."),
    "buy-speed": translatable("Finding", "{gpu}{times} fits, {price}, at {speed}× the speed."),
    "keep": translatable("Finding", "your {gpu}{times} can run it, no purchase needed."),
}
ALTERNATIVE_TEXT = {
    "egpu": translatable(
        "Finding",
        "An external GPU on the laptop's Thunderbolt or USB4 port: {gpu} in an enclosure (PCIe 3.0 x4, a 650 W supply, cards up to 330 mm, about {extra}), {price} in all, at {speed}× the speed.",
    ),
    "budget": translatable("Finding", "Raise the budget to {price} ({extra} more): {gpu}{times}."),
    "half-height": translatable(
        "Finding",
        "If this PC takes only half-height (low-profile) cards and has no power cable for one: {gpu} fits (a {to}-slot card), {price}, at {speed}× the speed.",
    ),
    "rent": translatable(
        "Finding",
        "Rent {count} x {gpu}: about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).",
    ),
    "instance-cheapest": translatable(
        "Finding",
        "The cheapest instance for this job: {count} x {gpu}, about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).",
    ),
    "instance-fastest": translatable(
        "Finding",
        "The fastest of the instances with an hourly price on record: {count} x {gpu}, about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).",
    ),
    "desktop": translatable(
        "Finding",
        "A desktop PC with {gpu}{times}: the card {price}, plus the PC around it{speed_part}.",
    ),
    "rent-sharded": translatable(
        "Finding",
        "Rent {count} x {gpu} and run Keras 3 on JAX, which shards the model over them: about {hours} h for {job}, {price} ({per_hour} an hour{hour_part}).",
    ),
}
CHANGE_AND_RESULT = translatable("Finding", "{change}: {result}")
# Where a rented hour comes from: its month, and another market's listing as it was asked.
HOUR_PART = {
    "local": translatable("Finding", ", {date}"),
    "converted": translatable("Finding", ", converted from {listed} an hour in {region}, {date}"),
}
# A fine-tuning method by name, in a sentence (LoRA and QLoRA are the same in every language).
METHOD_TEXT = {
    "lora": "LoRA",
    "lora-int8": translatable("Finding", "LoRA on an int8 base (Keras quantize)"),
    "qlora": "QLoRA",
    "full": translatable("Finding", "full fine-tuning"),
}

# Model names are the same in every language.
MODEL_NAMES = {"bert-base": "BERT-base", "bert-large": "BERT-large"}

MONEY_PARAMS = ("price", "total", "budget", "cost", "extra", "per_hour", "low", "high")


def translate(text: str, language: str, context: str = CONTEXT) -> str:
    """``text`` (an English template of ``context``) in ``language``; English when missing."""
    if language == ENGLISH:
        return text
    return _chinese(language).get((context, text), text)


Translator = Callable[[str], str]


# A price's market, or whose it is where it has none (``Price.where``).
REGION_TEXT = {
    "CN": translatable("Finding", "China"),
    "US": translatable("Finding", "the US"),
    "shop": translatable("Finding", "this shop"),
    "user": translatable("Finding", "your own"),
}


# A currency in a sentence: English keeps the ISO code; Chinese names the money as its unit
# (元, 美元: 每 1000 元, 单位：元), which reads as a word where "每 1000 CNY" read as a code.
CURRENCY_TEXT = {
    "CNY": translatable("Finding", "CNY"),
    "USD": translatable("Finding", "USD"),
}


def currency_text(code: str, tr: Translator) -> str:
    """A currency code as a sentence names it; ``tr`` translates this module's context."""
    return tr(CURRENCY_TEXT[code]) if code in CURRENCY_TEXT else code


def currency_words(code: str, language: str) -> str:
    """``currency_text`` in ``language``, for a page whose own words are of another context."""
    return currency_text(code, lambda text: translate(text, language))


# A server's power bar and its legend: the cards' watts, and what the tool does not know.
SERVER_REST = translatable(
    "Finding", "the server's CPUs, fans, switches and supplies: its maker's rating"
)


def region_text(region: str, tr: Translator) -> str:
    """A price's market in words ('China', 'the US', 'this shop')."""
    return tr(REGION_TEXT[region]) if region in REGION_TEXT else region


def from_elsewhere(each: Quote, region: str | None) -> bool:
    """A market's price from another market than the buyer's: converted into its terms."""
    return region is not None and not each.price.own and each.region not in (None, region)


def as_listed(each: Quote) -> str:
    """The source's own figure, in its own money: '$325'."""
    return format_money(each.price.amount, each.price.currency)


CONVERTED_MARK = "≈"  # a price from another market, converted once into the buyer's terms


def priced_cell(each: Quote | None, tr: Translator, region: str | None = None) -> str:
    """The table's "priced" cell: the user's own price says so; an old one is marked; a launch
    price or an estimate is named; another market's price is marked "≈ from the US: $325",
    at the source's own amount (the total is that figure in the buyer's terms)."""
    if each is None:
        return ""
    if each.origin == "user":
        return fill(tr(translatable("Finding", "your price, {date}")), date=each.date)
    # Marked exactly when the option carries its "check today's price" finding.
    mark = " ⚠" if each.stale else ""
    cell = f"{each.date[:7]} {condition_text(each.condition, tr)}{mark}"
    if from_elsewhere(each, region):
        cell += f" {CONVERTED_MARK} " + _fill(
            tr(translatable("Finding", "from {market}: {listed}")),
            {"market": region_text(each.where, tr), "listed": as_listed(each)},
        )
    return cell


def converted_note(
    each: Quote | None, region: str | None, language: str, tr: Translator | None = None
) -> str | None:
    """Over a price from another market (the cell's tooltip, the report's line): the source's
    own figure and name, and how it was moved into the buyer's terms, once."""
    if each is None or not from_elsewhere(each, region):
        return None
    tr = tr or (lambda text: translate(text, language))
    pct = round(each.offer.converted.tax_pct, 1)
    tax_pct = int(pct) if pct == int(pct) else pct  # "+13% VAT", not "+13.0%"
    params = _params({"market": each.where, "tax_pct": tax_pct}, tr, None)
    params.update(
        listed=as_listed(each),
        source=source_text(each, language),
        date=each.date,
        here=region_text(str(region), tr),
        rate=f"{each.fx_rate:.4g}" if each.fx_rate else "",
        fx_date=each.fx_date or "",
    )
    template = (
        translatable(
            "Finding",
            "≈ Converted: {listed} as listed in {market} ({source}, {date}), at {rate} CNY per USD ({fx_date}){tax}; not a price from {here}.",
        )
        if each.fx_rate
        else translatable(
            "Finding",
            "≈ Converted: {listed} as listed in {market} ({source}, {date}){tax}; not a price from {here}.",
        )
    )
    return _fill(tr(template), params)


SOURCE_CONTEXT = "Source"  # the catalog's source labels (i18n/extract.py DATA_STRINGS)


def price_source_note(
    each: Quote | None, region: str | None, language: str, tr: Translator | None = None
) -> str | None:
    """Where a purchase's price comes from, said once under the pick wherever a table has no
    room for it: another market's, converted (``converted_note``), or its own source, figure
    and date; None for the user's own price or none."""
    if each is None or each.origin == "user":
        return None
    converted = converted_note(each, region, language, tr)
    if converted is not None:
        return converted
    tr = tr or (lambda text: translate(text, language))
    return _fill(
        tr(translatable("Finding", "Price: {listed}, {condition}, from {source} ({date}).")),
        {
            "listed": as_listed(each),
            "condition": condition_text(each.condition, tr),
            "source": source_text(each, language),
            "date": each.date,
        },
    )


def source_text(each: Quote, language: str) -> str:
    """Where a price came from, by name (never a catalog id): the source's label in the
    user's language; a pack's, a shop's or the user's own source as it was given."""
    if each.source_name:
        return translate(each.source_name, language, SOURCE_CONTEXT)
    if each.origin == "user":
        return translate(REGION_TEXT["user"], language)
    return each.source


def condition_text(condition: PriceCondition, tr: Translator) -> str:
    return tr(CONDITION_TEXT[condition]) if condition in CONDITION_TEXT else condition


AVAILABILITY_TEXT = {
    "china-market": translatable("Finding", "a card made for the Chinese market"),
    "export-control": translatable("Finding", "US export rules keep it out"),
    "discontinued": translatable("Finding", "out of production, sold used only"),
    "cloud-only": translatable("Finding", "a cloud's own card: rented by the hour, never sold"),
}
RISK_TEXT = {
    "no-warranty": translatable(
        "Finding", "No manufacturer warranty: only what the seller offers, if anything."
    ),
    "modified-board": translatable(
        "Finding",
        "A modified card (memory added on a reworked board): not an NVIDIA product; drivers may refuse it after an update.",
    ),
    "modified-firmware": translatable(
        "Finding", "Runs modified firmware: a driver update may stop it working."
    ),
    "blower-noise": translatable(
        "Finding",
        "A blower (turbo) cooler: loud under load, better in a server room than by a desk.",
    ),
    "passive-cooling": translatable(
        "Finding", "Passively cooled: needs a server's airflow or a fan shroud."
    ),
    "sxm-adapter": translatable(
        "Finding",
        "An SXM2 module, not a PCIe card: it needs an SXM2 carrier or adapter board and its own cooling.",
    ),
    "mining-wear": translatable(
        "Finding",
        "Many of these were used for mining: check the fans, temperatures and memory errors before paying.",
    ),
}


def _params(params: dict, tr: Translator, currency: Currency | None) -> dict:
    out = dict(params)
    if "price_kind" in out:  # price_trends.csv's words, translated like a finding's
        out["price_kind"] = tr(str(out["price_kind"]))
    for key in ("region", "market", "seen_in"):  # a market by name
        if key in out:
            out[key] = tr(REGION_TEXT.get(str(out[key]), str(out[key])))
    if "reason" in out:
        out["reason"] = tr(AVAILABILITY_TEXT.get(str(out["reason"]), str(out["reason"])))
    if "since" in out:
        since = str(out["since"])
        out["since"] = (
            fill(tr(translatable("Finding", " (since {date})")), date=since) if since else ""
        )
    if "forward_compat" in out:  # NGC on a data-centre card: the older branches it takes
        out["forward"] = (
            tr(
                translatable(
                    "Finding",
                    ", or on this data-centre card an older branch in forward compatibility (R525 from 525.85, R535 from 535.86, R550 from 550.54)",
                )
            )
            if out.pop("forward_compat")
            else ""
        )
    if "risk" in out:
        out["risk"] = tr(RISK_TEXT.get(str(out["risk"]), str(out["risk"])))
    if "method" in out:  # "QLoRA", never the flag's "qlora" (issue 41)
        out["method"] = tr(METHOD_TEXT.get(str(out["method"]), str(out["method"])))
    if "tax_pct" in out:
        pct = out.pop("tax_pct")
        out["tax"] = (
            fill(tr(translatable("Finding", ", +{pct}% VAT")), pct=str(pct))
            if pct > 0
            else fill(tr(translatable("Finding", ", less {pct}% VAT")), pct=str(-pct))
            if pct < 0
            else ""
        )
    money = out.get("currency", currency) or "CNY"
    for key in MONEY_PARAMS:
        value = out.get(key)
        if isinstance(value, int | float):
            small = 0 < abs(value) < 100 and value % 1
            shown = as_currency(str(money), "CNY")  # a finding's own, else the plan's
            out[key] = format_money(float(value), shown, decimals=2 if small else 0)
    for key in ("currency", "source_currency"):  # after the amounts took their symbol
        if key in out:
            out[key] = currency_text(str(out[key]), tr)
    if "engine" in out:
        out["engine"] = tr(ENGINE.get(str(out["engine"]), str(out["engine"])))
    if "route" in out:
        out["route"] = tr(ROUTE_TEXT.get(str(out["route"]), str(out["route"])))
    if "other" in out:
        names = [tr(ROUTE_TEXT[r]) for r in str(out["other"]).split(",") if r in ROUTE_TEXT]
        out["other"] = "; ".join(names) or tr(translatable("Finding", "no route on record"))
    if "link" in out:
        out["link"] = tr(LINK_TEXT.get(str(out["link"]), str(out["link"])))
    if "strategy" in out:
        out["strategy"] = tr(STRATEGY_TEXT.get(str(out["strategy"]), str(out["strategy"])))
    if "job" in out:
        out["job"] = tr(JOB_TEXT.get(str(out["job"]), str(out["job"])))
    if "by" in out:
        out["by"] = str(out["by"])
    if "gpu" in out and "count" in out:
        out["times"] = f" ×{out['count']}" if int(out["count"]) > 1 else ""
    for key, value in out.items():
        if isinstance(value, float):
            out[key] = _figure(value)
        elif isinstance(value, int) and abs(value) >= 10000:
            out[key] = f"{value:,}"
    return out


def _figure(value: float) -> str:
    """A number in a sentence: two decimals at most, two significant digits at least ("0.015
    per 1,000 CNY" read "0.01")."""
    if not value % 1:
        return f"{value:,.0f}"
    if 1e-4 <= abs(value) < 0.1:
        return f"{value:.2g}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Said:
    """A finding as a page shows it: its severity (for the mark) and its sentence."""

    severity: Severity
    text: str


# One mark per severity (core/findings.py), the same on every page: symbols for the window and
# the HTML report, plain characters for a terminal that may show no symbols.
SEVERITY_MARK = {"blocks": "✖", "needs": "＋", "warns": "⚠", "info": "ℹ"}
PLAIN_MARK = {"blocks": "x", "needs": "+", "warns": "!", "info": "-"}


class _Missing(dict):
    """A finding read from a file without one of its numbers shows "?", never "{count}"."""

    def __missing__(self, key: str) -> str:
        return "?"


def hour_part(hour: CloudHour, language: str, count: int = 1) -> str:
    """The month of a rented hour's record, and for another market's, what ``count`` cards'
    hour was listed at there: the RunPod hour a student in China read as a domestic rental was
    a US price."""
    month = hour.date[:7]

    def tr(text: str) -> str:
        return translate(text, language)

    if not hour.converted:
        return fill(tr(HOUR_PART["local"]), date=month)
    region = tr(REGION_TEXT[hour.region]) if hour.region in REGION_TEXT else ""
    listed = format_money(hour.listed * count, hour.listed_currency, decimals=2)
    return fill(tr(HOUR_PART["converted"]), region=region, listed=listed, date=month)


def _fill(template: str, params: dict) -> str:
    try:
        return template.format_map(_Missing(params))
    except (IndexError, ValueError):  # a template with a stray brace: its words as they are
        return template


def finding_text(
    finding: Finding,
    language: str = ENGLISH,
    tr: Translator | None = None,
    printed: bool = False,
) -> str:
    """One finding as a sentence. ``tr``: a translator for the window (Qt's); else the .ts.
    ``printed``: the words on paper, which never ask for typing."""
    tr = tr or (lambda text: translate(text, language))
    template = (printed and PRINTED_TEXT.get(finding.id)) or TEXT.get(finding.id)
    if finding.id == "psu-transient" and finding.params.get("atx_told") is False:
        template = TEXT["psu-transient-atx-unknown"]  # no ATX version the user did not give
    plug = finding.params.get("plug")
    if finding.id == "needs-psu" and plug in ("8pin", "eps"):
        template = TEXT[f"needs-psu-{plug}"]  # the cables of the cards' own plugs
    low, high = finding.params.get("low"), finding.params.get("high")
    if f"{finding.id}-one" in TEXT and low is not None and low == high:
        template = TEXT[f"{finding.id}-one"]  # a range of one figure is said as one
    if template is None:
        return finding.id
    params = _params(finding.params, tr, None)
    if finding.id == "rank-blocked":
        params["by"] = blocking_label(str(finding.params.get("by", "")), tr)
    return _fill(tr(template), params)


BLOCK_LABEL = {
    "vram-short": translatable("Finding", "not enough memory"),
    "vram-not-read": translatable("Finding", "its memory was not read"),
    "engine-cc-below": translatable("Finding", "the inference engine needs a newer card"),
    "engine-amd-chip": translatable("Finding", "the inference engine has no kernels for its chip"),
    "engine-vendor": translatable("Finding", "the inference engine does not run this make"),
    "route-unsupported": translatable("Finding", "the TensorFlow route cannot run it"),
    "cpu-no-avx": translatable("Finding", "the CPU has no AVX for TensorFlow's wheels"),
    "cooling-desktop-card-in-server": translatable("Finding", "a desktop card in a server"),
    "route-cc-below-floor": translatable(
        "Finding", "its compute capability is below what the route builds for"
    ),
    "route-needs-rocm": translatable("Finding", "needs ROCm on Linux"),
    "no-price": translatable("Finding", "no price on record"),
    "not-sold-here": translatable("Finding", "not sold in your region"),
    "modified-needs-used-ok": translatable(
        "Finding", "a modified card (allow used cards to see it)"
    ),
    "not-in-stock": translatable("Finding", "not in stock"),
    "bridge-gain-none": translatable("Finding", "the bridge adds nothing"),
    "bridge-gain-small": translatable("Finding", "the bridge adds too little"),
    "over-budget": translatable("Finding", "over the budget"),
    "cooling-passive": translatable("Finding", "passive cooling needs a server"),
    "fit-board-slots": translatable("Finding", "more cards than the board has x16 slots"),
    "slower-than-installed": translatable("Finding", "slower than your cards"),
    "smaller-than-installed": translatable("Finding", "less memory than your card"),
    "drops-ecc": translatable("Finding", "no ECC, unlike your card"),
    "gain-within-error": translatable("Finding", "a gain within the prediction's error"),
    "vram-under-floor": translatable("Finding", "under the memory a student needs"),
    "power-socket": translatable("Finding", "more than the wall socket supplies"),
    "psu-sustained": translatable("Finding", "the power supply is too small"),
    "psu-transient": translatable("Finding", "the power supply is too small"),
    "psu-cables": translatable("Finding", "not enough power cables"),
    "psu-none-large-enough": translatable("Finding", "no desktop supply is large enough"),
    "machine-cloud-vm": translatable(
        "Finding",
        "This is a cloud or virtual machine (the scan's kind line says what shows it): to go faster, choose a larger instance instead of buying a card.",
    ),
    "machine-one-card": translatable("Finding", "a small PC: one card unless checked"),
    "fit-module-needs-server": translatable("Finding", "needs a server"),
    "fit-too-long": translatable("Finding", "too long for the case"),
    "mix-job-blocked": translatable("Finding", "not every job fits"),
    "fit-slots": translatable("Finding", "not enough slots"),
    "fit-desktop-slots": translatable("Finding", "not enough slots"),
    "fit-mini-itx": translatable("Finding", "not enough slots"),
}


def blocking_label(finding_id: str, tr: Translator) -> str:
    return tr(BLOCK_LABEL.get(finding_id, finding_id))


def action_text(action: str, language: str = ENGLISH, tr: Translator | None = None) -> str:
    tr = tr or (lambda text: translate(text, language))
    return tr(ACTION_TEXT.get(action, action))


def route_text(route: TfRouteName, language: str = ENGLISH, tr: Translator | None = None) -> str:
    tr = tr or (lambda text: translate(text, language))
    return tr(ROUTE_TEXT.get(route, route))


def alternative_text(
    alternative: Alternative,
    currency: Currency,
    job: str,
    language: str = ENGLISH,
    tr: Translator | None = None,
) -> str:
    tr = tr or (lambda text: translate(text, language))
    params = {
        key: value
        for key, value in alternative.__dict__.items()
        if value is not None and key != "change"
    }
    if alternative.change == "method":
        params["to"] = tr(METHOD_TEXT.get(str(alternative.to), str(alternative.to)))
    if alternative.change == "model":
        params["to"] = MODEL_NAMES.get(str(alternative.to), str(alternative.to))
    if alternative.change == "route":
        params["to"] = tr(ROUTE_TEXT.get(str(alternative.to), str(alternative.to)))
        if alternative.method:
            params["method"] = tr(METHOD_TEXT.get(alternative.method, alternative.method))
    if alternative.change == "budget":
        params.pop("to", None)
    params["job"] = job
    hour = params.pop("hour", None)
    params = _params(params, tr, currency)
    count = alternative.count or 1
    params["hour_part"] = hour_part(hour, language, count) if hour is not None else ""
    if alternative.speed:
        params["speed"] = f"{alternative.speed:.2f}"
    if alternative.change == "rent" and alternative.method:
        return _fill(tr(ALTERNATIVE_TEXT["rent-sharded"]), params)
    if alternative.change == "instance":
        return _fill(tr(ALTERNATIVE_TEXT[f"instance-{alternative.to}"]), params)
    if alternative.change == "desktop":
        params["speed_part"] = (
            fill(
                tr(translatable("Finding", ", at {speed}× your laptop's speed")),
                speed=params["speed"],
            )
            if alternative.speed
            else ""
        )
    if alternative.change in ALTERNATIVE_TEXT:
        return _fill(tr(ALTERNATIVE_TEXT[alternative.change]), params)
    key = "route-method" if alternative.change == "route" and alternative.method else ""
    change = _fill(tr(CHANGE_TEXT[key or alternative.change]), params)
    kind = "keep" if alternative.keep else "buy-speed" if alternative.speed else "buy"
    result = _fill(tr(RESULT_TEXT[kind]), params)
    line = _fill(tr(CHANGE_AND_RESULT), {"change": change, "result": result})
    # Another engine, or Keras 3 on JAX: not TensorFlow.
    outside: str | None = alternative.engine
    if outside is None and alternative.change == "route" and alternative.to == "keras-other":
        outside = tr(ROUTE_TEXT["keras-other"])
    if outside:  # a way forward that leaves TensorFlow says so in its own line
        line += fill(
            tr(translatable("Finding", " It runs on {engine}, not TensorFlow.")), engine=outside
        )
    return line


def need_text(
    need: Need, currency: Currency, language: str = ENGLISH, tr: Translator | None = None
) -> str:
    tr = tr or (lambda text: translate(text, language))
    if need.what == "nvlink-bridge" and not need.priced:
        return tr(translatable("Finding", "Data-centre NVLink bridge, price to confirm"))
    if need.what == "nvlink-bridge":
        return _fill(
            tr(translatable("Finding", "NVLink bridge, {price} used ({date})")),
            _params({"price": need.price, "date": need.date}, tr, currency),
        )
    if need.what == "psu":
        return _fill(
            tr(translatable("Finding", "{watts} W power supply, {price} ({date})")),
            _params({"watts": need.watts, "price": need.price, "date": need.date}, tr, currency),
        )
    if need.last_branch is not None:
        return _fill(
            tr(
                translatable(
                    "Finding",
                    "NVIDIA driver {version} or newer, up to the R{branch} branch, the last for this card (free)",
                )
            ),
            {"version": need.version or "", "branch": str(need.last_branch)},
        )
    return _fill(
        tr(translatable("Finding", "NVIDIA driver {version} or newer (free)")),
        {"version": need.version or ""},
    )


def route_alternative_text(
    option: Option, language: str = ENGLISH, tr: Translator | None = None
) -> str:
    """'With NVIDIA's NGC container, the best pick would be ...' for the plan's route_alternative."""
    tr = tr or (lambda text: translate(text, language))
    params = {"route": "ngc", "gpu": option.gpu, "count": option.count, "price": option.price or 0}
    text = _fill(
        tr(
            translatable(
                "Finding", "With {route}, the best pick would be {gpu}{times} for {price}."
            )
        ),
        _params(params, tr, option.currency),
    )
    # The container's end is said with the pick, not only in the pick's details: a card
    # bought for it is bought for the last release there will be.
    ended = next((f for f in option.findings if f.id == "route-ngc-ended"), None)
    if ended is None:
        return text
    return _fill(
        translate(translatable("Report", "{sentence} {then}"), language, "Report"),
        {"sentence": text, "then": finding_text(ended, language)},
    )


def market_text(market: PlanMarket, language: str = ENGLISH) -> str:
    """'Prices for China, in CNY' — and, shown in another money, that it is converted for
    display only."""

    def tr(text: str) -> str:
        return translate(text, language)

    params = {
        "market": region_text(market.region, tr),
        "currency": currency_text(market.currency, tr),
        "shown": currency_text(market.shown_in, tr),
        "rate": f"{market.fx_rate:.4g}" if market.fx_rate else "",
        "date": market.fx_date or "",
    }
    if market.shop_only:
        template = translatable("Finding", "Prices from this shop's list, in {shown}.")
    elif market.shown_in == market.currency:
        template = translatable("Finding", "Prices for {market}, in {currency}.")
    elif market.fx_rate:
        template = translatable(
            "Finding",
            "Prices for {market}, shown in {shown}: converted for display only, at {rate} CNY per USD ({date}).",
        )
    else:
        template = translatable("Finding", "Prices for {market}, shown in {shown}.")
    return _fill(translate(template, language), params)


def ask_price_text(market: PlanMarket, language: str = ENGLISH, printed: bool = False) -> str:
    """Where the buyer's market has no recent price for the top picks, ask for the one seen
    (typed over its total in the window; on paper, asked of the shop)."""
    if printed:
        template = (
            translatable(
                "Finding",
                "{unlisted} of the top {top} cards have no price from {market} newer than {months} months: ask the shop for today's price before you buy.",
            )
            if market.top > 1 and market.unlisted > 1
            else translatable(
                "Finding",
                "1 of the top {top} cards has no price from {market} newer than {months} months: ask the shop for today's price before you buy.",
            )
            if market.top > 1
            else translatable(
                "Finding",
                "The top card has no price from {market} newer than {months} months: ask the shop for today's price before you buy.",
            )
        )
    else:
        template = (
            translatable(
                "Finding",
                "{unlisted} of the top {top} cards have no price from {market} newer than {months} months: type the price you see over its total, and the plan uses it.",
            )
            if market.top > 1 and market.unlisted > 1
            else translatable(
                "Finding",
                "1 of the top {top} cards has no price from {market} newer than {months} months: type the price you see over its total, and the plan uses it.",
            )
            if market.top > 1
            else translatable(
                "Finding",
                "The top card has no price from {market} newer than {months} months: type the price you see over its total, and the plan uses it.",
            )
        )
    params = {
        "unlisted": market.unlisted,
        "top": market.top,
        "months": market.months,
        "market": translate(REGION_TEXT.get(market.region, market.region), language),
    }
    return _fill(translate(template, language), params)


PROVENANCE_TEXT = {
    "user": translatable("Finding", "Your own prices: {cards}"),
    "shop": translatable("Finding", "This shop's prices: {cards}"),
    "estimate": translatable("Finding", "Estimates, not listings: {cards}"),
    "msrp": translatable("Finding", "Launch prices (MSRP) only: {cards}"),
    "converted": translatable("Finding", "Converted from another market's price: {cards}"),
    "listed": translatable("Finding", "Listed or reported in {market}: {cards}"),
}


def provenance_lines(plan: Plan, language: str = ENGLISH) -> list[str]:
    """Which offered cards are priced by whom: the user, a shop, a listing, a conversion, an
    estimate (each card once, with its price's date)."""
    if plan.market is None:
        return []
    region = plan.market.region
    seen: dict[str, list[str]] = {}
    named: set[str] = set()
    for option in plan.fitting():
        each = option.price_each
        if option.action == "keep" or each is None or option.gpu_id in named:
            continue
        named.add(option.gpu_id)
        seen.setdefault(each.provenance_in(region), []).append(f"{option.gpu} ({each.date})")
    market_name = translate(REGION_TEXT.get(region, region), language)
    separator = translate(translatable("Report", ", "), language, "Report")
    return [
        _fill(
            translate(PROVENANCE_TEXT[kind], language),
            {"cards": separator.join(seen[kind]), "market": market_name},
        )
        for kind in PROVENANCES
        if kind in seen
    ]


def price_age_text(age: PriceAge, language: str = ENGLISH, tr: Translator | None = None) -> str:
    """One line on how old the prices behind a plan are."""
    tr = tr or (lambda text: translate(text, language))
    params = {
        "count": age.count,
        "months": age.median_days // 30,
        "oldest": age.oldest_date,
        "newest": age.newest_date,
        "stale": age.stale,
        "unknown": age.unknown,
    }
    if age.count == 1:  # one card is not "1 cards" (issue 41)
        return _fill(
            tr(
                translatable(
                    "Finding",
                    "The price behind this option is {months} months old ({oldest}): check today's price.",
                )
            ),
            params,
        )
    return _fill(
        tr(
            translatable(
                "Finding",
                "Prices behind these options: {count} cards, typically {months} months old ({oldest} to {newest}); {stale} over a year old, {unknown} over two years: check today's prices.",
            )
        ),
        params,
    )


def speed_cell(speed: float | None, option: Option) -> str:
    """'1.28× ±12%': a predicted speed with the model's measured error for this job and card
    (none for the installed cards: keeping them is the 1× the others are measured against)."""
    if not speed:
        return "N/A"
    error = getattr(option, "predicted_error_pct", 0) or 0
    if option.action == "keep" or error < 1:
        return f"{speed:.2f}×"
    return f"{speed:.2f}× ±{error:.0f}%"
