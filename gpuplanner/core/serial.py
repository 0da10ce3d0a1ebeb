"""One JSON helper for every boundary type: frozen dataclasses to plain dicts and back.

Reading back is msgspec's: each record's hints (``Literal`` vocabularies, ``Annotated`` ranges
with ``msgspec.Meta``) are its checks, and this module only turns msgspec's message into the
field path and the words the project's messages use.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from typing import Any, TypeVar

from gpuplanner.core.terminal import escape_bytes

T = TypeVar("T")

# msgspec's messages: "Expected `float`, got `str` - at `$.parts[0].watts`".
_AT = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_EXPECTED = re.compile(r"^Expected `(?P<want>\w+)`, got `\w+`$")
_MISSING = re.compile(r"^Object missing required field `(?P<name>[^`]+)`$")
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<name>[^`]+)`$")
_SEGMENT = re.compile(r"\.([^.\[]+)|\[(\d+)\]")
_WANTED = {"float": "a number", "array": "a list", "object": "an object"}


class FieldError(ValueError):
    """A value that does not fit its field; ``path`` names it ("Type.field[2]")."""

    def __init__(self, path: str, reason: str) -> None:
        self.path, self.reason = path, reason
        super().__init__(f"{path}: {reason}")

    @property
    def field(self) -> str:
        """The top-level field's name: "KioskFile.pages[1]" -> "pages"."""
        return re.split(r"[.\[]", self.path.partition(".")[2], maxsplit=1)[0]


def to_dict(obj: Any) -> Any:
    """Dataclasses become dicts, enums their values, tuples lists; text has the bytes the
    system could not decode (a GBK file name) written as \\xNN, so every JSON file and line
    can be written and read back; the rest is left as is."""
    if isinstance(obj, str):
        return escape_bytes(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_dict(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (list, tuple)):
        return [to_dict(item) for item in obj]
    if isinstance(obj, dict):
        return {to_dict(key): to_dict(value) for key, value in obj.items()}
    return obj


def from_dict(cls: type[T], data: Any) -> T:
    """Rebuild ``cls`` from :func:`to_dict` output, its hints checked by msgspec.

    Raises ``FieldError`` (a ``ValueError``) naming the field path on anything that does not
    fit, so a hand-edited or truncated file gets a message rather than a half-built object.
    Non-finite numbers are the JSON reader's to refuse (core/boundedio.py ``json_float``).
    """
    # Imported here: the window's first paint reads saved machines' module, not a file.
    import msgspec

    try:
        return msgspec.convert(data, cls, strict=True)
    except msgspec.ValidationError as exc:
        raise field_error(cls, data, str(exc)) from None


def field_error(cls: type, data: Any, message: str) -> FieldError:
    """msgspec's ``message`` about ``data`` read as ``cls``, in the project's words."""
    at = _AT.search(message)
    where = at.group("path") if at else ""
    text = message[: at.start()] if at else message
    for pattern, reason in ((_MISSING, "missing"), (_UNKNOWN, "not a field of this file")):
        named = pattern.match(text)
        if named:
            return FieldError(f"{cls.__name__}{where}.{named.group('name')}", reason)
    value, hint = _at(data, cls, where)
    words = _vocabulary(hint)
    if words is not None:
        return FieldError(f"{cls.__name__}{where}", f"{value!r} is not one of {words}")
    return FieldError(f"{cls.__name__}{where}", _reason(text, value))


def _reason(text: str, value: Any) -> str:
    expected = _EXPECTED.match(text)
    if expected is None:
        if text == "Number out of range":
            return "a number too large to be a measurement"
        return f"{value!r} does not fit: {text}"
    want = expected.group("want")
    if want in ("array", "object"):
        return f"expected {_WANTED[want]}, got {type(value).__name__}"
    return f"expected {_WANTED.get(want, want)}, got {value!r}"


def _at(data: Any, hint: Any, where: str) -> tuple[Any, Any]:
    """The value at msgspec's path ``where`` (".parts[0].watts") in ``data``, and its hint."""
    for name, index in _SEGMENT.findall(where):
        hint = _inner(hint, name)
        try:
            data = data[int(index)] if index else data[name]
        except (LookupError, TypeError):
            data = None
    return data, hint


def _inner(hint: Any, name: str) -> Any:
    """The hint of a dataclass field ``name`` of ``hint``, or of an item ("" for an index)."""
    hint = _bare(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return typing.get_type_hints(hint, include_extras=True).get(name, Any)
    args = [a for a in typing.get_args(hint) if a is not Ellipsis]
    return _bare(args[-1]) if args else Any


def _bare(hint: Any) -> Any:
    """``hint`` without ``Annotated`` and without ``| None``."""
    if typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        rest = [a for a in typing.get_args(hint) if a is not type(None)]
        hint = _bare(rest[0]) if len(rest) == 1 else hint
    return hint


def _vocabulary(hint: Any) -> str | None:
    """The words a ``Literal`` or ``Enum`` field allows, or None for any other field."""
    hint = _bare(hint)
    if typing.get_origin(hint) is typing.Literal:
        return ", ".join(str(v) for v in typing.get_args(hint))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return ", ".join(str(m.value) for m in hint)
    return None
