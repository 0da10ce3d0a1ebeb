"""Bridges by kind, asked where unknown (issue 48, item 5): a desktop or workstation card's
NVLink bridge and a data-centre card's board are different parts; a data-centre pair whose
report does not show its links is planned as the user says, else assumed bridged and said so,
never priced at the consumer bridge's ¥421; nvidia-smi topo -m and nvlink -s captures are read
as evidence of a bridge; the fleet row names the action."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import recording

from gpuplanner.app.fleet import Choice, FleetPlan
from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.app.session import Session, asks_nvlink_bridge
from gpuplanner.core.scenarios import Scenario
from gpuplanner.hardware import snapshot as snapshots
from gpuplanner.hardware.nvlink_capture import nvlink_links, status_links, topo_links
from gpuplanner.planning.machine import links, physical
from gpuplanner.planning.recommend import MachineFacts, PlanRequest, recommend
from gpuplanner.report import plan_text
from gpuplanner.report.fleet_export import plan_rows
from gpuplanner.report.plan_view import option_rows

TODAY = "2026-12-01"
CAPTURES = Path(__file__).parent / "data" / "nvlink"


def _pair(gpu_id: str, **more) -> MachineFacts:
    return MachineFacts(
        current_gpu_id=gpu_id,
        installed_count=2,
        has_gpu=True,
        installed_links=((16, 5), (16, 5)),
        slot_gen=5,
        slot_width=16,
        workstation=True,
        **more,
    )


def _plan(data, model, machine, told=None, scenario=Scenario.SME, currency="CNY", budget=None):
    request = PlanRequest(
        scenario=scenario,
        currency=currency,
        budget=budget,
        machine=machine,
        nvlink_bridge=told,
        today=TODAY,
        alternatives=False,
    )
    return recommend(request, data, model)


def _bridge_needs(plan):
    return [(o, n) for o in plan.options for n in o.needs if n.what == "nvlink-bridge"]


def test_each_card_takes_its_own_kind_of_bridge(gpus):
    assert links.bridge_kind(gpus["geforce-rtx-3090"]) == "desktop"
    assert links.bridge_kind(gpus["rtx-a6000"]) == "desktop"
    for dc in ("a100-pcie-80-gb", "h100-nvl-94-gb", "h200-nvl"):
        assert links.bridge_kind(gpus[dc]) == "data-centre"
        assert gpus[dc].interconnect == "nvlink-bridge"


def test_an_h100_nvl_pair_whose_report_shows_no_links_is_planned_bridged_and_says_so(data, model):
    plan = _plan(data, model, _pair("h100-nvl-94-gb"))
    keep = plan.options[0]
    assert keep.action == "keep" and keep.scaling.link == "nvlink"
    assumed = next(f for f in keep.findings if f.id == "nvlink-bridge-assumed")
    assert assumed.severity == "warns"
    for language in ("en", "zh_CN"):
        said = plan_text.finding_text(assumed, language)
        assert "--nvlink-bridge none" in said and "H100 NVL" in said
    assert not any(o.action == "bridge" for o in plan.options)
    # No consumer bridge's price anywhere in the plan.
    assert all(n.kind == "data-centre" for _o, n in _bridge_needs(plan))


def test_told_none_the_pair_is_offered_its_data_centre_bridge_at_no_invented_price(data, model):
    plan = _plan(data, model, _pair("h100-nvl-94-gb"), told="none")
    keep = plan.options[0]
    assert keep.scaling.link != "nvlink"
    assert not any(f.id == "nvlink-bridge-assumed" for f in keep.findings)
    bridge = next(o for o in plan.options if o.action == "bridge")
    need = next(n for n in bridge.needs if n.what == "nvlink-bridge")
    assert (need.kind, need.priced, need.price) == ("data-centre", False, 0.0)
    assert bridge.price is None  # no total rather than the desktop bridge's ¥421
    assert bridge.offered and bridge.price_group == "to-confirm"
    assert "nvlink-bridge-dc-needed" in {f.id for f in bridge.findings}
    row = next(r for r, o in zip(option_rows(plan, "en"), plan.options, strict=True) if o is bridge)
    assert row.needs == ("Data-centre NVLink bridge, price to confirm",)
    assert row.price == "N/A" and "421" not in " ".join(row.needs)
    told_fitted = _plan(data, model, _pair("h100-nvl-94-gb"), told="fitted")
    assert told_fitted.options[0].scaling.link == "nvlink"
    assert not any(f.id == "nvlink-bridge-assumed" for f in told_fitted.options[0].findings)


def test_links_seen_inactive_are_not_assumed(data, model):
    seen = _pair("h100-nvl-94-gb", nvlink_known=True)
    plan = _plan(data, model, seen)
    assert plan.options[0].scaling.link != "nvlink"
    assert any(o.action == "bridge" for o in plan.options)


def test_a_desktop_pair_keeps_its_priced_bridge(data, model):
    plan = _plan(data, model, _pair("geforce-rtx-3090"))
    bridge = next(o for o in plan.options if o.action == "bridge")
    need = next(n for n in bridge.needs if n.what == "nvlink-bridge")
    assert need.kind == "desktop" and need.priced and need.price > 0
    assert need.source == physical.NVLINK_BRIDGE_SOURCE
    assert not any(f.id == "nvlink-bridge-assumed" for f in plan.options[0].findings)


def test_a_data_centre_pair_bought_needs_the_data_centre_board(data, model):
    server = MachineFacts(kind="server", server_airflow=True, workstation=True, slot_gen=4)
    plan = _plan(data, model, server, scenario=Scenario.SME, currency="USD", budget=100_000)
    found = _bridge_needs(plan)
    data_centre = [(o, n) for o, n in found if n.kind == "data-centre"]
    assert data_centre, "a pair of data-centre cards on their bridge is planned"
    for option, need in found:
        gpu = next(g for g in data.gpus if g.id == option.gpu_id)
        assert need.kind == links.bridge_kind(gpu)
        assert need.priced == (need.kind == "desktop")
    for option, _need in data_centre:
        assert option.price == option.cards_price  # the board left out, not the ¥421 part
        assert option.price_group == "to-confirm"


def test_the_fleet_row_names_the_bridge_and_its_price_or_none(data, model):
    plan = _plan(data, model, _pair("h100-nvl-94-gb"), told="none")
    bridge = next(o for o in plan.options if o.action == "bridge")
    fleet = FleetPlan(
        mode="each",
        currency="CNY",
        budget=100_000,
        workload="bert-large",
        choices=(Choice("lab-1", bridge, 10.0, speedup=1.3),),
    )
    row = plan_rows(fleet, [], "en")[0]
    assert row[2] == "Add an NVLink bridge (H100 NVL 94 GB)"
    assert row[4] == ""  # no price on record: none, never the desktop bridge's
    desktop = next(
        o for o in _plan(data, model, _pair("geforce-rtx-3090")).options if o.action == "bridge"
    )
    row = plan_rows(replace(fleet, choices=(Choice("lab-2", desktop, 5.0),)), [], "zh_CN")[0]
    assert "NVLink" in str(row[2]) and row[4] == round(desktop.price)


# -- captures as evidence ---------------------------------------------------------------------


def test_nvlink_status_and_topology_captures_are_read():
    text = (CAPTURES / "nvlink-s_2x-rtx3090_bridged.txt").read_text(encoding="utf-8")
    assert status_links(text) == {0: 4, 1: 4}
    topo = (CAPTURES / "topo-m_2x-rtx3090_nv4.txt").read_text(encoding="utf-8")
    assert topo_links(topo) == {0: 4, 1: 4}
    three = (CAPTURES / "nvlink-s_3x-rtx-a6000_two-bridged.txt").read_text(encoding="utf-8")
    assert status_links(three) == {0: 4, 1: 4, 2: 0}
    matrix = (CAPTURES / "topo-m_3x-rtx-a6000_two-bridged.txt").read_text(encoding="utf-8")
    assert topo_links(matrix) == {0: 4, 1: 4, 2: 0}
    assert nvlink_links(text + "\n" + topo) == {0: 4, 1: 4}
    # A PCIe-only matrix is evidence of no NVLink; a -q report's bus ids are no capture.
    pcie = "\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tSYS\t0-31\nGPU1\tSYS\t X \t0-31\n"
    assert topo_links(pcie) == {0: 0, 1: 0}
    assert nvlink_links("GPU 00000000:01:00.0\n    Link Width\n        Max : 16x\n") is None


def _two_3090_report(folder: Path) -> Path:
    """The recorded RTX 3090 report made a pair: its GPU block twice, on its own bus."""
    source = recording("nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml")
    text = source.read_text(encoding="utf-8")
    start, end = text.index('\t<gpu id="'), text.index("\t</gpu>") + len("\t</gpu>\n")
    block = text[start:end]
    second = (
        block.replace("00000000:09:00.0", "00000000:0A:00.0")
        .replace("0123456789ab", "0123456789ac")
        .replace("<minor_number>0</minor_number>", "<minor_number>1</minor_number>")
    )
    text = text[:start] + block + second + text[end:]
    text = text.replace("<attached_gpus>1</attached_gpus>", "<attached_gpus>2</attached_gpus>")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "gpu.xml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("capture", "bridged"),
    [("topo-m_2x-rtx3090_nv4.txt", True), ("nvlink-s_2x-rtx3090_bridged.txt", True), (None, False)],
)
def test_a_capture_beside_the_report_is_the_bridge_seen(data, model, tmp_path, capture, bridged):
    folder = tmp_path / "machine"
    _two_3090_report(folder)
    if capture:
        (folder / "links.txt").write_bytes((CAPTURES / capture).read_bytes())
    loaded = snapshots.load_paths([folder])
    assert not loaded.errors and len(loaded.snapshots) == 1
    facts = machine_facts(enrich(loaded.snapshots[0][1], data), catalog=data)
    assert facts.nvlink_active is bridged and facts.nvlink_known is bool(capture)
    plan = _plan(data, model, facts)
    assert (plan.options[0].scaling.link == "nvlink") is bridged
    assert any(o.action == "bridge" for o in plan.options) is not bridged


def test_the_command_line_says_the_bridge(data, tmp_path):
    from conftest import run_cli

    folder = tmp_path / "machine"
    _two_3090_report(folder)
    saved = tmp_path / "pair.json"
    snapshots.save(snapshots.load_paths([folder]).snapshots[0][1], saved)
    args = ("recommend", "--scenario", "sme", "--snapshot", str(saved), "--json")
    unbridged = run_cli(tmp_path, *args)
    assert unbridged.returncode == 0, unbridged.stderr
    assert any(o["action"] == "bridge" for o in json.loads(unbridged.stdout)["options"])
    fitted = run_cli(tmp_path, *args, "--nvlink-bridge", "fitted")
    assert fitted.returncode == 0, fitted.stderr
    options = json.loads(fitted.stdout)["options"]
    assert not any(o["action"] == "bridge" for o in options)
    assert options[0]["predicted"]["scaling"]["link"] == "nvlink"


def test_the_window_asks_only_for_a_pair_that_takes_a_bridge(data, tmp_path):
    folder = tmp_path / "machine"
    _two_3090_report(folder)
    pair = enrich(snapshots.load_paths([folder]).snapshots[0][1], data)
    session = Session(currency="CNY", language="en", scenario=Scenario.SME, snapshot=pair)
    assert asks_nvlink_bridge(session, data)
    one = replace(pair, gpus=pair.gpus[:1])
    assert not asks_nvlink_bridge(replace(session, snapshot=one), data)
    assert not asks_nvlink_bridge(session, None)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_job_page_asks_the_pairs_bridge(data, qtbot, tmp_path, language):
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow

    folder = tmp_path / "machine"
    _two_3090_report(folder)
    pair = enrich(snapshots.load_paths([folder]).snapshots[0][1], data)
    session = Session(currency="CNY", language=language, scenario=Scenario.SME, snapshot=pair)
    controller = WizardController(session)
    window = MainWindow(language, "CNY", controller)
    qtbot.addWidget(window)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    window.go(3)
    page = window.workload_page
    assert page.nvlink.isVisibleTo(page) and page.nvlink_label.text()
    page.nvlink.setCurrentIndex(page.nvlink.findData("none"))
    assert controller.session.job.nvlink_bridge == "none"
    page.nvlink.setCurrentIndex(page.nvlink.findData(""))
    assert controller.session.job.nvlink_bridge is None


def test_an_answer_that_is_no_answer_is_refused():
    from gpuplanner.core.errors import InputError
    from gpuplanner.core.job_inputs import JobInputs
    from gpuplanner.report.input_text import error_text

    with pytest.raises(InputError) as refused:
        JobInputs(nvlink_bridge="maybe")  # type: ignore[arg-type]
    assert refused.value.id == "nvlink-bridge-unknown"
    assert "fitted, none" in error_text(refused.value, "en")
