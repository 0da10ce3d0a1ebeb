"""The worker's environment report read by its schema: each field gpuplanner uses has a type,
and a field of another type makes the report unreadable, never an exception later.

A worker's ``"params": {"gpus": [1]}`` once ended ``probe`` in an AttributeError, and
``"gpus": 7`` in a TypeError, in the diagnosis (issue 42); the measurement was lost. Fields the
schema does not name are dropped; text is bounded and stripped of control characters.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

MAX_GPUS = 256
TEXT_LIMIT = 500
# Terminal control: C0 but tab and newline, DEL, C1; the bidirectional overrides and isolates.
_CONTROL = dict.fromkeys(
    [*range(0, 9), *range(11, 32), *range(127, 160), *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
)

TEXT = ("tensorflow", "python", "executable", "platform", "device")
VERSION = ("cuda_version", "cudnn_version")  # text, or a number some builds give
FLAG = ("is_cuda_build", "is_rocm_build")
COUNT = ("cpu_count",)
GPU_TEXT = ("name", "device_name", "compute_capability", "tiny_op_error", "details_error")
GPU_FLAG = ("usable",)
GPU_NUMBER = ("tiny_op",)


class Unreadable(ValueError):
    """A field of the worker's environment whose type is not the schema's: its path and why."""


def _text(value: object, where: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise Unreadable(f"{where} is not text")
    return value.translate(_CONTROL)[:TEXT_LIMIT]


def _version(value: object, where: str) -> str | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        if not math.isfinite(value) or abs(value) > 1e6:
            raise Unreadable(f"{where} is not a version")
        return str(value)
    return _text(value, where)


def _flag(value: object, where: str) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise Unreadable(f"{where} is not true or false")


def _number(value: object, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Unreadable(f"{where} is not a number")
    try:
        number = float(value)
    except OverflowError:
        raise Unreadable(f"{where} is not a number") from None
    if not math.isfinite(number):
        raise Unreadable(f"{where} is not a number")
    return number


def _count(value: object, where: str) -> int | None:
    count = _number(value, where)
    return int(count) if count is not None and 0 <= count < 1e6 else None


Reader = Callable[[object, str], object]
# Each schema: the keys of one kind and the reader that types them.
GPU_SCHEMA: tuple[tuple[tuple[str, ...], Reader], ...] = (
    (GPU_TEXT, _text),
    (GPU_FLAG, _flag),
    (GPU_NUMBER, _number),
)
SCHEMA: tuple[tuple[tuple[str, ...], Reader], ...] = (
    (TEXT, _text),
    (VERSION, _version),
    (FLAG, _flag),
    (COUNT, _count),
)


def _fields(
    source: dict[str, Any], where: str, schema: tuple[tuple[tuple[str, ...], Reader], ...]
) -> dict[str, Any]:
    """The fields of ``schema`` that ``source`` has, each through its reader."""
    return {
        key: read(source[key], f"{where}.{key}")
        for keys, read in schema
        for key in keys
        if key in source
    }


def _gpu(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Unreadable(f"{where} is not an object")
    return _fields(value, where, GPU_SCHEMA)


def read_environment(params: object) -> dict[str, Any]:
    """The environment's fields, each of its type; ``Unreadable`` names the first that is not."""
    if not isinstance(params, dict):
        raise Unreadable("params is not an object")
    out = _fields(params, "params", SCHEMA)
    if "gpus" in params and params["gpus"] is not None:
        gpus = params["gpus"]
        if not isinstance(gpus, list):
            raise Unreadable("params.gpus is not a list")
        if len(gpus) > MAX_GPUS:
            raise Unreadable(f"params.gpus lists {len(gpus)} GPUs")
        out["gpus"] = [_gpu(g, f"params.gpus[{i}]") for i, g in enumerate(gpus)]
    return out


def readable_environment(params: object) -> dict[str, Any]:
    """``read_environment``, or nothing at all when a field is unreadable."""
    try:
        return read_environment(params)
    except Unreadable:
        return {}
