"""A plan as one self-contained HTML page: the report saved as HTML, rendered to PDF and printed.
The page is resources/report/page.html with one partial per section, filled by
``string.Template`` with escaped text; the words are report/plan_view.py's and the .ts's.

It says what was planned and for whom: the date, the app and catalog versions, the machine and
the user's inputs, the full job, every option that fits (with its dated price, speed, needs,
reasons and warnings in full), why each other card does not, the charts, the power bar of the
top pick, the ways forward and the QR code. Every label comes from the translation source;
every text from data is escaped (names can hold markup).
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import html
import string
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gpuplanner.core import paths, words
from gpuplanner.core.languages import CHINESE, ENGLISH
from gpuplanner.core.money import format_money
from gpuplanner.core.words import translatable
from gpuplanner.report import plan_text
from gpuplanner.report.chart_data import power_bar, value_chart
from gpuplanner.report.job_text import Translator, input_rows, job_rows, translator
from gpuplanner.report.plan_view import (
    CONFIRM_GROUP,
    PRINTED_CONFIRM_ALL,
    PRINTED_CONFIRM_GROUP,
    Headline,
    OptionRow,
    headline,
    option_rows,
)
from gpuplanner.report.probe_effects_text import effect_lines
from gpuplanner.report.svg_charts import FONT_FAMILIES, data_uri, power_bar_svg, value_chart_svg

if TYPE_CHECKING:
    from gpuplanner.app.records import Option, Plan, PlanRequest

MARK = plan_text.SEVERITY_MARK


@dataclass(frozen=True, kw_only=True)
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


@functools.cache
def _template(name: str) -> string.Template:
    text = paths.resource_path("report", name).read_text(encoding="utf-8")
    return string.Template(text.removesuffix("\n"))


def fill(name: str, **values: str) -> str:
    """``resources/report/NAME`` with every ``$value`` (already escaped HTML) written in."""
    return _template(name).substitute(values)


def _table(rows: list[tuple[str, str]]) -> str:
    e = html.escape
    cells = "".join(fill("fact_row.html", label=e(label), value=e(value)) for label, value in rows)
    return fill("facts.html", rows=cells)


def _price_cell(option: Option, language: str, note: str | None = None) -> str:
    if option.price is None:
        return "N/A"
    return html.escape(format_money(option.price, option.currency)) + _price_details(
        option, language, note
    )


def _price_details(option: Option, language: str, note: str | None = None) -> str:
    """The price's date, condition, market and source, its range and the shop's shelf, and
    ``note``: another market's price, its own figure and how it was converted."""
    e = html.escape
    tr = lambda s: plan_text.translate(s, language)  # noqa: E731 (one-line translator)
    text = ""
    each = option.price_each
    if each is not None:
        text += (
            f"<br><small>{e(each.date)} · {e(plan_text.condition_text(each.condition, tr))} · "
            f"{e(plan_text.region_text(each.where, tr))} · "
            f"{e(plan_text.source_text(each, language))}</small>"
        )
        if each.low is not None and each.high is not None and each.high > each.low:
            low, high = (format_money(x, option.currency) for x in (each.low, each.high))
            text += f"<br><small>{e(low)}–{e(high)}</small>"
        if each.sku or each.location:
            text += f"<br><small>{e(each.sku or '-')} · {e(each.location or '-')}</small>"
        if note:  # another market's price: its own figure and how it was converted
            text += f"<br><small>{e(note)}</small>"
    return text


def _option_row(row: OptionRow, option: Option, language: str) -> str:
    e = html.escape
    said = [f"{MARK['info']} {e(row.reason)}"] if row.reason is not None else []
    said += [f"{MARK[s.severity]} {e(s.text)}" for s in (*row.warnings, *row.notes)]
    return fill(
        "option_row.html",
        rank=e(row.rank_cell),
        action=e(row.action),
        gpu=e(row.gpu),
        price=_price_cell(option, language, row.price_note),
        speed=e(row.speed),
        power=e(row.power),
        needs="<br>".join(e(need) for need in row.needs),
        said="<br>".join(said),
    )


