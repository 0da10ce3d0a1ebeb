"""Where gpuplanner keeps its files: the user's folders and the bundled resources.

Every path the app writes goes through here, so one environment variable,
``GPUPLANNER_HOME``, can move all of them (tests, kiosks on a read-only profile,
portable installs).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "gpuplanner"
HOME_ENV = "GPUPLANNER_HOME"


def _home_override() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def user_data_dir() -> Path:
    """Databases the user owns: shop prices, saved plans, scans, probe history."""
    home = _home_override()
    if home is not None:
        return home / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_config_dir() -> Path:
    home = _home_override()
    if home is not None:
        return home / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def user_log_dir() -> Path:
    home = _home_override()
    if home is not None:
        return home / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def user_cache_dir() -> Path:
    """Files the app can regenerate, such as the built catalog database."""
    home = _home_override()
    if home is not None:
        return home / "cache"
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def resource_dir() -> Path:
    """The bundled ``resources/`` folder, wherever this copy of the app was installed from.

    A PyInstaller bundle unpacks it beside the executable; a wheel carries it inside the
    package as ``gpuplanner/_resources`` (see setup.py); a source checkout, editable
    installs included, reads the top-level ``resources/`` folder in place.
    """
    bundle_root = getattr(sys, "_MEIPASS", None)
    if bundle_root:
        return Path(bundle_root) / "resources"
    package_dir = Path(__file__).resolve().parent.parent  # gpuplanner/, above core/
    installed = package_dir / "_resources"
    if installed.is_dir():
        return installed
    return package_dir.parent / "resources"


def resource_path(*parts: str) -> Path:
    return resource_dir().joinpath(*parts)
