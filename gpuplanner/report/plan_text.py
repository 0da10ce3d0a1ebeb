"""A plan's findings, actions and ways forward in words, from the one translation source.

Planning returns facts (id, severity, numbers); this module turns them into sentences. The
English templates below are marked with ``translatable("Finding", ...)``, so the ``.ts`` file
holds their Chinese; the command line and the reports read it with the standard library, and
the window asks Qt's translator for the same (context, text) pair, so all three say the same
thing and follow a language switch.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from gpuplanner.core import paths
from gpuplanner.core.languages import ENGLISH
from gpuplanner.core.money import format_money
from gpuplanner.i18n import translatable
from gpuplanner.i18n.tsfile import read_ts

CONTEXT = "Finding"

TEXT: dict[str, str] = {
    # memory and the job
    "vram-short": translatable(
        "Finding", "Needs {needed_gb} GB per card; this card has {card_gb} GB."
    ),
    "holds-job": translatable("Finding", "Holds the job in {card_gb} GB ({needed_gb} GB needed)."),
    # the TensorFlow route and the driver
    "route-unsupported": translatable(
        "Finding", "Not supported by {route}. It runs with: {other}."
    ),
    "route-needs-rocm": translatable(
        "Finding",
        "TensorFlow reaches this AMD card only through ROCm on Linux: allow ROCm to consider it.",
    ),
    "route-rocm-linux": translatable(
        "Finding", "Runs through ROCm on Linux only (no Windows or macOS GPU support)."
    ),
    "route-windows-native": translatable(
        "Finding",
        "On native Windows TensorFlow uses the GPU only up to version 2.10: use WSL2 (or the NGC container in WSL2).",
    ),
    "speed-not-measured": translatable(
        "Finding",
        "Speed not measured on {vendor} cards with TensorFlow: the prediction is a wide estimate.",
    ),
    "driver-update": translatable(
        "Finding",
        "Driver {have} is older than {need}, which {route} needs for this card: update the NVIDIA driver (free).",
    ),
    # price
    "no-price": translatable(
        "Finding", "No price on record for this card (in the shop's list or the catalog)."
    ),
    "not-in-stock": translatable("Finding", "Not in stock in this shop."),
    "price-converted": translatable(
        "Finding",
        "No {currency} price: converted from {source_currency} at {rate} CNY per USD ({rate_date}){tax}.",
    ),
    "not-sold-here": translatable("Finding", "Not sold in {region}: {reason}{since}."),
    "rank-price-unknown": translatable(
        "Finding",
        "Ranked after the cards with a price from the last two years: its newest price is older, check today's.",
    ),
    "market-risk": translatable("Finding", "{risk}"),
    "modified-needs-used-ok": translatable(
        "Finding",
        "A modified card (memory added by a third party): shown when used and modified cards are allowed.",
    ),
    "used-card-risk": translatable(
        "Finding",
        "A used card: many were mined on; ask how it was used, for the box and the invoice, and test it.",
    ),
    "price-very-old": translatable(
        "Finding",
        "Price unknown, check today's: the newest on record is from {date} ({months} months ago).",
    ),
    "price-stale": translatable(
        "Finding", "The price is from {date} ({months} months ago): it may have changed."
    ),
    "price-unverified": translatable(
        "Finding", "The price is an estimate that was not checked against a source."
    ),
    "over-budget": translatable("Finding", "{total} is over the {budget} budget."),
    # scenario advice
    "vram-small-trap": translatable(
        "Finding",
        "{card_gb} GB cards run out of memory on today's models: 12-16 GB is the entry point.",
    ),
    "vram-below-floor": translatable(
        "Finding",
        "{card_gb} GB is under the {floor_gb} GB this kind of work usually needs: small batches or tricks.",
    ),
    "no-ecc-24x7": translatable(
        "Finding",
        "No ECC memory: for round-the-clock training a workstation or datacenter card is safer.",
    ),
    "rent-instead": translatable(
        "Finding",
        "This job needs {count} cards: renting datacenter GPUs is usually cheaper than buying them.",
    ),
    # bottlenecks and several cards
    "pcie-slot-slower": translatable(
        "Finding",
        "Your slot is PCIe Gen{slot_gen}; this card is Gen{card_gen}: transfers run at about {percent}% of its rate (training from GPU memory loses little).",
    ),
    "cpu-input-bound": translatable(
        "Finding",
        "Your CPU decodes about {pipeline} images/s; this card could train on {predicted} images/s: the CPU would hold it back.",
    ),
    "ram-below-vram": translatable(
        "Finding",
        "System memory ({ram_gb} GB) is less than the cards' memory ({vram_gb} GB): plan for at least as much RAM.",
    ),
    "scaling": translatable(
        "Finding",
        "{count} cards reach about {efficiency_pct}% of {count}x one card ({link}, {gbs} GB/s per card).",
    ),
    "layer-split": translatable(
        "Finding",
        "The model is split over {count} cards by layers: memory adds up, but generating a token is no faster than on one card.",
    ),
    "scaling-poor": translatable(
        "Finding",
        "{count} cards reach only {efficiency_pct}% of linear for this job: what they exchange each step is too much for the link; one faster card is the better buy.",
    ),
    "p2p-off": translatable(
        "Finding",
        "These GeForce cards cannot talk to each other directly (peer-to-peer is off): gradients go through system memory.",
    ),
    "lanes-shared": translatable(
        "Finding",
        "On a desktop board the cards share the CPU's lanes ({lanes}); a workstation board gives each x16.",
    ),
    "slot-x4": translatable(
        "Finding",
        "This computer's GPU slot runs at x{width} (the card is x{card_width}): check that it is a full-length slot; transfers run at x{width}.",
    ),
    "nvlink": translatable("Finding", "NVLink between cards ({gbs} GB/s)."),
    # power
    "power-socket": translatable(
        "Finding",
        "The computer would draw {wall_w} W from the wall, above the {limit_w} W a {socket} socket supplies continuously.",
    ),
    "psu-unknown-check": translatable(
        "Finding",
        "Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with separate 8-pin cables ({eight_pin}) or a 12V-2x6 cable.",
    ),
    "psu-unknown-check-12v": translatable(
        "Finding",
        "Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with a 12V-2x6 cable for the card's plug.",
    ),
    "psu-unknown-check-eps": translatable(
        "Finding",
        "Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained) with {eight_pin} free CPU (EPS) 8-pin cables: this card takes the CPU plug, not PCIe.",
    ),
    "psu-unknown-check-slot": translatable(
        "Finding",
        "Check before buying: a supply of at least {recommended_w} W (about {sustained_w} W sustained); the card takes its power from the slot, no cable needed.",
    ),
    "psu-sustained": translatable(
        "Finding",
        "About {sustained_w} W sustained is {percent}% of the {psu_w} W supply; keep it under 80%.",
    ),
    "psu-transient": translatable(
        "Finding",
        "GPU power spikes may reach {transient_w} W, above the {limit_w} W an ATX {atx}.x supply tolerates: sudden shutdowns.",
    ),
    "psu-cables": translatable(
        "Finding", "Separate 8-pin cables needed: {needed}; the supply has {have}."
    ),
    "power-below-vendor": translatable(
        "Finding", "The vendor recommends a {recommended_w} W supply; this one has {psu_w} W."
    ),
    "cables-check": translatable(
        "Finding",
        "Check that the supply has separate 8-pin PCIe cables for each plug ({eight_pin}), not one split cable.",
    ),
    "psu-none-large-enough": translatable(
        "Finding", "Needs a {watts} W supply: more than one desktop supply delivers."
    ),
    "needs-psu": translatable(
        "Finding",
        "Needs a new {watts} W ATX 3.1 supply with a 12V-2x6 cable: about {price} (price of {date}), included in the total.",
    ),
    "adapter-check": translatable(
        "Finding",
        "Check before buying: the card takes a 12V-2x6 plug and its adapter's 8-pin count is not on record (at least {at_least} separate 8-pin cables).",
    ),
    # the machine and the case
    "machine-laptop": translatable("Finding", "A laptop: its GPU cannot be changed or added to."),
    "machine-cloud-vm": translatable(
        "Finding",
        "This looks like a cloud or virtual machine (its GPU sits on PCI bus 00): to go faster, choose a larger instance instead of buying a card.",
    ),
    "machine-one-card": translatable(
        "Finding",
        "This computer looks like a small office PC (its card runs from the slot): {count} cards need slots, cables and airflow it may lack. Enter its supply and case to check.",
    ),
    "check-low-profile": translatable(
        "Finding",
        "Check before buying: small PCs often take only low-profile (half-height) cards; check the slot's bracket height and that the card comes with a low-profile bracket.",
    ),
    "machine-slot-powered": translatable(
        "Finding",
        "This computer runs {current} from the slot alone (no power cables): a {watts} W card needs PCIe power cables and room that small office PCs often lack. Enter the supply to check.",
    ),
    "fit-module-needs-server": translatable(
        "Finding", "An {form} module, not a PCIe card: it needs a server built for it."
    ),
    "check-case": translatable(
        "Finding",
        "Check before buying: the longest common boards are {length_mm} mm long and {slots} slots wide.",
    ),
    "fit-too-long": translatable(
        "Finding",
        "Common boards are up to {length} mm long (reference {reference} mm); the case fits {clearance} mm.",
    ),
    "fit-slots": translatable("Finding", "The cards need {needed} slots; {free} are free."),
    "fit-desktop-slots": translatable(
        "Finding",
        "{count} cards take {needed} expansion slots, more than a desktop has: they need a workstation or server chassis.",
    ),
    "fit-mini-itx": translatable(
        "Finding", "A mini-ITX case has one slot: {count} cards do not fit."
    ),
    "heat-output": translatable("Finding", "Heat to remove: {watts} W ({btu} BTU/h)."),
    "cooling-passive": translatable(
        "Finding",
        "A passively cooled card needs server airflow; in a desktop case it overheats.",
    ),
    "cooling-open-air-stack": translatable(
        "Finding",
        "{count} open-air cards side by side blow hot air onto each other: leave a slot between them or choose blower cards.",
    ),
    "cooling-throttled": translatable(
        "Finding",
        "The probe saw your current GPU slow down from heat: improve the case airflow first.",
    ),
    "cooling-hot": translatable("Finding", "Your current GPU reached {temp} °C during the probe."),
    # costs
    "run-cost": translatable(
        "Finding", "One training run ({job}): about {hours} h and {cost} of electricity."
    ),
    "breakeven": translatable("Finding", "Buying beats renting after about {hours} GPU-hours."),
    # against what is installed, and the rank
    "slower-than-installed": translatable(
        "Finding",
        "No faster than what you have ({speedup}x), and your cards already hold this job: not worth buying for it.",
    ),
    "rank-keep": translatable("Finding", "No purchase needed: your cards already hold this job."),
    "rank-blocked": translatable("Finding", "Not offered: {by}"),
    "rank-slower-than-installed": translatable(
        "Finding", "Listed after keeping your cards: it is not faster for this job."
    ),
    "rank-speed": translatable("Finding", "Ranked by speed within the budget: {speed}x."),
    "rank-value": translatable(
        "Finding", "Ranked by value: {speed}x for the price, {value} per 1,000 {currency}."
    ),
    "keep-until-memory": translatable(
        "Finding", "Until a job needs more than {vram_gb} GB per card."
    ),
    "keep-until-speed": translatable(
        "Finding",
        "For more speed: {gpu}{times} would be {speedup}x as fast for {price}.",
    ),
}

ACTION_TEXT = {
    "keep": translatable("Finding", "Keep what you have"),
    "add": translatable("Finding", "Add"),
    "replace": translatable("Finding", "Replace"),
}

CONDITION_TEXT = {
    "new": translatable("Finding", "new"),
    "used": translatable("Finding", "used"),
    "refurbished": translatable("Finding", "refurbished"),
    "cloud-hour": translatable("Finding", "cloud, per hour"),
}

ROUTE_TEXT = {
    "official": translatable("Finding", "the official TensorFlow pip wheels"),
    "ngc": translatable("Finding", "NVIDIA's NGC TensorFlow container (Linux or WSL2, Docker)"),
    "keras-other": translatable("Finding", "Keras 3 on the JAX or PyTorch backend"),
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
    "llm-finetune": translatable("Finding", "a fine-tuning run of 20 million tokens"),
    "llm-inference": translatable("Finding", "one million generated tokens"),
}

# A change to the job (what it becomes) and its result (what then fits) make one sentence.
CHANGE_TEXT = {
    "method": translatable("Finding", "Use {to} instead ({vram_gb} GB)"),
    "bits": translatable("Finding", "Load the weights in {to} bits ({vram_gb} GB)"),
    "seq": translatable("Finding", "Shorten the sequence to {to} tokens ({vram_gb} GB)"),
    "batch": translatable("Finding", "Use a batch of {to} ({vram_gb} GB)"),
}
RESULT_TEXT = {
    "buy": translatable("Finding", "{gpu}{times} fits, {price}."),
    "keep": translatable("Finding", "your {gpu}{times} can run it, no purchase needed."),
}
ALTERNATIVE_TEXT = {
    "budget": translatable("Finding", "Raise the budget to {price} ({extra} more): {gpu}{times}."),
    "rent": translatable(
        "Finding",
        "Rent {count} x {gpu}: about {hours} h for {job}, {price} ({per_hour} an hour).",
    ),
}
CHANGE_AND_RESULT = translatable("Finding", "{change}: {result}")

MONEY_PARAMS = ("price", "total", "budget", "cost", "extra", "per_hour")


@cache
def _chinese(language: str) -> dict[tuple[str, str], str]:
    try:
        return read_ts(paths.resource_path("i18n", f"gpuplanner_{language}.ts")).lookup()
    except (OSError, ValueError):
        return {}


def translate(text: str, language: str, context: str = CONTEXT) -> str:
    """``text`` (an English template of ``context``) in ``language``; English when missing."""
    if language == ENGLISH:
        return text
    return _chinese(language).get((context, text), text)


Translator = Callable[[str], str]


REGION_TEXT = {
    "CN": translatable("Finding", "China"),
    "US": translatable("Finding", "the US"),
    "shop": translatable("Finding", "this shop"),
}


def region_text(region: str, tr: Translator) -> str:
    """A price's market in words ('China', 'the US', 'this shop')."""
    return tr(REGION_TEXT[region]) if region in REGION_TEXT else region