def _refused_row(row: OptionRow) -> str:
    e = html.escape
    reasons = "<br>".join(e(s.text) for s in row.warnings if s.severity == "blocks")
    return fill("refused_row.html", gpu=e(row.gpu), reasons=reasons)


def _header(
    head: Headline, context: ReportContext, tr: Translator, ask_price: str | None = None
) -> str:
    e = html.escape
    made = words.fill(
        tr(translatable("Report", "Made on {date} by gpuplanner {version}; catalog {catalog}.")),
        date=context.generated,
        version=context.app_version,
        catalog=context.catalog_version,
    )
    return fill(
        "header.html",
        logo=f"<p><img src='{e(context.logo_url)}' height='64'></p>\n" if context.logo_url else "",
        title=_title(context, tr),
        made=e(made),
        summary=e(head.summary),
        price_age="".join(
            f"\n<p>{line}</p>"
            for line in (
                f"<b>{e(head.stretch)}</b>" if head.stretch else "",
                e(head.market) if head.market else "",
                f"<b>{e(head.confirm_all)}</b>" if head.confirm_all else "",
                f"<b>{e(ask_price or head.ask_price)}</b>" if head.ask_price else "",
                f"<i>{e(head.price_age)}</i>" if head.price_age else "",
            )
            if line
        ),
    )


def _title(context: ReportContext, tr: Translator) -> str:
    e = html.escape
    title = e(tr(translatable("Report", "GPU purchase plan")))
    return f"{e(context.shop)} – {title}" if context.shop else title


def _job(plan: Plan, language: str, tr: Translator) -> str:
    return fill(
        "job.html",
        heading=html.escape(tr(translatable("Report", "The job"))),
        facts=_table(job_rows(plan, language)),
        relative=html.escape(
            words.fill(
                tr(translatable("Report", "Speeds are relative to {gpu}.")), gpu=plan.reference_gpu
            )
        ),
    )


def _facts(heading: str, rows: list[tuple[str, str]]) -> str:
    return fill("facts_section.html", heading=html.escape(heading), facts=_table(rows))


def _items(lines: list[str] | tuple[str, ...]) -> str:
    return "".join(f"<li>{html.escape(line)}</li>" for line in lines)


def _options(fitting: list[tuple[OptionRow, Option]], language: str, tr: Translator) -> str:
    e = html.escape
    heading = e(
        words.fill(tr(translatable("Report", "Options that fit ({n})")), n=str(len(fitting)))
    )
    if not fitting:
        said = e(tr(translatable("Report", "No card fits this job as asked.")))
        return fill("no_options.html", heading=heading, said=said)
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
    cells = []
    for index, (row, option) in enumerate(fitting):
        # The options whose price is to be confirmed stand in their own group, after the ranked.
        if (
            index
            and row.price_group == "to-confirm"
            and fitting[index - 1][0].price_group != row.price_group
        ):
            cells.append(f"<tr><th colspan='{len(headers)}'>{e(tr(CONFIRM_GROUP))}</th></tr>")
        cells.append(_option_row(row, option, language))
    return fill(
        "options.html",
        heading=heading,
        headers="".join(f"<th>{e(h)}</th>" for h in headers),
        rows="".join(cells),
    )


# On paper: the top picks in full, the other options in brief, the refused cards by reason;
# the HTML and JSON reports keep every option and every card with all their reasons.
PRINTED_IN_FULL = 3
PRINTED_EXAMPLES = 3


def _option_card(row: OptionRow, option: Option, language: str) -> str:
    e = html.escape
    said = [f"{MARK['info']} {e(row.reason)}"] if row.reason is not None else []
    said += [f"{MARK[s.severity]} {e(s.text)}" for s in (*row.warnings, *row.notes)]
    return fill(
        "option_card.html",
        heading=e(f"{row.rank_cell}. {row.action} {row.gpu}"),
        price=e(row.price),
        facts="".join(f" · {e(fact)}" for fact in (row.speed, row.power)),
        details=(
            _price_details(option, language, row.price_note) if option.price is not None else ""
        ),
        needs="".join(f"<br>{MARK['needs']} {e(need)}" for need in row.needs),
        said="<br>".join(said),
    )


