"""The kiosk configuration file (JSON): every field checked; a bad file never starts the kiosk unlocked.

See docs/KIOSK.md and resources/kiosk/example-kiosk.json.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.core import atomic
from gpuplanner.core.boundedio import FileRefused, read_regular
from gpuplanner.core.errors import UserError
from gpuplanner.kiosk.pin import check_hash_format

PAGES = ("computer", "probe", "workload", "results", "report")
SCENARIOS = ("student", "sme", "llm")
MAX_LOGO_BYTES = 2 * 1024 * 1024
SETTINGS = (
    "shop_name",
    "pin_hash",
    "language",
    "currency",
    "logo",
    "idle_seconds",
    "countdown_seconds",
    "price_list",
    "in_stock_only",
    "printer",
    "scenarios",
    "pages",
    "comment",
)


class KioskConfigError(UserError, ValueError):
    def __init__(self, file: str, reason: str) -> None:
        self.file, self.reason = file, reason
        super().__init__(f"{file}: {reason}")


@dataclass(frozen=True)
class KioskConfig:
    shop_name: str
    pin_hash: str
    language: str = "zh_CN"
    currency: str = "CNY"
    logo: Path | None = None
    idle_seconds: int = 120
    countdown_seconds: int = 10
    price_list: Path | None = None
    in_stock_only: bool = True
    printer: str | None = None  # a printer's name, or "pdf:<folder>"
    scenarios: tuple[str, ...] = SCENARIOS
    pages: tuple[str, ...] = (
        "computer",
        "workload",
        "results",
        "report",
    )  # shops usually hide the probe
    path: Path | None = None


MAX_CONFIG_BYTES = 256 * 1024


def load_config(path: Path) -> KioskConfig:
    name = str(path)
    if not path.exists():
        raise KioskConfigError(
            name,
            "there is no kiosk configuration here; create one (from the example) with: "
            f"gpuplanner kiosk set-pin --config {name}",
        )
    try:
        raw = read_regular(path, MAX_CONFIG_BYTES)
    except FileRefused as exc:
        raise KioskConfigError(name, exc.reason) from None
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise KioskConfigError(name, "not UTF-8 text") from None
    except (RecursionError, ValueError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            raise KioskConfigError(
                name, f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}"
            ) from None
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise KioskConfigError(name, f"not a usable JSON file: {reason}") from None
    if not isinstance(data, dict):
        raise KioskConfigError(name, "the configuration must be a JSON object")
    unknown = sorted(set(data) - set(SETTINGS))
    if unknown:
        raise KioskConfigError(name, f"unknown setting(s): {', '.join(unknown)}")

    def text(key: str, required: bool = False) -> str | None:
        value = data.get(key)
        if value is None:
            if required:
                raise KioskConfigError(name, f"'{key}' is required")
            return None
        if not isinstance(value, str) or not value.strip():
            raise KioskConfigError(name, f"'{key}' must be a non-empty string")
        return value.strip()

    def integer(key: str, default: int, low: int, high: int) -> int:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise KioskConfigError(name, f"'{key}' must be a whole number from {low} to {high}")
        return value

    def choices(key: str, allowed: tuple[str, ...], default: tuple[str, ...]) -> tuple[str, ...]:
        value = data.get(key, list(default))
        if not isinstance(value, list) or not value or any(v not in allowed for v in value):
            raise KioskConfigError(
                name, f"'{key}' must be a non-empty list from: {', '.join(allowed)}"
            )
        return tuple(dict.fromkeys(value))

    def file(key: str) -> Path | None:
        value = text(key)
        if value is None:
            return None
        folder = path.parent.resolve()
        resolved = (folder / value).resolve()
        # Only the shop's own files, beside the configuration: a path elsewhere could make the
        # kiosk read (and a refusal show) any file of the machine.
        if not resolved.is_relative_to(folder):
            raise KioskConfigError(
                name, f"'{key}': {value} is outside the configuration's folder; put it beside it"
            )
        if not resolved.is_file():
            raise KioskConfigError(name, f"'{key}': {value} does not exist")
        return resolved

    shop = text("shop_name", required=True)
    if len(shop) > 80:
        raise KioskConfigError(name, "'shop_name' is longer than 80 characters")
    pin_hash = text("pin_hash", required=True)
    problem = check_hash_format(pin_hash)
    if problem:
        raise KioskConfigError(name, problem)
    language = text("language") or "zh_CN"
    if language not in ("zh_CN", "en"):
        raise KioskConfigError(name, "'language' must be zh_CN or en")
    currency = text("currency") or "CNY"
    if currency not in ("CNY", "USD"):
        raise KioskConfigError(name, "'currency' must be CNY or USD")
    idle = integer("idle_seconds", 120, 5, 3600)
    countdown = integer("countdown_seconds", 10, 1, 60)
    if countdown >= idle:
        raise KioskConfigError(name, "'countdown_seconds' must be shorter than 'idle_seconds'")
    logo = file("logo")
    if logo is not None and (
        logo.stat().st_size > MAX_LOGO_BYTES
        or logo.suffix.lower() not in (".png", ".jpg", ".jpeg", ".svg")
    ):
        raise KioskConfigError(name, "'logo' must be a PNG, JPEG or SVG of at most 2 MB")
    stock = data.get("in_stock_only", True)
    if not isinstance(stock, bool):
        raise KioskConfigError(name, "'in_stock_only' must be true or false")
    printer = text("printer")
    if printer and printer.startswith("pdf:") and not Path(printer[4:]).expanduser().is_dir():
        raise KioskConfigError(name, f"'printer': the folder {printer[4:]} does not exist")
    return KioskConfig(
        shop_name=shop,
        pin_hash=pin_hash,
        language=language,
        currency=currency,
        logo=logo,
        idle_seconds=idle,
        countdown_seconds=countdown,
        price_list=file("price_list"),
        in_stock_only=stock,
        printer=printer,
        scenarios=choices("scenarios", SCENARIOS, SCENARIOS),
        pages=choices("pages", PAGES, KioskConfig.pages),
        path=path,
    )


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
    atomic.write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
