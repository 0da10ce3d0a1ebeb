"""One input record for the job (core/job_inputs.py): the session holds it, the command line
fills it from one field table (app/job_fields.py), the plan request is one; a value no job has
is refused once, when it is made, in the user's language (issue 29)."""

from __future__ import annotations

import dataclasses

import pytest

from gpuplanner.app import job_fields
from gpuplanner.app.session import Session, to_request
from gpuplanner.cli import build_parser
from gpuplanner.core import vocab
from gpuplanner.core.errors import InputError
from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning.job import engines, workloads
from gpuplanner.planning.request import PlanRequest
from gpuplanner.planning.speed import roofline
from gpuplanner.report.input_text import SENTENCES, input_error_text

IMPOSSIBLE = [
    ({"budget": -5.0}, "budget-not-positive"),
    ({"budget": float("inf")}, "budget-not-positive"),
    ({"tariff": 0.0}, "tariff-not-positive"),
    ({"llm_params_b": -7.0}, "params-not-positive"),
    ({"batch": 0}, "batch-below-one"),
    ({"seq": 0}, "seq-below-one"),
    ({"max_gpus": 0}, "max-gpus-below-one"),
    ({"workload": "dance"}, "workload-unknown"),
    ({"precision": "fp8"}, "precision-unknown"),
    ({"llm_mode": "dpo"}, "mode-unknown"),
    ({"bits": 3}, "bits-unknown"),
    ({"engine": "ollama"}, "engine-unknown"),
    ({"tf_route": "conda"}, "route-unknown"),
]


def test_every_job_input_has_its_row_and_every_row_its_input():
    names = {f.name for f in dataclasses.fields(JobInputs)}
    assert set(job_fields.BY_NAME) == names
    assert len({f.flag for f in job_fields.FIELDS}) == len(job_fields.FIELDS)


def test_the_request_is_the_job_with_the_machine_added():
    job_names = {f.name for f in dataclasses.fields(JobInputs)}
    request_names = {f.name for f in dataclasses.fields(PlanRequest)}
    assert job_names < request_names  # embedded, never declared twice
    job = JobInputs(budget=9_000.0, workload="bert-large", used_ok=True)
    request = PlanRequest.for_job(job, Scenario.SME, currency="CNY")
    assert all(getattr(request, n) == getattr(job, n) for n in job_names)


def test_the_words_of_a_job_are_planning_s_words(data):
    """Each word of the job is one planning has facts for, and each fact's key is a word."""
    assert set(vocab.WORKLOADS) == {*workloads.KERAS, "llm", "own"}
    assert vocab.ENGINES == engines.ENGINES
    # Each route is a row of the catalog's route table, and each row's route is a word.
    assert {row.route for row in data.tf_routes} == set(vocab.TF_ROUTES)
    # Each fine-tuning mode has its work per token; inference, the one other mode, has none.
    assert set(roofline.LLM_FLOPS_PER_TOKEN) == set(vocab.LLM_MODES) - {"inference"}


@pytest.mark.parametrize(("values", "id"), IMPOSSIBLE)
def test_a_value_no_job_has_is_refused_in_both_languages(values, id):
    with pytest.raises(InputError) as refused:
        JobInputs(**values)
    assert refused.value.id == id and id in SENTENCES
    english, chinese = (input_error_text(refused.value, lang) for lang in ("en", "zh_CN"))
    assert "{" not in english and "{" not in chinese and english != chinese


def test_the_session_keeps_its_job_when_a_change_is_refused():
    session = Session(scenario=Scenario.STUDENT)
    session.update(budget=3_000.0, used_ok=True)
    with pytest.raises(InputError):
        session.update(budget=3_500.0, batch=0)
    assert session.job.budget == 3_000.0 and session.job.batch is None
    request = to_request(session, None)
    assert request.budget == 3_000.0 and request.used_ok


def test_the_command_line_fills_the_job_from_the_table():
    parser = build_parser(with_commands=True)
    given = "recommend --scenario llm --model llama-3-8b --mode qlora --bits 8 --max-gpus 2"
    args = parser.parse_args([*given.split(), "--used-ok", "--tariff", "0.9", "--params", "8"])
    job = job_fields.job_inputs(vars(args))
    assert (job.workload, job.llm_model, job.llm_mode) == ("llm", "llama-3-8b", "qlora")
    assert (job.bits, job.max_gpus, job.used_ok, job.tariff) == (8, 2, True, 0.9)
    assert job.llm_params_b == 8.0 and job.shop_only is False and job.precision == "mixed"
    help_text = parser._subparsers._group_actions[0].choices["recommend"].format_help()
    assert all(f.flag in help_text for f in job_fields.FIELDS)
