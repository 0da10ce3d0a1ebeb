"""Limits by count and by work, before building (issue 51). Each byte size was checked and each
input stayed under it, yet: a 49.5 MB nvidia-smi XML of 240 GPUs each with 50,000 empty
children was read after 46 s and 1.24 GB (with attributes, 8.6 s and 582 MB); a 7.6 MB XLSX of
14,499 rows x 250 columns after 85 s and 313 MB; a 24 MB snapshot of 8 million ``{}`` took
2.2 s and 629 MB; a fleet of 1,000 reports of 256 GPUs, 195 s and 1.7 GB. Each input is made
by the test; memory is bounded generously (tracemalloc's peak), time only as a hang would be."""

from __future__ import annotations

import io
import json
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from conftest import run_cli

from gpuplanner.catalog.pricefile import MAX_CELLS, PriceListError, read_rows
from gpuplanner.hardware.nvidia_smi import ReportError, parse_report
from gpuplanner.hardware.snapshot import (
    MAX_FLEET_GPUS,
    SnapshotError,
    load_file,
    load_paths,
)
from gpuplanner.probe.results import ProbeFileError
from gpuplanner.probe.results import load as load_probe

MB = 1024 * 1024
FIXTURES = Path(__file__).parent / "fixtures"


def _peak(call) -> int:
    """The most memory ``call`` held at once (it is expected to raise)."""
    tracemalloc.start()
    try:
        call()
        raise AssertionError("not refused")
    except (SnapshotError, ReportError, PriceListError, ProbeFileError) as refused:
        _peak.refused = str(refused)  # type: ignore[attr-defined]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _gpu(children: bytes) -> bytes:
    return (
        b'<gpu id="00000000:01:00.0"><product_name>NVIDIA A100</product_name>'
        + children
        + b"</gpu>"
    )


@pytest.mark.parametrize(
    ("child", "words"),
    [(b"<x/>", "XML tags"), (b'<x a="" b="" c="" d="" e="" f=""/>', "attributes")],
    ids=["empty-children", "attributes"],
)
def test_a_report_of_many_elements_is_refused_before_it_is_parsed(tmp_path, child, words):
    per_gpu = 50_000 if child == b"<x/>" else 6_000
    body = b"".join(_gpu(child * per_gpu) for _ in range(240))
    path = tmp_path / "lab.xml"
    path.write_bytes(b"<?xml version='1.0'?><nvidia_smi_log>" + body + b"</nvidia_smi_log>")
    assert path.stat().st_size > 40 * MB if child == b"<x/>" else True
    peak = _peak(lambda: load_file(path))
    assert words in _peak.refused  # type: ignore[attr-defined]
    assert peak < 200 * MB, f"{peak / MB:.0f} MB"


def test_one_gpu_with_a_million_children_is_refused_for_its_gpus():
    report = b"<nvidia_smi_log>" + _gpu(b"<x/>" * 200_000) + b"</nvidia_smi_log>"
    with pytest.raises(ReportError, match=r"for 1 GPU\(s\)"):
        parse_report(report)


def test_a_text_report_of_many_lines_and_a_csv_of_many_cells_are_refused():
    text = b"==============NVSMI LOG==============\nDriver Version : 550.54\nGPU 00000000:01:00.0\n"
    with pytest.raises(ReportError, match="lines"):
        parse_report(text + b"    Foo : bar\n" * 100_000)
    csv = b"name, pci.bus_id" + b", x" * 50_000 + b"\nNVIDIA A100, 00000000:01:00.0\n"
    with pytest.raises(ReportError, match="cells"):
        parse_report(csv)


def test_every_recorded_report_is_still_read():
    reports = [
        p for p in FIXTURES.rglob("*") if p.is_file() and p.suffix in (".xml", ".txt", ".csv")
    ]
    assert reports
    for report in reports:
        if report.parent.name.startswith("nvidia-smi"):
            parse_report(report.read_bytes())  # within every count


