"""A data-centre GDDR board's ECC keeps 1/16 of its memory: what a job gets of a T4, an A10G or
an L4 is less than its spec, on the recorded machine and on the catalog's cards alike."""

from __future__ import annotations

import pytest
from conftest import recording

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.snapshot import load_paths
from gpuplanner.planning.plan import candidates
from gpuplanner.planning.plan.rules.job import USABLE_FRACTION, usable_gb
from gpuplanner.planning.recommend import PlanRequest, recommend

TODAY = "2026-11-30"
T4 = "nvidia-smi-q-x/nvidia-smi-q-x_tesla-t4_aws_pcie-gen3-x8-of-x16.xml"
A10G = "nvidia-smi-q-x/nvidia-smi-q-x_a10g_aws_pcie-gen1-of-4-x8-of-x16.xml"


def _facts(data, name):
    snapshot = enrich(load_paths([recording(name)]).snapshots[0][1], data)
    return machine_facts(snapshot, catalog=data)


@pytest.mark.parametrize(("name", "reported"), [(T4, 15.0), (A10G, 22.5)])
def test_the_recorded_boards_give_jobs_what_their_driver_reports(data, name, reported):
    # Each recording says ECC Enabled, and 15,360 / 23,028 MiB of 16 / 24 GB.
    facts = _facts(data, name)
    assert facts.installed_memory_gb == reported
    by_id = {g.id: g for g in data.gpus}
    installed = candidates.installed(facts, by_id)
    # The record keeps the board's size; what its driver gives is the reading.
    assert installed.gpu.memory_gb == by_id[facts.current_gpu_id].memory_gb
    assert installed.gpu.driver_memory_gb == pytest.approx(reported)
    assert usable_gb(installed.gpu) == pytest.approx(reported * USABLE_FRACTION)


def test_a_reading_that_differs_by_rounding_is_not_taken(data):
    # An RTX 3090 reports 24,576 MiB of 24 GB; a 2 % margin keeps the catalog's own figure.
    facts = _facts(data, "nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml")
    assert facts.installed_memory_gb is None


def test_the_catalogs_boards_hold_back_their_ecc_share(data):
    by_id = {g.id: g for g in data.gpus}
    assert usable_gb(by_id["tesla-t4"]) == pytest.approx(16 * 15 / 16 * USABLE_FRACTION)
    assert usable_gb(by_id["l4"]) == pytest.approx(24 * 15 / 16 * USABLE_FRACTION)
    # ECC off as shipped, or HBM: the whole board.
    assert usable_gb(by_id["rtx-a5000"]) == pytest.approx(24 * USABLE_FRACTION)
    assert usable_gb(by_id["a100-pcie-40-gb"]) == pytest.approx(40 * USABLE_FRACTION)


def test_a_t4_on_aws_is_told_it_cannot_hold_bert_large(data, model):
    """The small firm's mix needs 14.3 GB for BERT-large: 16 GB on paper, 13.8 GB a job gets on
    the T4 as AWS runs it. The plan said 'no purchase needed' and the run would run out of
    memory; it says why it cannot stay, with the memory, not a line pointing below."""
    plan = recommend(
        PlanRequest(
            scenario=Scenario.SME,
            currency="CNY",
            machine=_facts(data, T4),
            today=TODAY,
            alternatives=False,
        ),
        data,
        model,
    )
    keep = next(o for o in plan.options if o.action == "keep")
    assert not keep.offered and not plan.no_purchase_needed
    refused = plan.keep_refused
    assert refused is not None and refused.id == "vram-short"
    assert dict(refused.params)["usable_gb"] == 13.8


def _sme_plan(data, model, facts, alternatives=True):
    return recommend(
        PlanRequest(
            scenario=Scenario.SME,
            currency="CNY",
            machine=facts,
            today=TODAY,
            alternatives=alternatives,
        ),
        data,
        model,
    )


def test_the_t4s_way_forward_is_to_turn_ecc_off_before_any_purchase(data, model):
    """16 GB x 0.92 holds the 14.3 GB job, 15 GB x 0.92 does not: like MIG, a free change the
    owner can make (and a trade: memory errors are no longer corrected), said on the installed
    card's own line."""
    plan = _sme_plan(data, model, _facts(data, T4))
    first = plan.alternatives[0]
    assert first.change == "ecc-off" and first.keep and first.price == 0.0
    from gpuplanner.report.plan_view import _keep_line

    line = _keep_line(plan, "en")
    assert line is not None and "Turn ECC off" in line and "no purchase needed" in line


@pytest.mark.parametrize(
    "change",
    [
        {"installed_ecc_on": False},  # already off: nothing to win
        {"installed_ecc_on": None},  # not reported
        {"kind": "vgpu-guest"},  # the host's memory to set
    ],
)
def test_no_ecc_way_forward_where_turning_it_off_is_not_the_owners_or_wins_nothing(
    data, model, change
):
    from dataclasses import replace

    plan = _sme_plan(data, model, replace(_facts(data, T4), **change))
    assert all(a.change != "ecc-off" for a in plan.alternatives)


