"""``gpuplanner db ...`` end to end, each in a fresh process under the network guard."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

FIELDS = {
    "name",
    "aliases",
    "vendor",
    "segment",
    "architecture",
    "release_date",
    "memory_gb",
    "memory_type",
    "memory_bandwidth_gbs",
    "fp32_tflops",
    "tf32_tflops",
    "fp16_tflops",
    "bf16_tflops",
    "fp8_tflops",
    "int8_tops",
    "board_power_w",
    "recommended_psu_w",
    "power_6pin",
    "power_8pin",
    "power_12v2x6",
    "slot_width",
    "length_mm",
    "cooler",
    "pcie_gen",
    "pcie_lanes",
    "nvlink",
    "ecc",
    "compute_capability",
    "tf_status",
    "tf_reason",
}

pytestmark = pytest.mark.slow


def test_db_info_json(tmp_path):
    result = run_cli(tmp_path, "db", "info", "--json")
    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["cards"] >= 150 and info["prices"] >= info["cards"]
    assert info["currencies"] == ["CNY", "USD"]
    assert info["oldest_price_date"] < info["newest_price_date"]


def test_db_show_json_uses_the_documented_field_names(tmp_path):
    result = run_cli(tmp_path, "db", "show", "RTX 3090", "--json")
    assert result.returncode == 0, result.stderr
    card = json.loads(result.stdout)
    assert set(card) >= FIELDS
    assert (
        card["memory_gb"],
        card["board_power_w"],
        card["nvlink"],
        card["recommended_psu_w"],
    ) == (24, 350, True, 750)


def test_db_show_ambiguous_lists_candidates_and_exits_1(tmp_path):
    result = run_cli(tmp_path, "db", "show", "A100")
    assert result.returncode == 1
    assert "A100 PCIe 40 GB" in result.stderr and "A100 SXM4 80 GB" in result.stderr


def test_db_show_unknown_exits_1(tmp_path):
    result = run_cli(tmp_path, "db", "show", "Voodoo 5")
    assert result.returncode == 1 and "no GPU in the catalog matches" in result.stderr


def test_db_search_and_prices(tmp_path):
    search = run_cli(tmp_path, "db", "search", "4090", "--json")
    assert [c["id"] for c in json.loads(search.stdout)][:2] == [
        "geforce-rtx-4090",
        "geforce-rtx-4090-d",
    ]
    prices = json.loads(run_cli(tmp_path, "db", "prices", "4090", "--json").stdout)
    assert {p["condition"] for p in prices["prices"]} >= {"new", "used"}


def test_db_build_json(tmp_path):
    result = run_cli(tmp_path, "db", "build", "--json", "--output", str(tmp_path / "x.sqlite"))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["counts"]["gpus"] >= 150


def test_import_then_export_prices(tmp_path):
    source = tmp_path / "shop.csv"
    source.write_bytes("型号,价格,库存\n华硕 TUF RTX 4090 24G,13999,1\n".encode("gb18030"))
    result = run_cli(tmp_path, "db", "import-prices", str(source), "--shop", "华强北", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["matched"] == 1
    prices = json.loads(
        run_cli(tmp_path, "db", "prices", "4090", "--currency", "CNY", "--json").stdout
    )
    assert any(p["shop"] == "华强北" and p["amount"] == 13999 for p in prices["prices"])
    out = tmp_path / "out.xlsx"
    result = run_cli(tmp_path, "db", "export-prices", str(out), "--shop", "华强北")
    assert result.returncode == 0 and out.exists()


def test_an_empty_price_list_does_not_wipe_a_shops_prices(tmp_path):
    """Issue 18 (5): a header-only file is refused and named; clearing takes a flag."""
    good = tmp_path / "good.csv"
    good.write_text("型号,价格\nRTX 3090 24G,5000\n", encoding="utf-8")
    assert run_cli(tmp_path, "db", "import-prices", str(good)).returncode == 0
    empty = tmp_path / "empty.csv"
    empty.write_text("型号,价格\n", encoding="utf-8")
    result = run_cli(tmp_path, "db", "import-prices", str(empty))
    assert result.returncode == 1 and "empty.csv has no price rows" in result.stderr

    def shop_prices():
        prices = json.loads(run_cli(tmp_path, "db", "prices", "3090", "--json").stdout)["prices"]
        return [p for p in prices if p.get("shop") == "default"]

    assert shop_prices()
    cleared = run_cli(tmp_path, "db", "import-prices", str(empty), "--replace-with-empty")
    assert cleared.returncode == 0 and not shop_prices()


def test_a_rejected_import_changes_nothing(tmp_path):
    good = tmp_path / "good.csv"
    good.write_text("型号,价格\nRTX 3090 24G,5000\n", encoding="utf-8")
    assert run_cli(tmp_path, "db", "import-prices", str(good)).returncode == 0
    bad = tmp_path / "bad.csv"
    bad.write_text("型号,价格\nRTX 4090,12000\nRTX 4080,-1\n", encoding="utf-8")
    result = run_cli(tmp_path, "db", "import-prices", str(bad))
    assert result.returncode == 1
    assert "line 3, column price" in result.stderr and "nothing was imported" in result.stderr
    prices = json.loads(run_cli(tmp_path, "db", "prices", "3090", "--json").stdout)["prices"]
    assert any(p["shop"] == "default" for p in prices)
    assert not json.loads(run_cli(tmp_path, "db", "prices", "4090", "--json").stdout)["prices"][
        0
    ].get("shop")


def test_every_command_has_help(tmp_path):
    for command in ("info", "build", "search", "show", "prices", "import-prices", "export-prices"):
        result = run_cli(tmp_path, "db", command, "--help")
        assert result.returncode == 0 and "--json" in result.stdout, command
