"""Reports from ``nvidia-smi``: ``-q -x`` (XML), ``-q`` (text) and ``--query-gpu ... --format=csv``.

A lab manager imports these for machines that do not run gpuplanner. Every field is
optional: old drivers, hand-trimmed files and Windows reports leave many out, and
"N/A", "[N/A]" or "Requested functionality has been deprecated" mean unknown.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from defusedxml import ElementTree as SafeET
from defusedxml.common import DefusedXmlException

from gpuplanner.core.boundedio import utf16_encoding
from gpuplanner.core.errors import UserError
from gpuplanner.hardware import nvidia_smi_fields as fields
from gpuplanner.hardware import psu
from gpuplanner.hardware.nvidia_smi_fields import clean as _clean
from gpuplanner.hardware.nvidia_smi_fields import integer as _integer
from gpuplanner.hardware.nvidia_smi_fields import version as _version
from gpuplanner.hardware.pcie import nvml_bus_id_to_sysfs
from gpuplanner.hardware.records import GpuDevice, MigSlice, PcieLink

MAX_REPORT_BYTES = 50 * 1024 * 1024
# The most GPUs one host holds, with room to spare (snapshot.py holds saved snapshots to it).
MAX_GPUS = 256
_XML_GPU_TAGS = ("<gpu>", "<gpu/>", "<gpu ", "<gpu\n", "<gpu\t", "<gpu\r")
_TEXT_SECTION = re.compile(r"^GPU [0-9A-Fa-f]", re.M)
_BLANK_LINE = re.compile(r"^[^\S\n]*$", re.M)


# The work a report may ask for, by count as well as by size (issue 51): a 49.5 MB XML of 240
# GPUs each with 50,000 empty children was read after 46 s and 1.24 GB; with attributes, 8.6 s
# and 582 MB. The most any recorded report holds a GPU is 1,604 "<" (with its processes), 28
# "=" and 290 lines; these leave several times that. Counted in the raw bytes first (a C search,
# holding nothing), then against the GPUs the report describes.
TAGS_PER_GPU = 6000  # "<" of start and end tags
EQUALS_PER_GPU = 200  # "=" of attributes (and of any text)
LINES_PER_GPU = 2000  # the -q text's lines
COMMAS_PER_GPU = 1000  # a --query-gpu CSV's cells: a row per GPU and the header
_SLACK = 1000  # the report's own head and foot


class ReportError(UserError, ValueError):
    """A report that cannot be read, with the file and the reason."""


class TooMuchWork(ReportError):
    """A report whose elements, attributes, lines or cells are far more than its GPUs need."""


def refuse_by_count(data: bytes) -> None:
    """Refuse a report whose markup no host's report holds, before it is decoded or parsed:
    the tags and attributes of the most GPUs a host holds (lines and cells, which a count of
    GPUs bounds better, are counted once the kind is known)."""
    _refuse_counts(data.count(b"<"), data.count(b"="), 0, 0, None)


def _refuse_counts(tags: int, equals: int, lines: int, commas: int, gpus: int | None) -> None:
    """``gpus``: those the report describes; None: not counted yet (the most a host holds)."""
    bound = MAX_GPUS if gpus is None else max(gpus, 1)
    for count, per_gpu, what in (
        (tags, TAGS_PER_GPU, "XML tags"),
        (equals, EQUALS_PER_GPU, "attributes"),
        (lines, LINES_PER_GPU, "lines"),
        (commas, COMMAS_PER_GPU, "cells"),
    ):
        if count > _SLACK + per_gpu * bound:
            said = (
                f"for {gpus:,} GPU(s); an nvidia-smi report holds at most about {per_gpu:,} a GPU"
                if gpus is not None
                else f"(a report of the most GPUs a host holds, {MAX_GPUS}, has at most about"
                f" {_SLACK + per_gpu * bound:,})"
            )
            raise TooMuchWork(f"the report holds {count:,} {what} {said}, so it is not read")


class TooManyGpus(ReportError):
    """A report of more GPUs than a host holds: refused as it is, never read as another kind."""


def declared_gpus(text: str, kind: str) -> int:
    """How many GPUs a report describes, counted in the text before anything is parsed: a
    6 MB XML of a million ``<gpu/>`` once took 129 s and 1.76 GB before it was refused, a
    query-gpu CSV of three million rows 5.2 GB (issue 42). Each count is a pass of C string
    search over the text, holding nothing per GPU. A ``<gpu>`` inside an XML comment counts
    too: refusing a real report that way takes hundreds of them, which nvidia-smi never writes."""
    if kind == "xml":
        return sum(text.count(tag) for tag in _XML_GPU_TAGS)
    if kind == "text":
        return sum(1 for _ in _TEXT_SECTION.finditer(text))
    segments = text.count("\n") + 1  # the lines, and what follows the last line end
    blank = sum(1 for _ in _BLANK_LINE.finditer(text))
    return max(segments - blank - 1, 0)  # less the header


def _refuse_too_many(text: str, kind: str) -> None:
    count = declared_gpus(text, kind)
    if count > MAX_GPUS:
        raise TooManyGpus(
            f"{count:,} GPUs in one machine; gpuplanner reads at most {MAX_GPUS}"
            " (for a lab, one report per machine in a folder)"
        )
    # Then the work, against the GPUs it describes: 1 GPU with a million children is refused
    # as surely as 240 with 50,000 each.
    _refuse_counts(text.count("<"), text.count("="), text.count("\n"), text.count(","), count)


@dataclass(frozen=True, kw_only=True)
class Report:
    driver_version: str | None
    cuda_version: str | None
    attached_gpus: int | None
    gpus: tuple[GpuDevice, ...]
    kind: str  # nvidia-smi-xml, nvidia-smi-text, nvidia-smi-csv
    # When nvidia-smi wrote it, as the report says (the recording machine's local time, ISO);
    # None where it does not say.
    recorded: str | None = None


# nvidia-smi's timestamps: "Thu Apr 11 14:36:26 2019" (-q, -q -x) and
# "2024/01/15 10:00:00.123" (--query-gpu=timestamp).
_TIMESTAMP_FORMATS = ("%a %b %d %H:%M:%S %Y", "%Y/%m/%d %H:%M:%S.%f", "%Y/%m/%d %H:%M:%S")


def recorded_at(text: str | None) -> str | None:
    """A report's timestamp as an ISO date and time; None when it is not one nvidia-smi writes."""
    if not text:
        return None
    for form in _TIMESTAMP_FORMATS:
        try:
            return dt.datetime.strptime(text.strip(), form).replace(microsecond=0).isoformat()
        except ValueError:
            continue
    return None