def test_a_snapshot_of_millions_of_objects_is_refused_before_parsing(tmp_path):
    path = tmp_path / "lab.json"
    path.write_text(
        '{"kind": "gpuplanner-snapshot", "version": 1, "gpus": [' + "{}," * 8_000_000 + "{}]}"
    )
    assert path.stat().st_size > 20 * MB
    peak = _peak(lambda: load_file(path))
    assert "8,000,003 objects and lists" in _peak.refused  # type: ignore[attr-defined]
    assert peak < 200 * MB, f"{peak / MB:.0f} MB"
    numbers = tmp_path / "numbers.json"
    numbers.write_text('{"kind": "gpuplanner-snapshot", "notes": [' + "1," * 2_000_000 + "1]}")
    with pytest.raises(SnapshotError, match="values"):
        load_file(numbers)


def test_a_probe_file_of_millions_of_objects_is_refused_before_parsing(tmp_path):
    path = tmp_path / "probe.json"
    path.write_text('{"kind": "gpuplanner-probe", "steps": [' + "[]," * 2_000_000 + "[]]}")
    peak = _peak(lambda: load_probe(path))
    assert "objects and lists" in _peak.refused  # type: ignore[attr-defined]
    assert peak < 200 * MB


def _xlsx(rows: int, columns: int) -> bytes:
    """A workbook whose one sheet has ``rows`` x ``columns`` numeric cells, each row and column
    within its own limit."""
    row_cells = b"".join(b'<c t="n"><v>1</v></c>' for _ in range(columns))
    sheet = (
        b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
        b'spreadsheetml/2006/main"><sheetData>'
        + b"".join(b"<row>" + row_cells + b"</row>" for _ in range(rows))
        + b"</sheetData></worksheet>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Override PartName="/xl/workbook.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
        )
        book.writestr("xl/worksheets/sheet1.xml", sheet)
    return buffer.getvalue()


def test_a_workbook_of_millions_of_cells_is_refused_while_streaming(tmp_path):
    path = tmp_path / "list.xlsx"
    path.write_bytes(_xlsx(14_499, 250))
    peak = _peak(lambda: read_rows(path))
    assert "cells" in _peak.refused and f"{MAX_CELLS:,}" in _peak.refused  # type: ignore[attr-defined]
    assert peak < 200 * MB, f"{peak / MB:.0f} MB"


def test_a_csv_of_millions_of_cells_is_refused(tmp_path):
    wide = tmp_path / "wide.csv"
    wide.write_text("product,price" + ",x" * 200 + "\n" + ("a,1" + ",x" * 200 + "\n") * 5_000)
    with pytest.raises(PriceListError, match="cells"):
        read_rows(wide)
    one_line = tmp_path / "line.csv"
    one_line.write_text("product,price\n" + "," * 1_000_000 + "\n")
    peak = _peak(lambda: read_rows(one_line))
    assert "cells" in _peak.refused  # type: ignore[attr-defined]
    assert peak < 200 * MB


def _lab(folder: Path, machines: int, gpus: int) -> Path:
    rows = "".join(
        f"NVIDIA GeForce RTX 4090, 00000000:{i // 32 + 1:02x}:{i % 32:02x}.0\n" for i in range(gpus)
    )
    folder.mkdir()
    for number in range(machines):
        (folder / f"pc{number:04d}.csv").write_text("name, pci.bus_id\n" + rows)
    return folder


def test_a_fleet_is_read_to_its_bounds_and_names_the_files_left_out(tmp_path):
    lab = _lab(tmp_path / "lab", 1000, 256)
    result = load_paths([lab])
    assert sum(len(s.gpus) for _, s in result.snapshots) <= MAX_FLEET_GPUS
    assert len(result.snapshots) == MAX_FLEET_GPUS // 256
    left = [e for e in result.errors if e.reason.startswith("left out")]
    assert len(left) == 1000 - len(result.snapshots)
    assert left[-1].file == "pc0999.csv" and "2,048 GPUs" in left[-1].reason
    small = load_paths([_lab(tmp_path / "small", 30, 1)], max_machines=20)
    assert len(small.snapshots) == 20
    assert [e.file for e in small.errors] == [f"pc{n:04d}.csv" for n in range(20, 30)]
    assert "20 machines" in small.errors[0].reason


def test_the_fleet_command_plans_what_it_read_and_says_what_it_left_out(tmp_path):
    _lab(tmp_path / "lab", 1000, 256)
    result = run_cli(tmp_path, "fleet", str(tmp_path / "lab"), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["machines"]) == 8
    assert sum("left out" in line for line in data["unreadable"]) == 992
