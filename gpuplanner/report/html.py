"""A plan as one self-contained HTML page: the report saved as HTML, rendered to PDF and printed.

It says what was planned and for whom: the date, the app and catalog versions, the machine and
the user's inputs, the full job, every option that fits (with its dated price, speed, needs,
reasons and warnings in full), why each other card does not, the charts, the power bar of the
top pick, the ways forward and the QR code. Every label comes from the translation source;
every text from data is escaped (names can hold markup).
"""

from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field

from gpuplanner.core.languages import CHINESE, ENGLISH
from gpuplanner.core.money import format_money
from gpuplanner.i18n import translatable
from gpuplanner.planning.options import Option, Plan
from gpuplanner.planning.request import PlanRequest
from gpuplanner.report import plan_text
from gpuplanner.report.chart_data import power_bar, value_chart
from gpuplanner.report.job_text import input_rows, job_rows, translator
from gpuplanner.report.plan_view import OptionRow, headline, option_rows
from gpuplanner.report.probe_effects_text import effect_lines
from gpuplanner.report.svg_charts import FONT_FAMILIES, data_uri, power_bar_svg, value_chart_svg

MARK = plan_text.SEVERITY_MARK


@dataclass(frozen=True)
class ReportContext:
    """What the report says beyond the plan: when, by which versions, for which machine."""

    generated: str  # "2026-11-30 14:05"
    app_version: str
    catalog_version: str
    request: PlanRequest | None = None  # the user's inputs
    machine_rows: list[tuple[str, str]] = field(default_factory=list)
    current_gpu_id: str | None = None
    shop: str | None = None
    logo_url: str | None = None
    qr_png: bytes | None = None


def _table(rows: list[tuple[str, str]]) -> str:
    e = html.escape
    return (
        "<table class='facts'>"
        + "".join(f"<tr><th>{e(label)}</th><td>{e(value)}</td></tr>" for label, value in rows)
        + "</table>"
    )


def _price_cell(option: Option, language: str) -> str:
    e = html.escape
    if option.price is None:
        return "N/A"
    tr = lambda s: plan_text.translate(s, language)  # noqa: E731 (one-line translator)
    text = e(format_money(option.price, option.currency))
    each = option.price_each
    if each is not None:
        text += (
            f"<br><small>{e(each.date)} · {e(plan_text.condition_text(each.condition, tr))} · "
            f"{e(plan_text.region_text(each.region, tr))} · {e(each.source)}</small>"
        )
        if each.low is not None and each.high is not None and each.high > each.low:
            low, high = (format_money(x, option.currency) for x in (each.low, each.high))
            text += f"<br><small>{e(low)}–{e(high)}</small>"
        if each.sku or each.location:
            text += f"<br><small>{e(each.sku or '-')} · {e(each.location or '-')}</small>"
    return text


def _option_row(row: OptionRow, option: Option, language: str) -> str:
    e = html.escape
    needs = "<br>".join(e(need) for need in row.needs)
    said = [f"{MARK['info']} {e(row.reason)}"] if row.reason is not None else []
    said += [f"{MARK[s.severity]} {e(s.text)}" for s in (*row.warnings, *row.notes)]
    return (
        f"<tr><td>{row.rank}</td><td>{e(row.action)}</td>"
        f"<td><b>{e(row.gpu)}</b></td><td>{_price_cell(option, language)}</td>"
        f"<td>{e(row.speed)}</td><td>{e(row.power)}</td><td>{needs}</td>"
        f"<td>{'<br>'.join(said)}</td></tr>"
    )


def _refused_row(row: OptionRow) -> str:
    e = html.escape
    reasons = "<br>".join(e(s.text) for s in row.warnings if s.severity == "blocks")
    return f"<tr><td>{e(row.gpu)}</td><td>{reasons}</td></tr>"


