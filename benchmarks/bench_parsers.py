"""The nvidia-smi -q text parser grows linearly with its input (goal: 10x the lines costs at
most 15x the time; a quadratic parser costs 100x). Hostile shapes from issue 18.7: many short
repeated lines, and one line with a long run of spaces. Prints JSON.

The reference measured in the same run is the parser on 20,000 lines; the ratios are the larger
inputs' times against it.
"""

from __future__ import annotations

import json
import time

from gpuplanner.hardware.nvidia_smi import _text_tree

HEADER = "Driver Version : 550.54.14\n"


def seconds(text: str, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        _text_tree(text)
        best = min(best, time.perf_counter() - start)
    return best


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
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