def test_an_hbm_card_with_ecc_on_is_not_told_to_turn_it_off(data, model):
    """HBM keeps its code beside the data: the same refusal on an HBM card has no ECC way
    forward, where the T4's has one."""
    from dataclasses import replace

    from gpuplanner.planning.plan import machine_changes

    facts = _facts(data, T4)
    plan = _sme_plan(data, model, facts, alternatives=False)

    def replan(request):
        return recommend(replace(request, alternatives=False), data, model)

    request = PlanRequest(scenario=Scenario.SME, currency="CNY", machine=facts, today=TODAY)
    assert machine_changes.ecc_off(plan, request, data, replan) is not None
    hbm = replace(request, machine=replace(facts, current_gpu_id="tesla-v100-pcie-16-gb"))
    assert machine_changes.ecc_off(plan, hbm, data, replan) is None


def test_the_owners_ecc_setting_is_the_cards_not_the_boards_default(data):
    """An A10G whose owner turned ECC off reports its whole 24 GB (within the rounding margin,
    so no reading is kept) and reads at its spec bandwidth; an RTX A6000 with ECC turned on
    reports 45 GB of 48 and loses the same bandwidth share a data-centre board does. The
    record keeps each board's size."""
    from dataclasses import replace

    from gpuplanner.planning.speed.bandwidth import ECC_BANDWIDTH_SHARE, usable_bandwidth_gbs

    by_id = {g.id: g for g in data.gpus}
    a10g = _facts(data, A10G)
    spec = by_id[a10g.current_gpu_id]
    off = candidates.installed(
        replace(a10g, installed_ecc_on=False, installed_memory_gb=None), by_id
    ).gpu
    assert off.memory_gb == off.driver_memory_gb == spec.memory_gb
    assert usable_bandwidth_gbs(off) == spec.memory_bandwidth_gbs
    assert usable_bandwidth_gbs(candidates.installed(a10g, by_id).gpu) == pytest.approx(
        spec.memory_bandwidth_gbs * ECC_BANDWIDTH_SHARE
    )

    a6000 = by_id["rtx-a6000"]
    on = candidates.installed(
        replace(a10g, current_gpu_id="rtx-a6000", installed_ecc_on=True, installed_memory_gb=45.0),
        by_id,
    ).gpu
    assert on.memory_gb == a6000.memory_gb and on.driver_memory_gb == pytest.approx(45.0)
    assert usable_bandwidth_gbs(on) == pytest.approx(
        a6000.memory_bandwidth_gbs * ECC_BANDWIDTH_SHARE
    )
    # A vGPU profile's reading is the board a guest sees, whatever ECC does to it.
    guest = candidates.installed(
        replace(a10g, installed_ecc_on=False, installed_memory_gb=8.0), by_id
    ).gpu
    assert guest.driver_memory_gb == pytest.approx(8.0)


def test_the_t4_with_ecc_off_is_planned_at_its_whole_bandwidth_too(data, model):
    """Turning ECC off gives the T4 back its 1/16 of memory and the bandwidth its code cost:
    the card the way forward plans (machine_changes.ecc_off) holds the job and runs it faster."""
    from dataclasses import replace

    from gpuplanner.catalog.records import ECC_MEMORY_SHARE
    from gpuplanner.planning.speed.training import SpeedQuery, predict

    by_id = {g.id: g for g in data.gpus}
    facts = _facts(data, T4)
    off = replace(facts, installed_ecc_on=False, installed_memory_gb=15.0 / ECC_MEMORY_SHARE)
    cards = [candidates.installed(f, by_id).gpu for f in (facts, off)]
    assert usable_gb(cards[1]) == pytest.approx(16 * USABLE_FRACTION)
    query = SpeedQuery(gpus=cards, speed_model=model, by_id=by_id)
    on_speed, off_speed = predict(query, workload="bert-large", precision="mixed", batch=8, seq=384)
    assert off_speed.throughput > on_speed.throughput


def test_a_probe_on_an_ecc_card_is_judged_against_what_ecc_leaves(data, model):
    """The T4 reads at 0.92 of its 320 GB/s with ECC on, and a device copy at 0.85 of that:
    about 250 GB/s is a healthy T4, not a slow memory whose cost would come on top of ECC's."""
    from dataclasses import replace

    t4 = _facts(data, T4)

    def effects(reading):
        plan = recommend(
            PlanRequest(
                scenario=Scenario.STUDENT,
                currency="CNY",
                machine=replace(t4, bandwidth_gbs=reading),
                today=TODAY,
                alternatives=False,
            ),
            data,
            model,
        )
        return [e for e in plan.probe_effects if e.figure == "bandwidth"]

    assert effects(230.0) == []
    (slow,) = effects(150.0)
    assert slow.expected == round(320 * 0.92 * 0.85)


def test_a_board_with_ecc_on_holds_the_job_in_what_its_driver_gives(data, model):
    # The scan said the T4 has 15 GB and the plan "Holds the job in 16 GB": two figures for one
    # card. The plan now says the driver's 15 with the board's 16 beside it.
    from gpuplanner.report.plan_text import finding_text

    facts = _facts(data, T4)
    request = PlanRequest(
        scenario=Scenario.STUDENT, currency="CNY", machine=facts, today=TODAY, alternatives=False
    )
    keep = next(o for o in recommend(request, data, model).options if o.action == "keep")
    said = next(f for f in keep.findings if f.id.startswith("holds-job"))
    assert said.id == "holds-job-ecc"
    assert (said.params["driver_gb"], said.params["card_gb"]) == (15.0, 16.0)
    assert "15 GB" in finding_text(said, "en") and "15 GB" in finding_text(said, "zh_CN")