Reader = Callable[[fields.Field], "str | None"]


def _device(
    index: int,
    read: Reader,
    kind: str,
    bus_id: str | None,
    driver: str | None,
    cuda: str | None,
    name: str | None,
    throttle: tuple[str, ...],
    has_link: bool,
    mig: tuple[MigSlice, ...] = (),
) -> GpuDevice:
    """The one builder: every fact of ``fields.DEVICE`` and ``fields.LINK`` through ``read``."""
    values: dict[str, Any] = {f.name: f.convert(read(f)) for f in fields.DEVICE}
    facts: dict[str, Any] = {f.name: f.convert(read(f)) for f in fields.LINK}
    link = PcieLink(**facts, source=f"nvidia-smi-{kind}") if has_link else None
    return GpuDevice(
        index=index,
        vendor="NVIDIA",
        name=_clean(name) or "NVIDIA GPU",
        bus_id=nvml_bus_id_to_sysfs(bus_id) if bus_id else None,
        driver="nvidia",
        driver_version=driver,
        cuda_driver_version=cuda,
        throttle_reasons=throttle,
        pcie=link,
        mig_slices=mig[:64],  # at most seven per GPU on any card made
        **values,  # the table's converters give each field its type
    )


def _slowdowns(labels_active: Iterable[tuple[str, bool]]) -> tuple[str, ...]:
    """The active clock-event reasons that slow the card, by their XML names."""
    names = (fields.reason_name(label) for label, active in labels_active if active)
    return tuple(dict.fromkeys(n for n in names if n not in fields.NOT_SLOWDOWNS))


