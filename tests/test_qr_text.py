"""The QR code carries the pick, its price, the price's day and market, and in a kiosk the
shop and the SKU (issue 41: "Best: GeForce RTX 3060 12 GB - $315" and nothing else)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.reports import plan_request_for
from PySide6.QtGui import QImage

from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.recommend import recommend
from gpuplanner.report.files import qr_png
from gpuplanner.report.summary import summary_text

SCALE = 4


def decoded(png: bytes | QImage) -> str:
    """What a phone's reader finds in the QR image (zxing-cpp, the decoder many apps use)."""
    import numpy as np
    import zxingcpp

    source = png if isinstance(png, QImage) else QImage.fromData(png)
    image = source.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    pixels = np.frombuffer(image.constBits(), dtype=np.uint8, count=stride * height)
    found = zxingcpp.read_barcodes(np.ascontiguousarray(pixels.reshape(height, stride)[:, :width]))
    assert len(found) == 1, "no QR code (or more than one) in the image"
    return found[0].text


@pytest.fixture(scope="module")
def plan():
    data = load_catalog(user_data=False).data
    request, _snapshot = plan_request_for("sme", "en", data)  # a purchase on top
    plan = recommend(request, data, load_speed_model())
    assert plan.fitting()[0].price_each is not None
    return plan


@pytest.mark.parametrize(
    ("language", "markets"), [("en", ("the US", "China")), ("zh_CN", ("美国", "中国"))]
)
def test_the_qr_carries_the_price_its_date_and_market(plan, qapp, language, markets):
    text = summary_text(plan, language)
    each = plan.fitting()[0].price_each
    market = markets[("US", "CN").index(each.region)]
    assert each.date in text and market in text, text
    said = decoded(qr_png(text, scale=SCALE))
    assert said == text
    assert each.date in said and market in said


def test_a_kiosk_qr_names_the_shop_and_the_sku(plan, qapp):
    best = plan.fitting()[0]
    each = best.price_each
    listed = replace(each.price, region=None, origin="shop", shop="Zhongguancun GPU", sku="ZG-3060")
    shop_price = replace(each, offer=replace(each.offer, price=listed))
    options = tuple(replace(o, price_each=shop_price) if o is best else o for o in plan.options)
    text = summary_text(replace(plan, options=options), "en")
    assert "Zhongguancun GPU" in text and "ZG-3060" in text and "this shop" in text


def test_the_report_page_shows_that_qr(wizard, qtbot):
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.STUDENT)
    window.go(5)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    window.go(5)
    shown = window.report_page.qr.pixmap().toImage()
    text = summary_text(controller.plan, "en")
    assert decoded(shown) == text
    assert controller.plan.fitting()[0].price_each.date in text


def test_the_report_gives_the_answer_before_the_refused_cards(plan):
    """The refused cards are the report's appendix: after the options, charts and QR code."""
    from helpers.reports import NOW

    from gpuplanner.app.catalog_data import load_catalog
    from gpuplanner.report.context import report_context
    from gpuplanner.report.html import plan_html

    data = load_catalog(user_data=False).data
    request, _ = plan_request_for("sme", "en", data)
    page = plan_html(plan, "en", report_context(plan, "en", data, request, None, now=NOW))
    qr, refused = page.find("The summary as a QR code"), page.find("Why the other cards do not fit")
    assert 0 < qr < refused, "the refused cards come before the answer's QR code"
    assert page.find("<h2", refused + 1) == -1  # nothing after the appendix
