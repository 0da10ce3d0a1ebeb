"""Live power-supply read-outs: liquidctl (optional extra ``psu``) and the corsair-psu hwmon driver.

Supported PSUs only (Corsair HXi/RMi, NZXT E-series; not Corsair AXi). Corsair's "input
power" is estimated by liquidctl from the output with an efficiency curve, never measured.
NZXT reports rails only: the total output is the sum of the rails.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from gpuplanner.hardware.records import PsuReading, PsuStatus

log = logging.getLogger(__name__)


def _rows_to_reading(device: str, rows: list[tuple[str, object, str]], source: str) -> PsuReading:
    values: dict[str, object] = {key.strip().lower(): value for key, value, _unit in rows}

    def number(*keys: str) -> float | None:
        for key in keys:
            value = values.get(key)
            if isinstance(value, int | float):
                return float(value)
        return None

    output = number("total power output", "total power")
    if output is None:
        rails = [
            v
            for k, v in values.items()
            if k.endswith("output power") and isinstance(v, int | float)
        ]
        output = round(sum(rails), 2) if rails else None
    rail_12v = number("+12v output power")
    if rail_12v is None:
        twelve = [
            v
            for k, v in values.items()
            if k.startswith("+12v") and k.endswith("output power") and isinstance(v, int | float)
        ]
        rail_12v = round(sum(twelve), 2) if twelve else None
    temperature = number("vrm temperature", "temperature 1", "temperature")
    ocp = values.get("+12v ocp mode")
    return PsuReading(
        device=device,
        source=source,
        output_power_w=output,
        input_power_w=number("estimated input power"),
        input_power_estimated=True,
        input_voltage_v=number("input voltage"),
        rail_12v_power_w=rail_12v,
        temperature_c=temperature,
        efficiency_percent=number("estimated efficiency"),
        ocp_mode=str(ocp) if ocp is not None else None,
    )


# A saved ``liquidctl status``: the device's name alone on a line (or "Device 0, <name>" in
# liquidctl's flat format), then "key   value  unit" rows, each behind a tree's branch in
# liquidctl 1.9 and later. Only the supplies liquidctl reads (read_liquidctl's pattern).
SUPPORTED = re.compile(r"corsair (?:hx|rm)\d+i|nzxt e\d+", re.I)
_ROW = re.compile(r"^[\s├└│─]*(?P<key>\S.*?)\s{2,}(?P<value>\S.*?)\s*$")
_NUMBER = re.compile(r"(?P<number>-?\d+(?:\.\d+)?)\s*(?P<unit>\S*)")
_DEVICE = re.compile(r"^(?:Device \d+, )?(?P<name>.+?)(?: \(experimental\))?\s*$")


def parse_liquidctl_status(text: str) -> PsuReading | None:
    """One supply's reading from the text ``liquidctl status`` printed, or None when the text
    names no supply liquidctl reads."""
    device = None
    rows: list[tuple[str, object, str]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#") or line.startswith("WARNING"):
            continue
        row = _ROW.match(line)
        if device is not None:
            if row is None:
                break  # the next device's name: liquidctl lists every device it found
            number = _NUMBER.fullmatch(row["value"])
            if number is not None:
                rows.append((row["key"], float(number["number"]), number["unit"]))
            else:
                rows.append((row["key"], row["value"], ""))  # "+12V OCP mode   Multi rail"
            continue
        named = _DEVICE.match(line.strip())
        if named is not None and SUPPORTED.search(named["name"]):
            device = named["name"]
    if device is None or not rows:
        return None
    return _rows_to_reading(device, rows, "liquidctl-file")


def rated_watts(device: str) -> int | None:
    """A supply's rated output from its model name, where the maker's names carry it: Corsair
    RM1000i and HX1200i, NZXT E500 and E850 are 1,000, 1,200, 500 and 850 W units."""
    found = re.search(r"(?:corsair (?:hx|rm)|nzxt e)(\d{3,4})", device, re.I)
    return int(found[1]) if found else None


def read_liquidctl() -> tuple[list[PsuReading], PsuStatus]:
    """Readings from every PSU liquidctl can open, and a status: ok, absent, none-found, error."""
    try:
        from liquidctl import find_liquidctl_devices
    except ImportError:
        return [], "absent"
    readings = []
    try:
        for dev in find_liquidctl_devices():
            description = getattr(dev, "description", "")
            if not SUPPORTED.search(description):
                continue
            try:
                with dev.connect():
                    status = dev.get_status()
            except Exception as exc:  # busy device, permission denied, USB hiccup
                log.warning("liquidctl could not read %s: %s", description, exc)
                continue
            readings.append(_rows_to_reading(description, list(status), "liquidctl"))
    except Exception as exc:  # a broken liquidctl install must not break the scan
        log.warning("liquidctl failed: %s", exc)
        return readings, "error"
    return readings, "ok" if readings else "none-found"


def read_corsair_hwmon(root: Path = Path("/")) -> list[PsuReading]:
    """The kernel's corsair-psu driver (5.11+): power1_input is total power in µW."""
    readings = []
    hwmon = root / "sys" / "class" / "hwmon"
    try:
        folders = sorted(hwmon.iterdir())
    except OSError:
        return []
    for folder in folders:
        try:
            if (folder / "name").read_text().strip() != "corsairpsu":
                continue
            power = int((folder / "power1_input").read_text()) / 1e6
        except (OSError, ValueError):
            continue
        try:
            voltage = int((folder / "in0_input").read_text()) / 1000
        except (OSError, ValueError):
            voltage = None
        readings.append(
            PsuReading(
                device="Corsair PSU (hwmon)",
                source="hwmon",
                output_power_w=round(power, 1),
                input_voltage_v=voltage,
            )
        )
    return readings
