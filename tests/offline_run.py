"""One offline session from the command line: scan, a CPU probe, recommend, report.

The probe runs every step at its tiny sizes: what it sends or not does not depend on the sizes,
and the quick ones cost the suite another 12 s of CPU.

Run by tests/test_offline.py under the network guard and under strace. Prints one JSON line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def gpuplanner(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "gpuplanner", *args], capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        raise SystemExit(f"gpuplanner {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def main(out: Path) -> int:
    gpuplanner("scan", "--json", "--save", str(out / "scan.json"))
    gpuplanner("probe", "--tiny", "--device", "cpu", "--json", "--save", str(out / "probe.json"))
    plan = json.loads(
        gpuplanner(
            "recommend",
            "--scenario",
            "student",
            "--snapshot",
            str(out / "scan.json"),
            "--probe",
            str(out / "probe.json"),
            "--json",
        )
    )
    # The report as the wizard writes it: HTML, and PDF through Qt's text engine.
    from gpuplanner.app.inventory import enrich, machine_facts
    from gpuplanner.app.speed_model_file import load_speed_model
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.scenarios import Scenario
    from gpuplanner.hardware.snapshot import load_file
    from gpuplanner.planning.recommend import PlanRequest, recommend
    from gpuplanner.probe.results import load as load_probe
    from gpuplanner.report.files import write_html, write_pdf_headless
    from gpuplanner.report.html import plan_html

    with Catalog.open() as catalog:
        data = catalog.load_all()
    facts = machine_facts(
        enrich(load_file(out / "scan.json"), data), load_probe(out / "probe.json"), data
    )
    report = recommend(
        PlanRequest(scenario=Scenario.STUDENT, machine=facts), data, load_speed_model()
    )
    from gpuplanner.report.context import report_context

    page = plan_html(report, "zh_CN", report_context(report, "zh_CN", data))
    write_html(out / "report.html", page)
    write_pdf_headless(out / "report.pdf", page)
    print(
        json.dumps(
            {"options": len(plan["options"]), "pdf_bytes": (out / "report.pdf").stat().st_size}
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
