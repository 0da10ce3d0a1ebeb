"""Words at run time: marking a sentence for translation, and filling in its named parameters.

The bottom layer holds them so that every layer above (report, the command line, the window)
formats a translated sentence the same way: an English template of the one translation source
(``resources/i18n/*.ts``) with ``{name}`` placeholders, translated whole, then filled by name,
so a translation may put the parameters in whatever order its language needs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# A parameter's place in a sentence: a name in braces. Other braces ("{0}" of a diagnosis
# template that ``str.format`` fills, a stray brace in a user's file name) are words.
NAME = r"[A-Za-z_][A-Za-z_0-9]*"
PLACEHOLDER = re.compile(rf"\{{({NAME})\}}")
# Chinese sets a space between its characters and a Latin word (a Chinese template's "{gpu}"
# filled with "RTX 4090") but none between two of its own characters: a value that starts or
# ends with one (the Chinese for "your GTX 1050") takes the template's space beside it away.
# So a placeholder is matched with the template's space before it, when a Chinese character
# comes before that space, and with the space after it, when one comes after.
CJK = r"\u3000-\u303f\u3400-\u9fff\uff00-\uffef"  # escapes that re reads
CJK_CHAR = re.compile(f"[{CJK}]")
SPACE_BEFORE = rf"(?P<before>(?<=[{CJK}]) )?"
SPACE_AFTER = rf"(?P<after> (?=[{CJK}]))?"
PLACEHOLDER_AMID_CHINESE = re.compile(rf"{SPACE_BEFORE}\{{(?P<name>{NAME})\}}{SPACE_AFTER}")


def translatable(context: str, text: str) -> str:
    """Mark ``text`` for extraction under ``context`` and return it unchanged.

    For string tables built before a translator exists (the equivalent of Qt's
    ``QT_TRANSLATE_NOOP``); translate at display time with
    ``QCoreApplication.translate(context, text)``.
    """
    return text


def placeholder_names(text: str) -> set[str]:
    """The names of the ``{name}`` placeholders in ``text``."""
    return set(PLACEHOLDER.findall(text))


def fill(text: str, /, **params: str) -> str:
    """``text`` (a translated sentence) with each ``{name}`` replaced by ``params[name]``.

    Every placeholder needs its parameter and every parameter its placeholder: a sentence
    filled with the wrong names is a bug, and the ``.ts`` check keeps each translation's
    placeholders the same as its source's, so an error here is the code's, never the
    translator's. Values arrive as text: the caller formats its numbers for its language.
    Parameters are put in once, in one pass: a value holding braces is not filled again.
    """
    names = placeholder_names(text)
    if names != params.keys():
        missing = sorted(names - params.keys())
        unknown = sorted(params.keys() - names)
        raise ValueError(f"cannot fill {text!r}: missing {missing}, unknown {unknown}")

    def put(match: re.Match[str]) -> str:
        """The value, with the template's space on each side kept unless the value's own
        character on that side is Chinese."""
        value = params[match["name"]]
        before = "" if CJK_CHAR.match(value[:1]) else match["before"] or ""
        after = "" if CJK_CHAR.match(value[-1:]) else match["after"] or ""
        return before + value + after

    return PLACEHOLDER_AMID_CHINESE.sub(put, text)


def fill_from(text: str, figures: Mapping[str, str]) -> str:
    """``text`` filled from a record that carries more figures than this sentence says (an
    error or a refusal whose family of sentences name different ones): each placeholder still
    needs its figure, and the figures the sentence does not name are left out."""
    names = placeholder_names(text)
    return fill(text, **{name: value for name, value in figures.items() if name in names})
