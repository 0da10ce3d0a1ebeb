"""Hostile and unlucky files (issue 18.6, 18.7): every parser reads through one bounded reader,
refuses by name instead of raising, and a folder loads file by file."""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
from pathlib import Path

import openpyxl  # a dependency of the app: its absence fails, never skips
import pytest
from conftest import run_cli

from gpuplanner.catalog.pricefile import PriceListError, read_rows
from gpuplanner.core.boundedio import FileRefused, read_regular, utf16_encoding
from gpuplanner.hardware.nvidia_smi import _split_line, _text_tree, parse_report
from gpuplanner.hardware.snapshot import SnapshotError, load_file, load_paths
from gpuplanner.kiosk.config import KioskConfigError, load_config
from gpuplanner.probe.results import ProbeFileError
from gpuplanner.probe.results import load as load_probe

QUERY_TEXT = """
==============NVSMI LOG==============

Timestamp                                 : Mon Nov 30 12:00:00 2026
Driver Version                            : 550.54.14
CUDA Version                              : 12.4

Attached GPUs                             : 1
GPU 00000000:01:00.0
    Product Name                          : NVIDIA GeForce RTX 3090
    PCI
        Bus Id                            : 00000000:01:00.0
        GPU Link Info
            PCIe Generation
                Max                       : 4
                Current                   : 4
            Link Width
                Max                       : 16x
                Current                   : 16x
    FB Memory Usage
        Total                             : 24576 MiB
"""

XML = (
    b'<?xml version="1.0" ?><nvidia_smi_log><driver_version>550.54.14</driver_version>'
    b'<cuda_version>12.4</cuda_version><gpu id="00000000:01:00.0">'
    b"<product_name>NVIDIA GeForce RTX 3090</product_name></gpu></nvidia_smi_log>"
)

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero")


@posix_only
def test_a_fifo_or_a_device_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "report.xml"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer for ever
    with pytest.raises(FileRefused, match="not a regular file"):
        read_regular(fifo, 1024)
    with pytest.raises(SnapshotError, match="not a regular file"):
        load_file(fifo)
    with pytest.raises(PriceListError, match="not a regular file"):
        read_rows(fifo)
    with pytest.raises(ProbeFileError, match="not a regular file"):
        load_probe(fifo)
    with pytest.raises(KioskConfigError, match="not a regular file"):
        load_config(fifo)
    with pytest.raises(SnapshotError, match="not a regular file"):
        load_file(type(tmp_path)("/dev/zero"))


def test_a_file_that_grows_past_its_limit_is_refused(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2048)
    with pytest.raises(FileRefused, match="over 1 KB"):
        read_regular(path, 1024)