def plan_html(plan: Plan, language: str, context: ReportContext) -> str:
    zh = language.startswith("zh")
    lang = CHINESE if zh else ENGLISH
    tr = translator(lang)
    e = html.escape
    head = headline(plan, lang)
    rows = list(zip(option_rows(plan, lang), plan.options, strict=True))
    fitting = [(row, option) for row, option in rows if row.rank is not None]
    refused = [row for row, _option in rows if row.rank is None]
    title = tr(translatable("Report", "GPU purchase plan"))
    heading = f"{e(context.shop)} – {e(title)}" if context.shop else e(title)
    parts = [
        f"<!DOCTYPE html>\n<html lang='{'zh-CN' if zh else 'en'}'><head><meta charset='utf-8'>",
        f"<title>{heading}</title>",
        f"<style>body{{font-family:{FONT_FAMILIES};margin:2em;max-width:60em}}"
        "table{border-collapse:collapse;width:100%}"
        "td,th{border:1px solid #999;padding:4px 6px;vertical-align:top;font-size:90%;text-align:left}"
        "table.facts th{width:14em;background:#f2f2f2}small{color:#555}</style></head><body>",
    ]
    if context.logo_url:
        parts.append(f"<p><img src='{e(context.logo_url)}' height='64'></p>")
    parts.append(f"<h1>{heading}</h1>")
    parts.append(
        "<p>"
        + e(
            tr(translatable("Report", "Made on {date} by gpuplanner {version}; catalog {catalog}."))
            .replace("{date}", context.generated)
            .replace("{version}", context.app_version)
            .replace("{catalog}", context.catalog_version)
        )
        + "</p>"
    )
    parts.append(f"<p>{e(head.summary)}</p>")
    if head.price_age is not None:
        parts.append(f"<p><i>{e(head.price_age)}</i></p>")
    parts.append(f"<h2>{e(tr(translatable('Report', 'The job')))}</h2>")
    parts.append(_table(job_rows(plan, lang)))
    parts.append(
        "<p>"
        + e(
            tr(translatable("Report", "Speeds are relative to {gpu}.")).replace(
                "{gpu}", plan.reference_gpu
            )
        )
        + "</p>"
    )
    if context.machine_rows:
        parts.append(f"<h2>{e(tr(translatable('Report', 'This computer')))}</h2>")
        parts.append(_table(context.machine_rows))
    effects = effect_lines(plan, lang)
    if effects:
        parts.append(f"<h3>{e(tr(translatable('Report', 'What the probe changed')))}</h3>")
        parts.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in effects) + "</ul>")
    if context.request is not None:
        parts.append(f"<h2>{e(tr(translatable('Report', 'What you told us')))}</h2>")
        parts.append(_table(input_rows(context.request, lang)))
    if head.no_purchase is not None:
        parts.append(f"<p><b>{e(head.no_purchase)}</b></p>")
        parts += [f"<p>{e(line)}</p>" for line in head.keep]
    parts.append(
        f"<h2>{e(tr(translatable('Report', 'Options that fit ({n})')).replace('{n}', str(len(fitting))))}</h2>"
    )
    if fitting:
        headers = (
            "#",
            tr(translatable("Report", "Action")),
            tr(translatable("Report", "GPU")),
            tr(translatable("Report", "Price and its date")),
            tr(translatable("Report", "Speed")),
            tr(translatable("Report", "Power")),
            tr(translatable("Report", "Needs")),
            tr(translatable("Report", "Why, and warnings")),
        )
        parts.append(
            "<table><tr>"
            + "".join(f"<th>{e(h)}</th>" for h in headers)
            + "</tr>"
            + "".join(_option_row(row, option, lang) for row, option in fitting)
            + "</table>"
        )
    else:
        parts.append(f"<p>{e(tr(translatable('Report', 'No card fits this job as asked.')))}</p>")
    if head.route_alternative is not None:
        parts.append(f"<p>{e(head.route_alternative)}</p>")
    if head.ways_forward is not None:
        parts.append(f"<h2>{e(tr(translatable('Report', 'Ways forward')))}</h2>")
        parts.append(f"<p>{e(head.ways_forward)}</p><ul>")
        parts += [f"<li>{e(line)}</li>" for line in head.alternatives]
        parts.append("</ul>")
    chart = value_chart(plan, context.current_gpu_id)
    if chart.points:
        svg = value_chart_svg(
            chart,
            tr(translatable("Report", "Price ({currency})")).replace("{currency}", plan.currency),
            tr(translatable("Report", "Speed (×)")),
            tr(translatable("Report", "Price and speed, relative to {gpu}")).replace(
                "{gpu}", plan.reference_gpu
            ),
            {
                "front": tr(translatable("Report", "best value")),
                "trap": tr(translatable("Report", "too little memory")),
                "top": tr(translatable("Report", "top pick")),
                "current": tr(translatable("Report", "your card")),
            },
        )
        parts.append(f"<h2>{e(tr(translatable('Report', 'Price and speed')))}</h2>")
        parts.append(f"<p><img src='{data_uri(svg)}' width='640'></p>")
    if fitting:
        best = fitting[0][1]
        labels = (
            tr(translatable("Report", "CPU")),
            tr(translatable("Report", "GPUs")),
            tr(translatable("Report", "Rest of the PC")),
            tr(translatable("Report", "Supply")),
            tr(translatable("Report", "80% line")),
            tr(translatable("Report", "spikes up to")),
        )
        caption = tr(translatable("Report", "Power of the top pick: {gpu}")).replace(
            "{gpu}", best.gpu + (f" ×{best.count}" if best.count > 1 else "")
        )
        parts.append(f"<h2>{e(tr(translatable('Report', 'Power')))}</h2>")
        parts.append(
            f"<p><img src='{data_uri(power_bar_svg(power_bar(best), labels, caption))}' width='640'></p>"
        )
    if plan.rent:
        parts.append(f"<h2>{e(tr(translatable('Report', 'Renting instead')))}</h2><ul>")
        for r in plan.rent:
            line = tr(translatable("Report", "{count} x {gpu}: {per_hour} an hour")).replace(
                "{count}", str(r.count)
            )
            line = line.replace("{gpu}", r.gpu).replace(
                "{per_hour}", format_money(r.per_hour, r.currency, decimals=2)
            )
            if r.job_cost:
                line += " · " + tr(translatable("Report", "{hours} h, {cost} for the job")).replace(
                    "{hours}", f"{r.hours:g}"
                ).replace("{cost}", format_money(r.job_cost, r.currency))
            parts.append(f"<li>{e(line)}</li>")
        parts.append("</ul>")
    if refused:
        parts.append(
            f"<h2>{e(tr(translatable('Report', 'Why the other cards do not fit ({n})')).replace('{n}', str(len(refused))))}</h2>"
        )
        parts.append(
            "<table><tr>"
            + f"<th>{e(tr(translatable('Report', 'GPU')))}</th>"
            + f"<th>{e(tr(translatable('Report', 'Reason')))}</th></tr>"
            + "".join(_refused_row(row) for row in refused)
            + "</table>"
        )
    if context.qr_png:
        qr = base64.b64encode(context.qr_png).decode("ascii")
        parts.append(
            f"<h2>{e(tr(translatable('Report', 'The summary as a QR code')))}</h2>"
            f"<p><img src='data:image/png;base64,{qr}'></p>"
        )
    parts.append("</body></html>\n")
    return "\n".join(parts)
