"""Preferences that persist between runs, in an INI file in the user's config folder."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from gpuplanner.core import paths


def open_settings() -> QSettings:
    folder = paths.user_config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)


def read_str(settings: QSettings, key: str) -> str | None:
    value = settings.value(key)
    return value if isinstance(value, str) and value else None
