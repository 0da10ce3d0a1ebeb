"""Translations: Qt Linguist ``.ts`` files read at run time, and the tools that keep them whole.

The ``.ts`` file under ``resources/i18n/`` is the one source of truth: the app reads it
directly (see ``gpuplanner.ui.translator``), so there is no compiled ``.qm`` to forget
to rebuild. ``python -m gpuplanner.i18n update`` adds new source strings to it and
``python -m gpuplanner.i18n check`` lists strings that still lack a translation.
"""


def translatable(context: str, text: str) -> str:
    """Mark ``text`` for extraction under ``context`` and return it unchanged.

    For string tables built before a translator exists (the equivalent of Qt's
    ``QT_TRANSLATE_NOOP``); translate at display time with
    ``QCoreApplication.translate(context, text)``.
    """
    return text
