"""tools/price_pack.py: public price feeds and a report sheet into a dated, credited price pack.

The recorded excerpts under tests/data/price_feeds/ (each with its ``.credit``: repository,
commit, licence) rebuild the feed-sourced 2026 rows of the bundled prices; every figure the
builder leaves out is listed with its reason; a pack it writes imports (issue 52).
"""

from __future__ import annotations

import csv
import itertools
import json
import shutil
import sys
from pathlib import Path

import pytest
from conftest import REPO_ROOT, run_cli

sys.path.insert(0, str(Path(REPO_ROOT) / "tools"))
import price_pack

FEEDS = Path(REPO_ROOT) / "tests" / "data" / "price_feeds"
PRICES = Path(REPO_ROOT) / "resources" / "catalog" / "prices.csv"
TODAY = "2026-12-03"
CLOUD_JSONL = FEEDS / "gpu-price-feed-2026-10-04.jsonl"
CLOUD_HISTORY = FEEDS / "gpu-price-tracker-2026-09-30.json"
LISTINGS = FEEDS / "gpu-prices-gr-2026-10-04.json"
OBSERVATIONS = FEEDS / "gpu-price-index-2026-10-10.csv"
SHEET = FEEDS / "gpupoet-reports-2026.csv"
BUNDLED_SOURCES = (CLOUD_JSONL, CLOUD_HISTORY, OBSERVATIONS, SHEET)


@pytest.fixture(scope="module")
def catalog():
    return price_pack.Catalog.bundled()


@pytest.fixture(scope="module")
def rebuilt(catalog):
    return price_pack.build(BUNDLED_SOURCES, catalog, today=TODAY)


def _bundled_rows() -> list[list[str]]:
    with PRICES.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(line for line in f if not line.startswith("#")))
    return [r + [""] * (10 - len(r)) for r in rows[1:]]


def _copy(tmp_path: Path, source: Path, credit: str | None = None, text: str | None = None):
    """A source file and its credit in ``tmp_path``, either changed as given."""
    target = tmp_path / source.name
    target.write_text(text if text is not None else source.read_text(encoding="utf-8"), "utf-8")
    credit_text = Path(f"{source}.credit").read_text(encoding="utf-8")
    Path(f"{target}.credit").write_text(credit if credit is not None else credit_text, "utf-8")
    return target


def _reasons(result) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for r in result.refusals:
        out.setdefault(r.name, []).append(r.reason)
    return out


# -- the bundled prices, reproducible --------------------------------------------------------


def test_the_excerpts_rebuild_every_feed_sourced_2026_row_of_the_bundled_prices(rebuilt):
    built = {price_pack.row_key(price_pack.bundled_line(p)): p for p in rebuilt.prices}
    sources = {p.source for p in rebuilt.prices}
    bundled = [r for r in _bundled_rows() if r[5] in sources]
    assert len(bundled) >= 210
    assert {"toolshed-2026-10-04", "gputracker-2026-09-30", "gpuindex-2026-10-10"} <= sources
    problems = []
    for row in bundled:
        key = price_pack.row_key(row)
        if key not in built:
            problems.append(f"not rebuilt from the excerpts: {row[:7]}")
        elif not price_pack._same(row, price_pack.bundled_line(built[key])):
            problems.append(
                f"differs: {row[:7]} {row[8:]} != {price_pack.bundled_line(built[key])}"
            )
    have = {price_pack.row_key(r) for r in bundled}
    problems += [f"built, not bundled: {k}" for k in built if k not in have]
    assert not problems, "\n".join(problems)


def test_every_2026_row_is_rebuilt_or_marked_hand_entered(rebuilt):
    rebuilt_sources = {p.source for p in rebuilt.prices}
    assert not rebuilt_sources & set(price_pack.HAND_ENTERED)
    unaccounted = {
        r[5]
        for r in _bundled_rows()
        if r[6].startswith("2026") and r[5] not in rebuilt_sources | set(price_pack.HAND_ENTERED)
    }
    assert not unaccounted, f"2026 rows neither rebuilt nor hand-entered: {sorted(unaccounted)}"
    docs = (Path(REPO_ROOT) / "docs" / "PRICES.md").read_text(encoding="utf-8")
    assert all(f"`{s}`" in docs for s in price_pack.HAND_ENTERED)


