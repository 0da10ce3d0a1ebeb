"""The bundled catalog's data: coverage, two-source agreement, and rules over every row."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from catalog_helpers import CSV_DIR
from helpers.catalog_checks import check_gpu

from gpuplanner.catalog.build import build_database
from gpuplanner.catalog.store import Catalog

REFERENCE = Path(__file__).parent / "data" / "reference_specs.csv"


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    path = tmp_path_factory.mktemp("catalog") / "catalog.sqlite"
    build_database(CSV_DIR, path)
    with Catalog(path) as opened:
        yield opened


def test_at_least_150_cards(catalog):
    assert len(catalog.gpus()) >= 150


@pytest.mark.parametrize(
    "name",
    [
        # every card the seed articles name
        "RTX 3060 12GB",
        "RTX 3090",
        "RTX 4060 Ti 16GB",
        "RTX 4090",
        # China-market variants
        "RTX 4090 D",
        "A800 PCIe 80GB",
        "A800 SXM4",
        "H800 PCIe",
        "H800 SXM5",
        "H20",
        "L20",
        # workstation
        "RTX A2000",
        "RTX A4000",
        "RTX A4500",
        "RTX A5000",
        "RTX A6000",
        "RTX 2000 Ada",
        "RTX 4000 Ada",
        "RTX 4500 Ada",
        "RTX 5000 Ada",
        "RTX 6000 Ada",
        "RTX PRO 6000 Blackwell Server",
        "RTX PRO 4000 Blackwell",
        # datacenter
        "T4",
        "A2",
        "A10",
        "A30",
        "A40",
        "L4",
        "L40",
        "L40S",
        "V100 PCIe 16GB",
        "V100 SXM2 32GB",
        "A100 PCIe 40GB",
        "A100 PCIe 80GB",
        "A100 SXM4 40GB",
        "A100 SXM4 80GB",
        "H100 PCIe",
        "H100 SXM",
        "H100 NVL",
        "H200 SXM",
        "H200 NVL",
        "B200",
        # GeForce GTX 10 to RTX 50
        "GTX 1060",
        "GTX 1080 Ti",
        "GTX 1660 SUPER",
        "RTX 2080 Ti",
        "RTX 3080",
        "RTX 4070 SUPER",
        "RTX 5090",
        # AMD and Intel
        "RX 6800 XT",
        "RX 7900 XTX",
        "RX 9070 XT",
        "MI100",
        "MI210",
        "MI250X",
        "MI300X",
        "Arc A770",
        "Arc A380",
        "Arc B580",
        "Arc B570",
    ],
)
def test_required_cards_are_there(catalog, name):
    assert catalog.resolve(name)


def _reference_rows():
    with REFERENCE.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_two_source_reference_covers_30_cards():
    both = {r["gpu_id"] for r in _reference_rows() if r["follows"] == "both"}
    assert len(both) >= 30


@pytest.mark.parametrize("row", _reference_rows(), ids=lambda r: f"{r['gpu_id']}-{r['field']}")
def test_catalog_agrees_with_independent_sources(catalog, row):
    value = getattr(catalog.gpu(row["gpu_id"]), row["field"])
    tolerance = float(row["tolerance_pct"]) / 100 + 1e-9

    def close(reference: str) -> bool:
        return abs(value - float(reference)) <= tolerance * float(reference)

    if row["follows"] == "both":
        assert close(row["value_a"]) and close(row["value_b"]), row
    else:
        # The sources disagree; the catalog follows the one the row names, for the reason given.
        followed = row["value_a"] if row["source_a"] == row["follows"] else row["value_b"]
        other = row["value_b"] if row["source_a"] == row["follows"] else row["value_a"]
        assert close(followed) and not close(other), row
        assert row["why"]


def test_seed_article_errors_are_not_copied(catalog):
    # Seed 000 says A100 FP32 is 9.7 TFLOPS and H100 NVLink 600 GB/s; both are wrong.
    assert catalog.resolve("A100 SXM4 40GB").fp32_tflops == pytest.approx(19.5, rel=0.01)
    assert catalog.resolve("H100 SXM").interconnect_gbs == 900
    assert catalog.resolve("RTX 3090").fp32_tflops == pytest.approx(35.6, rel=0.01)


def test_every_card_passes_the_consistency_rules(catalog):
    assert [p for gpu in catalog.gpus() for p in check_gpu(gpu)] == []


def test_every_row_is_sourced_and_dated(catalog):
    sources = {s.id: s for s in catalog.sources()}
    assert all(s.retrieved for s in sources.values())
    for gpu in catalog.gpus():
        assert "specs=" in gpu.sources and "tf=" in gpu.sources, gpu.name
    for price in catalog.prices():
        assert price.source in sources and price.date
    for build in catalog.tf_builds():
        assert build.sources
    for cpu in catalog.cpus():
        assert cpu.sources and cpu.max_power_w >= cpu.base_power_w


def test_every_card_without_a_price_is_listed_in_the_catalog_docs(catalog):
    # A card with no public price stays unpriced ("price unknown"); docs/CATALOG.md says which.
    priced = {p.gpu_id for p in catalog.prices()}
    docs = (Path(__file__).parents[1] / "docs" / "CATALOG.md").read_text(encoding="utf-8")
    # A laptop's GPU is soldered in: it has no price of its own, and is never offered.
    unpriced = [g for g in catalog.gpus() if g.id not in priced and g.form_factor != "laptop"]
    assert len(unpriced) < 10
    assert [g.id for g in unpriced if f"`{g.id}`" not in docs] == []


def test_current_cards_have_cny_and_usd_prices(catalog):
    for name in ("RTX 4060 Ti 16GB", "RTX 4070 SUPER", "RTX 4090", "RTX 5070 Ti", "RTX 5090 D"):
        gpu = catalog.resolve(name)
        currencies = {p.currency for p in catalog.prices(gpu.id) if p.condition in ("new", "msrp")}
        if "5090 D" in name:
            assert "CNY" in currencies  # a China-only card
        else:
            assert currencies == {"CNY", "USD"}, name


def test_used_and_cloud_prices_where_they_matter(catalog):
    for name in ("RTX 3090", "RTX 2080 Ti", "RTX 3060 12GB"):
        assert catalog.prices(catalog.resolve(name).id, condition="used"), name
    for name in ("A100 SXM4 80GB", "H100 SXM", "L4", "T4"):
        assert catalog.prices(catalog.resolve(name).id, condition="cloud-hour"), name


def test_a_cloud_hour_is_what_one_job_can_rent(catalog):
    """The rent table takes each card's newest hour: a reserved rate (a months-long commitment
    to a cluster) made an H100 $1.85 an hour for a 30-minute job."""
    for gpu in catalog.gpus():
        for price in catalog.prices(gpu.id, condition="cloud-hour"):
            note = (price.note or "").lower()
            # A note may name a reserved rate only beside the on-demand one the row holds.
            assert "reserved" not in note or "on demand" in note, (gpu.id, price.note)


def test_seed_cny_examples_are_their_own_rows(catalog):
    seed = {(p.gpu_id, p.amount) for p in catalog.prices(currency="CNY") if p.source == "seed-002"}
    assert ("geforce-rtx-3060-12-gb", 2500) in seed and ("geforce-rtx-3090", 12000) in seed


def test_geforce_tensor_rates_are_the_fp32_accumulate_rates(catalog):
    # Mixed precision accumulates in FP32: half NVIDIA's headline on GeForce, full on datacenter.
    assert catalog.resolve("RTX 4090").fp16_tflops == pytest.approx(165.2)
    assert catalog.resolve("A100 SXM4 80GB").fp16_tflops == pytest.approx(312, rel=0.01)
    assert catalog.resolve("T4").bf16_tflops is None  # Turing has no BF16


@pytest.mark.parametrize(
    ("name", "status"),
    [
        ("RTX 3090", "official"),
        ("RTX 5090", "blackwell-unsupported"),
        ("B200", "blackwell-unsupported"),
        ("MI300X", "rocm"),
        ("RX 6800 XT", "rocm-unlisted"),
        ("Arc B580", "none"),
        ("GTX 1080 Ti", "official"),
    ],
)
def test_tensorflow_status_per_card(catalog, name, status):
    gpu = catalog.resolve(name)
    assert gpu.tf_status == status and gpu.tf_reason


def test_tf_builds_know_the_windows_cutoff_and_cc_floor(catalog):
    builds = catalog.tf_builds()
    windows = [b for b in builds if b.os == "Windows"]
    assert max(tuple(map(int, b.tf_version.split("."))) for b in windows) == (2, 10, 0)
    latest = next(b for b in builds if b.os == "Linux" and b.tf_version == "2.21.0")
    assert (latest.cuda_version, latest.cudnn_version, latest.min_compute_capability) == (
        "12.5",
        "9.3",
        6.0,
    )
    assert latest.min_driver_linux == "525.60.13"


def test_cpu_power_classes(catalog):
    by_name = {c.name: c for c in catalog.cpus()}
    assert by_name["Core i9-14900K"].max_power_w == 253
    assert by_name["Ryzen 9 7950X"].max_power_w == round(170 * 1.35)