def _printed_options(fitting: list[tuple[OptionRow, Option]], language: str, tr: Translator) -> str:
    e = html.escape
    if not fitting:
        return _options(fitting, language, tr)
    heading = e(
        words.fill(tr(translatable("Report", "Options that fit ({n})")), n=str(len(fitting)))
    )
    group = e(tr(PRINTED_CONFIRM_GROUP))

    def opens_group(index: int) -> bool:
        """The first option whose price is to be confirmed: its group's heading goes before it."""
        row = fitting[index][0]
        return row.price_group == "to-confirm" and (
            index == 0 or fitting[index - 1][0].price_group != row.price_group
        )

    cards = "\n".join(
        (f"<h3>{group}</h3>\n" if opens_group(index) else "") + _option_card(row, option, language)
        for index, (row, option) in enumerate(fitting[:PRINTED_IN_FULL])
    )
    parts = [f"<h2>{heading}</h2>", cards]
    rest = fitting[PRINTED_IN_FULL:]
    if rest:
        headers = (
            "#",
            tr(translatable("Report", "Action")),
            tr(translatable("Report", "GPU")),
            tr(translatable("Report", "Price")),
            tr(translatable("Report", "Speed")),
            tr(translatable("Report", "Power")),
        )
        rows = "".join(
            (
                f"<tr><th colspan='{len(headers)}'>{group}</th></tr>"
                if opens_group(PRINTED_IN_FULL + index)
                else ""
            )
            + fill(
                "option_brief_row.html",
                rank=e(row.rank_cell),
                action=e(row.action),
                gpu=e(row.gpu),
                price=e(row.price),
                speed=e(row.speed),
                power=e(row.power),
            )
            for index, (row, _option) in enumerate(rest)
        )
        parts.append(
            fill(
                "options_brief.html",
                heading=e(
                    words.fill(
                        tr(translatable("Report", "The other options in brief ({n})")),
                        n=str(len(rest)),
                    )
                ),
                headers="".join(f"<th>{e(h)}</th>" for h in headers),
                rows=rows,
                note=e(
                    tr(
                        translatable(
                            "Report",
                            "The HTML and JSON reports give every option with its price's date,"
                            " its needs, reasons and warnings.",
                        )
                    )
                ),
            )
        )
    return "\n".join(parts)


def refused_by_reason(plan: Plan) -> list[tuple[str, list[str]]]:
    """The cards not offered, grouped by the first finding that blocks each: (finding id, the
    cards' names in the plan's order), the largest group first."""
    groups: dict[str, list[str]] = {}
    for option in plan.options:
        if option.offered:
            continue
        blocking = next((f.id for f in option.findings if f.severity == "blocks"), "")
        name = option.gpu + (f" ×{option.count}" if option.count > 1 else "")
        groups.setdefault(blocking, []).append(name)
    return sorted(groups.items(), key=lambda item: -len(item[1]))


def _refused_summary(plan: Plan, language: str, tr: Translator) -> str:
    e = html.escape
    groups = refused_by_reason(plan)
    total = sum(len(names) for _reason, names in groups)
    rows = []
    for reason, names in groups:
        shown = ", ".join(names[:PRINTED_EXAMPLES])
        if len(names) > PRINTED_EXAMPLES:
            shown = words.fill(
                tr(translatable("Report", "{cards} and {n} more")),
                cards=shown,
                n=str(len(names) - PRINTED_EXAMPLES),
            )
        label = (
            plan_text.blocking_label(reason, lambda text: plan_text.translate(text, language))
            if reason
            else tr(translatable("Report", "other reasons"))
        )
        rows.append(
            fill(
                "refused_summary_row.html",
                reason=e(label),
                count=str(len(names)),
                examples=e(shown),
            )
        )
    heading = words.fill(
        tr(translatable("Report", "Why the other cards do not fit ({n})")), n=str(total)
    )
    return fill(
        "refused_summary.html",
        heading=e(heading),
        reason=e(tr(translatable("Report", "Reason"))),
        count=e(tr(translatable("Report", "Cards"))),
        examples=e(tr(translatable("Report", "For example"))),
        rows="".join(rows),
        note=e(
            tr(
                translatable(
                    "Report",
                    "The HTML and JSON reports list every card with all its reasons.",
                )
            )
        ),
    )