def condition_text(condition: str, tr: Translator) -> str:
    return tr(CONDITION_TEXT[condition]) if condition in CONDITION_TEXT else condition


AVAILABILITY_TEXT = {
    "china-market": translatable("Finding", "a card made for the Chinese market"),
    "export-control": translatable("Finding", "US export rules keep it out"),
    "discontinued": translatable("Finding", "out of production, sold used only"),
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


def _params(params: dict, tr: Translator, currency: str | None) -> dict:
    out = dict(params)
    if "region" in out:
        out["region"] = tr(REGION_TEXT.get(str(out["region"]), str(out["region"])))
    if "reason" in out:
        out["reason"] = tr(AVAILABILITY_TEXT.get(str(out["reason"]), str(out["reason"])))
    if "since" in out:
        since = str(out["since"])
        out["since"] = (
            tr(translatable("Finding", " (since {date})")).replace("{date}", since) if since else ""
        )
    if "risk" in out:
        out["risk"] = tr(RISK_TEXT.get(str(out["risk"]), str(out["risk"])))
    if "tax_pct" in out:
        pct = out.pop("tax_pct")
        out["tax"] = (
            tr(translatable("Finding", ", +{pct}% VAT")).replace("{pct}", str(pct))
            if pct > 0
            else tr(translatable("Finding", ", less {pct}% VAT")).replace("{pct}", str(-pct))
            if pct < 0
            else ""
        )
    money = out.get("currency", currency) or "CNY"
    for key in MONEY_PARAMS:
        value = out.get(key)
        if isinstance(value, int | float):
            small = 0 < abs(value) < 100 and value % 1
            out[key] = format_money(float(value), str(money), decimals=2 if small else 0)
    if "route" in out:
        out["route"] = tr(ROUTE_TEXT.get(str(out["route"]), str(out["route"])))
    if "other" in out:
        names = [tr(ROUTE_TEXT[r]) for r in str(out["other"]).split(",") if r in ROUTE_TEXT]
        out["other"] = "; ".join(names) or tr(translatable("Finding", "no route on record"))
    if "link" in out:
        out["link"] = tr(LINK_TEXT.get(str(out["link"]), str(out["link"])))
    if "job" in out:
        out["job"] = tr(JOB_TEXT.get(str(out["job"]), str(out["job"])))
    if "by" in out:
        out["by"] = str(out["by"])
    if "gpu" in out and "count" in out:
        out["times"] = f" ×{out['count']}" if int(out["count"]) > 1 else ""
    for key, value in out.items():
        if isinstance(value, float):
            out[key] = f"{value:,.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:,.0f}"
        elif isinstance(value, int) and abs(value) >= 10000:
            out[key] = f"{value:,}"
    return out


def _fill(template: str, params: dict) -> str:
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def finding_text(finding, language: str = ENGLISH, tr: Translator | None = None) -> str:
    """One finding as a sentence. ``tr``: a translator for the window (Qt's); else the .ts."""
    tr = tr or (lambda text: translate(text, language))
    template = TEXT.get(finding.id)
    if template is None:
        return finding.id
    params = _params(finding.params, tr, None)
    if finding.id == "rank-blocked":
        params["by"] = blocking_label(str(finding.params.get("by", "")), tr)
    return _fill(tr(template), params)


BLOCK_LABEL = {
    "vram-short": translatable("Finding", "not enough memory"),
    "route-unsupported": translatable("Finding", "the TensorFlow route cannot run it"),
    "route-needs-rocm": translatable("Finding", "needs ROCm on Linux"),
    "no-price": translatable("Finding", "no price on record"),
    "not-sold-here": translatable("Finding", "not sold in your region"),
    "modified-needs-used-ok": translatable(
        "Finding", "a modified card (allow used cards to see it)"
    ),
    "not-in-stock": translatable("Finding", "not in stock"),
    "over-budget": translatable("Finding", "over the budget"),
    "power-socket": translatable("Finding", "more than the wall socket supplies"),
    "psu-sustained": translatable("Finding", "the power supply is too small"),
    "psu-transient": translatable("Finding", "the power supply is too small"),
    "psu-cables": translatable("Finding", "not enough power cables"),
    "psu-none-large-enough": translatable("Finding", "no desktop supply is large enough"),
    "machine-cloud-vm": translatable(
        "Finding",
        "This looks like a cloud or virtual machine (its GPU sits on PCI bus 00): to go faster, choose a larger instance instead of buying a card.",
    ),
    "machine-slot-powered": translatable("Finding", "this computer has no power cables for it"),
    "machine-one-card": translatable("Finding", "a small PC: one card unless checked"),
    "fit-module-needs-server": translatable("Finding", "needs a server"),
    "fit-too-long": translatable("Finding", "too long for the case"),
    "fit-slots": translatable("Finding", "not enough slots"),
    "fit-desktop-slots": translatable("Finding", "not enough slots"),
    "fit-mini-itx": translatable("Finding", "not enough slots"),
}


def blocking_label(finding_id: str, tr: Translator) -> str:
    return tr(BLOCK_LABEL.get(finding_id, finding_id))


def action_text(action: str, language: str = ENGLISH, tr: Translator | None = None) -> str:
    tr = tr or (lambda text: translate(text, language))
    return tr(ACTION_TEXT.get(action, action))


def route_text(route: str, language: str = ENGLISH, tr: Translator | None = None) -> str:
    tr = tr or (lambda text: translate(text, language))
    return tr(ROUTE_TEXT.get(route, route))


def alternative_text(
    alternative, currency: str, job: str, language: str = ENGLISH, tr: Translator | None = None
) -> str:
    tr = tr or (lambda text: translate(text, language))
    params = {
        key: value
        for key, value in alternative.__dict__.items()
        if value is not None and key != "change"
    }
    if alternative.change == "method":
        params["to"] = {
            "lora": "LoRA",
            "qlora": "QLoRA",
            "full": tr(translatable("Finding", "full fine-tuning")),
        }.get(str(alternative.to), str(alternative.to))
    if alternative.change == "budget":
        params.pop("to", None)
    params["job"] = job
    params = _params(params, tr, currency)
    if alternative.change in ALTERNATIVE_TEXT:
        return _fill(tr(ALTERNATIVE_TEXT[alternative.change]), params)
    change = _fill(tr(CHANGE_TEXT[alternative.change]), params)
    result = _fill(tr(RESULT_TEXT["keep" if alternative.keep else "buy"]), params)
    return _fill(tr(CHANGE_AND_RESULT), {"change": change, "result": result})


def need_text(need, currency: str, language: str = ENGLISH, tr: Translator | None = None) -> str:
    tr = tr or (lambda text: translate(text, language))
    if need.what == "psu":
        return _fill(
            tr(translatable("Finding", "{watts} W power supply, {price} ({date})")),
            _params({"watts": need.watts, "price": need.price, "date": need.date}, tr, currency),
        )
    return _fill(
        tr(translatable("Finding", "NVIDIA driver {version} or newer (free)")),
        {"version": need.version or ""},
    )


def route_alternative_text(option, language: str = ENGLISH, tr: Translator | None = None) -> str:
    """'With NVIDIA's NGC container, the best pick would be ...' for the plan's route_alternative."""
    tr = tr or (lambda text: translate(text, language))
    params = {"route": "ngc", "gpu": option.gpu, "count": option.count, "price": option.price or 0}
    return _fill(
        tr(
            translatable(
                "Finding", "With {route}, the best pick would be {gpu}{times} for {price}."
            )
        ),
        _params(params, tr, option.currency),
    )


def price_age_text(age, language: str = ENGLISH, tr: Translator | None = None) -> str:
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
    return _fill(
        tr(
            translatable(
                "Finding",
                "Prices behind these options: {count} cards, typically {months} months old ({oldest} to {newest}); {stale} over a year old, {unknown} over two years: check today's prices.",
            )
        ),
        params,
    )


def speed_cell(speed: float | None, option) -> str:
    """'1.28× ±12%': a predicted speed with the model's measured error for this job and card
    (none for the installed cards: keeping them is the 1× the others are measured against)."""
    if not speed:
        return "N/A"
    error = getattr(option, "predicted_error_pct", 0) or 0
    if option.action == "keep" or error < 1:
        return f"{speed:.2f}×"
    return f"{speed:.2f}× ±{error:.0f}%"
