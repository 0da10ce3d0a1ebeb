"""Run every README command that reads a file on every hostile file, in one process, and
print the combinations that ended in an uncaught exception (a traceback for a user).

Usage: python no_traceback_harness.py FOLDER   (FOLDER holds the hostile files)
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import traceback
from pathlib import Path

from gpuplanner import cli

COMMANDS = [
    ["scan", "--from", "{f}"],
    ["scan", "--from", "{f}", "--json"],
    ["recommend", "--scenario", "student", "--snapshot", "{f}"],
    ["recommend", "--scenario", "llm", "--probe", "{f}", "--json"],
    ["predict", "--workload", "resnet50", "--gpu", "RTX 3090", "--probe", "{f}"],
    ["db", "import-prices", "{f}"],
    ["db", "import-prices", "{f}", "--preview", "--json"],
    ["db", "import-prices", "{f}", "--shop", "hostile"],
    ["fleet", "{f}"],
    ["fleet", "{f}", "--json"],
    ["kiosk", "check", "--config", "{f}"],
    ["kiosk", "set-pin", "--config", "{f}", "--pin-stdin"],
    ["model-info", "{f}"],
]


def main() -> int:
    folder = Path(sys.argv[1])
    files = [*sorted(str(p) for p in folder.iterdir()), "/dev/zero", str(folder / "missing.json")]
    failures = []
    runs = 0
    for command in COMMANDS:
        for file in files:
            argv = [part.replace("{f}", file) for part in command]
            sys.stdin = io.StringIO("2468\n")
            out, err = io.StringIO(), io.StringIO()
            runs += 1
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    cli.main(argv)
            except SystemExit:
                pass  # argparse's own refusals: a usage line, not a traceback
            except BaseException:
                failures.append({"argv": argv, "traceback": traceback.format_exc()[-1500:]})
    print(json.dumps({"runs": runs, "failures": failures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
