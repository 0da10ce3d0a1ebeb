"""Facts about the machine and the route that decide what TensorFlow can do (part of issue 27):
Windows's driver model in reports, Max-Q as a power class, the end of NVIDIA's container."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import recording

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware.records import GpuDevice
from gpuplanner.hardware.snapshot import load_paths
from gpuplanner.planning.machine.kind import looks_like_laptop
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend

REPO_ROOT = Path(__file__).resolve().parents[1]
TODAY = "2026-11-30"
WINDOWS_REPORTS = (
    "nvidia-smi-q-x/nvidia-smi-q-x_rtx3080_windows-wddm_drv536.xml",
    "nvidia-smi-q/nvidia-smi-q_rtx2080super_windows_drv591.txt",
    "nvidia-smi-query-gpu-csv/nvidia-smi-query-gpu_rtx2080super_windows_drv591_idle_all-fields.csv",
)


def _ids(option) -> set[str]:
    return {f.id for f in option.findings}


@pytest.mark.parametrize("name", WINDOWS_REPORTS)
def test_a_windows_report_is_told_about_native_windows_or_wsl2(data, model, name):
    result = load_paths([recording(name)])
    snapshot = enrich(result.snapshots[0][1], data)
    assert {g.driver_model for g in snapshot.gpus} == {"WDDM"}
    facts = machine_facts(snapshot, catalog=data)
    assert facts.windows_or_wsl and facts.os_system is None
    plan = recommend(
        PlanRequest(
            scenario=Scenario.STUDENT,
            currency="CNY",
            machine=facts,
            today=TODAY,
            alternatives=False,
        ),
        data,
        model,
    )
    vendor = {g.id: g.vendor for g in data.gpus}
    for option in plan.options:
        runs = "route-unsupported" not in _ids(option)
        if vendor[option.gpu_id] == "NVIDIA" and runs:
            assert "route-windows-or-wsl" in _ids(option), option.gpu


def test_a_linux_report_has_no_driver_model():
    result = load_paths([recording("nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml")])
    assert {g.driver_model for g in result.snapshots[0][1].gpus} == {None}


def test_tcc_is_native_windows(data, model, tmp_path):
    """TCC (and MCDM) are compute modes that WSL2 cannot see: the report is native Windows."""
    text = recording(WINDOWS_REPORTS[0]).read_text(encoding="utf-8")
    path = tmp_path / "tcc.xml"
    path.write_text(text.replace(">WDDM<", ">TCC<"), encoding="utf-8")
    snapshot = enrich(load_paths([path]).snapshots[0][1], data)
    facts = machine_facts(snapshot, catalog=data)
    assert facts.os_system == "Windows" and not facts.windows_or_wsl
    plan = recommend(
        PlanRequest(
            scenario=Scenario.SME, currency="CNY", machine=facts, today=TODAY, alternatives=False
        ),
        data,
        model,
    )
    assert "route-windows-native" in _ids(plan.options[0])


@pytest.mark.parametrize(
    "name,laptop",
    [
        ("NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", False),
        ("NVIDIA GeForce RTX 2080 with Max-Q Design", True),
        ("Quadro RTX 5000 with Max-Q Design", True),
        ("NVIDIA RTX 5000 Ada Generation Laptop GPU", True),
        ("NVIDIA GeForce RTX 3060 Laptop GPU", True),
        ("NVIDIA GeForce RTX 4090", False),
    ],
)
def test_max_q_is_a_power_class_not_a_chassis(name, laptop):
    gpu = GpuDevice(
        index=0, vendor="NVIDIA", name=name, driver_version="590.44", power_limit_w=300.0
    )
    assert looks_like_laptop(gpu) is laptop


def test_the_max_q_workstation_needs_no_purchase_with_the_container(data, model):
    facts = MachineFacts(
        current_gpu_id="rtx-pro-6000-blackwell-max-q", installed_count=1, has_gpu=True
    )
    plan = recommend(
        PlanRequest(scenario=Scenario.SME, currency="CNY", machine=facts, today=TODAY), data, model
    )
    first = plan.alternatives[0]
    assert first.change == "route" and first.to == "ngc" and first.keep
    assert plan.route_alternative is None  # nothing to buy under the container
    ngc = recommend(
        PlanRequest(
            scenario=Scenario.SME, currency="CNY", machine=facts, tf_route="ngc", today=TODAY
        ),
        data,
        model,
    )
    assert ngc.no_purchase_needed and ngc.options[0].action == "keep"


def test_every_ngc_pick_says_the_container_has_ended(data, model):
    plan = recommend(
        PlanRequest(
            scenario=Scenario.SME, currency="USD", tf_route="ngc", today=TODAY, alternatives=False
        ),
        data,
        model,
    )
    nvidia = [o for o in plan.options if o.offered and o.gpu_id.split("-")[0] != "radeon"]
    assert nvidia
    for option in nvidia:
        found = next(f for f in option.findings if f.id == "route-ngc-ended")
        assert found.params["last"] == "25.02"


def test_the_containers_pick_beside_the_official_plan_says_it_has_ended(data, model):
    """'With NVIDIA's NGC container, the best pick would be an RTX PRO 4000 Blackwell x2': a
    card bought for a route whose last release is 25.02, said with the pick, both languages."""
    from gpuplanner.report.plan_text import route_alternative_text

    plan = recommend(PlanRequest(scenario=Scenario.SME, currency="CNY", today=TODAY), data, model)
    pick = plan.route_alternative
    assert pick is not None
    assert any(f.id == "route-ngc-ended" for f in pick.findings)
    english = route_alternative_text(pick, "en")
    assert "the best pick would be" in english and "tensorflow:25.02-tf2-py3" in english
    chinese = route_alternative_text(pick, "zh_CN")
    assert "25.02" in chinese and "。NVIDIA" in chinese  # one sentence after another, no space


def test_a_capped_card_is_planned_at_its_cap_and_told_what_it_costs(data, model):
    name = "nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_power-limit-200w-of-350w_drv525.xml"
    snapshot = enrich(load_paths([recording(name)]).snapshots[0][1], data)
    facts = machine_facts(snapshot, catalog=data)
    assert (facts.power_cap_w, facts.power_default_w) == (200.0, 350.0)
    request = PlanRequest(
        scenario=Scenario.SME,
        workload="bert-large",  # one job: its throughput is compared below
        currency="CNY",
        machine=facts,
        today=TODAY,
        alternatives=False,
    )
    keep = recommend(request, data, model).options[0]
    capped = next(f for f in keep.findings if f.id == "power-capped")
    # (200 / 350) ** 0.23: about 88% of the card's speed at its default limit.
    assert capped.params["speed_pct"] == 88
    uncapped = replace(facts, power_cap_w=None)
    free = recommend(replace(request, machine=uncapped), data, model).options[0]
    assert keep.predicted_throughput == pytest.approx(free.predicted_throughput * 0.879, rel=0.01)
    # A probe measured the card as it runs: its figures already hold the cap.
    probed = replace(facts, machine_factor=0.9)
    keep = recommend(replace(request, machine=probed), data, model).options[0]
    assert "power-capped" not in _ids(keep)


def test_a_slot_powered_pc_is_asked_about_its_cables_and_offered_cabled_cards(data, model, gpus):
    """A GT 730 runs from the slot: that says nothing of the supply. Cabled cards are offered
    with a supply that has the cables, priced in; no passive server card comes first."""
    facts = MachineFacts(
        current_gpu_id="geforce-gt-730", installed_count=1, has_gpu=True, slot_powered=True
    )
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, currency="CNY", machine=facts, today=TODAY),
        data,
        model,
    )
    offered = [o for o in plan.options if o.offered and o.action != "keep"]
    cabled = [o for o in offered if "psu-ask-cables" in _ids(o)]
    assert cabled, "cabled cards are offered with the question"
    for option in cabled:
        assert any(n.what == "psu" and n.price > 0 for n in option.needs)
    assert gpus[offered[0].gpu_id].cooler != "passive"


def test_a_loaded_machine_s_supply_and_case_replace_the_session_s(tmp_path):
    """A scan saved with --psu-watts 850 is planned at 850 W, whatever the last session held."""
    from conftest import run_cli

    from gpuplanner.app.session import Session, adopt_machine, to_request
    from gpuplanner.hardware.snapshot import load_file

    saved = tmp_path / "machine.json"
    report = recording("nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml")
    done = run_cli(
        tmp_path, "scan", "--from", str(report), "--save", str(saved), "--psu-watts", "850"
    )
    assert done.returncode == 0, done.stderr
    session = Session(psu_watts=650, psu_8pin=1, free_slots=2)
    adopt_machine(session, load_file(saved))
    assert session.psu_watts == 850 and session.psu_8pin is None
    assert session.free_slots == 2  # the saved scan has no case: the entered one stays
    assert to_request(session, None).psu.rated_w == 850


def test_mig_plans_one_slice_and_says_what_it_holds(data, model):
    """Issue 27 (2): a card with MIG on is planned as the slice TensorFlow will see."""
    from gpuplanner.hardware.snapshot import load_file

    path = (
        Path(__file__).parent
        / "fixtures"
        / "nvidia-smi-q-x"
        / "nvidia-smi-q-x_a100-sxm4-80gb_mig-enabled_partial-1-of-4-gpus.xml"
    )
    facts = machine_facts(enrich(load_file(path), data), None, data)
    assert facts.mig_slice_gb == 19.5  # four slices of 19,968 MiB, 14 SMs each
    assert facts.mig_slice_share == pytest.approx(1 / 7, abs=0.01)  # a seventh of the compute
    request = PlanRequest(scenario=Scenario.SME, workload="bert-large", machine=facts)
    keep = next(o for o in recommend(request, data, model).options if o.action == "keep")
    assert keep.count == 1 and keep.vram_per_card_gb == 19.5
    assert "mig-slice" in _ids(keep)
    whole = replace(facts, mig_slice_gb=None, mig_slice_share=None)
    plan = recommend(
        PlanRequest(scenario=Scenario.SME, workload="bert-large", machine=whole), data, model
    )
    whole_keep = next(o for o in plan.options if o.action == "keep")
    assert "mig-slice" not in _ids(whole_keep)
    assert keep.predicted_throughput < whole_keep.predicted_throughput


LAPTOP_3060 = (
    b'<?xml version="1.0" ?><nvidia_smi_log><driver_version>550.54.14</driver_version>'
    b'<cuda_version>12.4</cuda_version><gpu id="00000000:01:00.0">'
    b"<product_name>NVIDIA GeForce RTX 3060 Laptop GPU</product_name>"
    b"<fb_memory_usage><total>6144 MiB</total></fb_memory_usage></gpu></nvidia_smi_log>"
)


def test_a_laptop_too_small_for_the_job_gets_the_job_that_fits_it_first(data, model, tmp_path):
    """Issue 27 (2): an RTX 3060 Laptop GPU (6 GB) and BERT-large: not only 'rent'."""
    from gpuplanner.hardware.snapshot import load_file

    report = tmp_path / "laptop.xml"
    report.write_bytes(LAPTOP_3060)
    snapshot = enrich(load_file(report), data)
    assert snapshot.gpus[0].catalog_id == "geforce-rtx-3060-laptop"
    facts = machine_facts(snapshot, None, data)
    assert facts.kind == "laptop" and not facts.slot_powered
    job = {"scenario": Scenario.SME, "workload": "bert-large", "today": TODAY}
    plan = recommend(PlanRequest(**job, machine=facts), data, model)
    assert not any(o.offered and o.action != "keep" for o in plan.options)  # nothing to fit in
    assert [o.action for o in plan.options] == ["keep"]  # laptop GPUs are never offered
    first = plan.alternatives[0]
    assert first.change == "model" and first.to == "bert-base" and first.keep
    assert first.vram_gb <= 6 * 0.9
    assert plan.alternatives[-1].change == "rent"


def _k80_server(count: int = 4) -> bytes:
    gpu = (
        '<gpu id="00000000:{:02X}:00.0"><product_name>Tesla K80</product_name>'
        "<fb_memory_usage><total>11441 MiB</total></fb_memory_usage></gpu>"
    )
    return (
        b'<?xml version="1.0" ?><nvidia_smi_log><driver_version>430.64</driver_version>'
        + "".join(gpu.format(4 + i) for i in range(count)).encode()
        + b"</nvidia_smi_log>"
    )


def test_an_old_server_is_told_why_and_offered_a_replacement(data, model, tmp_path):
    """Issue 27 (2): four Tesla K80 (CC 3.7): why TensorFlow cannot run them, and a replace
    plan for the server, not only 'rent'."""
    from gpuplanner.hardware.snapshot import load_file

    report = tmp_path / "k80.xml"
    report.write_bytes(_k80_server())
    snapshot = enrich(load_file(report), data)
    below = [f for f in snapshot.findings if f.id == "tf-cc-below-floor"]
    assert len(below) == 4 and below[0].params["cc"] == "3.7"
    assert below[0].params["floor"] == "6.0"
    facts = machine_facts(snapshot, None, data)
    assert facts.kind == "server" and not facts.virtual_machine
    plan = recommend(PlanRequest(scenario=Scenario.SME, machine=facts, today=TODAY), data, model)
    keep = next(o for o in plan.options if o.action == "keep")
    assert not keep.offered and "route-unsupported" in _ids(keep)
    offered = [o for o in plan.options if o.offered]
    assert offered and all(o.action == "replace" for o in offered)


def test_the_installed_card_holds_what_its_driver_reports(data, model):
    """A laptop's GTX 1050 has 4 GB where the desktop board has 2: the job gets 4, and the
    student's way forward is a smaller batch on it, before renting."""
    from gpuplanner.hardware.snapshot import load_file

    path = (
        Path(__file__).parent
        / "fixtures"
        / "nvidia-smi-q-x"
        / "nvidia-smi-q-x_gtx1050-hp-laptop_pcie-x8-of-x16_power-na.xml"
    )
    facts = machine_facts(enrich(load_file(path), data), None, data)
    assert facts.current_gpu_id == "geforce-gtx-1050" and facts.installed_memory_gb == 4.0
    plan = recommend(
        PlanRequest(scenario=Scenario.STUDENT, machine=facts, today=TODAY), data, model
    )
    keep = next(o for o in plan.options if o.action == "keep")
    assert keep.vram_per_card_gb == 4.0
    first = plan.alternatives[0]
    assert first.change in ("batch", "seq") and first.keep


