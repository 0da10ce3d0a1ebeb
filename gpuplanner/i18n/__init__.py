"""Translations: the tools that keep the Qt Linguist ``.ts`` files whole.

The ``.ts`` file under ``resources/i18n/`` is the one source of truth: the app reads it
directly (see ``gpuplanner.ui.translator``), so there is no compiled ``.qm`` to forget
to rebuild. ``python -m gpuplanner.i18n update`` adds new source strings to it and
``python -m gpuplanner.i18n check`` lists strings that still lack a translation or whose
placeholders differ from their source's. The words the running app calls (``translatable``,
``fill``) live in ``gpuplanner.core.words``, the bottom layer, so every layer can use them.
"""
