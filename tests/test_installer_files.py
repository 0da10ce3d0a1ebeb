"""The installer files that can be checked without building a bundle (the builds are scripts)."""

from __future__ import annotations

import configparser
import os
import subprocess
import xml.etree.ElementTree as ET

from conftest import REPO_ROOT

LINUX = REPO_ROOT / "installer" / "linux"


def test_the_desktop_entry_is_valid_and_bilingual():
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str
    entry.read(LINUX / "gpuplanner.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Exec"] == "gpuplanner"
    assert desktop["Icon"] == "gpuplanner" and desktop["Terminal"] == "false"
    assert desktop["Categories"].endswith(";") and desktop["Keywords"].endswith(";")
    assert "Name[zh_CN]" in desktop and "Comment[zh_CN]" in desktop
    assert desktop["StartupWMClass"] == "gpuplanner"  # matches setDesktopFileName


def test_the_appstream_metadata_names_the_desktop_entry():
    root = ET.parse(LINUX / "io.gpuplanner.gpuplanner.metainfo.xml").getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == "io.gpuplanner.gpuplanner"
    assert root.find("launchable").text == "gpuplanner.desktop"
    assert root.find("releases/release").get("version") == "@VERSION@"  # build.sh fills it


def test_per_user_install_and_uninstall_touch_only_the_users_folders(tmp_path):
    stage = tmp_path / "stage"
    bundle = stage / "gpuplanner"
    bundle.mkdir(parents=True)
    program = bundle / "gpuplanner"
    program.write_text("#!/bin/sh\necho bundled gpuplanner\n")
    program.chmod(0o755)
    for name in ("install.sh", "gpuplanner.desktop", "io.gpuplanner.gpuplanner.metainfo.xml"):
        (stage / name).write_bytes((LINUX / name).read_bytes())
    (stage / "gpuplanner.png").write_bytes(
        (REPO_ROOT / "resources/icons/gpuplanner.png").read_bytes()
    )
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": os.environ["PATH"]}
    subprocess.run(["sh", str(stage / "install.sh")], check=True, env=env, capture_output=True)
    data = home / ".local" / "share"
    link = home / ".local" / "bin" / "gpuplanner"
    assert (
        subprocess.run([str(link)], capture_output=True, text=True).stdout.strip()
        == "bundled gpuplanner"
    )
    desktop = (data / "applications" / "gpuplanner.desktop").read_text(encoding="utf-8")
    assert f"Exec={data}/gpuplanner-app/gpuplanner/gpuplanner" in desktop
    assert (data / "icons/hicolor/256x256/apps/gpuplanner.png").is_file()
    subprocess.run(
        ["sh", str(stage / "install.sh"), "--uninstall"], check=True, env=env, capture_output=True
    )
    assert not link.exists() and not (data / "gpuplanner-app").exists()
    assert not (data / "applications" / "gpuplanner.desktop").exists()


def test_the_spec_and_the_windows_script_start_the_console_less_program():
    spec = (REPO_ROOT / "installer" / "gpuplanner.spec").read_text(encoding="utf-8")
    compile(spec, "gpuplanner.spec", "exec")
    assert 'name="gpuplanner-gui", console=False' in spec
    assert '"CFBundleExecutable": "gpuplanner-gui"' in spec
    iss = (REPO_ROOT / "installer" / "windows" / "gpuplanner.iss").read_text(encoding="utf-8")
    shortcuts = [line for line in iss.splitlines() if line.startswith('Name: "{auto')]
    assert len(shortcuts) == 2 and all("gpuplanner-gui.exe" in line for line in shortcuts)
    assert "PrivilegesRequired=lowest" in iss


def test_the_icons_exist_in_every_platform_format():
    icons = REPO_ROOT / "resources" / "icons"
    assert (icons / "gpuplanner.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (icons / "gpuplanner.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"
    assert (icons / "gpuplanner.icns").read_bytes()[:4] == b"icns"


def test_the_version_is_written_in_one_place():
    """gpuplanner.__version__ alone: pyproject reads it, the build scripts ask for it, the
    Windows installer must be given it (issue 17: it was written in four places)."""
    import re

    from conftest import REPO_ROOT

    from gpuplanner import __version__

    pattern = re.compile(re.escape(__version__).join((r"(?<![\d.])", r"(?![\d.])")))
    written = []
    for path in [
        *REPO_ROOT.glob("*.toml"),
        *REPO_ROOT.glob("installer/**/*"),
        *REPO_ROOT.glob("docs/*.md"),
    ]:
        if path.is_file() and pattern.search(path.read_text(encoding="utf-8", errors="replace")):
            written.append(path.relative_to(REPO_ROOT).as_posix())
    init = (REPO_ROOT / "gpuplanner" / "__init__.py").read_text(encoding="utf-8")
    assert f'__version__ = "{__version__}"' in init
    assert written == [], written
