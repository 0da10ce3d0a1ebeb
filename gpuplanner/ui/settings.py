"""Preferences that persist between runs, in an INI file in the user's config folder."""

from __future__ import annotations

import logging

from PySide6.QtCore import QSettings

from gpuplanner.core import paths

log = logging.getLogger(__name__)


def open_settings() -> QSettings:
    folder = paths.user_config_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        # A read-only profile: the window starts, and its settings last for this run only
        # (QSettings keeps them in memory when its file cannot be written).
        log.warning("settings cannot be saved in %s: %s", folder, exc.strerror or exc)
    return QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)


def read_str(settings: QSettings, key: str) -> str | None:
    value = settings.value(key)
    return value if isinstance(value, str) and value else None
