"""Values no machine has are refused once, where the plan is built, in the user's language
(issue 29: `--free-slots -3` once gave "The cards need 3 slots; -3 are free")."""

from __future__ import annotations

import pytest
from conftest import run_cli

from gpuplanner.app.session import Session
from gpuplanner.core.errors import InputError
from gpuplanner.planning.machine.physical import entered_case
from gpuplanner.planning.machine.power import entered_supply
from gpuplanner.report.input_text import SENTENCES, input_error_text


@pytest.mark.parametrize(
    ("make", "id"),
    [
        (lambda: entered_case(None, -3, None), "case-slots-negative"),
        (lambda: entered_case(-10, None, None), "case-clearance-negative"),
        (lambda: entered_supply(-650, "3", False, None, None), "psu-watts-negative"),
        (lambda: entered_supply(750, "3", False, -2, None), "psu-8pin-negative"),
        (lambda: entered_supply(750, "3", True, None, None, -1), "psu-12v2x6-negative"),
        (lambda: entered_supply(None, None, False, -2, None), "psu-8pin-negative"),
    ],
)
def test_a_value_no_machine_has_is_refused(make, id):
    with pytest.raises(InputError) as raised:
        make()
    assert raised.value.id == id and id in SENTENCES


def test_zero_is_a_real_answer():
    assert entered_case(None, 0, None).free_slots == 0
    assert entered_supply(750, "3", False, 0, None).pcie_8pin_cables == 0


def test_the_sentence_reads_in_both_languages():
    exc = InputError("case-slots-negative", value=-3)
    assert input_error_text(exc, "en") == (
        "Free slots cannot be negative (-3): give how many are free, 0 or more."
    )
    assert "空闲插槽数不能为负数（-3）" in input_error_text(exc, "zh_CN")


@pytest.mark.parametrize(
    ("args", "english", "chinese"),
    [
        (("--free-slots", "-3"), "Free slots cannot be negative (-3)", "空闲插槽数不能为负数"),
        (
            ("--psu-watts", "750", "--psu-8pin", "-2"),
            "negative number of 8-pin PCIe cables (-2)",
            "8-pin PCIe 线数量不能为负数",
        ),
    ],
)
def test_the_command_line_refuses_them_in_its_language(tmp_path, args, english, chinese):
    result = run_cli(tmp_path, "recommend", "--scenario", "student", *args)
    assert result.returncode == 1 and english in result.stderr and "Traceback" not in result.stderr
    result = run_cli(tmp_path, "recommend", "--scenario", "student", *args, "--language", "zh_CN")
    assert result.returncode == 1 and chinese in result.stderr


def test_the_window_says_it_in_its_language(qtbot):
    from gpuplanner.ui.controller import WizardController

    session = Session(language="zh_CN")
    session.free_slots = -3  # a settings file edited by hand
    controller = WizardController(session)
    shown: list[str] = []
    controller.error.connect(shown.append)
    controller.want_plan()
    assert controller.plan is None
    assert shown and "空闲插槽数不能为负数" in shown[0]
