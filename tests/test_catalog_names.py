"""Forgiving names: aliases, shorthand, ambiguity, and shop listings."""

from __future__ import annotations

import pytest
from catalog_helpers import CSV_DIR

from gpuplanner.catalog.build import build_database
from gpuplanner.catalog.errors import AmbiguousGpu, UnknownGpu
from gpuplanner.catalog.names import NamedCard, match_product, normalise
from gpuplanner.catalog.store import Catalog


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    path = tmp_path_factory.mktemp("names") / "catalog.sqlite"
    build_database(CSV_DIR, path)
    with Catalog(path) as opened:
        yield opened


@pytest.fixture(scope="module")
def cards(catalog):
    return [NamedCard(g.id, g.name, g.aliases, g.memory_gb) for g in catalog.gpus()]


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("RTX 3090", "GeForce RTX 3090"),
        ("3090", "GeForce RTX 3090"),
        ("geforce-rtx-3090", "GeForce RTX 3090"),
        ("4090D", "GeForce RTX 4090 D"),
        ("4090 D", "GeForce RTX 4090 D"),
        ("A100 80GB PCIe", "A100 PCIe 80 GB"),
        ("a100 pcie 80 gb", "A100 PCIe 80 GB"),
        ("H100 SXM", "H100 SXM5 80 GB"),
        ("RTX 3060", "GeForce RTX 3060 12 GB"),
        ("Quadro RTX 6000", "Quadro RTX 6000"),
        ("RTX 6000 Ada", "RTX 6000 Ada Generation"),
        ("4070S", "GeForce RTX 4070 SUPER"),
        ("mi300x", "Instinct MI300X"),
    ],
)
def test_names_resolve(catalog, query, name):
    assert catalog.resolve(query).name == name


@pytest.mark.parametrize("query", ["A100", "RTX 4060 Ti", "RTX 6000", "V100"])
def test_ambiguous_names_list_the_candidates(catalog, query):
    with pytest.raises(AmbiguousGpu) as caught:
        catalog.resolve(query)
    assert len(caught.value.candidates) >= 2


def test_unknown_name_suggests(catalog):
    with pytest.raises(UnknownGpu) as caught:
        catalog.resolve("RTX 9090")
    assert caught.value.suggestions  # names sharing 'rtx'


def test_search_finds_by_part_of_a_name(catalog):
    names = [g.name for g in catalog.search("4090")]
    assert names[:2] == ["GeForce RTX 4090", "GeForce RTX 4090 D"]
    assert catalog.search("") == []


def test_search_ranks_exact_and_near_matches_and_stops(catalog):
    # '2080 Ti' once returned 20 cards with '20' somewhere in the name.
    assert [g.id for g in catalog.search("2080 Ti")] == [
        "geforce-rtx-2080-ti",
        "geforce-rtx-2080-ti-22-gb",
    ]
    assert catalog.search("A100")[0].name.startswith("A100")
    assert catalog.search("40")  # no card holds the word: part-of-word matches are offered


def test_modified_48_gb_listing_matches_its_own_card(cards):
    match = match_product("华硕 RTX 4090 48G 魔改", cards)
    assert match.card is not None and match.card.id == "geforce-rtx-4090-48-gb"


def test_normalise():
    assert normalise("GeForce RTX 4090D") == "rtx 4090 d"
    assert normalise("RTX4060Ti 8G") == "rtx 4060 ti 8gb"
    assert normalise("A100-SXM4-80GB") == "a100 sxm 80gb"


@pytest.mark.parametrize(
    ("listing", "name", "confidence"),
    [
        ("七彩虹 iGame GeForce RTX 4070 SUPER Ultra W OC 12G", "GeForce RTX 4070 SUPER", 1.0),
        ("华硕 TUF RTX 4090 24G", "GeForce RTX 4090", 1.0),
        ("技嘉 RTX4060Ti 8G", "GeForce RTX 4060 Ti 8 GB", 1.0),
        ("微星 RTX 4060 Ti 16G 万图师", "GeForce RTX 4060 Ti 16 GB", 1.0),
        ("索泰 RTX 4070S 12G", "GeForce RTX 4070 SUPER", 1.0),
        ("RTX 4090D 24G", "GeForce RTX 4090 D", 1.0),
        ("NVIDIA A100 80G PCIe", "A100 PCIe 80 GB", 1.0),
    ],
)
def test_shop_listings_match_with_confidence(cards, listing, name, confidence):
    match = match_product(listing, cards)
    assert match.card.name == name
    assert match.confidence >= confidence - 0.03


@pytest.mark.parametrize(
    "listing",
    ["RTX 4060 Ti", "A100 80GB", "显卡 散热器", "RTX 9090 Ti"],
)
def test_unsure_listings_are_not_sure(cards, listing):
    match = match_product(listing, cards)
    assert match.confidence < 0.9


@pytest.mark.parametrize(
    ("reported", "card_id"),
    [
        # lspci prints the PCI ID Repository's name: "Mobile / Max-Q" is the laptop part (the
        # recorded Legion 5 was told to buy a desktop, its 3060 unknown).
        ("NVIDIA Corporation GA106M [GeForce RTX 3060 Mobile / Max-Q]", "geforce-rtx-3060-laptop"),
        ("NVIDIA GeForce RTX 3070 with Max-Q Design", "geforce-rtx-3070-laptop"),
        ("NVIDIA GeForce RTX 3060 Laptop GPU", "geforce-rtx-3060-laptop"),
        # The two recorded GTX 1650 laptops (a Dell XPS 15, an Acer Nitro) were told to buy a
        # desktop: the catalog had no laptop 1650.
        ("NVIDIA Corporation TU117M [GeForce GTX 1650 Mobile / Max-Q]", "geforce-gtx-1650-laptop"),
        # Max-Q alone is a board's power class: a 300 W workstation card, no laptop.
        ("NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "rtx-pro-6000-blackwell-max-q"),
    ],
)
def test_laptop_parts_as_drivers_and_lspci_name_them(cards, reported, card_id):
    from gpuplanner.catalog.names import match_device

    found = match_device(reported, None, cards)
    assert found is not None and found.id == card_id