def test_the_excerpts_are_small_and_each_credits_its_source():
    files = [f for f in FEEDS.iterdir() if not f.name.endswith(".credit")]
    assert sum(f.stat().st_size for f in FEEDS.iterdir()) < 1_000_000
    assert len(files) >= 4
    for f in files:
        credit = price_pack.read_credit(f)
        assert credit.licence and credit.credit and credit.name, f.name
        if credit.format != "report-sheet":  # a feed: its repository and the commit read
            assert "/" in credit.where and " @" in credit.where, f.name
            assert len(credit.where.split(" @")[1].split()[0]) == 40, f.name


def test_a_source_without_its_credit_file_is_refused(tmp_path, catalog):
    bare = tmp_path / "feed.jsonl"
    shutil.copy(CLOUD_JSONL, bare)
    with pytest.raises(price_pack.BuildError, match=r"no feed\.jsonl\.credit"):
        price_pack.build([bare], catalog, today=TODAY)


# -- each source kind, parsed from its recorded excerpt -----------------------------------


def test_a_cloud_feeds_jsonl_history_gives_each_providers_rate_per_gpu_hour(catalog):
    credit = price_pack.read_credit(CLOUD_JSONL)
    figures = price_pack.parse_cloud_jsonl(CLOUD_JSONL.read_text(encoding="utf-8"), credit)
    taken = {(f.name, f.amount) for f in figures if not f.refusal}
    assert ("H100 80GB SXM", 2.69) in taken and ("H100 80GB SXM", 3.99) in taken  # RunPod, Lambda
    assert {f.date for f in figures} == {"2026-10-04"}
    assert {f.condition for f in figures} == {"cloud-hour"}
    result = price_pack.build([CLOUD_JSONL], catalog, today=TODAY)
    h100 = [p for p in result.prices if p.gpu_id == "h100-sxm5-80-gb"]
    assert sorted(p.amount for p in h100) == [2.69, 3.99, 4.41]  # RunPod, Lambda, DigitalOcean
    assert all(p.note and "GPU" in p.note for p in h100)  # how each provider measures


def test_a_cloud_feeds_json_history_dates_a_reference_price_by_its_own_date(catalog):
    result = price_pack.build([CLOUD_HISTORY], catalog, today=TODAY)
    b300 = {(p.amount, p.date) for p in result.prices if p.gpu_id == "b300"}
    # RunPod read live on 2026-09-30; Nebius and Verda list prices carried as of 2026-09-16.
    assert b300 == {
        (7.89, "2026-09-30"),
        (6.94, "2026-09-30"),
        (7.85, "2026-09-16"),
        (7.5, "2026-09-16"),
    }
    h100 = [p for p in result.prices if p.gpu_id == "h100-sxm5-80-gb"]
    assert sorted(p.amount for p in h100) == [2.69, 3.49] and all(p.region == "US" for p in h100)


def test_a_cloud_index_gives_the_rows_its_credit_picks_and_no_spot_price(catalog):
    result = price_pack.build([OBSERVATIONS], catalog, today=TODAY)
    h100 = {p.amount: p.note for p in result.prices if p.gpu_id == "h100-sxm5-80-gb"}
    assert h100[11.0613].startswith("Google Cloud on-demand a3-highgpu-8g")  # $88.49 / 8
    assert 6.2894 not in h100  # the same machine's spot price
    reasons = [r.reason for r in result.refusals]
    assert "a spot price, not on demand" in reasons
    assert any(r.startswith("not picked in the credit file (Vast.ai") for r in reasons)


def test_a_listings_index_gives_the_median_of_a_cards_stock_listings():
    credit = price_pack.read_credit(LISTINGS)
    figures = price_pack.parse_listings(LISTINGS.read_text(encoding="utf-8"), credit)
    by_name = {f.name: f for f in figures}
    a310 = by_name["Arc A310 4GB"]
    assert a310.amount == pytest.approx((181.0 + 181.57) / 2)  # four listings' median
    assert (a310.low, a310.high, a310.date) == (137.1, 206.0, "2026-10-04")
    assert a310.note == "median of 4 shop listings" and a310.condition == "new"
    assert by_name["Arc A380 6GB"].amount == 198.9