# -- XML (-q -x) ----------------------------------------------------------------------------


def _find(element: ET.Element | None, path: str) -> str | None:
    if element is None:
        return None
    found = element.find(path)
    return found.text if found is not None else None


def _xml_reader(gpu: ET.Element) -> Reader:
    def read(field: fields.Field) -> str | None:
        return next((v for p in field.xml if (v := _clean(_find(gpu, p))) is not None), None)

    return read


def _xml_mig(gpu: ET.Element) -> tuple[MigSlice, ...]:
    return tuple(
        MigSlice(
            fields.number(_find(device, "fb_memory_usage/total")),
            fields.integer(_find(device, "device_attributes/shared/multiprocessor_count")),
        )
        for device in gpu.findall("mig_devices/mig_device")
    )


def _xml_throttle(gpu: ET.Element) -> tuple[str, ...]:
    pairs = [
        (child.tag, (child.text or "").strip() == "Active")
        for tag in ("clocks_event_reasons", "clocks_throttle_reasons")
        for group in [gpu.find(tag)]
        if group is not None
        for child in group
    ]
    return _slowdowns(pairs)


def parse_xml(data: bytes | str) -> Report:
    """An ``-q -x`` report, parsed by defusedxml: no entity expansion, no external entities."""
    try:
        root = SafeET.fromstring(data)
    except DefusedXmlException:
        raise ReportError(
            "the XML declares entities or a DTD, which an nvidia-smi report never does"
        ) from None
    except ET.ParseError as exc:
        raise ReportError(f"not valid XML: {exc}") from None
    if root.tag != "nvidia_smi_log":
        raise ReportError(f"not an nvidia-smi -q -x report (root element <{root.tag}>)")
    driver = _version(_find(root, "driver_version"))
    cuda = _version(_find(root, "cuda_version"))
    gpus = [
        _device(
            index,
            _xml_reader(gpu),
            "xml",
            _clean(gpu.get("id")) or _clean(_find(gpu, "pci/pci_bus_id")),
            driver,
            cuda,
            _find(gpu, "product_name"),
            _xml_throttle(gpu),
            gpu.find("pci/pci_gpu_link_info") is not None,
            _xml_mig(gpu),
        )
        for index, gpu in enumerate(root.findall("gpu"))
    ]
    # A report of fewer GPUs than it says are attached is said with the snapshot's findings
    # (hardware/snapshot.py: report-describes-fewer), in the reader's language.
    return Report(
        driver_version=driver,
        cuda_version=cuda,
        attached_gpus=_integer(_find(root, "attached_gpus")),
        gpus=tuple(gpus),
        kind="nvidia-smi-xml",
        recorded=recorded_at(_find(root, "timestamp")),
    )


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


def _first_section(node: object) -> dict:
    """A heading given twice in one GPU (a damaged or concatenated report) is a list of
    sections; the first is the report's."""
    if isinstance(node, list):
        node = next((n for n in node if isinstance(n, dict)), None)
    return node if isinstance(node, dict) else {}


def _get(tree: dict | None, *path: str) -> str | None:
    node: object = tree
    for key in path:
        node = _first_section(node)
        if key not in node:
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


def _text_reader(gpu: dict) -> Reader:
    def read(field: fields.Field) -> str | None:
        return _any(gpu, *field.text)

    return read


def _text_mig(gpu: dict) -> tuple[MigSlice, ...]:
    devices = gpu.get("MIG Device")
    listed = (
        devices if isinstance(devices, list) else [devices] if isinstance(devices, dict) else []
    )
    return tuple(
        MigSlice(
            fields.number(
                _get(device, "Shared FB Memory Usage", "Total")
                or _get(device, "FB Memory Usage", "Total")
            ),
            fields.integer(_get(device, "Device Attributes", "Shared", "Multiprocessor count")),
        )
        for device in listed
        if isinstance(device, dict)
    )


