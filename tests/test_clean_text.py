"""Clean text in and out (issue 42): a bidirectional override, an ESC or a C1 control from an
input file never reaches the terminal, the report or an export, and errors quote a short,
cleaned excerpt. An impossible reading is unknown in its finding too."""

from __future__ import annotations

import csv
import dataclasses

import pytest
from conftest import run_cli

from gpuplanner.app.price_packs import read_shop_list
from gpuplanner.catalog import pricepack
from gpuplanner.catalog.names import NamedCard
from gpuplanner.catalog.pricelist import write_price_list
from gpuplanner.catalog.userdb import ShopPriceRow
from gpuplanner.core.terminal import clean, excerpt
from gpuplanner.hardware.pcie import link_findings
from gpuplanner.hardware.plausible import plausible
from gpuplanner.hardware.records import GpuDevice, PcieLink
from gpuplanner.hardware.snapshot import gpus_only, load_file

HOSTILE = ("\u202e", "\x1b", "\x9b", "\x07", "\u2066")


def _clean_of_hostile(text: str) -> bool:
    return not any(ch in text for ch in HOSTILE)


def test_the_terminal_never_gets_a_bidi_override():
    assert clean("RTX \u202e0904\u2066x") == "RTX ?0904?x"


def test_scan_of_a_report_with_a_bidi_override_prints_it_cleaned(tmp_path):
    report = tmp_path / "m.xml"
    report.write_text(
        '<?xml version="1.0" ?><nvidia_smi_log><driver_version>550.54</driver_version>'
        '<gpu id="00000000:01:00.0"><product_name>NVIDIA GeForce RTX 3090&#x202E;'
        "&#x9B;31m evil</product_name></gpu></nvidia_smi_log>",
        encoding="utf-8",
    )
    snapshot = load_file(report)
    assert _clean_of_hostile(snapshot.gpus[0].name or "")  # stored clean
    result = run_cli(tmp_path, "scan", "--from", str(report))
    assert result.returncode == 0, result.stderr
    assert _clean_of_hostile(result.stdout) and _clean_of_hostile(result.stderr)
    assert "RTX 3090" in result.stdout


def test_a_shop_lists_sku_and_location_are_stored_and_exported_clean(tmp_path):
    path = tmp_path / "list.csv"
    path.write_text(
        "product,price,sku,location\n"
        "RTX 3060 12GB,2199,\x1b]52;c;ZWNobyBvd25lZA==\x07A1,\u202eshelf 3\n",
        encoding="utf-8",
    )
    report = read_shop_list(path, "CNY")
    assert report.ok, report.rejected
    row = report.accepted[0]
    assert _clean_of_hostile(row.sku) and _clean_of_hostile(row.location)
    out = tmp_path / "out.csv"
    stored_by_an_older_version = dataclasses.replace(row, sku="\x1b[2J", location="\u202ex")
    write_price_list(out, [stored_by_an_older_version])
    assert _clean_of_hostile(out.read_text(encoding="utf-8-sig"))


@pytest.mark.parametrize("product", ["RTX 3060 12GB\x9b31m", "RTX 3060\u202e 12GB", "RTX\x1b 3060"])
def test_a_product_name_holding_a_control_is_refused(tmp_path, product):
    path = tmp_path / "list.csv"
    path.write_text(f"product,price\n{product},2199\n", encoding="utf-8")
    report = read_shop_list(path, "CNY")
    assert [(r.line, r.column) for r in report.rejected] == [(2, "product")]


RESOLVE = pricepack.resolver([NamedCard("geforce-rtx-3060-12-gb", "GeForce RTX 3060 12 GB")])


def test_a_packs_note_and_source_are_stored_and_rendered_clean():
    text = (
        "# gpuplanner price pack: 1\n# name: p\n# published: 2026-01-02\n"
        "# region: CN\n# currency: CNY\n"
        "gpu,amount,currency,condition,region,source,date,note\n"
        "GeForce RTX 3060 12 GB,2199,,new,,jd\x1b[2J.com,2026-01-01,\u202enote\x9b\n"
    )
    report = pricepack.parse_pack(text, "p.csv", RESOLVE, "2026-01-03")
    assert report.ok, report.rejected
    price = report.prices[0]
    assert _clean_of_hostile(price.source) and _clean_of_hostile(price.note)
    older = dataclasses.replace(price, note="\x1b]52;c;x\x07", source="\u202es")
    rendered = pricepack.render_pack(report.manifest, [older], {})
    assert _clean_of_hostile(rendered)


def test_an_error_quotes_a_short_cleaned_excerpt():
    version = "9" * 5000
    with pytest.raises(pricepack.PackError) as refused:
        pricepack.parse_pack(f"# gpuplanner price pack: {version}x\n", "p.csv", RESOLVE)
    assert len(str(refused.value)) < 200 and "5,001 characters" in str(refused.value)
    assert excerpt("a\x1bb\u202ec") == "'abc'"


def test_every_reader_of_a_csv_export_sees_clean_cells(tmp_path):
    out = tmp_path / "o.csv"
    write_price_list(
        out,
        [
            ShopPriceRow(
                line=2,
                product_name="RTX\u202e 3060",
                gpu_id=None,
                match_confidence=0.0,
                amount=2199.0,
                currency="CNY",
                condition="new",
            )
        ],
    )
    cells = [c for row in csv.reader(out.open(encoding="utf-8-sig")) for c in row]
    assert all(_clean_of_hostile(c) for c in cells)


# -- an impossible reading is unknown in its finding too ------------------------------------------

LINK_FIELDS = ("current_gen", "max_gen", "card_max_gen", "slot_max_gen")
WIDTH_FIELDS = ("current_width", "max_width", "card_max_width", "slot_max_width")
IMPOSSIBLE = {"gen": (-4, 0, 99, 10**9), "width": (-16, 0, 64, 10**9), "replay_count": (-1, 1e13)}


def _cases():
    for field in LINK_FIELDS:
        for value in IMPOSSIBLE["gen"]:
            yield field, value
    for field in WIDTH_FIELDS:
        for value in IMPOSSIBLE["width"]:
            yield field, value
    for value in IMPOSSIBLE["replay_count"]:
        yield "replay_count", value


GOOD_LINK = PcieLink(
    current_gen=3, max_gen=4, current_width=8, max_width=16, card_max_gen=4, card_max_width=16
)


@pytest.mark.parametrize(("field", "value"), list(_cases()))
def test_no_finding_prints_an_impossible_reading_as_if_read(field, value):
    link = dataclasses.replace(GOOD_LINK, **{field: value})
    gpu = dataclasses.replace(_a_gpu(), pcie=link)
    snapshot = plausible(gpus_only("nvidia-smi-xml", "m.xml", (gpu,), None))
    printed = [v for f in snapshot.findings for v in f.params.values()]
    assert str(value) not in printed, snapshot.findings
    assert any(f"{field} = " in note for note in snapshot.notes)
    # What is left of the link is still judged: the same findings as a link without the field.
    without = dataclasses.replace(GOOD_LINK, **{field: None})
    expected = {f.id for f in link_findings(dataclasses.replace(gpu, pcie=without))}
    assert {f.id for f in snapshot.findings if f.id.startswith("pcie-")} == expected


def _a_gpu() -> GpuDevice:
    from gpuplanner.hardware.nvidia_smi import parse_xml

    report = parse_xml(
        b'<nvidia_smi_log><gpu id="00000000:01:00.0"><product_name>NVIDIA GeForce RTX 3090'
        b"</product_name></gpu></nvidia_smi_log>"
    )
    return report.gpus[0]
