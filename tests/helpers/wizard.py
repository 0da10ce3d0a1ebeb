"""The wizard with a fake scan (one RTX 4090) and a fake probe, for the UI tests."""

from __future__ import annotations

from pathlib import Path

from fakenvml import FakeNvml, rtx4090

from gpuplanner.app.session import Session
from gpuplanner.hardware.scan import ScanOptions, scan_system
from gpuplanner.probe.results import RESULT_VERSION, Metric, ProbeResult, StepResult
from gpuplanner.ui.controller import WizardController
from gpuplanner.ui.main_window import MainWindow


def fake_scan(tmp_root: Path):
    return lambda: scan_system(
        ScanOptions(
            root=tmp_root,
            platform="linux",
            nvml=FakeNvml([rtx4090()]),
            read_rapl=False,
            read_psu=False,
        )
    )


class FakeRunner:
    """Emits a few events and returns a canned result, like ProbeRunner.run."""

    def __init__(self, on_event, status="ok"):
        self.on_event, self.status = on_event, status

    def cancel(self):
        """The wizard's Cancel: this runner's events are already sent, nothing is left to stop."""

    def run(self):
        from gpuplanner.probe.runner import ProbeEvent

        self.on_event(ProbeEvent("progress", "matmul", 0.5, "fp16 8192x8192"))
        steps = (
            StepResult(
                "env",
                "ok",
                (
                    Metric(
                        name="environment",
                        value=1,
                        unit="GPUs",
                        params={"gpus": [{"name": "GPU:0"}]},
                    ),
                ),
            ),
            StepResult(
                "matmul",
                "ok",
                (
                    Metric(name="fp16", value=120.0, unit="TFLOPS", spread_pct=2.0, runs=7),
                    Metric(name="fp32", value=70.0, unit="TFLOPS", spread_pct=2.0, runs=7),
                ),
            ),
            StepResult(
                "input",
                "ok",
                (
                    Metric(
                        name="jpeg_decode_augment",
                        value=900.0,
                        unit="images/s",
                        spread_pct=3.0,
                        runs=7,
                    ),
                ),
            ),
        )
        if self.status != "ok":
            return ProbeResult(
                version=RESULT_VERSION,
                status=self.status,
                mode="quick",
                python="python",
                started="now",
                seconds=1.0,
                steps=steps[:1],
                message="the worker crashed (SIGSEGV) after 1 step(s)"
                if self.status == "crashed"
                else f"the probe ended: {self.status}",
            )
        return ProbeResult(
            version=RESULT_VERSION,
            status="ok",
            mode="quick",
            python="python",
            started="now",
            seconds=12.0,
            steps=steps,
        )


def make_wizard(qtbot, tmp_path: Path):
    """The ``wizard`` fixture's factory (tests/conftest.py): make(scanner, probe_status,
    language) opens a main window on a fresh session and returns (window, controller)."""

    def make(scanner=None, probe_status="ok", language="en"):
        session = Session(currency="CNY", language=language)
        controller = WizardController(
            session,
            scanner=scanner or fake_scan(tmp_path),
            probe_factory=lambda on_event: FakeRunner(on_event, probe_status),
        )
        window = MainWindow(language, "CNY", controller)
        qtbot.addWidget(window)
        window.resize(1100, 760)
        window.show()
        qtbot.waitExposed(window)
        return window, controller

    return make
