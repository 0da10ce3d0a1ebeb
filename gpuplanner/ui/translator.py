"""Run-time language switching: our ``.ts`` file as a ``QTranslator``, plus Qt's own strings."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from gpuplanner.core import paths
from gpuplanner.core.languages import ENGLISH
from gpuplanner.core.words import fill, translatable

log = logging.getLogger(__name__)
# Qt's lookup by another name: the extractor reads ``QCoreApplication.translate`` calls as
# literals to collect, and this one passes its caller's.
_qt_translate = QCoreApplication.translate


def tr(context: str, text: str, /, **params: str) -> str:
    """``text`` of ``context`` in the window's language, its ``{name}`` placeholders filled
    from ``params``: ``tr("PinDialog", "Wrong PIN. Try again in {seconds} s.", seconds="30")``.

    The words a widget's ``self.tr`` finds under its class name are this call's with the
    class name for ``context``.
    """
    return fill(_qt_translate(context, text), **params)


# Qt's own words that its Chinese catalogue (qtbase_zh_CN.qm, as PySide6 ships it) lacks: the
# file dialog's "&Look in:" and "Files of &type:" stayed English in the Chinese window. Our
# .ts carries them in Qt's context, and our translator answers where Qt's has no answer.
QT_GAPS = (
    translatable("QFileDialog", "&Look in:"),
    translatable("QFileDialog", "Files of &type:"),
)


class TsTranslator(QTranslator):
    """Serves translations straight from a Qt Linguist ``.ts`` file.

    Reading the XML takes a few milliseconds, and it removes a compiled ``.qm`` that
    every install path (wheel, editable checkout, PyInstaller bundle) would have to
    build and keep in step with the source.
    """

    def __init__(self, ts_path: Path, parent: QObject | None = None) -> None:
        from gpuplanner.i18n.tsfile import read_ts  # the XML parser: not for an English start

        super().__init__(parent)
        self._by_context = read_ts(ts_path).lookup()

    def translate(
        self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        # None, not "": Qt takes an empty string for a translation, None for "not translated".
        return self._by_context.get((context, source_text))

    def isEmpty(self) -> bool:
        return not self._by_context


class LanguageSwitcher:
    """Installs the translators for one language at a time on the running application."""

    def __init__(self, app: QCoreApplication) -> None:
        self._app = app
        self._installed: list[QTranslator] = []
        self.language = ENGLISH

    def switch(self, language: str) -> None:
        for translator in self._installed:
            self._app.removeTranslator(translator)
        self._installed = []
        self.language = language
        if language != ENGLISH:
            self._install_ours(language)
            self._install_qt(language)
        # QCoreApplication posts LanguageChange to every widget when a translator is
        # installed or removed; nothing more to do here.

    def _install_ours(self, language: str) -> None:
        ts_path = paths.resource_path("i18n", f"gpuplanner_{language}.ts")
        try:
            translator = TsTranslator(ts_path, self._app)
        except (OSError, ValueError) as exc:
            log.error("cannot load translation %s: %s", ts_path, exc)
            return
        self._app.installTranslator(translator)
        self._installed.append(translator)

    def _install_qt(self, language: str) -> None:
        # Qt's own words (OK, Cancel, context menus) come from the qtbase catalogue shipped
        # with PySide6.
        translator = QTranslator(self._app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if translator.load(QLocale(language), "qtbase", "_", folder):
            self._app.installTranslator(translator)
            self._installed.append(translator)
        else:
            log.info("Qt's own %s translation not found in %s", language, folder)
