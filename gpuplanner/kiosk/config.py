"""The kiosk configuration file (JSON): every field checked; a bad file never starts the kiosk unlocked.

See docs/KIOSK.md and resources/kiosk/example-kiosk.json.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn, get_args

from msgspec import Meta

from gpuplanner.core import atomic
from gpuplanner.core.boundedio import FileRefused, load_json, read_regular
from gpuplanner.core.errors import UserError
from gpuplanner.core.serial import FieldError, from_dict
from gpuplanner.core.terminal import user_text
from gpuplanner.core.vocab import Currency, Language
from gpuplanner.kiosk.pin import check_hash_format

KioskPage = Literal["computer", "probe", "workload", "results", "report"]
KioskScenario = Literal["student", "sme", "llm"]
PAGES: tuple[KioskPage, ...] = get_args(KioskPage)
SCENARIOS: tuple[KioskScenario, ...] = get_args(KioskScenario)
DEFAULT_PAGES: tuple[KioskPage, ...] = ("computer", "workload", "results", "report")
MAX_LOGO_BYTES = 2 * 1024 * 1024
MAX_CONFIG_BYTES = 256 * 1024
MAX_SHOP_NAME = 80
LOGO_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


class KioskConfigError(UserError, ValueError):
    def __init__(self, file: str, reason: str) -> None:
        self.file, self.reason = file, reason
        super().__init__(f"{file}: {reason}")


Text = Annotated[str, Meta(pattern=r"\S")]  # a setting's text: not empty, not only spaces
IdleSeconds = Annotated[int, Meta(ge=5, le=3600)]
# A countdown under a second is unseen, an idle time of hours leaves one customer's plan for
# the next.
CountdownSeconds = Annotated[int, Meta(ge=1, le=60)]


@dataclass(frozen=True, kw_only=True)
class KioskFile:
    """The file's settings as written, each checked by its type at reading (``from_dict``)."""

    shop_name: Text | None = None  # required: None says so in the shop's words, not a type's
    pin_hash: Text | None = None  # required, likewise
    language: Language = "zh_CN"
    currency: Currency = "CNY"
    logo: Text | None = None  # beside the configuration
    idle_seconds: IdleSeconds = 120
    countdown_seconds: CountdownSeconds = 10
    price_list: Text | None = None  # beside the configuration
    in_stock_only: bool = True
    printer: Text | None = None  # a printer's name, or "pdf:<folder>"
    scenarios: Annotated[tuple[KioskScenario, ...], Meta(min_length=1)] = SCENARIOS
    # Shops usually hide the probe.
    pages: Annotated[tuple[KioskPage, ...], Meta(min_length=1)] = DEFAULT_PAGES
    comment: Any = None  # for the shop's own notes


SETTINGS = tuple(f.name for f in fields(KioskFile))


def _whole_number(hint: object) -> str:
    """'a whole number from 5 to 3600': the words for an ``Annotated[int, Meta(...)]``."""
    meta = get_args(hint)[1]
    return f"a whole number from {meta.ge} to {meta.le}"


# What each setting must be: the one message for a wrong type and a value out of range alike;
# any other setting is a text.
MUST_BE = {
    "language": " or ".join(get_args(Language)),
    "currency": " or ".join(get_args(Currency)),
    "in_stock_only": "true or false",
    "scenarios": f"a non-empty list from: {', '.join(SCENARIOS)}",
    "pages": f"a non-empty list from: {', '.join(PAGES)}",
    "idle_seconds": _whole_number(IdleSeconds),
    "countdown_seconds": _whole_number(CountdownSeconds),
}


@dataclass(frozen=True, kw_only=True)
class KioskConfig:
    shop_name: str
    pin_hash: str
    language: Language = "zh_CN"
    currency: Currency = "CNY"
    logo: Path | None = None
    idle_seconds: int = 120
    countdown_seconds: int = 10
    price_list: Path | None = None
    in_stock_only: bool = True
    printer: str | None = None  # a printer's name, or "pdf:<folder>"
    scenarios: tuple[KioskScenario, ...] = SCENARIOS
    pages: tuple[KioskPage, ...] = DEFAULT_PAGES
    path: Path | None = None


