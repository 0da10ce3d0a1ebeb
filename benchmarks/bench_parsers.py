"""The nvidia-smi -q text parser grows linearly with its input (goal: 10x the lines costs at
most 15x the time; a quadratic parser costs 100x). Hostile shapes from issue 18.7: many short
repeated lines, and one line with a long run of spaces. Then the oversize files of issue 42,
each refused before anything is built: a million ``<gpu/>``, 3 million query-gpu rows, 300,000
``-q`` sections and three inflating workbooks, with the time and the peak memory allocated for
each (goal: under 2 s and 200 MB). Prints JSON.

The reference measured in the same run is the parser on 20,000 lines; the ratios are the larger
inputs' and the refusals' times against it.
"""

from __future__ import annotations

import contextlib
import json
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from gpuplanner.hardware.nvidia_smi import _text_tree

MB = 1024 * 1024

HEADER = "Driver Version : 550.54.14\n"


def seconds(text: str, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        _text_tree(text)
        best = min(best, time.perf_counter() - start)
    return best


def refusals(reference_s: float) -> dict[str, dict[str, float | bool]]:
    """Each oversize file of issue 42: seconds, peak MB allocated, the ratio to the reference."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import test_refuse_before_building as cases  # the same generated files as the tests

    from gpuplanner.catalog.pricefile import PriceListError, read_rows
    from gpuplanner.hardware.snapshot import SnapshotError, load_file

    files: dict[str, tuple[bytes, str]] = {
        name: (make(count), ".txt") for name, (make, count, _said) in cases.REPORTS.items()
    }
    for name, (parts, _said) in cases.WORKBOOKS.items():
        files[name] = (cases._workbook(**parts), ".xlsx")
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, (data, suffix) in files.items():
            path = Path(folder) / f"{name}{suffix}"
            path.write_bytes(data)
            read = read_rows if suffix == ".xlsx" else load_file
            start = time.perf_counter()
            try:
                read(path)
                refused = False
            except (SnapshotError, PriceListError):
                refused = True
            took = time.perf_counter() - start
            tracemalloc.start()  # a second run for the memory: tracing slows the first
            with contextlib.suppress(SnapshotError, PriceListError):
                read(path)
            peak = tracemalloc.get_traced_memory()[1] / MB
            tracemalloc.stop()
            out[name] = {
                "file_mb": round(len(data) / MB, 2),
                "refused": refused,
                "seconds": round(took, 3),
                "peak_mb": round(peak, 1),
                "ratio_to_reference": round(took / reference_s, 1),
                "met": refused and took < 2 and peak < 200,
            }
    return out


def main() -> None:
    small = seconds(HEADER + "a\n" * 20_000)
    large = seconds(HEADER + "a\n" * 200_000)
    spaces_small = seconds(HEADER + "a" + " " * 12_000 + "b\n")
    spaces_large = seconds(HEADER + "a" + " " * 120_000 + "b\n")
    ratio = large / small
    print(
        json.dumps(
            {
                "benchmark": "nvidia-smi text parser",
                "reference_20k_lines_s": round(small, 4),
                "repeated_200k_lines_s": round(large, 4),
                "ratio_10x_lines": round(ratio, 1),
                "spaces_120k_s": round(spaces_large, 5),
                "ratio_10x_spaces": round(spaces_large / max(spaces_small, 1e-6), 1),
                "goal": "ratio_10x_lines <= 15",
                "met": ratio <= 15,
                "refused_before_building": refusals(small),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