# Wider on paper: the charts' 11 px words print at 9 pt.
CHART_WIDTH, PRINTED_CHART_WIDTH = 640, 720


def _chart_width(printed: bool) -> str:
    return str(PRINTED_CHART_WIDTH if printed else CHART_WIDTH)


def _value_chart(
    plan: Plan, context: ReportContext, language: str, tr: Translator, printed: bool
) -> str:
    chart = value_chart(plan, context.current_gpu_id)
    if not chart.points:
        return ""
    svg = value_chart_svg(
        chart,
        words.fill(
            tr(translatable("Report", "Price ({currency})")),
            currency=plan_text.currency_words(plan.currency, language),
        ),
        tr(translatable("Report", "Speed (×)")),
        words.fill(
            tr(translatable("Report", "Price and speed, relative to {gpu}")), gpu=plan.reference_gpu
        ),
        {
            "front": tr(translatable("Report", "best value")),
            "trap": tr(translatable("Report", "too little memory")),
            "top": tr(translatable("Report", "top pick")),
            "current": tr(translatable("Report", "your card")),
        },
    )
    heading = html.escape(tr(translatable("Report", "Price and speed")))
    return fill("chart.html", heading=heading, src=data_uri(svg), width=_chart_width(printed))


def _power(best: Option, tr: Translator, printed: bool, maker: str) -> str:
    """The top pick's power bar; ``maker``: a server's words for what its maker rates."""
    labels = (
        tr(translatable("Report", "CPU")),
        tr(translatable("Report", "GPUs")),
        tr(translatable("Report", "Rest of the PC")),
        tr(translatable("Report", "Supply")),
        tr(translatable("Report", "80% line")),
        tr(translatable("Report", "spikes up to")),
    )
    caption = words.fill(
        tr(translatable("Report", "Power of the top pick: {gpu}")),
        gpu=best.gpu + (f" ×{best.count}" if best.count > 1 else ""),
    )
    heading = html.escape(tr(translatable("Report", "Power")))
    return fill(
        "chart.html",
        heading=heading,
        src=data_uri(power_bar_svg(power_bar(best), labels, caption, maker)),
        width=_chart_width(printed),
    )


def _rent(plan: Plan, language: str, tr: Translator) -> str:
    lines = []
    for r in plan.rent:
        line = words.fill(
            tr(translatable("Report", "{count} x {gpu}: {per_hour} an hour{hour_part}")),
            count=str(r.count),
            gpu=r.gpu,
            per_hour=format_money(r.per_hour, r.currency, decimals=2),
            hour_part=plan_text.hour_part(r.hour, language, r.count) if r.hour is not None else "",
        )
        if r.job_cost:
            line += " · " + words.fill(
                tr(translatable("Report", "{hours} h, {cost} for the job")),
                hours=f"{r.hours:g}",
                # Cents for a short job: "0.4 h, $0 for the job" read as free (issue 41).
                cost=format_money(r.job_cost, r.currency, decimals=2 if r.job_cost < 1 else 0),
            )
        lines.append(line)
    heading = html.escape(tr(translatable("Report", "Renting instead")))
    return fill("rent.html", heading=heading, items=_items(lines))


def _refused(refused: list[OptionRow], tr: Translator) -> str:
    e = html.escape
    heading = words.fill(
        tr(translatable("Report", "Why the other cards do not fit ({n})")), n=str(len(refused))
    )
    return fill(
        "refused.html",
        heading=e(heading),
        gpu=e(tr(translatable("Report", "GPU"))),
        reason=e(tr(translatable("Report", "Reason"))),
        rows="".join(_refused_row(row) for row in refused),
    )


