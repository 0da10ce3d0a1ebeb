"""A mix of jobs in one plan (issue 53, item 1): several jobs share the machine's time, every
one must fit, the largest decides memory, speed is the time-weighted mix, and each option
says each job's fit, speed and time."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from conftest import run_cli

from gpuplanner.core.errors import InputError
from gpuplanner.core.job_inputs import JobInputs, MixedJob, parse_mixed_job
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job import resolve as job
from gpuplanner.planning.recommend import PlanRequest, recommend

TODAY = "2026-11-30"
MIX = ("--job", "bert-base:60", "--job", "resnet50:40")


def _plan_json(tmp_path, *args):
    done = run_cli(tmp_path, "recommend", "--today", TODAY, *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mix")
    return _plan_json(folder, "--scenario", "sme", *MIX, "--budget", "40000")


def test_one_ranked_list_with_each_jobs_fit_speed_and_time(mixed):
    assert [j["name"] for j in mixed["jobs"]] == ["bert-base", "resnet50"]
    assert [j["share"] for j in mixed["jobs"]] == [0.6, 0.4]
    largest = max(mixed["jobs"], key=lambda j: j["vram_gb"])
    assert largest["largest"] and mixed["vram_needed_gb"] == largest["vram_gb"]
    for option in mixed["options"]:
        figures = option["jobs"]
        assert [f["name"] for f in figures] == ["bert-base", "resnet50"]
        for f in figures:
            assert {"fits", "throughput", "unit", "relative", "hours", "run_cost"} <= set(f)
            if f["fits"]:
                assert f["throughput"] > 0 and f["hours"] > 0
        relatives = [f["relative"] for f in figures]
        if None not in relatives:
            mixed_speed = 0.6 * relatives[0] + 0.4 * relatives[1]
            assert option["predicted"]["relative"] == pytest.approx(mixed_speed, abs=1e-3)


def test_a_card_that_holds_one_job_but_not_the_other_is_refused_naming_it(mixed):
    split = [o for o in mixed["options"] if len({f["fits"] for f in o["jobs"]}) == 2]
    assert split  # 6 GB cards hold ResNet-50 (4.5 GB) and not BERT-base (7.1 GB)
    for option in split:
        assert not option["offered"]
        left_out = {f["name"] for f in option["jobs"] if not f["fits"]}
        named = {f["params"]["job"] for f in option["findings"] if f["id"] == "mix-job-blocked"}
        assert named == left_out == {"bert-base"}
        ids = [f["id"] for f in option["findings"]]
        assert ids[ids.index("mix-job-blocked") + 1] == "vram-short"  # and why


def test_a_mix_of_one_job_is_that_jobs_plan(data, model):
    one = PlanRequest(scenario=Scenario.SME, currency="USD", today=TODAY, workload="bert-base")
    mix = PlanRequest(
        scenario=Scenario.SME,
        currency="USD",
        today=TODAY,
        jobs=(MixedJob(workload="bert-base", share=1.0),),
    )
    alone, mixed_alone = recommend(one, data, model), recommend(mix, data, model)
    assert [(o.gpu_id, o.count, o.offered, o.predicted_relative) for o in alone.options] == [
        (o.gpu_id, o.count, o.offered, o.predicted_relative) for o in mixed_alone.options
    ]


def test_each_job_keeps_its_own_settings_and_the_resolvers_defaults():
    parsed = parse_mixed_job("bert-base:60:batch=16,seq=256,precision=fp32")
    assert parsed == MixedJob(workload="bert-base", share=60.0, batch=16, seq=256, precision="fp32")
    llm = parse_mixed_job("llama-3-8b:25:mode=lora")
    assert (llm.workload, llm.llm_model, llm.llm_mode) == ("llm", "llama-3-8b", "lora")
    request = PlanRequest(
        scenario=Scenario.SME, currency="USD", batch=8, jobs=(parsed, llm)
    )  # the single job's batch is not a mixed job's
    (bert, _), (tuned, share) = job.mix_of(request)
    assert (bert.batch, bert.seq, bert.precision) == (16, 256, "fp32")
    assert (tuned.batch, tuned.llm_mode, share) == (None, "lora", pytest.approx(0.25 / 0.85))
    assert job.resolve(tuned).shape.seq == job.FINE_TUNING_SEQ


@pytest.mark.parametrize(
    ("text", "error_id"),
    [
        ("bert-base", "job-unreadable"),
        ("bert-base:none", "job-share-not-positive"),
        ("bert-base:-5", "job-share-not-positive"),
        ("bert-base:60:batch", "job-setting-unknown"),
        ("bert-base:60:speed=3", "job-setting-unknown"),
        ("bert-base:60:batch=many", "job-setting-unknown"),
    ],
)
def test_a_job_that_cannot_be_read_is_refused_by_name(text, error_id):
    with pytest.raises(InputError) as refused:
        parse_mixed_job(text)
    assert refused.value.id == error_id


def test_an_impossible_setting_of_a_mixed_job_is_refused_as_the_single_jobs_is():
    with pytest.raises(InputError) as refused:
        JobInputs(jobs=(MixedJob(workload="resnet50", share=1.0, precision="fp8"),))
    assert refused.value.id == "precision-unknown"


def test_the_command_line_says_what_cannot_be_read(tmp_path):
    done = run_cli(tmp_path, "recommend", "--scenario", "sme", "--job", "bert-base:lots")
    assert done.returncode != 0
    assert "bert-base:lots" in done.stderr and "Traceback" not in done.stderr


def test_an_llm_and_a_keras_job_share_one_plan(tmp_path):
    plan = _plan_json(
        tmp_path,
        "--scenario",
        "llm",
        "--currency",
        "USD",
        "--job",
        "llama-3-8b:70:mode=lora",
        "--job",
        "resnet50:30",
    )
    assert [j["workload"] for j in plan["jobs"]] == ["llm", "resnet50"]
    offered = [o for o in plan["options"] if o["offered"]]
    assert offered and all(all(f["fits"] for f in o["jobs"]) for o in offered)


def test_the_windows_job_list_makes_the_same_plan_as_the_command_line(wizard, data):
    """The job page's list (add, share, remove) is the same mix as --job: the same plan."""
    from gpuplanner.app.planner import plan
    from gpuplanner.app.session import to_request

    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.SME)
    window.go(3)
    page = window.workload_page
    # The small firm's own mix is listed until the user changes it; emptied, one job.
    assert page.mix.table.rowCount() == 3
    assert controller.session.job.jobs == job.scenario_mix(Scenario.SME)
    page.mix.table.setCurrentCell(0, 0)
    for _ in range(3):
        page.mix.remove_job.click()
    assert controller.session.job.jobs == () and page.workload.isEnabled()
    single_need = page.vram_label.text()
    page.mix.add_job.click()
    page.mix.add_job.click()
    page.mix.add_job.click()
    assert page.mix.table.rowCount() == 3
    page.mix.table.setCurrentCell(2, 0)
    page.mix.remove_job.click()
    for row, (name, share) in enumerate((("bert-base", 60), ("resnet50", 40))):
        combo, spin = page.mix.table.cellWidget(row, 0), page.mix.table.cellWidget(row, 1)
        combo.setCurrentIndex(combo.findData(name))
        spin.setValue(share)
    session = controller.session
    assert session.job.jobs == (
        MixedJob(workload="bert-base", share=60.0),
        MixedJob(workload="resnet50", share=40.0),
    )
    assert not page.workload.isEnabled() and not page.batch.isEnabled()
    # The live memory is the largest job's: BERT-base's 7.08 GB, not the scenario's job's.
    assert "7.08 GB" in page.vram_label.text() and page.vram_label.text() != single_need
    request = to_request(session, data)
    from_window = plan(request, data)
    # The command line's --job texts, the rest of the request as the window has it.
    told = replace(request, jobs=(parse_mixed_job("bert-base:60"), parse_mixed_job("resnet50:40")))
    assert request == told  # the window's list is the same mix
    assert [j.name for j in from_window.jobs] == ["bert-base", "resnet50"]
    assert all(len(o.jobs) == 2 for o in from_window.options)
    page.mix.table.setCurrentCell(0, 0)
    page.mix.remove_job.click()
    page.mix.remove_job.click()
    assert session.job.jobs == () and page.workload.isEnabled()


