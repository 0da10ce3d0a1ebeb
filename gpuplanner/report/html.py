"""A plan as a self-contained HTML page. Every text from data is escaped (names can hold markup)."""

from __future__ import annotations

import html

from gpuplanner.planning.recommend import Plan

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
    rows = []
    for option in plan.options[:top]:
        warnings = "<br>".join(
            f"[{e(w.severity)}] {e(w.message)}" for w in option.warnings if w.severity != "info"
        )
        reasons = "<br>".join(e(r) for r in option.reasons)
        count = f" &times;{option.count}" if option.count > 1 else ""
        if option.sku or option.location:
            reasons += f"<br><b>{t['sku']}</b> {e(option.sku or '-')} · <b>{t['shelf']}</b> {e(option.location or '-')}"
        rows.append(
            f"<tr class='{'fit' if option.fits else 'nofit'}'><td>{e(option.gpu)}{count}</td>"
            f"<td>{'' if option.price is None else f'{option.price:,.0f}'}</td>"
            f"<td>{'' if option.predicted_relative is None else f'{option.predicted_relative:.2f}&times;'}</td>"
            f"<td>{t['yes'] if option.fits else t['no']}</td><td>{reasons}</td><td>{warnings}</td></tr>"
        )
    machine = "".join(f"<li>{e(line)}</li>" for line in machine_lines or [])
    rent = "".join(
        f"<li>{r.count} &times; {e(r.gpu)}: {r.per_hour:,.2f} {e(r.currency)}/h</li>"
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
{t["speed"]} {t["relative"]} {e(plan.reference_gpu)}</p>
{f"<h2>{t['machine']}</h2><ul>{machine}</ul>" if machine else ""}
<h2>{t["options"]}</h2>
<table><tr><th>{t["gpu"]}</th><th>{t["price"]} ({e(plan.currency)})</th><th>{t["speed"]}</th><th>{t["fits"]}</th>
<th>{t["reasons"]}</th><th>{t["warnings"]}</th></tr>
{"".join(rows)}
</table>
{f"<h2>{t['rent']}</h2><ul>{rent}</ul>" if rent else ""}
</body></html>
"""
