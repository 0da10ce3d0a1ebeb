"""One JSON helper for every boundary type: frozen dataclasses to plain dicts and back."""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from typing import Any, TypeVar

T = TypeVar("T")


def to_dict(obj: Any) -> Any:
    """Dataclasses become dicts, enums their values, tuples lists; the rest is left as is."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_dict(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (list, tuple)):
        return [to_dict(item) for item in obj]
    if isinstance(obj, dict):
        return {key: to_dict(value) for key, value in obj.items()}
    return obj


def from_dict(cls: type[T], data: Any) -> T:
    """Rebuild ``cls`` from :func:`to_dict` output, checking types as it goes.

    Raises ``ValueError`` naming the field path on anything that does not fit, so a
    hand-edited or truncated file gets a message rather than a half-built object.
    """
    return _convert(cls, data, cls.__name__)


def _convert(tp: Any, value: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(arg, value, path)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError(errors[0] if errors else f"{path}: unexpected null")
    if origin in (tuple, list):
        if not isinstance(value, list | tuple):
            raise ValueError(f"{path}: expected a list, got {type(value).__name__}")
        args = typing.get_args(tp)
        item_type = args[0] if args else Any
        items = [_convert(item_type, v, f"{path}[{i}]") for i, v in enumerate(value)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError(f"{path}: expected an object, got {type(value).__name__}")
        _, value_type = typing.get_args(tp) or (str, Any)
        return {str(k): _convert(value_type, v, f"{path}.{k}") for k, v in value.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise ValueError(f"{path}: expected an object, got {type(value).__name__}")
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
                raise ValueError(f"{path}.{field.name}: missing")
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(value)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in tp)
            raise ValueError(f"{path}: {value!r} is not one of {allowed}") from None
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{path}: expected a number, got {value!r}")
        try:
            number = float(value)
        except OverflowError:
            raise ValueError(f"{path}: a number too large to be a measurement") from None
        # JSON files may hold NaN, Infinity or 1e999; no measurement is any of them.
        if not math.isfinite(number):
            raise ValueError(f"{path}: {value!r} is not a finite number")
        return number
    if tp in (int, str, bool):
        if type(value) is not tp:
            raise ValueError(f"{path}: expected {tp.__name__}, got {value!r}")
        return value
    return value
