"""Closing the window ends what it started (issue 42): a running probe is cancelled and the
background jobs are waited for, so nothing runs on windowless."""

from __future__ import annotations

import threading

from gpuplanner.app.session import Session
from gpuplanner.probe.results import RESULT_VERSION, ProbeResult
from gpuplanner.ui.controller import WizardController
from gpuplanner.ui.main_window import MainWindow


class HangingProbe:
    """Runs until cancelled, as a worker busy with a long step does."""

    def __init__(self, _on_event) -> None:
        self.cancelled = threading.Event()
        self.started = threading.Event()

    def cancel(self) -> None:
        self.cancelled.set()

    def run(self) -> ProbeResult:
        self.started.set()
        self.cancelled.wait(120)
        status = "cancelled" if self.cancelled.is_set() else "timeout"
        return ProbeResult(
            version=RESULT_VERSION,
            status=status,
            mode="quick",
            python="python",
            started="2026-01-01",
            seconds=0.1,
        )


def test_closing_the_window_cancels_a_running_probe(qtbot):
    probes: list[HangingProbe] = []

    def factory(on_event):
        probes.append(HangingProbe(on_event))
        return probes[-1]

    controller = WizardController(Session(), probe_factory=factory)
    window = MainWindow("en", "CNY", controller)
    qtbot.addWidget(window)
    window.show()
    controller.start_probe()
    assert probes and probes[0].started.wait(10)
    window.close()
    assert probes[0].cancelled.is_set()
    assert not controller.running  # waited for: no job outlives the window
