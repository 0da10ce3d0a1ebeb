"""The lab fleet as tables: machines and the upgrade plan, for CSV (spreadsheets) and HTML/PDF."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.core import atomic
from gpuplanner.core.languages import CHINESE, ENGLISH
from gpuplanner.core.terminal import neutralise
from gpuplanner.core.vocab import Workload
from gpuplanner.core.words import fill, translatable
from gpuplanner.report.job_text import WORKLOAD
from gpuplanner.report.job_text import translator as report_words
from gpuplanner.report.kind_text import kind_words
from gpuplanner.report.plan_text import action_text, currency_words, finding_text, translate
from gpuplanner.report.svg_charts import FONT_FAMILIES

if TYPE_CHECKING:
    from gpuplanner.app.fleet import FleetMachine, FleetPlan

CONTEXT = "FleetReport"

MACHINE_HEADER = [
    translatable("FleetReport", "Machine"),
    translatable("FleetReport", "Kind"),
    translatable("FleetReport", "GPUs"),
    translatable("FleetReport", "GPU memory (GB)"),
    translatable("FleetReport", "PCIe links"),
    translatable("FleetReport", "PSU"),
    "TensorFlow",
    translatable("FleetReport", "Warnings"),
    translatable("FleetReport", "File"),
]
PLAN_HEADER = [
    translatable("FleetReport", "Machine"),
    translatable("FleetReport", "Now"),
    translatable("FleetReport", "Upgrade to"),
    translatable("FleetReport", "Cards"),
    translatable("FleetReport", "Price"),
    translatable("FleetReport", "Currency"),
    translatable("FleetReport", "Speed-up"),
    translatable("FleetReport", "Added throughput"),
    translatable("FleetReport", "Shop SKU"),
    translatable("FleetReport", "Shelf"),
    translatable("FleetReport", "Warnings"),
    translatable("FleetReport", "Why not"),
]
TITLES = {
    "title": translatable("FleetReport", "Lab upgrade plan"),
    "machines": translatable("FleetReport", "Machines"),
    "plan": translatable("FleetReport", "Plan"),
    "each": translatable(
        "FleetReport", "Best upgrade for each machine, each within {budget} {currency}"
    ),
    "lab": translatable("FleetReport", "Upgrades for the whole lab within {budget} {currency}"),
    "total": translatable(
        "FleetReport", "Total: {cost} {currency}; added training throughput {gain} {unit}"
    ),
}
REASONS = {
    "outbid": translatable("FleetReport", "other machines gain more for the money"),
    "nothing-fits": translatable("FleetReport", "no card fits the budget and this machine"),
    "nothing-faster": translatable("FleetReport", "nothing faster than its current card fits"),
    "laptop": translatable("FleetReport", "a laptop: its GPU cannot be changed"),
    "cloud-vm": translatable(
        "FleetReport", "a cloud instance: choose a larger one instead of buying"
    ),
    "check-supply": translatable(
        "FleetReport",
        "its card runs without power cables: enter its supply to check what fits",
    ),
    "mig-off": translatable(
        "FleetReport",
        "MIG is on: turn MIG off first (free: nvidia-smi -mig 0) and plan the whole card",
    ),
    "power-capped": translatable(
        "FleetReport",
        "its cards run under a lowered power limit: lift it first (free: nvidia-smi -pl)",
    ),
}
# Throughput units in words; the window's fleet view shows the same.
UNITS = {
    "images/s": translatable("FleetReport", "images/s"),
    "sequences/s": translatable("FleetReport", "sequences/s"),
    "tokens/s": translatable("FleetReport", "tokens/s"),
}


def _language(language: str) -> str:
    return CHINESE if language.startswith("zh") else ENGLISH


def words(language: str) -> Callable[[str], str]:
    """The fleet tables' translator: an English template of "FleetReport" in ``language``."""
    lang = _language(language)
    return lambda text: translate(text, lang, CONTEXT)


def unit_text(unit: str, language: str) -> str:
    return words(language)(UNITS[unit]) if unit in UNITS else unit


def plan_header(language: str) -> list[str]:
    return [words(language)(h) for h in PLAN_HEADER]


def machine_header(language: str) -> list[str]:
    return [words(language)(h) for h in MACHINE_HEADER]


# A scanned TensorFlow install's state (hardware.records.TensorFlowInstall.verdict) in words.
TF_STATE = {
    "ready": translatable("FleetReport", "ready for the GPU"),
    "tf-missing": translatable("FleetReport", "not installed"),
    "cpu-package": translatable("FleetReport", "the CPU-only package"),
    "cpu-only": translatable("FleetReport", "runs on the CPU only"),
    "cuda-libraries-missing": translatable("FleetReport", "CUDA libraries missing"),
    "windows-native-no-gpu": translatable("FleetReport", "native Windows: no GPU after 2.10"),
    "macos-no-cuda": translatable("FleetReport", "macOS: no CUDA"),
}


def _tensorflow(machine: FleetMachine, tr: Callable[[str], str]) -> str:
    tf = machine.snapshot.tensorflow
    if tf is None:
        return tr(translatable("FleetReport", "unknown"))
    if tf.verdict in TF_STATE:
        state = tr(TF_STATE[tf.verdict])
        return f"{tf.package} {tf.version}: {state}" if tf.package else state
    if tf.package:
        return f"{tf.package} {tf.version}"
    return tr(translatable("FleetReport", "unknown"))


