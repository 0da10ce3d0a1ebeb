"""Reports from ``nvidia-smi``: ``-q -x`` (XML), ``-q`` (text) and ``--query-gpu ... --format=csv``.

A lab manager imports these for machines that do not run gpuplanner. Every field is
optional: old drivers, hand-trimmed files and Windows reports leave many out, and
"N/A", "[N/A]" or "Requested functionality has been deprecated" mean unknown.
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from gpuplanner.core.boundedio import utf16_encoding
from gpuplanner.core.errors import UserError
from gpuplanner.hardware.pcie import nvml_bus_id_to_sysfs, width_from_text
from gpuplanner.hardware.records import GpuDevice, PcieLink

MAX_REPORT_BYTES = 50 * 1024 * 1024


class ReportError(UserError, ValueError):
    """A report that cannot be read, with the file and the reason."""


@dataclass(frozen=True)
class Report:
    driver_version: str | None
    cuda_version: str | None
    attached_gpus: int | None
    gpus: tuple[GpuDevice, ...]
    kind: str  # nvidia-smi-xml, nvidia-smi-text, nvidia-smi-csv
    notes: tuple[str, ...] = ()


_UNKNOWN = {"", "n/a", "[n/a]", "not available", "unknown error", "[unknown error]", "none"}


def _clean(text: str | None) -> str | None:
    if text is None:
        return None
    value = text.strip()
    if (
        value.lower() in _UNKNOWN
        or "deprecated" in value.lower()
        or "not supported" in value.lower()
    ):
        return None
    return value


def _number(text: str | None) -> float | None:
    value = _clean(text)
    if value is None:
        return None
    match = re.match(r"^\s*(-?\d+(?:\.\d+)?)", value)
    return float(match.group(1)) if match else None


def _integer(text: str | None) -> int | None:
    value = _number(text)
    return int(value) if value is not None else None


def _version(text: str | None) -> str | None:
    """'610.57.04 [Deprecated; ...]' -> '610.57.04'."""
    value = (text or "").split("[", 1)[0].strip()
    return _clean(value)


def _enabled(text: str | None) -> bool | None:
    value = _clean(text)
    if value is None:
        return None
    return value.lower() in ("enabled", "yes", "on")


def _pci_id(device_id: str | None) -> str | None:
    """'0x268410DE' or '268410DE' -> '10de:2684'."""
    value = _clean(device_id)
    if not value:
        return None
    hex_text = value.lower().removeprefix("0x").rjust(8, "0")
    return f"{hex_text[4:]}:{hex_text[:4]}"


# -- XML (-q -x) ----------------------------------------------------------------------------


def _find(element: ET.Element | None, path: str) -> str | None:
    if element is None:
        return None
    found = element.find(path)
    return found.text if found is not None else None


def _first(element: ET.Element, *paths: str) -> str | None:
    for path in paths:
        value = _clean(_find(element, path))
        if value is not None:
            return value
    return None


def _xml_throttle(gpu: ET.Element) -> tuple[str, ...]:
    active = []
    for tag in ("clocks_event_reasons", "clocks_throttle_reasons"):
        group = gpu.find(tag)
        if group is None:
            continue
        for child in group:
            if (child.text or "").strip() == "Active":
                name = re.sub(r"^clocks_(event|throttle)_reason_", "", child.tag)
                if name not in ("gpu_idle", "applications_clocks_setting"):
                    active.append(name)
    return tuple(active)


def parse_xml(data: bytes | str) -> Report:
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise ReportError(f"not valid XML: {exc}") from None
    if root.tag != "nvidia_smi_log":
        raise ReportError(f"not an nvidia-smi -q -x report (root element <{root.tag}>)")
    driver = _version(_find(root, "driver_version"))
    cuda = _version(_find(root, "cuda_version"))
    gpus = []
    for index, gpu in enumerate(root.findall("gpu")):
        link = gpu.find("pci/pci_gpu_link_info")
        power = gpu.find("gpu_power_readings")
        if power is None:
            power = gpu.find("power_readings")
        pcie = PcieLink(
            current_gen=_integer(_find(link, "pcie_gen/current_link_gen")),
            current_width=width_from_text(_clean(_find(link, "link_widths/current_link_width"))),
            max_gen=_integer(_find(link, "pcie_gen/max_link_gen")),
            max_width=width_from_text(_clean(_find(link, "link_widths/max_link_width"))),
            card_max_gen=_integer(_find(link, "pcie_gen/max_device_link_gen")),
            slot_max_gen=_integer(_find(link, "pcie_gen/max_host_link_gen")),
            replay_count=_integer(_find(gpu, "pci/replay_counter")),
            source="nvidia-smi-xml",
        )
        bus_id = _clean(gpu.get("id")) or _clean(_find(gpu, "pci/pci_bus_id"))
        gpus.append(
            GpuDevice(
                index=index,
                vendor="NVIDIA",
                name=_clean(_find(gpu, "product_name")) or "NVIDIA GPU",
                bus_id=nvml_bus_id_to_sysfs(bus_id) if bus_id else None,
                uuid=_clean(_find(gpu, "uuid")),
                pci_device_id=_pci_id(_find(gpu, "pci/pci_device_id")),
                memory_total_mib=_number(_find(gpu, "fb_memory_usage/total")),
                memory_used_mib=_number(_find(gpu, "fb_memory_usage/used")),
                driver="nvidia",
                driver_version=driver,
                cuda_driver_version=cuda,
                power_limit_w=_number(_first(power, "current_power_limit", "power_limit"))
                if power is not None
                else None,
                power_default_limit_w=_number(_find(power, "default_power_limit")),
                power_enforced_limit_w=_number(_find(power, "enforced_power_limit")),
                power_min_limit_w=_number(_find(power, "min_power_limit")),
                power_max_limit_w=_number(_find(power, "max_power_limit")),
                power_draw_w=_number(
                    _first(power, "power_draw", "average_power_draw", "instant_power_draw")
                )
                if power is not None
                else None,
                temperature_c=_number(_find(gpu, "temperature/gpu_temp")),
                fan_percent=_number(_find(gpu, "fan_speed")),
                clock_graphics_mhz=_number(_find(gpu, "clocks/graphics_clock")),
                clock_sm_mhz=_number(_find(gpu, "clocks/sm_clock")),
                clock_memory_mhz=_number(_find(gpu, "clocks/mem_clock")),
                clock_graphics_max_mhz=_number(_find(gpu, "max_clocks/graphics_clock")),
                clock_memory_max_mhz=_number(_find(gpu, "max_clocks/mem_clock")),
                throttle_reasons=_xml_throttle(gpu),
                performance_state=_clean(_find(gpu, "performance_state")),
                ecc_enabled=_enabled(_find(gpu, "ecc_mode/current_ecc")),
                mig_enabled=_enabled(_find(gpu, "mig_mode/current_mig")),
                pcie=pcie if link is not None else None,
            )
        )
    attached = _integer(_find(root, "attached_gpus"))
    notes = []
    if attached is not None and attached != len(gpus):
        notes.append(f"the report says {attached} GPUs are attached but describes {len(gpus)}")
    return Report(driver, cuda, attached, tuple(gpus), "nvidia-smi-xml", tuple(notes))


# -- text (-q) ----------------------------------------------------------------------------


# "    Key      : value"; keys may hold colons ("GPU 00000000:01:00.0"), values follow " : ".
def _split_line(line: str) -> tuple[int, str, str | None, bool]:
    """(indent, key, value, ends with " :") of one report line, in linear time.

    nvidia-smi writes "    Key                    : value" or a section heading "    Key" (and
    "Key :" with nothing after). A regular expression with a lazy key and optional " : " once
    backtracked over long runs of spaces: 43 s for one 120,000-space line.
    """
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    colon = body.find(" :")
    while colon >= 0 and not (colon + 2 == len(body) or body[colon + 2] == " "):
        colon = body.find(" :", colon + 1)
    if colon < 0:
        return indent, body.strip(), None, False
    value = body[colon + 3 :] if colon + 2 < len(body) else None
    return indent, body[:colon].strip(), value, value is None


def _text_tree(text: str) -> dict:
    """Indentation to nested dicts; repeated section names (one per GPU) become lists."""
    root: dict = {}
    stack: list[tuple[int, dict]] = [(-1, root)]
    for raw in text.splitlines():
        line = raw.replace("\t", "    ").rstrip()
        if not line.strip() or line.strip().startswith("="):
            continue
        indent, key, value, bare_colon = _split_line(line)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if value is None and not bare_colon:
            child: dict = {}
            if key in parent:
                existing = parent[key]
                if isinstance(existing, list):
                    existing.append(child)  # in place: a copy per repeat was quadratic
                else:
                    parent[key] = [existing, child]
            else:
                parent[key] = child
            stack.append((indent, child))
        else:
            parent.setdefault(key, value.strip() if value else "")
    return root


def _get(tree: dict | None, *path: str) -> str | None:
    node: object = tree
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node if isinstance(node, str) else None


def _any(tree: dict, *paths: tuple[str, ...]) -> str | None:
    """The first of several places that holds a known value (layouts differ by driver)."""
    for path in paths:
        value = _clean(_get(tree, *path))
        if value is not None:
            return value
    return None


def parse_text(text: str) -> Report:
    tree = _text_tree(text)
    sections = [
        (k, v) for k, v in tree.items() if k.startswith("GPU ") and isinstance(v, dict | list)
    ]
    if not sections and "Driver Version" not in tree:
        raise ReportError("not an nvidia-smi -q report (no 'Driver Version' or 'GPU' sections)")
    driver = _version(_get(tree, "KMD Version")) or _version(_get(tree, "Driver Version"))
    cuda = _version(_get(tree, "CUDA UMD Version")) or _version(_get(tree, "CUDA Version"))
    gpus = []
    for key, value in sections:
        for gpu in value if isinstance(value, list) else [value]:
            if "Product Name" not in gpu:
                continue  # a MIG device section, not a GPU
            link = ("PCI", "GPU Link Info")
            power = "GPU Power Readings" if "GPU Power Readings" in gpu else "Power Readings"
            limit = _any(
                gpu,
                (power, "GPU Ceiling Power Limit", "Current Power Limit"),
                (power, "Current Power Limit"),
                (power, "Power Limit"),
            )
            draw = _any(
                gpu,
                (power, "Power Draw"),
                (power, "Average Power Draw"),
                (power, "Instantaneous Power Draw"),
            )
            default_limit = _any(
                gpu,
                (power, "GPU Ceiling Power Limit", "Default Power Limit"),
                (power, "Default Power Limit"),
            )
            bus_id = key[4:].strip() or _get(gpu, "PCI", "Bus Id")
            gpus.append(
                GpuDevice(
                    index=len(gpus),
                    vendor="NVIDIA",
                    name=_clean(_get(gpu, "Product Name")) or "NVIDIA GPU",
                    bus_id=nvml_bus_id_to_sysfs(bus_id) if bus_id else None,
                    uuid=_clean(_get(gpu, "GPU UUID")),
                    pci_device_id=_pci_id(_get(gpu, "PCI", "Device Id")),
                    memory_total_mib=_number(_get(gpu, "FB Memory Usage", "Total")),
                    memory_used_mib=_number(_get(gpu, "FB Memory Usage", "Used")),
                    driver="nvidia",
                    driver_version=driver,
                    cuda_driver_version=cuda,
                    power_limit_w=_number(limit),
                    power_default_limit_w=_number(default_limit),
                    power_min_limit_w=_number(_get(gpu, power, "Min Power Limit")),
                    power_max_limit_w=_number(_get(gpu, power, "Max Power Limit")),
                    power_draw_w=_number(draw),
                    temperature_c=_number(_get(gpu, "Temperature", "GPU Current Temp")),
                    fan_percent=_number(_get(gpu, "Fan Speed")),
                    clock_graphics_mhz=_number(_get(gpu, "Clocks", "Graphics")),
                    clock_sm_mhz=_number(_get(gpu, "Clocks", "SM")),
                    clock_memory_mhz=_number(_get(gpu, "Clocks", "Memory")),
                    clock_graphics_max_mhz=_number(_get(gpu, "Max Clocks", "Graphics")),
                    clock_memory_max_mhz=_number(_get(gpu, "Max Clocks", "Memory")),
                    performance_state=_clean(_get(gpu, "Performance State")),
                    ecc_enabled=_enabled(_get(gpu, "ECC Mode", "Current")),
                    mig_enabled=_enabled(_get(gpu, "MIG Mode", "Current")),
                    pcie=PcieLink(
                        current_gen=_integer(_get(gpu, *link, "PCIe Generation", "Current")),
                        current_width=width_from_text(
                            _clean(_get(gpu, *link, "Link Width", "Current"))
                        ),
                        max_gen=_integer(_get(gpu, *link, "PCIe Generation", "Max")),
                        max_width=width_from_text(_clean(_get(gpu, *link, "Link Width", "Max"))),
                        card_max_gen=_integer(_get(gpu, *link, "PCIe Generation", "Device Max")),
                        slot_max_gen=_integer(_get(gpu, *link, "PCIe Generation", "Host Max")),
                        replay_count=_integer(_get(gpu, "PCI", "Replays Since Reset")),
                        source="nvidia-smi-text",
                    ),
                )
            )
    attached = _integer(_get(tree, "Attached GPUs"))
    return Report(driver, cuda, attached, tuple(gpus), "nvidia-smi-text")


# -- CSV (--query-gpu) --------------------------------------------------------------------


def parse_csv(text: str) -> Report:
    rows = list(csv.reader(io.StringIO(text), skipinitialspace=True))
    if not rows or "name" not in [c.split(" [", 1)[0].strip() for c in rows[0]]:
        raise ReportError("not an nvidia-smi --query-gpu CSV with a header (use --format=csv)")
    header = [c.split(" [", 1)[0].strip() for c in rows[0]]
    gpus = []
    driver = cuda = None
    for index, cells in enumerate(r for r in rows[1:] if any(c.strip() for c in r)):
        row = dict(zip(header, (c.strip() for c in cells), strict=False))
        driver = _version(row.get("kmd_version")) or _version(row.get("driver_version")) or driver
        bus_id = _clean(row.get("pci.bus_id"))
        gpus.append(
            GpuDevice(
                index=index,
                vendor="NVIDIA",
                name=_clean(row.get("name")) or "NVIDIA GPU",
                bus_id=nvml_bus_id_to_sysfs(bus_id) if bus_id else None,
                uuid=_clean(row.get("uuid")),
                pci_device_id=_pci_id(row.get("pci.device_id")),
                memory_total_mib=_number(row.get("memory.total")),
                memory_used_mib=_number(row.get("memory.used")),
                driver="nvidia",
                driver_version=driver,
                compute_capability=_clean(row.get("compute_cap")),
                power_limit_w=_number(row.get("power.limit")),
                power_default_limit_w=_number(row.get("power.default_limit")),
                power_enforced_limit_w=_number(row.get("enforced.power.limit")),
                power_min_limit_w=_number(row.get("power.min_limit")),
                power_max_limit_w=_number(row.get("power.max_limit")),
                power_draw_w=_number(row.get("power.draw")),
                temperature_c=_number(row.get("temperature.gpu")),
                fan_percent=_number(row.get("fan.speed")),
                clock_graphics_mhz=_number(row.get("clocks.current.graphics")),
                clock_sm_mhz=_number(row.get("clocks.current.sm")),
                clock_memory_mhz=_number(row.get("clocks.current.memory")),
                clock_graphics_max_mhz=_number(row.get("clocks.max.graphics")),
                clock_memory_max_mhz=_number(row.get("clocks.max.memory")),
                performance_state=_clean(row.get("pstate")),
                ecc_enabled=_enabled(row.get("ecc.mode.current")),
                mig_enabled=_enabled(row.get("mig.mode.current")),
                pcie=PcieLink(
                    current_gen=_integer(row.get("pcie.link.gen.current")),
                    current_width=width_from_text(_clean(row.get("pcie.link.width.current"))),
                    max_gen=_integer(row.get("pcie.link.gen.max")),
                    max_width=width_from_text(_clean(row.get("pcie.link.width.max"))),
                    card_max_gen=_integer(row.get("pcie.link.gen.gpumax")),
                    slot_max_gen=_integer(row.get("pcie.link.gen.hostmax")),
                    source="nvidia-smi-csv",
                )
                if "pcie.link.gen.current" in row
                else None,
            )
        )
    return Report(driver, cuda, len(gpus), tuple(gpus), "nvidia-smi-csv")


def parse_report(data: bytes) -> Report:
    """Any of the three formats, told apart by content."""
    if len(data) > MAX_REPORT_BYTES:
        raise ReportError(
            f"the file is {len(data) // 2**20} MB; an nvidia-smi report is far smaller"
        )
    wide = utf16_encoding(data)  # PowerShell's ">" writes UTF-16
    if wide:
        try:
            text = data.decode(wide).lstrip("\ufeff")
        except UnicodeDecodeError as exc:
            raise ReportError(f"broken UTF-16 text at byte {exc.start}") from None
    elif b"\x00" in data[:4096]:
        raise ReportError("this is a binary file, not an nvidia-smi report")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    stripped = text.lstrip()
    if stripped.startswith("<"):
        # Parse the decoded text, its declared encoding set aside: it was decoded already.
        body = re.sub(r"^\s*<\?xml[^>]*\?>", "", stripped, count=1)
        return parse_xml(body.encode("utf-8"))
    if "NVSMI LOG" in text[:500] or re.search(r"^Driver Version\s*:", text, re.M):
        return parse_text(text)
    if stripped.lower().startswith(("name", "timestamp", "index", "pci.bus_id", "uuid")):
        return parse_csv(text)
    raise ReportError("not an nvidia-smi report (expected -q -x XML, -q text or --query-gpu CSV)")