def test_a_report_sheet_gives_each_typed_figure_with_its_month_and_method(catalog):
    figures = price_pack.parse_sheet(
        SHEET.read_text(encoding="utf-8"), price_pack.read_credit(SHEET)
    )
    june = [f for f in figures if f.date == "2026-06-01" and f.name == "geforce-rtx-5090"]
    assert len(june) == 1 and june[0].amount == 3048 and "July report @1c8fd71" in june[0].note
    result = price_pack.build([SHEET], catalog, today=TODAY)
    jan_to_sep = {
        p.date[:7]
        for p in result.prices
        if p.gpu_id == "geforce-rtx-5090" and p.condition == "used"
    }
    assert {
        "2026-01",
        "2026-03",
        "2026-04",
        "2026-05",
        "2026-06",
        "2026-07",
        "2026-08",
        "2026-09",
    } <= jan_to_sep


# -- refusals, not guesses --------------------------------------------------------------------

SHEET_HEADER = "card,figure,currency,kind,month,report,how_measured\n"


def _sheet(tmp_path, catalog, *rows: str):
    sheet = _copy(tmp_path, SHEET, text=SHEET_HEADER + "".join(r + "\n" for r in rows))
    return price_pack.build([sheet], catalog, today=TODAY)


def test_a_figure_without_a_date_is_left_out(tmp_path, catalog):
    result = _sheet(tmp_path, catalog, "geforce-rtx-5080,999,USD,used,,gpupoet-2026-h1,best deal")
    assert not result.prices
    assert "no date" in _reasons(result)["geforce-rtx-5080"][0]


def test_a_figure_outside_its_cards_plausible_range_is_left_out(tmp_path, catalog):
    result = _sheet(
        tmp_path,
        catalog,
        "geforce-rtx-5080,99999,USD,used,2026-06,gpupoet-2026-h1,a slip of the keyboard",
        "geforce-rtx-5080,1099,USD,used,2026-06,gpupoet-2026-h1,best deal",
    )
    assert [p.amount for p in result.prices] == [1099]
    assert "an outlier" in _reasons(result)["geforce-rtx-5080"][0]


def test_a_figure_in_a_currency_the_source_does_not_state_is_left_out(tmp_path, catalog):
    result = _sheet(tmp_path, catalog, "geforce-rtx-5080,999,,used,2026-06,gpupoet-2026-h1,x")
    assert "does not state the currency" in _reasons(result)["geforce-rtx-5080"][0]
    # The listings index has no currency field: its credit file says none, so nothing passes.
    listings = price_pack.build([LISTINGS], catalog, today=TODAY)
    assert not listings.prices
    assert all("does not state the currency" in r.reason for r in listings.refusals)
    # A currency a pack cannot hold is named as such.
    euro = _copy(
        tmp_path,
        LISTINGS,
        credit=Path(f"{LISTINGS}.credit").read_text(encoding="utf-8") + "currency: EUR\n",
    )
    in_euro = price_pack.build([euro], catalog, today=TODAY)
    assert all("in EUR" in r.reason for r in in_euro.refusals) and not in_euro.prices


def test_a_modified_or_bundled_listing_is_left_out(tmp_path, catalog):
    data = json.loads(LISTINGS.read_text(encoding="utf-8"))
    modded = dict(data["listings"][0], title="Arc A310 4GB + game bundle", price=99.0)
    data["listings"].append(modded)
    listings = _copy(tmp_path, LISTINGS, text=json.dumps(data))
    result = price_pack.build([listings], catalog, today=TODAY)
    bundle = [r for r in result.refusals if "bundle" in r.reason]
    assert len(bundle) == 1 and bundle[0].amount == 99.0
    # ... and it does not move the median of the stock listings.
    figures = price_pack.parse_listings(
        listings.read_text(encoding="utf-8"), price_pack.read_credit(listings)
    )
    assert {f.name: f.low for f in figures if not f.refusal}["Arc A310 4GB"] == 137.1
    # A cloud feed's slice of a card (MIG) is not a card either.
    cloud = price_pack.build([CLOUD_JSONL], catalog, today=TODAY)
    assert "MIG" in _reasons(cloud)["RTX PRO 6000 Blackwell 24GB Server MIG"][0]