def _links(machine: FleetMachine, tr: Callable[[str], str]) -> str:
    """Each GPU's link as 'Gen4 x16', with what it could reach when it runs below that."""
    parts = []
    for gpu in machine.snapshot.gpus:
        link = gpu.pcie
        if link is None or link.current_gen is None:
            parts.append("?")
            continue
        text = f"Gen{link.current_gen} x{link.current_width or '?'}"
        if link.max_gen and (link.max_gen, link.max_width) != (
            link.current_gen,
            link.current_width,
        ):
            text += fill(
                tr(translatable("FleetReport", " (up to {link})")),
                link=f"Gen{link.max_gen} x{link.max_width or '?'}",
            )
        parts.append(text)
    return ", ".join(parts) or "-"


def machine_rows(machines: Sequence[FleetMachine], language: str = "en") -> list[list[object]]:
    tr = words(language)
    return [
        [
            m.name,
            kind_words(m.kind, _language(language), most=1),  # a table cell: the first fact
            m.gpu_summary(),
            m.vram_gb() if m.vram_gb() is not None else "",
            _links(m, tr),
            m.psu() or "",
            _tensorflow(m, tr),
            m.problems(),
            Path(m.file).name,
        ]
        for m in machines
    ]


def plan_rows(
    plan: FleetPlan, machines: Sequence[FleetMachine], language: str = "en"
) -> list[list[object]]:
    now = {m.name: m.gpu_summary() for m in machines}
    tr = words(language)
    rows: list[list[object]] = []
    for choice in plan.choices:
        option = choice.option
        if option is None:
            empty = [""] * (len(PLAN_HEADER) - 3)
            reason = tr(REASONS[choice.reason]) if choice.reason in REASONS else choice.reason
            rows.append([choice.machine, now.get(choice.machine, ""), *empty, reason])
            continue
        warnings = "; ".join(
            finding_text(f, _language(language))
            for f in option.findings
            if f.severity in ("needs", "warns")
        )
        # A bridge for the cards a machine has is named as the action it is, not as the cards.
        bought = (
            f"{action_text('bridge', _language(language))} ({option.gpu})"
            if option.action == "bridge"
            else option.gpu
        )
        rows.append(
            [
                choice.machine,
                now.get(choice.machine, ""),
                bought,
                option.count,
                round(option.price) if option.price else "",
                option.currency,
                f"{choice.speedup:.2f}×" if choice.speedup else "",
                f"{choice.gain:,.1f}",
                (option.price_each.sku if option.price_each else None) or "",
                (option.price_each.location if option.price_each else None) or "",
                warnings,
                "",
            ]
        )
    return rows


def to_csv(header: list[str], rows: list[list[object]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([neutralise(v) for v in row])
    return buffer.getvalue()


def write_plan_csv(
    path: Path, plan: FleetPlan, machines: Sequence[FleetMachine], language: str = "en"
) -> None:
    """UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese correctly."""
    text = to_csv(plan_header(language), plan_rows(plan, machines, language))
    atomic.write_text(path, text, encoding="utf-8-sig")


def fleet_html(plan: FleetPlan, machines: Sequence[FleetMachine], language: str = "en") -> str:
    tr = words(language)
    t = {key: tr(text) for key, text in TITLES.items()}
    zh = language.startswith("zh")
    e = html.escape

    def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
        head = "".join(f"<th>{e(h)}</th>" for h in header)
        body = "".join(
            "<tr>" + "".join(f"<td>{e(str(v))}</td>" for v in row) + "</tr>" for row in rows
        )
        return f"<table><tr>{head}</tr>{body}</table>"

    budget = f"{plan.budget:,.0f}"
    money = currency_words(plan.currency, language)
    summary = fill(
        t["total"],
        cost=f"{plan.total_cost:,.0f}",
        currency=money,
        gain=f"{plan.total_gain:,.1f}",
        unit=unit_text(plan.unit, language),
    )
    return f"""<!DOCTYPE html>
<html lang="{"zh-CN" if zh else "en"}"><head><meta charset="utf-8"><title>{t["title"]}</title>
<style>body{{font-family:{FONT_FAMILIES};margin:2em}}table{{border-collapse:collapse;width:100%}}
td,th{{border:1px solid #999;padding:3px 5px;vertical-align:top;font-size:85%}}</style></head><body>
<h1>{t["title"]}</h1>
<p>{e(fill(t[plan.mode], budget=budget, currency=money))} · {e(_workload(plan.workload, language))}</p>
<p><b>{e(summary)}</b></p>
<h2>{t["plan"]}</h2>
{table(plan_header(language), plan_rows(plan, machines, language))}
<h2>{t["machines"]}</h2>
{table(machine_header(language), machine_rows(machines, language))}
</body></html>
"""


def _workload(workload: Workload, language: str) -> str:
    return (
        report_words(_language(language))(WORKLOAD[workload]) if workload in WORKLOAD else workload
    )
