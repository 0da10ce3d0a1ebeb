"""The real app in a real X server: the same path a double-click takes on a Linux desktop."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import child_env, run_cli
from PySide6.QtGui import QImage
from xvfb import xvfb_display

pytestmark = [
    pytest.mark.slow,
    pytest.mark.xvfb,
    pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed"),
]


def _distinct_colours(image: QImage, step: int = 7) -> int:
    colours = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            colours.add(image.pixel(x, y))
    return len(colours)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_app_paints_under_xvfb_and_screenshots_the_first_page(tmp_path, language):
    shot = tmp_path / f"first-page-{language}.png"
    with xvfb_display() as display:
        env = child_env(tmp_path, DISPLAY=display)
        env.pop("QT_QPA_PLATFORM", None)  # the xcb platform, as on a desktop
        env.pop("WAYLAND_DISPLAY", None)
        result = run_cli(tmp_path, "--screenshot", str(shot), "--language", language, env=env)
    assert result.returncode == 0, result.stderr
    assert "first_paint_epoch" in json.loads(result.stdout.strip().splitlines()[-1])
    image = QImage(str(shot))
    assert not image.isNull()
    assert image.width() >= 1024 and image.height() >= 700
    # A blank or single-colour grab would mean nothing was drawn.
    assert _distinct_colours(image) > 10


def test_every_page_paints_under_xvfb(tmp_path):
    with xvfb_display() as display:
        env = child_env(tmp_path, DISPLAY=display)
        env.pop("QT_QPA_PLATFORM", None)
        for page in range(6):
            shot = tmp_path / f"page-{page}.png"
            result = run_cli(
                tmp_path,
                "--screenshot",
                str(shot),
                "--page",
                str(page),
                "--language",
                "en",
                env=env,
            )
            assert result.returncode == 0, result.stderr
            assert _distinct_colours(QImage(str(shot))) > 10, page


def test_smoke_test_under_xvfb(tmp_path):
    with xvfb_display() as display:
        env = child_env(tmp_path, DISPLAY=display)
        env.pop("QT_QPA_PLATFORM", None)
        result = run_cli(tmp_path, "--smoke-test", env=env)
    assert result.returncode == 0, result.stderr
