"""Every page of the window, the reports and the CLI in Chinese: no English left behind.

A run of Latin letters in Chinese text must be a product name, a unit, a format or a model
name: the allow-list below, plus every name the catalog and the LLM presets hold. Anything
else is an English word a Chinese student would trip over (issue 16: "场景: student",
"任务: resnet50 (mixed)", "加载 TensorFlow: importing TensorFlow").
"""

from __future__ import annotations

import re

import pytest
from helpers.chinese import allowed_words, offenders, plain, visible_texts

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.scenarios import Scenario
from gpuplanner.ui.translator import LanguageSwitcher


@pytest.fixture(scope="module")
def allowed() -> set[str]:
    return allowed_words()


@pytest.mark.parametrize("scenario", [Scenario.STUDENT, Scenario.LLM])
def test_every_page_reads_in_chinese(wizard, qtbot, qapp, allowed, scenario):
    window, controller = wizard(language="zh_CN")
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch("zh_CN")
        controller.session.language = "zh_CN"
        window.scenario_page.set_scenario(scenario)
        found: dict[str, str] = {}
        for page in range(6):
            window.go(page)
            if page == 1:
                qtbot.waitUntil(lambda: controller.session.snapshot is not None, timeout=20000)
                # The computer's own name is the user's data, not a word to translate.
                snapshot = controller.session.snapshot
                names = re.findall(
                    r"[A-Za-z]+", f"{snapshot.machine} {snapshot.os.release if snapshot.os else ''}"
                )
                allowed = allowed | {n.lower() for n in names}
            if page == 2:
                window.probe_page._start()
                qtbot.waitUntil(lambda: controller.session.probe is not None, timeout=20000)
            if page >= 4:
                qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
            qapp.processEvents()
            found |= {
                f"page {page}: {k}": v for k, v in offenders(visible_texts(window), allowed).items()
            }
            if page == 4:  # every tab of the results page
                tabs = window.results_page.tabs
                for tab in range(tabs.count()):
                    tabs.setCurrentIndex(tab)
                    qapp.processEvents()
                    found |= {
                        f"page 4 tab {tab}: {k}": v
                        for k, v in offenders(visible_texts(window), allowed).items()
                    }
            if page == 5:
                found |= {
                    f"report: {k}": v
                    for k, v in offenders([plain(window.report_page.html())], allowed).items()
                }
        assert not found, "\n".join(f"{k!r}: {v!r}" for k, v in sorted(found.items()))
    finally:
        switcher.switch("en")


@pytest.mark.parametrize("printed", [False, True], ids=["html", "printed"])
@pytest.mark.parametrize("scenario", ["student", "sme", "llm"])
def test_the_reports_read_in_chinese(scenario, printed, allowed):
    import base64

    from helpers.reports import report

    with Catalog.open() as catalog:
        data = catalog.load_all()
    page = report(scenario, "zh_CN", data, printed)
    # The scanned computer's name is the user's data.
    allowed = allowed | {w.lower() for w in re.findall(r"[A-Za-z]+", _snapshot_name())}
    svgs = [
        base64.b64decode(m).decode("utf-8")
        for m in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", page)
    ]
    texts = [plain(page)] + [" ".join(re.findall(r">([^<>]+)</text>", svg)) for svg in svgs]
    assert not offenders(texts, allowed)


@pytest.mark.parametrize(
    "args",
    [
        ["recommend", "--scenario", "student"],
        ["recommend", "--scenario", "llm", "--model", "llama-3-70b", "--mode", "inference"],
        ["vram", "--model", "llama-3-8b", "--mode", "qlora"],
    ],
)
def test_the_command_line_reads_in_chinese(args, allowed, tmp_path):
    from conftest import run_cli

    result = run_cli(tmp_path, *args, "--language", "zh_CN")
    assert result.returncode == 0, result.stderr
    assert not offenders(result.stdout.splitlines(), allowed)


def _snapshot_name() -> str:
    import json

    from helpers.reports import SNAPSHOT

    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))["machine"]