def load_config(path: Path) -> KioskConfig:
    name = str(path)

    def refuse(reason: str) -> NoReturn:
        raise KioskConfigError(name, reason)

    settings = _read(path, refuse)
    if settings.shop_name is None:
        refuse("'shop_name' is required")
    if settings.pin_hash is None:
        refuse("'pin_hash' is required")
    # The shop's name is shown in the window's title, on every report and in the logs: inert,
    # whatever the file holds (issue 51).
    shop, pin_hash = user_text(settings.shop_name), settings.pin_hash.strip()
    if not shop:
        refuse("'shop_name' must be a non-empty string")
    if len(shop) > MAX_SHOP_NAME:
        refuse(f"'shop_name' is longer than {MAX_SHOP_NAME} characters")
    problem = check_hash_format(pin_hash)
    if problem:
        refuse(problem)
    if settings.countdown_seconds >= settings.idle_seconds:
        refuse("'countdown_seconds' must be shorter than 'idle_seconds'")
    logo = _beside(path, "logo", settings.logo, refuse)
    if logo is not None and (
        logo.stat().st_size > MAX_LOGO_BYTES or logo.suffix.lower() not in LOGO_SUFFIXES
    ):
        refuse("'logo' must be a PNG, JPEG or SVG of at most 2 MB")
    printer = settings.printer.strip() if settings.printer else None
    if printer and printer.startswith("pdf:") and not Path(printer[4:]).expanduser().is_dir():
        refuse(f"'printer': the folder {printer[4:]} does not exist")
    return KioskConfig(
        shop_name=shop,
        pin_hash=pin_hash,
        language=settings.language,
        currency=settings.currency,
        logo=logo,
        idle_seconds=settings.idle_seconds,
        countdown_seconds=settings.countdown_seconds,
        price_list=_beside(path, "price_list", settings.price_list, refuse),
        in_stock_only=settings.in_stock_only,
        printer=printer,
        scenarios=tuple(dict.fromkeys(settings.scenarios)),
        pages=tuple(dict.fromkeys(settings.pages)),
        path=path,
    )


def _read(path: Path, refuse: Callable[[str], NoReturn]) -> KioskFile:
    """The file's settings, each of the right type, or the reason it is refused."""
    if not path.exists():
        refuse(
            "there is no kiosk configuration here; create one (from the example) with: "
            f"gpuplanner kiosk set-pin --config {path}"
        )
    try:
        raw = read_regular(path, MAX_CONFIG_BYTES)
    except FileRefused as exc:
        refuse(exc.reason)
    data = _decode(raw, refuse)
    if not isinstance(data, dict):
        refuse("the configuration must be a JSON object")
    unknown = sorted(set(data) - set(SETTINGS))
    if unknown:
        refuse(f"unknown setting(s): {', '.join(unknown)}")
    try:
        return from_dict(KioskFile, data)
    except FieldError as exc:
        key = exc.field
        if key in MUST_BE:
            refuse(f"'{key}' must be {MUST_BE[key]}")
        refuse(f"'{key}' must be a non-empty string")


def _decode(raw: bytes, refuse: Callable[[str], NoReturn]) -> object:
    """The file's JSON, or the reason it is not JSON the kiosk can read."""
    try:
        return load_json(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        refuse("not UTF-8 text")
    except json.JSONDecodeError as exc:
        refuse(f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}")
    except RecursionError:
        refuse("not a usable JSON file: nested too deeply")
    except ValueError as exc:  # a number too long to convert, or not finite
        refuse(f"not a usable JSON file: {exc}")


def _beside(
    config: Path, key: str, value: str | None, refuse: Callable[[str], NoReturn]
) -> Path | None:
    """A file named by the configuration, which must lie in its folder: a path elsewhere could
    make the kiosk read (and a refusal show) any file of the machine."""
    if value is None:
        return None
    value = value.strip()
    folder = config.parent.resolve()
    resolved = (folder / value).resolve()
    if not resolved.is_relative_to(folder):
        refuse(f"'{key}': {value} is outside the configuration's folder; put it beside it")
    if not resolved.is_file():
        refuse(f"'{key}': {value} does not exist")
    return resolved


def write_pin(path: Path, pin_hash: str, example: Path | None = None) -> None:
    """Set ``pin_hash`` in the configuration file, keeping its other settings.

    An empty file (a save an older version was interrupted in) starts again from ``example``;
    a file that is not JSON is left as it is and refused, never overwritten.
    """
    data: object = {}
    raw = b""
    if path.exists():
        try:
            raw = read_regular(path, MAX_CONFIG_BYTES)
        except FileRefused as exc:
            raise KioskConfigError(str(path), exc.reason) from None
    if raw.strip():
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError too
            raise KioskConfigError(
                str(path), "not valid JSON: fix it, or move it away to start from the example"
            ) from None
    elif example is not None:
        data = json.loads(example.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise KioskConfigError(str(path), "the configuration must be a JSON object")
    data["pin_hash"] = pin_hash
    # It holds the PIN's hash: a new file is the user's alone, an old one keeps its mode.
    atomic.write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n", secret=True)
