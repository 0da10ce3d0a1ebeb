"""One screenshot of the results page for a recorded machine and a job (used by take_screenshots).

Usage (under an X display):
    python tools/screenshot_scene.py SCENE --language en|zh_CN --out PNG [--report FILE]
        [--size WIDTHxHEIGHT]

Scenes: keep (a machine whose cards already hold the job), nothing-fits (70B LoRA on a
budget that buys nothing: the ways forward), compare (three options side by side), price-pack
(Import prices... previewing resources/prices/example-pack-cn.csv); for a recorded machine:
computer (what the computer page says about its GPUs and links), chart (the price/speed chart
of its LLM plan), report (the report page), sme (its small firm's BERT-large plan); and
llm-8000 (the LLM plan at 8,000 CNY: one card with LoRA on an int8 base), passive (a small
firm's plan with used cards, the Tesla P40 selected: blocked outside a server), inference (the
job page for Llama 3.1 8B inference with the engine chosen: Hugging Face transformers), mix
and mix-job (the small firm as it starts: its own mix of BERT-large, ResNet-50 and
EfficientDet-D0, on the results and the job page), mix-month and mix-month-job (that mix counted
in runs a month, 4, 2 and 1: each option's month of hours and electricity).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, QTimer
from PySide6.QtWidgets import QApplication

from gpuplanner.app.choices import scenario_mix
from gpuplanner.app.inventory import enrich
from gpuplanner.app.job_fields import mixed_jobs
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.markets import REGION_OF_CURRENCY
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.snapshot import load_file
from gpuplanner.ui.app import Application, LaunchOptions, _save_screenshot

RESULTS_PAGE = 4
PAGES = {"computer": 1, "inference": 3, "mix-job": 3, "mix-month-job": 3, "report": 5}
EXAMPLE_PACK = Path(__file__).resolve().parents[1] / "resources" / "prices" / "example-pack-cn.csv"


def _setup(session, scene: str, report: Path | None, currency: str) -> None:
    if report is not None:
        with Catalog.open() as catalog:
            session.snapshot = enrich(load_file(report), catalog.load_all())
    if scene == "price-pack":
        session.scenario = Scenario.STUDENT
    elif scene == "typed-price":
        session.scenario = Scenario.STUDENT
        session.update(budget=3_000 if currency == "CNY" else 420)
    elif scene in ("computer", "chart", "report"):
        session.scenario = Scenario.LLM
        session.update(workload="llm", llm_model="llama-3-8b", llm_mode="qlora")
        session.psu_watts = 850
        session.update(budget=30_000 if currency == "CNY" else 4_000)
    elif scene == "llm-8000":
        session.scenario = Scenario.LLM
        session.update(workload="llm", llm_model="llama-3-8b", llm_mode="lora", budget=8_000)
    elif scene == "inference":
        session.scenario = Scenario.LLM
        session.update(
            workload="llm",
            llm_model="llama-3-8b",
            llm_mode="inference",
            bits=16,
            engine="transformers",
            budget=30_000 if currency == "CNY" else 4_000,
        )
    elif scene == "passive":
        session.scenario = Scenario.SME
        session.update(workload="bert-large", used_ok=True)
        session.psu_watts = 550
        session.update(budget=6_500 if currency == "CNY" else 900)
    elif scene == "sme":
        # A small firm with one RTX 3090: keep it, or a used second one with its NVLink bridge.
        session.scenario = Scenario.SME
        session.update(workload="bert-large", used_ok=True)
        session.psu_watts = 1000
        session.update(budget=25_000 if currency == "CNY" else 3_500)
    elif scene in ("mix", "mix-job"):
        # The small firm as it starts: nothing of the job chosen, so its own mix of jobs.
        session.scenario = Scenario.SME
        session.psu_watts = 850
    elif scene in ("mix-month", "mix-month-job"):
        session.scenario = Scenario.SME
        session.psu_watts = 850
        runs = [
            (mixed.name, n) for mixed, n in zip(scenario_mix(Scenario.SME), (4, 2, 1), strict=True)
        ]
        session.update(jobs=mixed_jobs(runs, per_month=True))
    elif scene in ("keep", "compare"):
        session.scenario = Scenario.SME
        session.update(workload="bert-large")
        session.psu_watts = 750
        session.update(budget=25_000 if currency == "CNY" else 3_500)
    else:
        session.scenario = Scenario.LLM
        session.update(
            workload="llm",
            llm_model="llama-3-70b",
            llm_mode="lora",
            budget=100_000 if currency == "CNY" else 14_000,
        )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "scene",
        choices=(
            "keep",
            "nothing-fits",
            "compare",
            "price-pack",
            "computer",
            "chart",
            "report",
            "sme",
            "llm-8000",
            "passive",
            "typed-price",
            "inference",
            "mix",
            "mix-job",
            "mix-month",
            "mix-month-job",
        ),
    )
    parser.add_argument("--language", default="en")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--report", type=Path)
    parser.add_argument("--size", default="1280x800", help="the window's size, WIDTHxHEIGHT")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    # The LLM plan at 8,000 CNY is a CNY plan in both languages.
    currency = "CNY" if args.language == "zh_CN" or args.scene == "llm-8000" else "USD"
    app = QApplication(sys.argv[:1])
    # The market named with the currency: the window has nothing to explain about it.
    market = REGION_OF_CURRENCY[currency]
    options = LaunchOptions(language=args.language, currency=currency, market=market)
    application = Application(app, options)
    _setup(application.session, args.scene, args.report, currency)
    window = application.window
    window.resize(width, height)
    window.show()
    outcome = {"code": 1}

    def shoot() -> None:
        page = window.results_page
        if args.scene == "compare":
            selection = page.table.selectionModel()
            for row in range(1, 3):
                selection.select(
                    page.proxy.index(row, 0),
                    QItemSelectionModel.SelectionFlag.Select
                    | QItemSelectionModel.SelectionFlag.Rows,
                )
            page.tabs.setCurrentIndex(2)
        if args.scene == "chart":
            page.tabs.setCurrentIndex(1)
        if args.scene == "typed-price" and "typed" not in shown:
            # The price a student sees in a shop, typed over the 3060's total.
            shown["typed"] = True
            amount = 1599 if currency == "CNY" else 229
            application.controller.type_price("geforce-rtx-3060-12-gb", amount, "new")
            rows = [
                i
                for i, o in enumerate(page.model.options)
                if o.gpu_id == "geforce-rtx-3060-12-gb" and o.count == 1
            ]
            if rows:
                page._pick(rows[0])
        if args.scene == "passive":
            rows = [i for i, o in enumerate(page.model.options) if o.gpu_id == "tesla-p40"]
            if rows:
                page._pick(rows[0])
        if args.scene == "price-pack" and "dialog" not in shown:
            from gpuplanner.ui.price_pack_dialog import PricePackDialog

            prepared, names = application.controller.prepare_price_pack(EXAMPLE_PACK)
            shown["dialog"] = PricePackDialog(prepared, names, window)
            shown["dialog"].show()
        QTimer.singleShot(400, save)

    def save() -> None:
        target = shown.get("dialog", window)
        outcome["code"] = 0 if _save_screenshot(target, args.out) else 1
        app.exit(outcome["code"])

    shown: dict = {}
    if args.scene in PAGES:
        QTimer.singleShot(0, lambda: window.go(PAGES[args.scene]))
        QTimer.singleShot(1500, save)
    else:
        application.controller.plan_changed.connect(lambda _plan: QTimer.singleShot(300, shoot))
        QTimer.singleShot(0, lambda: window.go(RESULTS_PAGE))
    QTimer.singleShot(60_000, lambda: app.exit(2))
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
