"""Where gpuplanner keeps its files: the user's folders and the bundled resources.

Every path the app writes goes through here, so one environment variable,
``GPUPLANNER_HOME``, can move all of them (tests, kiosks on a read-only profile,
portable installs).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import platformdirs

APP_NAME = "gpuplanner"
HOME_ENV = "GPUPLANNER_HOME"


def home_problem() -> str | None:
    """Why ``GPUPLANNER_HOME`` cannot be used, else None. Set but empty, it was once taken as
    unset, and a kiosk or a test meant to be kept apart wrote into the user's own folders
    (issue 51)."""
    value = os.environ.get(HOME_ENV)
    if value is not None and not value.strip():
        return (
            f"{HOME_ENV} is set but empty; set it to a folder, or unset it to use your own"
            " folders. Nothing was run"
        )
    return None


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


_SQLITE_MAGIC = b"SQLite format 3\x00"


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder.resolve())
    except ValueError:
        return False
    return True


def app_owned(path: Path) -> str | None:
    """What of the app's own ``path`` is, when a command is asked to write an output over it: its
    folders (the user database, the settings, the kiosk configuration, the built catalog, the
    logs), the bundled resources, or any SQLite database; None for a file of the user's.

    An export over the live user database once printed "wrote 2 prices" and the next start set
    the database aside as damaged: packs, shop lists and probe history gone (issue 42)."""
    try:
        resolved = path.expanduser().resolve()
    except (OSError, RuntimeError):  # a link loop: not a file of ours to protect
        return None
    folders = (
        (user_data_dir(), "the app's data folder (the user database)"),
        (user_config_dir(), "the app's settings folder (settings, kiosk configuration)"),
        (user_cache_dir(), "the app's cache folder (the built catalog)"),
        (user_log_dir(), "the app's log folder"),
        (resource_dir(), "the app's bundled resources (the catalog)"),
    )
    for folder, what in folders:
        if _inside(resolved, folder):
            return what
    try:
        if not stat.S_ISREG(resolved.stat().st_mode):  # a FIFO would block the read
            return None
        with open(resolved, "rb") as handle:
            head = handle.read(len(_SQLITE_MAGIC))
    except OSError:
        return None
    return "a SQLite database" if head == _SQLITE_MAGIC else None
