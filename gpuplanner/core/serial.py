"""One JSON helper for every boundary type: frozen dataclasses to plain dicts and back."""

from __future__ import annotations

import dataclasses
import enum
import math
import re
import types
import typing
from typing import Any, TypeVar

from gpuplanner.core.terminal import escape_bytes

T = TypeVar("T")


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
    """Rebuild ``cls`` from :func:`to_dict` output, checking types as it goes.

    Raises ``FieldError`` (a ``ValueError``) naming the field path on anything that does not
    fit, so a hand-edited or truncated file gets a message rather than a half-built object.
    """
    built: T = _convert(cls, data, cls.__name__)  # _convert built a ``cls`` from its hints
    return built


def _convert(tp: Any, value: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return None
        errors: list[FieldError] = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(arg, value, path)
            except FieldError as exc:
                errors.append(exc)
        raise errors[0] if errors else FieldError(path, "unexpected null")
    if origin is typing.Literal:
        allowed_values = typing.get_args(tp)
        # bool is an int in Python: true must not pass as 1.
        if isinstance(value, bool) or value not in allowed_values:
            allowed = ", ".join(str(v) for v in allowed_values)
            raise FieldError(path, f"{value!r} is not one of {allowed}")
        return value
    if origin in (tuple, list):
        if not isinstance(value, list | tuple):
            raise FieldError(path, f"expected a list, got {type(value).__name__}")
        args = typing.get_args(tp)
        item_type = args[0] if args else Any
        items = [_convert(item_type, v, f"{path}[{i}]") for i, v in enumerate(value)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(value, dict):
            raise FieldError(path, f"expected an object, got {type(value).__name__}")
        _, value_type = typing.get_args(tp) or (str, Any)
        return {str(k): _convert(value_type, v, f"{path}.{k}") for k, v in value.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise FieldError(path, f"expected an object, got {type(value).__name__}")
        hints = typing.get_type_hints(tp)
        kwargs = {}
        for field in dataclasses.fields(tp):
            if field.name in value:
                kwargs[field.name] = _convert(
                    hints[field.name], value[field.name], f"{path}.{field.name}"
                )
            elif (
                field.default is dataclasses.MISSING
                and field.default_factory is dataclasses.MISSING
            ):
                raise FieldError(f"{path}.{field.name}", "missing")
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(value)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in tp)
            raise FieldError(path, f"{value!r} is not one of {allowed}") from None
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise FieldError(path, f"expected a number, got {value!r}")
        try:
            number = float(value)
        except OverflowError:
            raise FieldError(path, "a number too large to be a measurement") from None
        # JSON files may hold NaN, Infinity or 1e999; no measurement is any of them.
        if not math.isfinite(number):
            raise FieldError(path, f"{value!r} is not a finite number")
        return number
    if tp in (int, str, bool):
        if type(value) is not tp:
            raise FieldError(path, f"expected {tp.__name__}, got {value!r}")
        return value
    return value