def test_a_clouds_own_card_is_never_offered_for_sale(data, model):
    """AWS's A10G exists only in EC2: rented, never bought (it once topped old servers' plans)."""
    for scenario in Scenario:
        plan = recommend(PlanRequest(scenario=scenario, today=TODAY), data, model)
        a10g = [o for o in plan.options if o.gpu_id == "a10g"]
        assert all(not o.offered for o in a10g)
        assert all("not-sold-here" in _ids(o) for o in a10g if o.bought)


def test_a_laptop_with_thunderbolt_is_offered_an_external_gpu_after_the_job_that_fits(
    data, model, tmp_path
):
    """Issue 27 (2): job changes first, then an eGPU where the laptop has Thunderbolt or
    USB4, then renting; the enclosure comes out of the same budget."""
    from gpuplanner.hardware.snapshot import load_file

    report = tmp_path / "laptop.xml"
    report.write_bytes(LAPTOP_3060)
    snapshot = replace(enrich(load_file(report), data), thunderbolt=True)
    facts = machine_facts(snapshot, None, data)
    assert facts.thunderbolt
    job = {"scenario": Scenario.SME, "workload": "bert-large", "today": TODAY}
    plan = recommend(PlanRequest(**job, machine=facts), data, model)
    changes = [a.change for a in plan.alternatives]
    assert changes.index("model") < changes.index("egpu") < changes.index("rent")
    egpu = next(a for a in plan.alternatives if a.change == "egpu")
    assert egpu.price <= plan.budget and egpu.extra > 0 and egpu.speed > 1
    without = recommend(
        PlanRequest(**job, machine=replace(facts, thunderbolt=None)),
        data,
        model,
    )
    assert "egpu" not in [a.change for a in without.alternatives]


def test_thunderbolt_is_read_from_sysfs_and_lspci(tmp_path):
    from gpuplanner.hardware.snapshot import from_lspci
    from gpuplanner.hardware.system import read_thunderbolt

    assert read_thunderbolt(tmp_path) is None
    bus = tmp_path / "sys" / "bus" / "thunderbolt" / "devices"
    bus.mkdir(parents=True)
    assert read_thunderbolt(tmp_path) is False
    (bus / "domain0").mkdir()
    assert read_thunderbolt(tmp_path) is True
    text = (
        "01:00.0 3D controller: NVIDIA Corporation GA106M [GeForce RTX 3060 Mobile / Max-Q]\n"
        "02:00.0 USB controller: Intel Corporation Thunderbolt 4 NHI [Maple Ridge 4C 2020]\n"
    )
    assert from_lspci(text, "l.txt").thunderbolt is True