def test_an_xlsx_that_unpacks_to_gigabytes_is_refused_before_it_is_opened(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("[Content_Types].xml", "<Types/>")
        with book.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
            block = b"\0" * (1024 * 1024)
            for _ in range(150):  # 150 MB of zeros, about 150 KB compressed
                sheet.write(block)
    path = tmp_path / "prices.xlsx"
    path.write_bytes(buffer.getvalue())
    assert path.stat().st_size < 2 * 1024 * 1024
    with pytest.raises(PriceListError, match="unpacks to 150 MB"):
        read_rows(path)


def test_workbooks_without_sheets_or_with_broken_sheets_are_refused(tmp_path):
    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as book:
        book.writestr("[Content_Types].xml", "<Types/>")
        book.writestr("xl/workbook.xml", "<workbook/>")
    path = tmp_path / "empty.xlsx"
    path.write_bytes(empty.getvalue())
    with pytest.raises(PriceListError):
        read_rows(path)
    good = tmp_path / "good.xlsx"
    workbook = openpyxl.Workbook()
    workbook.active.append(["product", "price"])
    workbook.save(good)
    broken = tmp_path / "broken.xlsx"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(broken, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename.startswith("xl/worksheets/"):
                data = data[: len(data) // 2]  # the sheet's XML cut in half
            target.writestr(item, data)
    with pytest.raises(PriceListError):
        read_rows(broken)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_reports_as_powershell_writes_them_are_read(encoding):
    data = QUERY_TEXT.encode(encoding)
    assert utf16_encoding(data) is not None
    report = parse_report(data)
    assert [g.name for g in report.gpus] == ["NVIDIA GeForce RTX 3090"]
    assert report.gpus == parse_report(QUERY_TEXT.encode()).gpus
    xml = parse_report(
        XML.decode().replace('version="1.0"', 'version="1.0" encoding="UTF-16"').encode(encoding)
    )
    assert [g.name for g in xml.gpus] == ["NVIDIA GeForce RTX 3090"]


def test_a_binary_file_is_still_refused():
    with pytest.raises(ValueError, match="binary"):
        parse_report(b"\x7fELF\x02\x01\x01\x00\x00\x00" + bytes(range(256)) * 20)


def test_the_text_parser_splits_long_runs_of_spaces_and_repeats_in_one_pass():
    # Both once took minutes (a backtracking expression; a list copied per repeated section).
    assert _split_line("a" + " " * 120_000 + "b") == (0, "a" + " " * 120_000 + "b", None, False)
    assert _split_line("    Key" + " " * 50_000 + ": value") == (4, "Key", "value", False)
    tree = _text_tree("Driver Version : 1\n" + "a\n" * 50_000)
    assert isinstance(tree["a"], list) and len(tree["a"]) == 50_000


def _write_folder(folder):
    folder.mkdir()
    (folder / "good.xml").write_bytes(XML)
    (folder / "utf16.txt").write_bytes(QUERY_TEXT.encode("utf-16"))
    (folder / "unknown-encoding.xml").write_bytes(
        XML.replace(b'version="1.0"', b'version="1.0" encoding="x-klingon"')
    )
    (folder / "deep.json").write_text('{"kind": ' + "[" * 100_000 + "]" * 100_000 + "}")
    (folder / "huge-int.json").write_text(
        '{"kind": "gpuplanner-snapshot", "version": ' + "9" * 5000 + "}"
    )
    (folder / "empty.csv").write_text("")
    (folder / "wide.csv").write_text("name, pci.bus_id\n" + "x" * 200_000 + ", 00000000:01:00.0\n")
    if os.name == "posix":
        os.mkfifo(folder / "pipe.xml")


def test_a_folder_loads_file_by_file(tmp_path):
    _write_folder(tmp_path / "lab")
    result = load_paths([tmp_path / "lab"])
    loaded = sorted(n.split("/")[-1] for n, _ in result.snapshots)
    assert loaded == ["good.xml", "unknown-encoding.xml", "utf16.txt"]  # the declaration is moot
    refused = {e.file: e.reason for e in result.errors}
    assert set(refused) >= {"deep.json", "huge-int.json", "empty.csv", "wide.csv"}
    assert "100,001 objects and lists" in refused["deep.json"]  # counted before parsing (issue 51)
    if os.name == "posix":
        assert "not a regular file" in refused["pipe.xml"]


@pytest.mark.slow
def test_scan_and_fleet_of_a_folder_list_the_bad_files_and_use_the_good(tmp_path):
    _write_folder(tmp_path / "lab")
    scan = run_cli(tmp_path, "scan", "--from", str(tmp_path / "lab"), "--json")
    assert "Traceback" not in scan.stderr and "deep.json" in scan.stderr
    fleet = run_cli(tmp_path, "fleet", str(tmp_path / "lab"), "--json")
    assert "Traceback" not in fleet.stderr, fleet.stderr
    data = json.loads(fleet.stdout)
    assert fleet.returncode == 0 and any("deep.json" in p for p in data["unreadable"])
    assert len(data["machines"]) == 3


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"shop_name": ' + "9" * 5000 + "}", "digits"),
    ],
)
def test_kiosk_configurations_and_probe_files_refuse_deep_or_huge_json(tmp_path, text, reason):
    config = tmp_path / "kiosk.json"
    config.write_text(text)
    with pytest.raises(KioskConfigError, match=reason):
        load_config(config)
    probe = tmp_path / "probe.json"
    probe.write_text(text)
    with pytest.raises(ProbeFileError):
        load_probe(probe)


def _workbook_with_sheet_xml(tmp_path, sheet_xml: bytes):
    """A real workbook whose one sheet's XML is replaced: the shapes Excel never writes."""
    good = tmp_path / "good.xlsx"
    workbook = openpyxl.Workbook()
    workbook.active.append(["product", "price"])
    workbook.save(good)
    shaped = tmp_path / "shaped.xlsx"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(shaped, "w", zipfile.ZIP_DEFLATED) as out:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = sheet_xml
            out.writestr(item, data)
    return shaped


_SHEET = (
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b'<dimension ref="%s"/><sheetData>%s</sheetData></worksheet>'
)


@pytest.mark.parametrize(
    "dimension, rows",
    [
        # One cell at the sheet's last row, the whole sheet declared (1.5 KB; was 2.6 GB).
        (
            b"A1:XFD1048576",
            b'<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row>',
        ),
        # Two million empty cells in one row (108 KB compressed; was 1.4 GB and imported).
        (b"A1:B1", b'<row r="1">' + b"<c/>" * 2_000_000 + b"</row>"),
    ],
    ids=["last-row-of-a-declared-sheet", "two-million-cells-in-a-row"],
)
def test_a_workbook_declaring_a_huge_shape_is_refused_in_little_memory(tmp_path, dimension, rows):
    """Issue 30 (7): the sheet's rows and cells are counted from its XML, streamed, before any
    row is built, and rows are never padded to the declared dimension."""
    import tracemalloc

    path = _workbook_with_sheet_xml(tmp_path, _SHEET % (dimension, rows))
    assert path.stat().st_size < 200_000
    tracemalloc.start()
    try:
        with pytest.raises(PriceListError, match=r"rows|cells"):
            read_rows(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50 * 1024 * 1024, f"{peak / 1e6:.0f} MB"


def test_a_declared_dimension_wider_than_the_cells_pads_nothing(tmp_path):
    sheet = _SHEET % (
        b"A1:XFD3",
        b'<row r="1"><c r="A1" t="inlineStr"><is><t>product</t></is></c>'
        b'<c r="B1" t="inlineStr"><is><t>price</t></is></c></row>'
        b'<row r="3"><c r="A3" t="inlineStr"><is><t>RTX 4090</t></is></c><c r="B3"><v>14999</v></c></row>',
    )
    rows, kind, _ = read_rows(_workbook_with_sheet_xml(tmp_path, sheet))
    assert kind == "xlsx"
    assert rows == [["product", "price"], [], ["RTX 4090", "14999"]]


@pytest.mark.parametrize("state", ["hidden", "veryHidden"])
def test_a_hidden_sheet_is_never_read_as_the_price_list(tmp_path, state):
    """Issue 30 (3): the sheet the shop sees is the list; a hidden first sheet is not."""
    workbook = openpyxl.Workbook()
    old = workbook.active
    old.title = "old"
    old.append(["product", "price"])
    old.append(["RTX 4090", 99])
    old.sheet_state = state
    shown = workbook.create_sheet("prices")
    shown.append(["product", "price"])
    shown.append(["RTX 4090", 14999])
    workbook.active = 1
    path = tmp_path / "hidden.xlsx"
    workbook.save(path)
    rows, _, _ = read_rows(path)
    assert rows[1] == ["RTX 4090", "14999"]
    # The active sheet is the one read even when another visible sheet comes first.
    old.sheet_state = "visible"
    workbook.save(path)
    assert read_rows(path)[0][1] == ["RTX 4090", "14999"]
    # A workbook of hidden sheets only (Excel will not save one; a script can) is refused.
    hidden = tmp_path / "all-hidden.xlsx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(hidden, "w") as out:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/workbook.xml":
                data = re.sub(rb' state="\w+"', b"", data)
                data = data.replace(b'sheetId="', b'state="hidden" sheetId="')
            out.writestr(item, data)
    with pytest.raises(PriceListError, match="no visible sheet"):
        read_rows(hidden)


def _bad_reports() -> dict[str, bytes]:
    """Issue 30 (6): three reports that once raised out of the parser."""
    link = (
        b'<?xml version="1.0" ?><nvidia_smi_log><driver_version>550.54</driver_version>'
        b'<gpu id="00000000:01:00.0"><product_name>NVIDIA GeForce RTX 3090</product_name><pci>'
        b"<pci_gpu_link_info><pcie_gen><max_link_gen>4</max_link_gen><current_link_gen>"
        + b"9" * 400
        + b"</current_link_gen></pcie_gen></pci_gpu_link_info></pci></gpu></nvidia_smi_log>"
    )
    heading = QUERY_TEXT.replace(
        "    FB Memory Usage",
        "    Clocks Event Reasons\n        Idle : Active\n"
        "    Clocks Event Reasons\n        Idle : Active\n    FB Memory Usage",
    ).encode()
    lspci = (
        "01:00.0 VGA compatible controller: NVIDIA Corporation GA102 [GeForce RTX 3090]\n"
        "\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM L0s L1\n"
        f"\tLnkSta:\tSpeed 16GT/s, Width x{'9' * 100_000}\n"
    ).encode()
    return {"link.xml": link, "heading.txt": heading, "lspci.txt": lspci}


def test_numbers_past_any_reading_are_unknown_not_a_crash(tmp_path):
    for name, data in _bad_reports().items():
        path = tmp_path / name
        path.write_bytes(data)
        gpu = load_file(path).gpus[0]
        assert "3090" in gpu.name
        assert gpu.pcie.current_gen is None or gpu.pcie.current_gen <= 6
        assert gpu.pcie.current_width in (None, 16)


def test_a_parser_failure_in_one_file_is_that_files_error_only(tmp_path, monkeypatch):
    """The general protection: whatever a parser raises on one file, that file is named with
    the reason and the folder's other machines load."""
    from gpuplanner.hardware import snapshot

    (tmp_path / "good.xml").write_bytes(XML)
    (tmp_path / "poison.xml").write_bytes(XML.replace(b"RTX 3090", b"RTX 3080"))
    real = snapshot.from_report

    def buggy(data, file):
        if b"3080" in data:
            raise KeyError("a parser bug not yet found")
        return real(data, file)

    monkeypatch.setattr(snapshot, "from_report", buggy)
    result = load_paths([tmp_path])
    assert [Path(f).name for f, _ in result.snapshots] == ["good.xml"]
    assert [e.file for e in result.errors] == ["poison.xml"]
    assert "KeyError" in str(result.errors[0])


@pytest.mark.slow
def test_a_lab_folder_with_bad_reports_plans_every_good_machine(tmp_path):
    folder = tmp_path / "lab"
    folder.mkdir()
    (folder / "good.xml").write_bytes(XML)
    for name, data in _bad_reports().items():
        (folder / name).write_bytes(data)
    result = run_cli(tmp_path, "fleet", str(folder), "--json")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    plan = json.loads(result.stdout)
    assert len(plan["machines"]) == 4
    assert plan["unreadable"] == []


def test_a_snapshot_or_report_with_a_utf8_mark_is_read(tmp_path):
    """Issue 30 (17): Notepad's UTF-8 mark before a JSON snapshot or an XML report."""
    report = tmp_path / "r.xml"
    report.write_bytes(b"\xef\xbb\xbf" + XML)
    assert "3090" in load_file(report).gpus[0].name
    from gpuplanner.hardware.snapshot import to_json

    snap = tmp_path / "s.json"
    snap.write_bytes(b"\xef\xbb\xbf" + to_json(load_file(report)).encode())
    assert "3090" in load_file(snap).gpus[0].name


def _xml_with_gpus(count: int) -> bytes:
    gpu = (
        '<gpu id="00000000:{:02X}:00.0"><product_name>NVIDIA GeForce RTX 3090</product_name>'
        "<fb_memory_usage><total>24576 MiB</total></fb_memory_usage></gpu>"
    )
    return (
        b'<?xml version="1.0" ?><nvidia_smi_log><driver_version>550.54</driver_version>'
        + "".join(gpu.format(i % 256) for i in range(count)).encode()
        + b"</nvidia_smi_log>"
    )


def test_a_machine_of_more_gpus_than_any_host_holds_is_refused_by_name(tmp_path):
    """Issue 30 (12): each GPU costs its name matching; a file of 700,000 took 50 minutes."""
    from gpuplanner.hardware.snapshot import MAX_GPUS, to_json

    at_cap = tmp_path / "cap.xml"
    at_cap.write_bytes(_xml_with_gpus(MAX_GPUS))
    assert len(load_file(at_cap).gpus) == MAX_GPUS
    over = tmp_path / "over.xml"
    over.write_bytes(_xml_with_gpus(MAX_GPUS + 1))
    with pytest.raises(SnapshotError, match=f"{MAX_GPUS + 1} GPUs in one machine"):
        load_file(over)
    # The same cap on a saved snapshot, counted before any GPU record is built.
    data = json.loads(to_json(load_file(at_cap)))
    data["gpus"] = data["gpus"] * 4
    big = tmp_path / "big.json"
    big.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SnapshotError, match=f"{MAX_GPUS * 4:,} GPUs"):
        load_file(big)
    query = tmp_path / "q.csv"
    query.write_text(
        "name, memory.total [MiB]\n" + "NVIDIA GeForce RTX 3090, 24576 MiB\n" * (MAX_GPUS + 1),
        encoding="utf-8",
    )
    with pytest.raises(SnapshotError, match="GPUs in one machine"):
        load_file(query)


@pytest.mark.slow
def test_scan_of_a_huge_machine_says_why_and_ends_at_once(tmp_path):
    over = tmp_path / "many.xml"
    over.write_bytes(_xml_with_gpus(5_000))
    result = run_cli(tmp_path, "scan", "--from", str(over), "--save", str(tmp_path / "s.json"))
    assert result.returncode == 1
    assert "5,000 GPUs in one machine" in result.stderr
    assert "single snapshot" not in result.stderr and "Traceback" not in result.stderr


def test_readings_no_machine_has_are_unknown_and_said(tmp_path):
    """Issue 30 (20): "Power supply: -1 W", "313743139536831474827264.0 GB free", a stored
    finding "[fatal]" and one missing its number were shown as they were."""
    from gpuplanner.hardware.snapshot import to_json

    report = tmp_path / "r.xml"
    report.write_bytes(XML)
    data = json.loads(to_json(load_file(report)))
    data["power_supply"]["rated_w"] = -1
    data["memory"] = {"total_mib": 65536, "available_mib": 3.2e26}
    data["gpus"][0]["memory_total_mib"] = 1e24
    data["gpus"][0]["temperature_c"] = -273.5
    data["case"]["free_slots"] = 400
    data["findings"] = [
        {"id": "pcie-replays", "severity": "[fatal]", "gpu_index": 0, "params": {"count": "9"}},
        {"id": "pcie-replays", "severity": "warning", "gpu_index": 0, "params": {}},
    ]
    path = tmp_path / "absurd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    snapshot = load_file(path)
    assert snapshot.power_supply.rated_w is None
    assert snapshot.memory.available_mib is None and snapshot.memory.total_mib == 65536
    assert snapshot.gpus[0].memory_total_mib is None and snapshot.gpus[0].temperature_c is None
    assert snapshot.case.free_slots is None
    assert [f.severity for f in snapshot.findings] == ["warns"]  # an older file's word, read
    notes = " ".join(snapshot.notes)
    assert "power_supply.rated_w = -1" in notes and "[fatal]" in notes
    result = run_cli(tmp_path, "scan", "--from", str(path))
    assert result.returncode == 0, result.stderr
    shown, _, notes = result.stdout.partition("Note: not plausible")
    assert (
        "-1 W" not in shown and "e+" not in shown and "GB free" not in shown.replace("N/A free", "")
    )
    assert "[fatal]" not in shown and "{count}" not in shown and "?" in shown
    assert "rated_w = -1" in notes  # the note says which readings were dropped


def test_plausible_readings_are_left_as_they_are(tmp_path):
    report = tmp_path / "r.xml"
    report.write_bytes(XML)
    snapshot = load_file(report)
    from gpuplanner.hardware.plausible import plausible

    assert plausible(snapshot) is snapshot


def test_every_recorded_machine_reads_as_plausible():
    """The ranges hold every real report we have: none of them loses a reading."""
    from gpuplanner.hardware.plausible import plausible
    from gpuplanner.hardware.snapshot import _load_file

    files = [p for p in (Path(__file__).parent / "fixtures").rglob("*") if p.is_file()]
    files = [p for p in files if p.suffix.lower() in (".xml", ".txt", ".csv", ".json", ".log")]
    assert len(files) > 10
    for path in files:
        try:
            snapshot = _load_file(path, path.name)
        except SnapshotError:
            continue
        assert plausible(snapshot) is snapshot, path.name
