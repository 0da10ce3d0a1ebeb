"""Refuse before building (issue 42): what a file declares (GPUs, rows, sections, sheet cells,
styles, shared strings) is counted in a pass over its text, and an oversize file is refused
before any GPU or cell is built, in little memory. No wall time is asserted: each test checks
the refusal, that nothing was built, and the peak of memory allocated."""

from __future__ import annotations

import io
import re
import tracemalloc
import zipfile

import pytest

from gpuplanner.catalog import pricefile
from gpuplanner.catalog.pricefile import PriceListError, read_rows
from gpuplanner.hardware import nvidia_smi
from gpuplanner.hardware.snapshot import SnapshotError, load_file

MB = 1024 * 1024
BUDGET = 200 * MB


def xml_report(gpus: int) -> bytes:
    return b"<?xml version='1.0'?><nvidia_smi_log>" + b"<gpu/>" * gpus + b"</nvidia_smi_log>"


def csv_report(rows: int) -> bytes:
    return b"name, memory.total [MiB]\n" + b"a\n" * rows


def text_report(sections: int) -> bytes:
    return b"Driver Version : 550.54\n" + b"GPU 00000000:01:00.0\n" * sections


REPORTS = {
    "xml-1M-gpus": (xml_report, 1_000_000, "1,000,000 GPUs"),
    "xml-400k-gpus": (xml_report, 400_000, "400,000 GPUs"),
    "csv-3M-rows": (csv_report, 3_000_000, "3,000,000 GPUs"),
    "text-300k-sections": (text_report, 300_000, "300,000 GPUs"),
}


@pytest.fixture
def nothing_built(monkeypatch):
    """Fail the test if a GPU record or an XML tree is built."""
    built: list[str] = []

    def refuse(*_args, **_kwargs):
        built.append("built")
        raise AssertionError("a GPU was built before the refusal")

    monkeypatch.setattr(nvidia_smi, "_device", refuse)
    monkeypatch.setattr(nvidia_smi.SafeET, "fromstring", refuse)
    monkeypatch.setattr(nvidia_smi, "_text_tree", refuse)
    return built


@pytest.mark.parametrize("case", sorted(REPORTS))
def test_an_oversize_report_is_refused_before_any_gpu_is_built(tmp_path, case, nothing_built):
    make, count, said = REPORTS[case]
    path = tmp_path / f"{case}.{'xml' if 'xml' in case else 'txt'}"
    path.write_bytes(make(count))
    tracemalloc.start()
    try:
        with pytest.raises(SnapshotError, match=said):
            load_file(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert nothing_built == []
    assert peak < BUDGET, f"{peak / MB:.0f} MB"


@pytest.mark.parametrize("kind", ["xml", "text", "csv"])
def test_the_count_is_exact_at_the_bound(kind):
    make = {"xml": xml_report, "text": text_report, "csv": csv_report}[kind]
    text = make(nvidia_smi.MAX_GPUS).decode()
    if kind == "csv":
        text = text.replace("a\n", "a\n\n", 3)  # blank lines are not GPUs
    assert nvidia_smi.declared_gpus(text, kind) == nvidia_smi.MAX_GPUS


# -- workbooks ---------------------------------------------------------------------------------


def _workbook(**parts: bytes) -> bytes:
    """A small valid workbook with some of its parts replaced."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["product", "price"])
    book.active.append(["RTX 3060 12GB", "2199"])
    plain = io.BytesIO()
    book.save(plain)
    out = io.BytesIO()
    with zipfile.ZipFile(plain) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        names = source.namelist()
        for name in names:
            z.writestr(name, parts.get(name, source.read(name)))
        for name, data in parts.items():
            if name not in names:
                z.writestr(name, data)
    return out.getvalue()


def _sheet_at_xfd(rows: int) -> bytes:
    cells = "".join(f'<row r="{n}"><c r="XFD{n}" t="n"><v>1</v></c></row>' for n in range(1, rows))
    return (
        '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns='
        '"http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        f"{cells}</sheetData></worksheet>"
    ).encode()


def _styles(xfs: int) -> bytes:
    return (
        b'<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns='
        b'"http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        + f'<cellXfs count="{xfs}">'.encode()
        + b'<xf numFmtId="0" fontId="0"/>' * xfs
        + b"</cellXfs></styleSheet>"
    )


def _shared_strings(strings: int) -> bytes:
    return (
        b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns='
        b'"http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        + b"<si><t>a</t></si>" * strings
        + b"</sst>"
    )


WORKBOOKS = {
    "20000-rows-in-column-XFD": (
        {"xl/worksheets/sheet1.xml": _sheet_at_xfd(20_000)},
        "cell in column 16,384",
    ),
    "a-styles-part-of-60000-formats": (
        {"xl/styles.xml": _styles(60_000)},
        "more than 5,000 styles",
    ),
    "a-10MB-shared-strings-part": (
        {"xl/sharedStrings.xml": _shared_strings(600_000)},
        "more than 200,000 shared strings",
    ),
}


@pytest.mark.parametrize("case", sorted(WORKBOOKS))
def test_an_inflating_workbook_is_refused_before_openpyxl_builds_it(tmp_path, case, monkeypatch):
    parts, said = WORKBOOKS[case]
    path = tmp_path / "list.xlsx"
    path.write_bytes(_workbook(**parts))
    assert path.stat().st_size < 2 * MB
    built = []
    import openpyxl.reader.excel as excel

    # Nothing of the workbook is opened: its parts are counted in their bytes first.
    monkeypatch.setattr(excel, "load_workbook", lambda *a, **k: built.append(1))
    monkeypatch.setattr("openpyxl.load_workbook", lambda *a, **k: built.append(1))
    tracemalloc.start()
    try:
        with pytest.raises(PriceListError, match=re.escape(said)):
            read_rows(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert built == []
    assert peak < BUDGET, f"{peak / MB:.0f} MB"


def test_a_workbook_of_ordinary_size_is_read(tmp_path):
    path = tmp_path / "list.xlsx"
    path.write_bytes(
        _workbook(**{"xl/styles.xml": _styles(200), "xl/sharedStrings.xml": _shared_strings(10)})
    )
    rows, kind, _ = read_rows(path)
    assert kind == "xlsx" and rows[1] == ["RTX 3060 12GB", "2199"]
    assert pricefile._column_of("XFD12") == 16_384 and pricefile._column_of("B3") == 2
