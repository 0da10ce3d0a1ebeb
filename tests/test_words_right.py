"""The words right (issue 49, 7): the link figure by generation and width, slot counts as
counts (never with a currency sign), lane wording by what the scan saw, a range of one figure
said as one, a model's native context, an inference job never headed fine-tuning
(test_cheaper_routes)."""

from __future__ import annotations

import re

import pytest
from helpers.recorded import TODAY, plans

from gpuplanner.core.findings import finding
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.pcie import link_findings
from gpuplanner.hardware.records import GpuDevice, PcieLink
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend
from gpuplanner.report.job_text import job_line
from gpuplanner.report.plan_text import MONEY_PARAMS, finding_text

MONEY_SIGN = re.compile(r"[¥$]\s?\d")


def test_a_gen5_card_in_a_gen4_x8_slot_peaks_at_15_75_gb_s():
    gpu = GpuDevice(
        index=0,
        vendor="NVIDIA",
        name="NVIDIA GeForce RTX 5090",
        pcie=PcieLink(
            current_gen=4,
            current_width=8,
            max_gen=4,
            max_width=16,
            card_max_gen=5,
            card_max_width=16,
            slot_max_gen=4,
        ),
    )
    found = next(f for f in link_findings(gpu) if f.id == "pcie-slot-gen-below-card")
    assert float(found.params["slot_gbs"]) == pytest.approx(15.75)
    assert float(found.params["card_gbs"]) == pytest.approx(63.0, abs=0.1)


def _sentences(found):
    return [(f, finding_text(f, lang)) for f in found for lang in ("en", "zh_CN")]


@pytest.mark.parametrize("scenario", list(Scenario), ids=lambda s: s.value)
def test_money_only_where_a_finding_carries_its_currency(data, model, scenario):
    """Every finding of every recorded plan, in both languages: a sum of money carries its
    currency, and a finding without one (a count of slots, of cards) shows no currency sign."""
    for name, _facts, plan in plans(data, model, scenario):
        found = [f for o in plan.options for f in o.findings] + list(plan.keep_findings)
        for f, text in _sentences(found):
            if set(MONEY_PARAMS) & set(f.params):
                assert "currency" in f.params, (name, f.id, f.params)
            else:
                assert not MONEY_SIGN.search(text), (name, f.id, text)


def test_a_slot_count_is_a_count():
    said = finding("fit-desktop-slots", "blocks", count=2, needed=8, positions=7)
    for language in ("en", "zh_CN"):
        text = finding_text(said, language)
        assert "7" in text and not MONEY_SIGN.search(text), text


def test_a_range_of_one_figure_is_one_figure():
    for kind in ("price-stale", "price-very-old"):
        said = finding(
            kind, "info", date="2024-01-01", months=20, low=3090, high=3090, currency="CNY"
        )
        english = finding_text(said, "en")
        assert "about ¥3,090" in english and " to " not in english.split("today")[-1]
        assert english.count("3,090") == 1
        assert finding_text(said, "zh_CN").count("3,090") == 1
    moved = finding(
        "price-rose",
        "info",
        price_kind="x",
        cards=3,
        pct=5,
        from_date="a",
        to_date="b",
        low=3090,
        high=3090,
        currency="CNY",
    )
    assert finding_text(moved, "en").count("3,090") == 1


def _pair(links):
    return MachineFacts(
        current_gpu_id="geforce-rtx-3090",
        installed_count=2,
        has_gpu=True,
        kind="desktop",
        installed_links=links,
        slot_gen=4,
        slot_width=16,
    )


def _keep_ids(data, model, links):
    request = PlanRequest(
        scenario=Scenario.SME,
        currency="USD",
        machine=_pair(links),
        today=TODAY,
        alternatives=False,
    )
    keep = next(o for o in recommend(request, data, model).options if o.action == "keep")
    return {f.id: f for f in keep.findings}


def test_lane_wording_follows_what_the_scan_saw(data, model):
    full = _keep_ids(data, model, ((16, 4), (16, 4)))
    assert "lanes-shared" not in full and "lanes-narrow" not in full  # x16 each: no sharing
    riser = _keep_ids(data, model, ((1, 3), (16, 4)))
    assert "lanes-narrow" in riser and "lanes-shared" not in riser
    assert "riser" in finding_text(riser["lanes-narrow"], "en")
    split = _keep_ids(data, model, ((8, 4), (8, 4)))
    assert "lanes-shared" in split


def test_a_job_beyond_the_models_native_context_says_so(data, model):
    def line(seq):
        request = PlanRequest(
            scenario=Scenario.LLM,
            currency="USD",
            workload="llm",
            llm_model="llama-2-7b",
            llm_mode="lora",
            seq=seq,
            today=TODAY,
            alternatives=False,
        )
        return recommend(request, data, model)

    long = line(32768)
    assert long.model_context == 4096
    assert "beyond the model's native 4,096 tokens" in job_line(long, "en")
    assert "4,096" in job_line(long, "zh_CN") and job_line(long, "zh_CN") != job_line(long, "en")
    assert "native" not in job_line(line(2048), "en")


def test_a_new_supply_names_the_cables_of_the_cards_plugs():
    """Two RTX A6000s (a CPU EPS-8 plug each) are not asked for a 12V-2x6 cable."""
    base = {"watts": 1000, "price": 169.0, "date": "2025-09-01", "currency": "USD"}
    eps = finding("needs-psu", "needs", **base, plug="eps", cables=2)
    eight = finding("needs-psu", "needs", **base, plug="8pin", cables=3)
    high = finding("needs-psu", "needs", **base, plug="12v", cables=0)
    assert "EPS" in finding_text(eps, "en") and "12V-2x6" not in finding_text(eps, "en")
    assert "3 separate PCIe 8-pin" in finding_text(eight, "en")
    assert "12V-2x6" in finding_text(high, "en")
    for said in (eps, eight):
        assert finding_text(said, "zh_CN") != finding_text(said, "en")