def test_a_scenario_that_names_several_jobs_offers_them_as_its_mix(wizard):
    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.SME)
    window.go(3)
    page = window.workload_page
    assert page.mix.usual_jobs.isVisibleTo(page)
    mix = job.scenario_mix(Scenario.SME)
    # Listed from the start (nothing of the job asked yet), and again after a change.
    assert page.mix.table.rowCount() == 3 and controller.session.job.jobs == mix
    page.mix.table.setCurrentCell(0, 0)
    page.mix.remove_job.click()
    assert len(controller.session.job.jobs) == 2
    page.mix.usual_jobs.click()
    assert len(mix) == 3 and controller.session.job.jobs == mix
    assert {m.workload for m in mix} == {"bert-large", "resnet50", "efficientdet-d0"}
    window.scenario_page.set_scenario(Scenario.STUDENT)  # one job: nothing to offer
    window.go(3)
    assert job.scenario_mix(Scenario.STUDENT) == () and not page.mix.usual_jobs.isVisibleTo(page)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_reports_job_facts_list_every_job_of_the_mix(language, data, model):
    """The report's job table says each job as planned (its share, batch and memory) and the
    memory the largest decides, not only the largest job's settings."""
    from gpuplanner.report.job_text import job_rows

    request = PlanRequest(
        scenario=Scenario.SME,
        jobs=(MixedJob(workload="bert-base", share=60), MixedJob(workload="resnet50", share=40)),
    )
    plan = recommend(request, data, model)
    rows = job_rows(plan, language)
    jobs = [value for label, value in rows if "60" in label or "40" in label]
    assert len(jobs) == 2
    assert all(f"{j.vram_gb:g} GB" in value for j, value in zip(plan.jobs, jobs, strict=True))
    assert all(f" {j.batch}" in value for j, value in zip(plan.jobs, jobs, strict=True))
    largest = next(j for j in plan.jobs if j.largest)
    assert any(f"{plan.vram.total_gb:g} GB" in value for _, value in rows)
    assert largest.workload == "bert-base" and plan.vram.total_gb == largest.vram_gb


