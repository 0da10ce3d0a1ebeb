"""A plan as a self-contained HTML page. Every text from data is escaped (names can hold markup)."""

from __future__ import annotations

import html

from gpuplanner.languages import CHINESE, ENGLISH
from gpuplanner.planning.recommend import Plan
from gpuplanner.report import plan_text

MARK = {"blocks": "✘", "needs": "＋", "warns": "⚠", "info": "·"}

T = {
    "en": {
        "title": "GPU plan",
        "scenario": "Scenario",
        "budget": "Budget",
        "workload": "Workload",
        "needs": "Memory needed",
        "options": "Options",
        "gpu": "GPU",
        "price": "Price",
        "speed": "Speed",
        "fits": "Fits",
        "warnings": "Warnings",
        "reasons": "Why",
        "yes": "yes",
        "no": "no",
        "relative": "relative to",
        "machine": "This computer",
        "rent": "Renting instead",
        "sku": "SKU",
        "shelf": "Shelf",
        "action": "Action",
        "needs_col": "Needs",
        "route": "TensorFlow route",
        "price_date": "price of",
        "forward": "Ways forward",
        "no_purchase": "No purchase needed: your cards already hold this job.",
    },
    "zh": {
        "title": "GPU 选购方案",
        "scenario": "场景",
        "budget": "预算",
        "workload": "任务",
        "needs": "显存需求",
        "options": "候选方案",
        "gpu": "显卡",
        "price": "价格",
        "speed": "速度",
        "fits": "可行",
        "warnings": "警告",
        "reasons": "理由",
        "yes": "是",
        "no": "否",
        "relative": "相对于",
        "machine": "本机",
        "rent": "改为租用",
        "sku": "货号",
        "shelf": "货架",
        "action": "方案",
        "needs_col": "需要",
        "route": "TensorFlow 安装方式",
        "price_date": "价格日期",
        "forward": "可行的调整",
        "no_purchase": "无需购买：现有显卡已能胜任此任务。",
    },
}


def plan_html(
    plan: Plan,
    language: str = "en",
    machine_lines: list[str] | None = None,
    top: int = 10,
    shop: str | None = None,
    logo_url: str | None = None,
) -> str:
    t = T["zh" if language.startswith("zh") else "en"]
    e = html.escape
    lang = CHINESE if language.startswith("zh") else ENGLISH

    def tr(text: str) -> str:
        return plan_text.translate(text, lang)

    rows = []
    for option in plan.options[:top]:
        warnings = "<br>".join(
            f"{MARK[f.severity]} {e(plan_text.finding_text(f, lang))}"
            for f in option.findings
            if f.severity != "info"
        )
        reasons = "<br>".join(
            e(plan_text.finding_text(f, lang))
            for f in (option.rank_reason, *option.findings)
            if f is not None and f.severity == "info"
        )
        needs = "<br>".join(e(plan_text.need_text(n, plan.currency, lang)) for n in option.needs)
        count = f" &times;{option.count}" if option.count > 1 else ""
        each = option.price_each
        if each and (each.sku or each.location):
            reasons += f"<br><b>{t['sku']}</b> {e(each.sku or '-')} · <b>{t['shelf']}</b> {e(each.location or '-')}"
        dated = (
            f"<br><small>{t['price_date']} {e(each.date)} · "
            f"{e(plan_text.condition_text(each.condition, tr))} · "
            f"{e(plan_text.region_text(each.region, tr))} · {e(each.source)}</small>"
            if each
            else ""
        )
        speed = option.speedup if option.speedup is not None else option.predicted_relative
        rows.append(
            f"<tr class='{'fit' if option.offered else 'nofit'}'>"
            f"<td>{e(plan_text.action_text(option.action, lang))}</td><td>{e(option.gpu)}{count}</td>"
            f"<td>{'' if option.price is None else f'{option.price:,.0f}'}{dated}</td>"
            f"<td>{'' if speed is None else f'{speed:.2f}&times;'}</td>"
            f"<td>{t['yes'] if option.offered else t['no']}</td><td>{needs}</td>"
            f"<td>{reasons}</td><td>{warnings}</td></tr>"
        )
    forward = "".join(
        f"<li>{e(plan_text.alternative_text(a, plan.currency, plan.job_label, lang))}</li>"
        for a in plan.alternatives
    )
    machine = "".join(f"<li>{e(line)}</li>" for line in machine_lines or [])
    rent = "".join(
        f"<li>{r.count} &times; {e(r.gpu)}: {r.per_hour:,.2f} {e(r.currency)}/h"
        + (f", {r.hours:g} h, {r.job_cost:,.0f} {e(r.currency)}" if r.job_cost else "")
        + "</li>"
        for r in plan.rent
    )
    heading = e(shop) + " – " if shop else ""
    return f"""<!DOCTYPE html>
<html lang="{"zh-CN" if language.startswith("zh") else "en"}"><head><meta charset="utf-8">
<title>{heading}{t["title"]}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;width:100%}}
td,th{{border:1px solid #999;padding:4px 6px;vertical-align:top;font-size:90%}}tr.nofit{{color:#777}}</style>
</head><body>
{f'<p><img src="{e(logo_url)}" height="64"></p>' if logo_url else ""}<h1>{heading}{t["title"]}</h1>
<p>{t["scenario"]}: {e(plan.scenario)} · {t["budget"]}: {plan.budget:,.0f} {e(plan.currency)} ·
{t["workload"]}: {e(plan.workload)} ({e(plan.precision)}) · {t["needs"]}: {plan.vram.total_gb:g} GB ·
{t["speed"]} {t["relative"]} {e(plan.reference_gpu)} ·
{t["route"]}: {e(plan_text.route_text(plan.tf_route, lang))}</p>
{f"<p><i>{e(plan_text.price_age_text(plan.price_age, lang))}</i></p>" if plan.price_age else ""}
{f"<p><b>{t['no_purchase']}</b></p>" if plan.no_purchase_needed else ""}
{f"<h2>{t['machine']}</h2><ul>{machine}</ul>" if machine else ""}
<h2>{t["options"]}</h2>
<table><tr><th>{t["action"]}</th><th>{t["gpu"]}</th><th>{t["price"]} ({e(plan.currency)})</th><th>{t["speed"]}</th><th>{t["fits"]}</th>
<th>{t["needs_col"]}</th><th>{t["reasons"]}</th><th>{t["warnings"]}</th></tr>
{"".join(rows)}
</table>
{f"<h2>{t['forward']}</h2><ul>{forward}</ul>" if forward else ""}
{f"<h2>{t['rent']}</h2><ul>{rent}</ul>" if rent else ""}
</body></html>
"""
