"""A data-centre card's GDDR runs with ECC on as shipped, and reads at 0.92 of its spec
bandwidth (planning/speed/bandwidth.py): set on llama.cpp runs where a data-centre board and the
workstation board of its own chip ran in one table, checked on a training suite it never saw."""

from __future__ import annotations

import dataclasses
import math
import statistics
from itertools import combinations

import pytest
from catalog_helpers import built_catalog
from conftest import REPO_ROOT as REPO
from helpers.tools import load_tool

from gpuplanner.app.speed_model_file import load_speed_model
from gpuplanner.planning.speed import bandwidth
from gpuplanner.planning.speed.decode import decode_tokens_s


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    data = built_catalog(tmp_path_factory.mktemp("ecc"))
    return {g.id: g for g in data.gpus}


@pytest.mark.parametrize(
    ("gpu_id", "on"),
    [
        ("a10", True),
        ("a10g", True),
        ("l40s", True),
        ("tesla-t4", True),
        ("rtx-a6000", False),  # ECC-capable, off as shipped
        ("rtx-6000-ada-generation", False),
        ("geforce-rtx-4090", False),
        ("a100-sxm4-80-gb", False),  # HBM keeps its code beside the data
        ("h20", False),
    ],
)
def test_which_boards_ship_with_ecc_on(catalog, gpu_id, on):
    gpu = catalog[gpu_id]
    assert gpu.ecc_on_as_shipped is on
    share = bandwidth.ECC_BANDWIDTH_SHARE if on else 1.0
    assert bandwidth.usable_bandwidth_gbs(gpu) == pytest.approx(gpu.memory_bandwidth_gbs * share)
    assert gpu.driver_memory_gb == pytest.approx(gpu.memory_gb * (15 / 16 if on else 1.0))


# The twins: (data-centre board, workstation board of the same chip).
TWINS = [("a40", "rtx-a6000"), ("l40s", "rtx-6000-ada-generation")]


def _twin_errors(catalog, share: float) -> list[float]:
    """Log error of each data-centre board's decode against its twin's, in the held-out
    llama.cpp table, with the data-centre board read at ``share`` of its spec bandwidth."""
    tool = load_tool("fit_llm_inference")
    params = load_speed_model().engine("llama.cpp")
    rows = {(r["gpu_id"], r["bits"]): r for r in tool._rows(catalog, tool.HELD_OUT_DATA)}
    errors = []
    for centre, station in TWINS:
        for bits in (16, 4):
            a, b = rows[(centre, bits)], rows[(station, bits)]
            spec = a["shape"].bandwidth_bps / bandwidth.ECC_BANDWIDTH_SHARE
            shape = dataclasses.replace(a["shape"], bandwidth_bps=spec * share)
            predicted = decode_tokens_s(shape, params) / decode_tokens_s(b["shape"], params)
            measured = float(a["decode_tokens_s"]) / float(b["decode_tokens_s"])
            errors.append(math.log(predicted / measured))
    return errors


def test_the_share_matches_the_twins_and_the_spec_does_not(catalog):
    assert all(abs(e) < 0.01 for e in _twin_errors(catalog, bandwidth.ECC_BANDWIDTH_SHARE))
    # At the spec bandwidth every data-centre board came out 6-9% too fast against its twin.
    assert all(e > 0.05 for e in _twin_errors(catalog, 1.0))


def test_the_a10_in_lambdas_training_suite_is_closer_with_the_share(monkeypatch):
    # The A10 is the one such board in the training suites, and no fit set the share.
    check = load_tool("check_speed_suites")

    def a10_error() -> float:
        data = check.load_catalog(REPO / "resources" / "catalog")
        by_id = {
            row["id"]: check.GpuSpec(**{**row, "aliases": tuple(row["aliases"])})
            for row in data["gpus"]
        }
        model = load_speed_model()
        runs = check.pytorch_runs(by_id)
        errors = []
        for key in {(r["task"], r["precision"]) for r in runs}:
            members = [r for r in runs if (r["task"], r["precision"]) == key]
            for a, b in combinations(members, 2):
                if "a10" not in (a["gpu"], b["gpu"]):
                    continue
                ratio = check.predicted(a, model, by_id) / check.predicted(b, model, by_id)
                errors.append(abs(ratio / (a["throughput"] / b["throughput"]) - 1))
        return statistics.median(errors)

    with_share = a10_error()
    monkeypatch.setattr(bandwidth, "ECC_BANDWIDTH_SHARE", 1.0)
    assert with_share < a10_error()