def _text_throttle(gpu: dict) -> tuple[str, ...]:
    pairs = [
        (label, value.strip() == "Active")
        for section in ("Clocks Event Reasons", "Clocks Throttle Reasons")
        for label, value in _first_section(gpu.get(section)).items()
        if isinstance(value, str)
    ]
    return _slowdowns(pairs)


def parse_text(text: str) -> Report:
    tree = _text_tree(text)
    sections = [
        (k, v) for k, v in tree.items() if k.startswith("GPU ") and isinstance(v, dict | list)
    ]
    if not sections and "Driver Version" not in tree:
        raise ReportError("not an nvidia-smi -q report (no 'Driver Version' or 'GPU' sections)")
    driver = _version(_get(tree, "KMD Version")) or _version(_get(tree, "Driver Version"))
    cuda = _version(_get(tree, "CUDA UMD Version")) or _version(_get(tree, "CUDA Version"))
    gpus: list[GpuDevice] = []
    for key, value in sections:
        for gpu in value if isinstance(value, list) else [value]:
            if "Product Name" not in gpu:
                continue  # a MIG device section, not a GPU
            gpus.append(
                _device(
                    len(gpus),
                    _text_reader(gpu),
                    "text",
                    key[4:].strip() or _get(gpu, "PCI", "Bus Id"),
                    driver,
                    cuda,
                    _get(gpu, "Product Name"),
                    _text_throttle(gpu),
                    True,
                    _text_mig(gpu),
                )
            )
    attached = _integer(_get(tree, "Attached GPUs"))
    return Report(
        driver_version=driver,
        cuda_version=cuda,
        attached_gpus=attached,
        gpus=tuple(gpus),
        kind="nvidia-smi-text",
        recorded=recorded_at(_get(tree, "Timestamp")),
    )


# -- CSV (--query-gpu) --------------------------------------------------------------------


def parse_csv(text: str) -> Report:
    rows = list(csv.reader(io.StringIO(text), skipinitialspace=True))
    if not rows or "name" not in [c.split(" [", 1)[0].strip() for c in rows[0]]:
        raise ReportError("not an nvidia-smi --query-gpu CSV with a header (use --format=csv)")
    header = [c.split(" [", 1)[0].strip() for c in rows[0]]
    gpus = []
    driver = recorded = None
    for index, cells in enumerate(r for r in rows[1:] if any(c.strip() for c in r)):
        row = dict(zip(header, (c.strip() for c in cells), strict=False))
        recorded = recorded or recorded_at(row.get("timestamp"))
        driver = _version(row.get("kmd_version")) or _version(row.get("driver_version")) or driver

        def read(field: fields.Field, row: dict = row) -> str | None:
            return next((v for k in field.csv if (v := _clean(row.get(k))) is not None), None)

        reasons = [
            (key, value == "Active")
            for key, value in row.items()
            if key.startswith(("clocks_event_reasons.", "clocks_throttle_reasons."))
        ]
        gpus.append(
            _device(
                index,
                read,
                "csv",
                _clean(row.get("pci.bus_id")),
                driver,
                None,
                row.get("name"),
                _slowdowns(reasons),
                "pcie.link.gen.current" in row,
            )
        )
    return Report(
        driver_version=driver,
        cuda_version=None,
        attached_gpus=len(gpus),
        gpus=tuple(gpus),
        kind="nvidia-smi-csv",
        recorded=recorded,
    )


# nvidia-smi -L: "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)", then one line per MIG device,
# "  MIG 1g.10gb     Device  0: (UUID: MIG-...)". Names and MIG slices, nothing of the link.
_LIST_GPU = re.compile(r"^GPU (\d+): (.+?) \(UUID: [^)]*\)\s*$")
_LIST_MIG = re.compile(r"^\s+MIG (\d+)g\.(\d+)gb\s+Device\s+\d+:")


