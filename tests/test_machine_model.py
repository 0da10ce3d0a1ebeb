"""The computer is named by its maker's model, never by the filler text firmware leaves in DMI
("To Be Filled By O.E.M."). Issue 16: the page's heading was the host name, "vm"."""

from __future__ import annotations

import pytest

from gpuplanner.hardware.system import read_model


def _dmi(tmp_path, vendor: str | None, product: str | None):
    folder = tmp_path / "sys" / "class" / "dmi" / "id"
    folder.mkdir(parents=True)
    if vendor is not None:
        (folder / "sys_vendor").write_text(vendor + "\n", encoding="utf-8")
    if product is not None:
        (folder / "product_name").write_text(product + "\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("vendor", "product", "model"),
    [
        ("Dell Inc.", "Precision 5820 Tower", "Dell Inc. Precision 5820 Tower"),
        ("LENOVO", "Lenovo Legion 5 15ACH6H", "Lenovo Legion 5 15ACH6H"),  # no vendor twice
        ("System manufacturer", "System Product Name", None),  # an unfilled ASUS board
        ("To Be Filled By O.E.M.", "To Be Filled By O.E.M.", None),
        ("Micro-Star International Co., Ltd.", "Default string", None),
        (None, None, None),  # no DMI at all (a VM without it, macOS, a container)
        ("QEMU", "Standard PC (Q35 + ICH9, 2009)", "QEMU Standard PC (Q35 + ICH9, 2009)"),
    ],
)
def test_the_model_comes_from_dmi_without_firmware_filler(tmp_path, vendor, product, model):
    assert read_model(_dmi(tmp_path, vendor, product)) == model


def test_the_computer_page_is_headed_by_the_model_or_this_computer(qtbot):
    import dataclasses

    from helpers.wizard import fake_scan

    from gpuplanner.app.session import Session
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow

    window = MainWindow("en", "CNY", WizardController(Session()))
    qtbot.addWidget(window)
    page = window.computer_page
    import tempfile
    from pathlib import Path

    snapshot = fake_scan(Path(tempfile.mkdtemp()))()
    text = page.describe(snapshot)
    assert "<h3>This computer" in text and "Host name" in text
    named = dataclasses.replace(snapshot, model="Dell Inc. Precision 5820 Tower")
    assert "<h3>Dell Inc. Precision 5820 Tower" in page.describe(named)
    saved = dataclasses.replace(snapshot, source="nvidia-smi-xml", machine="lab-07")
    assert "<h3>From the file: lab-07</h3>" in page.describe(saved)