def test_a_mix_counted_in_runs_a_month_costs_the_month_on_each_card(tmp_path):
    """--job NAME:N/month: each job weighs by the hours its runs take on the option's cards,
    and each option gives the month's hours and electricity, warning where they exceed a
    month (issue 53, 1: "cost per month follows the shares")."""
    runs = {"bert-base": 8, "resnet50": 2}
    plan = _plan_json(
        tmp_path,
        "--scenario",
        "sme",
        *[a for name, n in runs.items() for a in ("--job", f"{name}:{n}/month")],
        "--budget",
        "40000",
    )
    assert [j["runs_per_month"] for j in plan["jobs"]] == [8, 2]
    counted = [o for o in plan["options"] if o["offered"] and "month_hours" in o]
    assert len(counted) >= 5
    for option in counted:
        figures = {f["name"]: f for f in option["jobs"]}
        hours = sum(runs[name] * f["hours"] for name, f in figures.items())
        cost = sum(runs[name] * f["run_cost"] for name, f in figures.items())
        assert option["month_hours"] == pytest.approx(hours, rel=0.01)
        assert option["month_cost"] == pytest.approx(cost, rel=0.01, abs=0.05)
        # The shares are the time each job's runs take on these cards.
        for name, f in figures.items():
            assert f["share"] == pytest.approx(runs[name] * f["hours"] / hours, abs=0.002)
        ids = {f["id"] for f in option["findings"]}
        assert "mix-month" in ids
        assert ("mix-month-over" in ids) == (option["month_hours"] > 730)
    # A slower card spends more of its month: the month's hours follow each card's speed.
    by_speed = sorted(counted, key=lambda o: o["predicted"]["relative"])
    assert by_speed[0]["month_hours"] > by_speed[-1]["month_hours"]


def test_a_month_too_full_for_the_card_is_said(tmp_path):
    plan = _plan_json(
        tmp_path, "--scenario", "sme", "--job", "resnet50:60/month", "--job", "ssd:1/month"
    )
    offered = [o for o in plan["options"] if o["offered"]]
    assert offered and all("mix-month-over" in {f["id"] for f in o["findings"]} for o in offered)


@pytest.mark.parametrize(
    ("jobs", "error"),
    [
        (("bert-base:8/month", "resnet50:40"), "job-runs-all-or-none"),
        (("llama-3-8b:8/month", "resnet50:4/month"), "job-runs-preset-only"),
        (("resnet50:0/month", "ssd:1/month"), "job-share-not-positive"),
    ],
)
def test_runs_a_month_are_refused_where_they_mean_nothing(jobs, error):
    with pytest.raises(InputError) as refused:
        JobInputs(jobs=tuple(parse_mixed_job(text) for text in jobs))
    assert refused.value.id == error


def test_the_job_list_counts_runs_a_month_as_the_command_line_does(wizard, data):
    from gpuplanner.app.session import to_request

    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.SME)
    window.go(3)
    page = window.workload_page
    assert page.mix.table.rowCount() == 3  # the small firm's own mix
    page.mix.per_month.setChecked(True)
    for row, runs in enumerate((4, 2, 1)):
        page.mix.table.cellWidget(row, 1).setValue(runs)
    jobs = controller.session.job.jobs
    assert [(j.share, j.runs_per_month) for j in jobs] == [(4, 4), (2, 2), (1, 1)]
    request = to_request(controller.session, data)
    texts = [f"{j.name}:{n}/month" for j, n in zip(jobs, (4, 2, 1), strict=True)]
    assert request.jobs == tuple(parse_mixed_job(t) for t in texts)
    page.mix.per_month.setChecked(False)
    assert all(j.runs_per_month is None for j in controller.session.job.jobs)


def test_the_job_list_offers_your_own_model_once_it_is_read(wizard, data):
    from gpuplanner.app.planner import plan
    from gpuplanner.app.session import to_request
    from gpuplanner.core.job_inputs import OwnModelFigures

    window, controller = wizard()
    window.scenario_page.set_scenario(Scenario.SME)
    window.go(3)
    page = window.workload_page
    combo = page.mix.table.cellWidget(0, 0)
    assert combo.findData("own") < 0  # nothing read: no model of your own to mix in
    figures = OwnModelFigures(params=2e6, train_flops=3e9, activation_mb_fp32=20.0, name="m")
    controller.session.update(own_model=figures)
    page.load_from_session()
    combo = page.mix.table.cellWidget(0, 0)
    combo.setCurrentIndex(combo.findData("own"))
    assert controller.session.job.jobs[0].workload == "own"
    planned = plan(to_request(controller.session, data), data)
    assert planned.jobs[0].workload == "own"
    assert any(o.offered and o.jobs[0].fits for o in planned.options)
