"""The lab fleet as tables: machines and the upgrade plan, for CSV (spreadsheets) and HTML/PDF."""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path

from gpuplanner import atomic
from gpuplanner.catalog.pricelist import neutralise
from gpuplanner.languages import CHINESE, ENGLISH
from gpuplanner.report.plan_text import finding_text

MACHINE_HEADER = {
    "en": [
        "Machine",
        "GPUs",
        "GPU memory (GB)",
        "PCIe links",
        "PSU",
        "TensorFlow",
        "Warnings",
        "File",
    ],
    "zh": ["机器", "GPU", "显存 (GB)", "PCIe 链路", "电源", "TensorFlow", "警告", "文件"],
}
PLAN_HEADER = {
    "en": [
        "Machine",
        "Now",
        "Upgrade to",
        "Cards",
        "Price",
        "Currency",
        "Speed-up",
        "Added throughput",
        "Shop SKU",
        "Shelf",
        "Warnings",
        "Why not",
    ],
    "zh": [
        "机器",
        "现有",
        "升级为",
        "数量",
        "价格",
        "币种",
        "速度倍数",
        "增加的吞吐量",
        "货号",
        "货架",
        "警告",
        "未升级原因",
    ],
}
TITLES = {
    "en": {
        "title": "Lab upgrade plan",
        "machines": "Machines",
        "plan": "Plan",
        "each": "Best upgrade for each machine, each within {budget} {currency}",
        "lab": "Upgrades for the whole lab within {budget} {currency}",
        "total": "Total: {cost} {currency}; added training throughput {gain} {unit}",
    },
    "zh": {
        "title": "实验室升级方案",
        "machines": "机器",
        "plan": "方案",
        "each": "每台机器的最佳升级，每台预算 {budget} {currency}",
        "lab": "全实验室总预算 {budget} {currency} 内的升级",
        "total": "合计：{cost} {currency}；增加的训练吞吐量 {gain} {unit}",
    },
}


REASONS = {
    "en": {
        "outbid": "other machines gain more for the money",
        "nothing-fits": "no card fits the budget and this machine",
        "nothing-faster": "nothing faster than its current card fits",
        "laptop": "a laptop: its GPU cannot be changed",
        "cloud-vm": "a cloud instance: choose a larger one instead of buying",
        "check-supply": "its card runs without power cables: enter its supply to check what fits",
    },
    "zh": {
        "outbid": "同样的钱用在其他机器上提升更大",
        "nothing-fits": "没有符合预算和本机条件的显卡",
        "nothing-faster": "没有比现有显卡更快且合适的显卡",
        "laptop": "笔记本电脑：显卡无法更换",
        "cloud-vm": "云主机：请换更大的实例，而不是购买显卡",
        "check-supply": "现有显卡无需供电线：请填写电源后再判断能装什么",
    },
}


def _language(language: str) -> str:
    return CHINESE if language.startswith("zh") else ENGLISH


def _lang(language: str) -> str:
    return "zh" if language.startswith("zh") else "en"


def machine_rows(machines) -> list[list[object]]:
    return [
        [
            m.name,
            m.gpu_summary(),
            m.vram_gb() if m.vram_gb() is not None else "",
            m.links(),
            m.psu() or "",
            m.tensorflow(),
            m.problems(),
            Path(m.file).name,
        ]
        for m in machines
    ]


def plan_rows(plan, machines, language: str = "en") -> list[list[object]]:
    now = {m.name: m.gpu_summary() for m in machines}
    reasons = REASONS[_lang(language)]
    rows = []
    for choice in plan.choices:
        option = choice.option
        if option is None:
            empty = [""] * (len(PLAN_HEADER["en"]) - 3)
            reason = reasons.get(choice.reason, choice.reason)
            rows.append([choice.machine, now.get(choice.machine, ""), *empty, reason])
            continue
        warnings = "; ".join(
            finding_text(f, _language(language))
            for f in option.findings
            if f.severity in ("needs", "warns")
        )
        rows.append(
            [
                choice.machine,
                now.get(choice.machine, ""),
                option.gpu,
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


def write_plan_csv(path: Path, plan, machines, language: str = "en") -> None:
    """UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese correctly."""
    text = to_csv(PLAN_HEADER[_lang(language)], plan_rows(plan, machines, language))
    atomic.write_text(path, text, encoding="utf-8-sig")


def fleet_html(plan, machines, language: str = "en") -> str:
    lang = _lang(language)
    t = TITLES[lang]
    e = html.escape

    def table(header, rows) -> str:
        head = "".join(f"<th>{e(h)}</th>" for h in header)
        body = "".join(
            "<tr>" + "".join(f"<td>{e(str(v))}</td>" for v in row) + "</tr>" for row in rows
        )
        return f"<table><tr>{head}</tr>{body}</table>"

    budget = f"{plan.budget:,.0f}"
    summary = t["total"].format(
        cost=f"{plan.total_cost:,.0f}",
        currency=plan.currency,
        gain=f"{plan.total_gain:,.1f}",
        unit=plan.unit,
    )
    return f"""<!DOCTYPE html>
<html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8"><title>{t["title"]}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;width:100%}}
td,th{{border:1px solid #999;padding:3px 5px;vertical-align:top;font-size:85%}}</style></head><body>
<h1>{t["title"]}</h1>
<p>{e(t[plan.mode].format(budget=budget, currency=plan.currency))} · {e(plan.workload)}</p>
<p><b>{e(summary)}</b></p>
<h2>{t["plan"]}</h2>
{table(PLAN_HEADER[lang], plan_rows(plan, machines, language))}
<h2>{t["machines"]}</h2>
{table(MACHINE_HEADER[lang], machine_rows(machines))}
</body></html>
"""
