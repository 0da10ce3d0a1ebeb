"""TensorFlow's own wheels use AVX (tensorflow.org/install/pip, "Hardware requirements": since
1.6): on a CPU without it they stop at import, whatever card the computer has. The recorded G41
board (a Core 2's chipset) was sold an RTX 3060 and a 650 W supply for it."""

from __future__ import annotations

import pytest

from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware import system
from gpuplanner.hardware.snapshot import from_lspci
from gpuplanner.planning.machine.facts import MachineFacts
from gpuplanner.planning.recommend import PlanRequest, recommend

TODAY = "2026-12-05"


def _cpuinfo(root, text):
    (root / "proc").mkdir(parents=True, exist_ok=True)
    (root / "proc" / "cpuinfo").write_text(text)


@pytest.mark.parametrize(
    ("cpuinfo", "avx"),
    [
        ("processor\t: 0\nflags\t\t: fpu sse sse2 ssse3 sse4_1 sse4_2 avx avx2 fma\n", True),
        ("processor\t: 0\nflags\t\t: fpu sse sse2 ssse3 sse4_1 lahf_lm\n", False),  # a Core 2
        ("processor\t: 0\nFeatures\t: fp asimd evtstrm\n", None),  # ARM: no such flag
    ],
)
def test_the_scan_reads_avx_from_the_cpus_flags(tmp_path, cpuinfo, avx):
    _cpuinfo(tmp_path, cpuinfo)
    assert system.read_avx(tmp_path) is avx
    assert system.read_cpu(tmp_path, rapl=False).avx is avx


def test_a_chipset_older_than_avx_says_the_cpu_has_none():
    old = (
        "00:00.0 Host bridge [0600]: Intel Corporation 4 Series Chipset DRAM Controller"
        " [8086:2e30] (rev 03)\n"
        "01:00.0 VGA compatible controller [0300]: NVIDIA Corporation GK208B [GeForce GT 710]"
        " [10de:128b] (rev a1)\n"
    )
    assert from_lspci(old, "g41.txt").cpu.avx is False
    # A 6 Series board may hold a Pentium without AVX or a Core i7 with it: not said.
    newer = old.replace(
        "4 Series Chipset DRAM Controller", "2nd Generation Core Processor Family DRAM Controller"
    )
    assert from_lspci(newer, "p67.txt").cpu.avx is None


def _machine(**facts):
    return MachineFacts(
        current_gpu_id="geforce-rtx-3060-12-gb",
        installed_count=1,
        has_gpu=True,
        kind="desktop",
        **facts,
    )


def _plan(data, model, machine, **request):
    return recommend(
        PlanRequest(
            **{"scenario": Scenario.STUDENT, **request},
            currency="CNY",
            machine=machine,
            today=TODAY,
        ),
        data,
        model,
    )


def test_no_card_in_a_computer_without_avx_runs_tensorflows_wheels(data, model):
    plan = _plan(data, model, _machine(cpu_avx=False))
    assert not any(o.offered for o in plan.options)
    assert all(any(f.id == "cpu-no-avx" for f in o.findings) for o in plan.options)
    assert plan.keep_refused is not None and plan.keep_refused.id == "cpu-no-avx"
    # A new PC with the card, or renting: nothing for this computer.
    assert plan.alternatives and plan.alternatives[0].change == "desktop"
    assert {a.change for a in plan.alternatives} <= {"desktop", "rent"}
    from gpuplanner.report.plan_text import finding_text

    assert "Illegal instruction" in finding_text(plan.keep_refused, "en")
    assert "AVX" in finding_text(plan.keep_refused, "zh_CN")


def test_without_avx_the_cards_listed_first_are_those_the_wheels_run(data, model):
    """The G41 board's table led with an RTX PRO 4500 Blackwell and four Radeons, each blocked
    by the missing AVX alone: the wheels run neither, in the new PC the plan points to."""
    plan = _plan(data, model, _machine(cpu_avx=False), scenario=Scenario.SME)
    purchases = [o for o in plan.options if o.action != "keep"]
    route_barred = {"route-unsupported", "route-needs-rocm", "route-cc-below-floor"}

    def barred(option):
        return bool(route_barred & {f.id for f in option.findings if f.severity == "blocks"})

    assert any(barred(o) for o in purchases)  # the Blackwell and Radeon cards are still judged
    # The rows a buyer reads first are cards the wheels run (they come closest: one block).
    assert not any(barred(o) for o in purchases[:5])


def test_the_same_computer_with_avx_or_unread_keeps_its_card(data, model):
    for avx in (True, None):
        assert _plan(data, model, _machine(cpu_avx=avx)).no_purchase_needed


def test_an_unknown_cards_unread_memory_is_not_zero(data, model):
    """An lspci capture of a card the catalog does not know has no memory: it was said to have
    0 GB, "0 GB of it usable"."""
    machine = MachineFacts(
        unknown_gpu_name="NVIDIA Corporation GK208B [GeForce GT 710]",
        unknown_gpu_cc="3.5",
        installed_count=1,
        has_gpu=True,
        kind="desktop",
    )
    plan = _plan(data, model, machine, alternatives=False)
    keep = next(o for o in plan.options if o.action == "keep")
    assert any(f.id == "vram-not-read" for f in keep.findings)
    assert not any(f.id == "vram-short" for f in keep.findings)
