"""Everything a report says beyond the plan, gathered in one place for the window and the CLI."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from gpuplanner import __version__
from gpuplanner.app.inventory import kind_of
from gpuplanner.core.words import fill, translatable
from gpuplanner.report.files import qr_png
from gpuplanner.report.html import ReportContext
from gpuplanner.report.job_text import translator
from gpuplanner.report.machine_text import machine_rows
from gpuplanner.report.summary import summary_text

if TYPE_CHECKING:
    from gpuplanner.app.records import CatalogData, Plan, PlanRequest, ProbeResult, SystemSnapshot


def catalog_version(catalog: CatalogData, language: str) -> str:
    """'178 cards, prices up to 2026-06-22': what the catalog (with imported packs) knows."""
    newest = max((p.date for p in catalog.prices), default="-")
    return fill(
        translator(language)(translatable("Report", "{cards} cards, prices up to {date}")),
        cards=str(len(catalog.gpus)),
        date=newest,
    )


def report_context(
    plan: Plan,
    language: str,
    catalog: CatalogData,
    request: PlanRequest | None = None,
    snapshot: SystemSnapshot | None = None,
    probe: ProbeResult | None = None,
    shop: str | None = None,
    logo_url: str | None = None,
    now: dt.datetime | None = None,
) -> ReportContext:
    generated = (now or dt.datetime.now()).strftime("%Y-%m-%d %H:%M")
    return ReportContext(
        generated=generated,
        app_version=__version__,
        catalog_version=catalog_version(catalog, language),
        request=request,
        machine_rows=machine_rows(
            snapshot,
            probe,
            language,
            kind_of(snapshot, catalog) if snapshot else None,
        ),
        current_gpu_id=request.machine.current_gpu_id if request is not None else None,
        shop=shop,
        logo_url=logo_url,
        qr_png=qr_png(summary_text(plan, language), scale=3),
    )
