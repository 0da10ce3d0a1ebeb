"""The job page's "Your own Keras model…" (issue 53, part 3): a model chosen in the file
dialog is read off the GUI thread, its figures shown, and the plan made from it is the one
``recommend --keras-model FILE`` makes; a damaged file shows model-info's sentence and leaves
the job as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import pytest
from conftest import run_cli
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QFormLayout

from gpuplanner.app.session import Session
from gpuplanner.hardware import snapshot as snapshots
from gpuplanner.probe.model_file import Refusal
from gpuplanner.report.json_export import plan_json
from gpuplanner.report.model_text import refusal_text
from gpuplanner.ui.controller import WizardController
from gpuplanner.ui.main_window import MainWindow

BUILD = """
import os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import keras
i = keras.Input((16, 16, 3))
x = keras.layers.Conv2D(8, 3, padding="same")(i)
o = keras.layers.Dense(10)(keras.layers.Flatten()(x))
m = keras.Model(i, o)
m.compile(optimizer="adam", loss="mse")
m.save(sys.argv[1])
"""
CNN_PARAMETERS = 3 * 3 * 3 * 8 + 8 + 16 * 16 * 8 * 10 + 10


def _choose(page, qtbot, monkeypatch, path) -> None:
    """The user picks ``path`` in the file dialog the button opens."""
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), ""))
    )
    qtbot.mouseClick(page.own_model.button, Qt.MouseButton.LeftButton)


def test_a_damaged_file_shows_the_sentence_and_keeps_the_job(wizard, qtbot, monkeypatch, tmp_path):
    window, controller = wizard()
    page = window.workload_page
    controller.session.update(workload="bert-base")
    page.load_from_session()
    packed = tmp_path / "model.zip"
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("config.json", json.dumps({"class_name": "Functional"}) * 200)
    cut = tmp_path / "cut.keras"
    cut.write_bytes(packed.read_bytes()[:300])
    _choose(page, qtbot, monkeypatch, cut)
    said = refusal_text(Refusal("damaged", (("file", "cut.keras"),)), "en")
    qtbot.waitUntil(lambda: page.own_model.status.text() == said, timeout=30000)
    assert "Traceback" not in page.own_model.status.text()
    assert controller.session.job.workload == "bert-base"
    assert controller.session.job.own_model is None
    assert page.workload.findData("own") == -1 and page.workload.currentData() == "bert-base"
    assert page.own_model.button.isEnabled() and page.own_model.progress.isHidden()
    assert page.own_model.figures.isHidden()


def test_a_kiosk_offers_no_model_file(qtbot):
    """Reading a model starts a Python: not for a shop kiosk's customers."""
    desktop = MainWindow("en", "CNY", WizardController(Session()))
    kiosk = MainWindow("en", "CNY", WizardController(Session()), allow_files=False)
    qtbot.addWidget(desktop)
    qtbot.addWidget(kiosk)
    assert not desktop.workload_page.own_model.isHidden()
    assert kiosk.workload_page.own_model.isHidden()


@pytest.mark.slow
def test_a_model_chosen_is_the_job_the_command_line_plans(wizard, qtbot, monkeypatch, tmp_path):
    model = tmp_path / "cnn.keras"
    subprocess.run(
        [sys.executable, "-c", BUILD, str(model)],
        check=True,
        timeout=600,
        capture_output=True,
        env={**os.environ, "CUDA_VISIBLE_DEVICES": ""},
    )
    window, controller = wizard()
    window.go(3)  # the job page
    page = window.workload_page
    with qtbot.waitSignal(controller.catalog_ready, timeout=60_000):
        controller.load_catalog()
    _choose(page, qtbot, monkeypatch, model)
    qtbot.waitUntil(lambda: not page.own_model.figures.isHidden(), timeout=600_000)
    qtbot.waitUntil(
        lambda: controller.request is not None and controller.request.workload == "own",
        timeout=60_000,
    )
    form = page.own_model.figures_form
    figures = {
        form.itemAt(row, QFormLayout.ItemRole.LabelRole).widget().text(): form.itemAt(
            row, QFormLayout.ItemRole.FieldRole
        )
        .widget()
        .text()
        for row in range(form.rowCount())
    }
    assert figures["Parameters"].startswith(f"{CNN_PARAMETERS:,} ")
    assert "GFLOP forward" in figures["FLOPs per sample"]
    assert figures["Input shape"] == "(16, 16, 3)"
    assert page.workload.currentData() == "own" and "cnn.keras" in page.workload.currentText()
    assert "GB" in page.vram_label.text()
    # The same job from the same file on the command line: the same plan.
    session = controller.session
    args = ["recommend", "--scenario", "student", "--keras-model", str(model), "--json"]
    args += ["--today", controller.request.today]
    if session.snapshot is not None:
        scanned = tmp_path / "scan.json"
        snapshots.save(session.snapshot, scanned)
        args += ["--snapshot", str(scanned)]
    cli = run_cli(tmp_path, *args, timeout=600)
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout) == json.loads(json.dumps(plan_json(controller.plan)))