# What a MIG device really holds, which its profile's name rounds: recorded by nvidia-smi -q
# on an H100 80GB HBM3 (the shared recording nvidia-smi-q_h100-80gb-hbm3_mig-enabled_drv590:
# 3g.40gb 40,448 MiB, 2g.20gb 20,096, 1g.10gb 9,984); a 4g.40gb has the 3g.40gb's four eighths
# of the memory (NVIDIA's MIG user guide, "Supported MIG Profiles"). Any other profile: its
# name's GiB less 5%, what an A100 40GB's 1g.5gb holds (4.75 GiB, 4,864 MiB), the largest
# shortfall seen; the H100's fall 1-2.5% short. Read as decimal GB, a 3g.40gb was 37.3 GiB, and
# a job that fits it was told to turn MIG off.
MIG_RECORDED_MIB = {("H100", 80): {10: 9984.0, 20: 20096.0, 40: 40448.0}}
MIG_NAME_SHARE = 0.95


def _mig_memory_mib(gpu_name: str, profile_gb: int) -> float:
    """A listed MIG device's memory from its GPU's name and its profile's "…gb"."""
    card = re.search(r"\b([AH]\d{2,3})\b.*?(\d+)\s*GB", gpu_name)
    if card:
        recorded = MIG_RECORDED_MIB.get((card[1], int(card[2])), {}).get(profile_gb)
        if recorded is not None:
            return recorded
    return profile_gb * 1024 * MIG_NAME_SHARE


def _list_reader(mig: bool) -> Reader:
    return lambda field: ("Enabled" if mig else None) if field.name == "mig_enabled" else None


def parse_list(text: str) -> Report:
    """An ``nvidia-smi -L`` listing: each GPU by name, with its MIG devices' memory and compute
    (a profile's "10gb" names its memory, ``_mig_memory_mib``; its "1g" its compute slices); no
    link, power or driver facts."""
    listed: list[tuple[str, list[MigSlice]]] = []
    for line in text.splitlines()[: 2 * MAX_GPUS * 8]:  # at most seven MIG lines a GPU
        gpu = _LIST_GPU.match(line)
        if gpu:
            if len(listed) >= MAX_GPUS:
                raise TooManyGpus(f"more than {MAX_GPUS} GPUs in one machine")
            listed.append((gpu.group(2), []))
            continue
        mig = _LIST_MIG.match(line)
        if mig and listed:
            listed[-1][1].append(
                MigSlice(
                    memory_mib=_mig_memory_mib(listed[-1][0], int(mig.group(2))),
                    compute_slices=int(mig.group(1)),
                )
            )
    if not listed:
        raise ReportError("not an nvidia-smi -L listing")
    gpus = tuple(
        _device(
            i, _list_reader(bool(slices)), "list", None, None, None, name, (), False, tuple(slices)
        )
        for i, (name, slices) in enumerate(listed)
    )
    return Report(
        driver_version=None,
        cuda_version=None,
        attached_gpus=len(gpus),
        gpus=gpus,
        kind="nvidia-smi-list",
    )


def parse_report(data: bytes) -> Report:
    """Any of the three formats, told apart by content."""
    if len(data) > MAX_REPORT_BYTES:
        raise ReportError(
            f"the file is {len(data) // 2**20} MB; an nvidia-smi report is far smaller"
        )
    refuse_by_count(data)
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
        _refuse_too_many(body, "xml")
        return parse_xml(body.encode("utf-8"))
    if "NVSMI LOG" in text[:500] or re.search(r"^Driver Version\s*:", text, re.M):
        _refuse_too_many(text, "text")
        return parse_text(text)
    if stripped.lower().startswith(("name", "timestamp", "index", "pci.bus_id", "uuid")):
        _refuse_too_many(stripped, "csv")
        return parse_csv(text)
    if _LIST_GPU.match(stripped.splitlines()[0] if stripped else ""):
        return parse_list(stripped)
    if psu.parse_liquidctl_status(text[:8192]) is not None:
        raise ReportError(
            "a liquidctl status of a power supply, not a GPU report: give it with --psu-from "
            "beside one (scan --from REPORT --psu-from FILE)"
        )
    raise ReportError(
        "not an nvidia-smi report (expected -q -x XML, -q text, --query-gpu CSV or -L)"
    )