def test_an_unknown_or_ambiguous_name_is_listed_never_guessed(tmp_path, catalog):
    result = _sheet(
        tmp_path,
        catalog,
        "RTX 4060 Ti,240,USD,used,2026-03,gpupoet-2026-h1,8 or 16 GB not stated",
        "Voodoo 5 6000,99,USD,used,2026-03,gpupoet-2026-h1,no such card",
        "GeForce RTX 4060 Ti 16 GB,420,USD,used,2026-03,gpupoet-2026-h1,memory size stated",
    )
    assert [(p.gpu_id, p.amount) for p in result.prices] == [("geforce-rtx-4060-ti-16-gb", 420)]
    assert result.unknown == ["RTX 4060 Ti", "Voodoo 5 6000"]
    assert "several cards fit" in _reasons(result)["RTX 4060 Ti"][0]
    # The feed's own names keep variants apart too: 'V100 16GB (form unstated)' is not guessed.
    assert (
        "V100 16GB (form unstated)" in price_pack.build([CLOUD_JSONL], catalog, today=TODAY).unknown
    )


def test_a_provider_left_out_says_why(catalog):
    reasons = _reasons(price_pack.build([CLOUD_JSONL, CLOUD_HISTORY], catalog, today=TODAY))
    assert any("Vast.ai's terms" in r for r in reasons["RTX 4060 Ti 16GB"])
    assert any("converted it from EUR" in r for r in reasons["L4 24GB"])


# -- a pack the builder writes ------------------------------------------------------------


def test_the_command_writes_a_pack_that_previews_imports_and_shows_its_dates(tmp_path):
    pack = tmp_path / "pack.csv"
    code = price_pack.main(
        [
            "build",
            str(CLOUD_HISTORY),
            str(SHEET),
            "--out",
            str(pack),
            "--name",
            "feeds-2026-12",
            "--published",
            TODAY,
        ]
    )
    assert code == 0
    text = pack.read_text(encoding="utf-8")
    assert text.startswith("# gpuplanner price pack: 1\n# name: feeds-2026-12\n")
    assert "GPU Poet (gpupoet.com), Scott Willeke" in text and "CC BY-SA 4.0" in text
    # Each row names its source as a reader knows it, with the commit read where it is one.
    assert ",gpu-price-tracker (fenggg1988) @00e8c77,2026-09-30," in text
    assert ',"GPU Poet market reports, Feb-Jul 2026",2026-06-01,' in text
    preview = run_cli(tmp_path, "db", "import-prices", str(pack), "--preview", "--json")
    assert preview.returncode == 0, preview.stderr
    changes = json.loads(preview.stdout)["changes"]
    assert {c["kind"] for c in changes} <= {"same", "added", "changed"} and changes
    imported = run_cli(tmp_path, "db", "import-prices", str(pack), "--json")
    assert imported.returncode == 0, imported.stderr
    info = json.loads(run_cli(tmp_path, "db", "info", "--json").stdout)
    (listed,) = info["packs"]
    assert listed["name"] == "feeds-2026-12" and listed["published"] == TODAY
    assert (listed["oldest"], listed["newest"]) == ("2026-01-01", "2026-09-30")


def test_the_measured_direction_uses_the_monthly_series_of_2026(tmp_path):
    info = json.loads(run_cli(tmp_path, "db", "info", "--json").stdout)
    span = info["price_trends_span"]
    assert (span["from_date"], span["to_date"]) == ("2026-01-01", "2026-09-01")
    used50 = [t for t in info["price_trends"] if t["kind"] == "used RTX 50 cards"]
    months = [(t["from_date"], t["to_date"]) for t in used50]
    assert months[0][0] == "2026-01-01" and months[-1][1] == "2026-09-01"
    assert all(a[1] == b[0] for a, b in itertools.pairwise(months))  # no gap
    assert len(used50) >= 6  # month by month where two cards are reported
    assert "gpupoet-2026-10" in span["sources"]  # the October report's September figures


def test_the_bundled_trends_are_the_ones_the_series_gives(catalog):
    made = price_pack.trend_rows(catalog.prices)
    with (PRICES.parent / "price_trends.csv").open(encoding="utf-8", newline="") as f:
        rows = [r for r in csv.reader(f)][1:]
    bundled = [r for r in rows if price_pack._is_series_row(r)]
    assert [r[:9] for r in bundled] == [
        r[:9] for r in sorted(made, key=lambda r: (r[0], r[2], r[4]))
    ]