def plan_html(plan: Plan, language: str, context: ReportContext, printed: bool = False) -> str:
    """The report: resources/report/page.html with one filled partial per section.

    ``printed``: the report for paper and PDF (print_page.html): legible type, the top picks in
    full and the other options in brief, the refused cards by reason, no words that ask for
    typing; the HTML report keeps everything."""
    zh = language.startswith("zh")
    lang = CHINESE if zh else ENGLISH
    tr = translator(lang)
    e = html.escape
    head = headline(plan, lang)
    if printed and head.confirm_all:  # on paper nothing asks for typing
        head = dataclasses.replace(head, confirm_all=tr(PRINTED_CONFIRM_ALL))
    rows = list(zip(option_rows(plan, lang, printed), plan.options, strict=True))
    fitting = [(row, option) for row, option in rows if row.rank is not None]
    refused = [row for row, _option in rows if row.rank is None]
    ask_price = (
        plan_text.ask_price_text(plan.market, lang, printed=True)
        if printed and plan.market and plan.market.unlisted
        else None
    )
    sections = [_header(head, context, tr, ask_price), _job(plan, lang, tr)]
    if context.machine_rows:
        sections.append(_facts(tr(translatable("Report", "This computer")), context.machine_rows))
    effects = effect_lines(plan, lang)
    if effects:
        heading = e(tr(translatable("Report", "What the probe changed")))
        sections.append(fill("probe_effects.html", heading=heading, items=_items(effects)))
    if context.request is not None:
        sections.append(
            _facts(
                tr(translatable("Report", "What you told us")), input_rows(context.request, lang)
            )
        )
    if head.no_purchase is not None:
        keep = "".join(f"\n<p>{e(line)}</p>" for line in head.keep)
        sections.append(fill("keep.html", said=e(head.no_purchase), keep=keep))
    sections.append(_printed_options(fitting, lang, tr) if printed else _options(fitting, lang, tr))
    provenance = plan_text.provenance_lines(plan, lang)
    if provenance:
        heading = e(tr(translatable("Report", "Where these prices come from")))
        sections.append(fill("provenance.html", heading=heading, items=_items(provenance)))
    if head.route_alternative is not None:
        sections.append(fill("note.html", said=e(head.route_alternative)))
    if head.ways_forward is not None:
        heading = e(tr(translatable("Report", "Ways forward")))
        sections.append(
            fill(
                "ways_forward.html",
                heading=heading,
                said=e(head.ways_forward),
                items=_items(head.alternatives),
            )
        )
    chart = _value_chart(plan, context, language, tr, printed)
    if chart:
        sections.append(chart)
    if fitting:
        maker = plan_text.translate(plan_text.SERVER_REST, language)
        sections.append(_power(fitting[0][1], tr, printed, maker))
    if plan.rent:
        sections.append(_rent(plan, language, tr))
    if context.qr_png:
        heading = e(tr(translatable("Report", "The summary as a QR code")))
        qr = base64.b64encode(context.qr_png).decode("ascii")
        sections.append(fill("qr.html", heading=heading, qr=qr))
    # The answer first; why every other card does not fit is the appendix (issue 41: most
    # pages of a printed report were the refused cards, before its QR code).
    if refused:
        sections.append(_refused_summary(plan, lang, tr) if printed else _refused(refused, tr))
    body = "\n".join(sections)
    if printed:
        # Qt's text engine draws <small> at 0.8 of the size its style gives (9 pt came out at
        # 7.2 pt on paper): a class of its own holds the size the style sets.
        body = body.replace("<small>", "<span class='fine'>").replace("</small>", "</span>")
    return (
        fill(
            "print_page.html" if printed else "page.html",
            lang="zh-CN" if zh else "en",
            title=_title(context, tr),
            fonts=FONT_FAMILIES,
            body=body,
        )
        + "\n"
    )
