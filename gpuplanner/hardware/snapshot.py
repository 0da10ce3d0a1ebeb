"""Snapshots as JSON files, and nvidia-smi reports imported as snapshots.

A lab manager plans for machines that do not run gpuplanner: a folder of saved snapshots
and ``nvidia-smi -q -x`` (or ``-q``, or ``--query-gpu`` CSV) reports loads as one
snapshot per file. A file that cannot be read is reported with its name and reason and
the others still load.
"""

from __future__ import annotations

import codecs
import csv
import dataclasses
import datetime as dt
import json
import logging
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gpuplanner.core import atomic
from gpuplanner.core.boundedio import FileRefused, json_work, load_json, read_regular
from gpuplanner.core.errors import UserError
from gpuplanner.core.findings import LEGACY_SEVERITY, SEVERITIES, Finding
from gpuplanner.core.serial import from_dict, to_dict
from gpuplanner.core.terminal import clean_cell, excerpt, has_controls
from gpuplanner.hardware.lspci import gpus_from_lspci
from gpuplanner.hardware.nvidia_smi import MAX_GPUS as REPORT_MAX_GPUS
from gpuplanner.hardware.nvidia_smi import (
    MAX_REPORT_BYTES,
    ReportError,
    TooManyGpus,
    TooMuchWork,
    parse_report,
)
from gpuplanner.hardware.nvlink_capture import capture_only, nvlink_links
from gpuplanner.hardware.pcie import link_findings
from gpuplanner.hardware.plausible import plausible
from gpuplanner.hardware.records import (
    SNAPSHOT_VERSION,
    CaseInfo,
    CpuInfo,
    DriverStatus,
    GpuDevice,
    MemoryInfo,
    PowerSupply,
    SystemSnapshot,
)

KIND = "gpuplanner-snapshot"
log = logging.getLogger(__name__)

# The most GPUs one machine is taken to hold: the largest single hosts hold 16 to 64, and every
# GPU costs its name matching (a 700,000-GPU file once took 50 minutes). Refused beyond.
MAX_GPUS = REPORT_MAX_GPUS  # one bound for reports and saved snapshots

REPORT_SUFFIXES = (".xml", ".json", ".txt", ".csv", ".log")


class SnapshotError(UserError, ValueError):
    def __init__(self, file: str, reason: str) -> None:
        self.file, self.reason = file, reason
        super().__init__(f"{file}: {reason}")


def now_iso() -> str:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()


def to_json(snapshot: SystemSnapshot) -> str:
    return json.dumps({"kind": KIND, **to_dict(snapshot)}, ensure_ascii=False, indent=2)


def save(snapshot: SystemSnapshot, path: Path) -> None:
    """Atomic: a killed save leaves the previous file, never half of one."""
    atomic.write_text(path, to_json(snapshot) + "\n")


# What a saved snapshot may build, by count: a GPU's record is about a dozen objects and lists
# and 50 values (tests/data/snapshots), the machine's a few dozen more.
SNAPSHOT_CONTAINERS = 1000 + 100 * MAX_GPUS
SNAPSHOT_VALUES = 5000 + 400 * MAX_GPUS


def from_json(text: str, file: str) -> SystemSnapshot:
    too_much = json_work(text, SNAPSHOT_CONTAINERS, SNAPSHOT_VALUES)
    if too_much:
        raise SnapshotError(file, f"not a gpuplanner snapshot: {too_much}")
    try:
        data = load_json(text)
    except json.JSONDecodeError as exc:
        raise SnapshotError(
            file, f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}"
        ) from None
    except (ValueError, RecursionError) as exc:
        # An integer of thousands of digits, or arrays nested thousands deep.
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise SnapshotError(file, f"not a usable JSON file: {reason}") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise SnapshotError(file, 'not a gpuplanner snapshot (no "kind": "gpuplanner-snapshot")')
    version = data.get("version")
    if not isinstance(version, int):
        raise SnapshotError(file, "the snapshot has no version number")
    if version > SNAPSHOT_VERSION:
        raise SnapshotError(
            file,
            f"written by a newer gpuplanner (snapshot version {excerpt(version)});"
            " update to read it",
        )
    data.pop("kind")
    _one_severity_scale(data)
    if isinstance(data.get("gpus"), list):
        _check_gpu_count(len(data["gpus"]), file)
    try:
        return from_dict(SystemSnapshot, data)
    except (ValueError, TypeError) as exc:
        raise SnapshotError(file, f"invalid snapshot: {exc}") from None


def _one_severity_scale(data: dict) -> None:
    """Findings saved before the one severity scale said "warning" and "error": read as
    "warns" and "blocks", so a snapshot kept from an earlier version keeps its warnings. A
    finding of a severity no version wrote is left out, and the snapshot's notes say so."""
    findings = data.get("findings")
    if not isinstance(findings, list):
        return
    kept, unknown = [], []
    for item in findings:
        severity = item.get("severity") if isinstance(item, dict) else None
        if severity in LEGACY_SEVERITY:
            item["severity"] = LEGACY_SEVERITY[severity]
        elif severity not in SEVERITIES:
            name = item.get("id") if isinstance(item, dict) else None
            unknown.append(f"finding {str(name)[:40]} ({str(severity)[:20]})")
            continue
        kept.append(item)
    if unknown:
        data["findings"] = kept
        notes = data.get("notes")
        said = "not plausible, left out: " + "; ".join(unknown[:10])
        data["notes"] = [*notes, said] if isinstance(notes, list) else [said]


def from_report(data: bytes, file: str) -> SystemSnapshot:
    try:
        report = parse_report(data)
    except (TooManyGpus, TooMuchWork) as exc:
        raise TooManyGpusError(file, str(exc)) from None
    except ReportError as exc:
        raise SnapshotError(file, str(exc)) from None
    except (ValueError, UnicodeError, LookupError, RecursionError, csv.Error) as exc:
        # LookupError: an XML declaration naming an encoding Python does not know;
        # csv.Error: a field over the csv module's limit.
        raise SnapshotError(file, f"not a readable nvidia-smi report: {exc}") from None
    status = DriverStatus("ok", f"driver {report.driver_version}, CUDA {report.cuda_version}")
    attached = report.attached_gpus
    # The recorded A100 server's XML says 4 attached and describes 1: the plan counts the one
    # it can read, and says so, in the reader's language.
    fewer = (
        (
            Finding(
                "report-describes-fewer",
                "warns",
                {"attached": str(attached), "described": str(len(report.gpus))},
            ),
        )
        if attached is not None and attached > len(report.gpus)
        else ()
    )
    snapshot = gpus_only(report.kind, file, report.gpus, status, fewer)
    # Dated when nvidia-smi wrote it, not when it was loaded (scan --from said the load time).
    return replace(snapshot, created=report.recorded) if report.recorded else snapshot


def from_lspci(text: str, file: str) -> SystemSnapshot:
    """An ``lspci -vv`` capture: display controllers with their links (no NVML data)."""
    gpus = tuple(gpus_from_lspci(text))
    snapshot = gpus_only("lspci", file, gpus, DriverStatus("not-read", "lspci capture"))
    words = text.lower()
    if "thunderbolt" in words or "usb4" in words:  # a Thunderbolt or USB4 controller listed
        snapshot = replace(snapshot, thunderbolt=True)
    if PRE_AVX_CHIPSET.search(text):
        snapshot = replace(snapshot, cpu=replace(snapshot.cpu, avx=False))
    return snapshot


# Intel chipsets that take no CPU with AVX (Sandy Bridge brought it, with the 6 Series): the 3
# and 4 Series (Core 2), X58 and the 5 Series (Nehalem, Westmere). Their PCI names as lspci
# prints them ("Intel Corporation 4 Series Chipset PCI Express Root Port").
PRE_AVX_CHIPSET = re.compile(
    r"Intel Corporation (?:[345] Series(?:/3400 Series)? Chipset|5520/5500/X58)", re.I
)


def gpus_only(
    source: str,
    file: str,
    gpus: tuple[GpuDevice, ...],
    nvml: DriverStatus,
    said: tuple[Finding, ...] = (),
) -> SystemSnapshot:
    """A snapshot of a GPU report alone: the rest of the machine is unknown, each link checked;
    ``said``: what the report itself gives away (it describes fewer GPUs than are attached)."""
    _check_gpu_count(len(gpus), file)
    return SystemSnapshot(
        version=SNAPSHOT_VERSION,
        created=now_iso(),
        source=source,
        machine=Path(file).stem,
        gpus=gpus,
        nvml=nvml,
        cpu=CpuInfo(),
        memory=MemoryInfo(),
        os=None,
        tensorflow=None,
        power_supply=PowerSupply(),
        case=CaseInfo(),
        findings=(*(f for gpu in gpus for f in link_findings(gpu)), *said),
    )


class TooManyGpusError(SnapshotError):
    """A report of more GPUs than one host holds, or far more elements, attributes, lines or
    cells than its GPUs need (counted before any was built): refused as it is."""


def _check_gpu_count(count: int, file: str) -> None:
    if count > MAX_GPUS:
        raise SnapshotError(
            file,
            f"{count:,} GPUs in one machine; gpuplanner reads at most {MAX_GPUS}"
            " (for a lab, one report per machine in a folder)",
        )


def clean_text(record: Any) -> Any:
    """``record`` with every text in it free of control characters and bidirectional overrides:
    a report's U+202E once reached the terminal in ``scan``, and would reach the report."""
    if isinstance(record, str):
        return clean_cell(record) if has_controls(record) else record
    if isinstance(record, tuple):
        items = tuple(clean_text(v) for v in record)
        return items if any(a is not b for a, b in zip(items, record, strict=True)) else record
    if isinstance(record, dict):
        cleaned = {clean_text(k): clean_text(v) for k, v in record.items()}
        return cleaned if cleaned != record else record
    if not dataclasses.is_dataclass(record) or isinstance(record, type):
        return record
    changes = {}
    for item in dataclasses.fields(record):
        value = getattr(record, item.name)
        cleaned = clean_text(value)
        if cleaned is not value:
            changes[item.name] = cleaned
    return dataclasses.replace(record, **changes) if changes else record


def load_file(path: Path) -> SystemSnapshot:
    """One file as a snapshot, or a SnapshotError naming it: whatever the bytes hold, a file
    never raises anything else, so one bad report cannot end a folder's load."""
    name = path.name
    try:
        return plausible(clean_text(_load_file(path, name)))
    except SnapshotError:
        raise
    except Exception as exc:  # the boundary of one file: a parser's bug, said by name
        log.warning("%s could not be read", name, exc_info=True)
        raise SnapshotError(
            name, f"could not be read ({type(exc).__name__}): {exc}"[:300]
        ) from None


def _load_file(path: Path, name: str) -> SystemSnapshot:
    try:
        data = read_regular(path, MAX_REPORT_BYTES)
    except FileRefused as exc:
        raise SnapshotError(name, exc.reason) from None
    data = data.removeprefix(codecs.BOM_UTF8)  # Notepad's mark before a JSON file or a report
    if not data.strip():
        raise SnapshotError(name, "the file is empty")
    if data.lstrip()[:1] == b"{":
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise SnapshotError(name, "not UTF-8 text") from None
        return from_json(text, name)
    if capture_only(data.decode("utf-8", errors="replace")):
        raise SnapshotError(
            name, "an NVLink capture (nvidia-smi nvlink -s or topo -m): read with its report"
        )
    try:
        report = replace(from_report(data, name), machine=path.stem)
        # A -q text report with an nvidia-smi topo -m or nvlink -s capture appended: its links.
        return with_links(report, nvlink_links(data.decode("utf-8", errors="replace")))
    except TooManyGpusError:
        raise  # counted already: not an lspci capture to parse line by line
    except SnapshotError:
        text = data.decode("utf-8", errors="replace")
        if "LnkCap:" in text or "LnkSta:" in text:
            return from_lspci(text, name)
        # lspci run without root: no link lines, but the display controllers and their names.
        lspci = from_lspci(text, name)
        if lspci.gpus:
            return lspci
        raise


def with_links(snapshot: SystemSnapshot, links: dict[int, int] | None) -> SystemSnapshot:
    """``snapshot`` with each GPU's active NVLinks as a capture counted them (by GPU index),
    where the capture covers every GPU of the report; else as it was."""
    if not links or not snapshot.gpus:
        return snapshot
    if any(g.index not in links for g in snapshot.gpus):
        return snapshot  # a capture of another machine, or of part of this one
    gpus = tuple(replace(g, nvlink_active_links=links[g.index]) for g in snapshot.gpus)
    return replace(snapshot, gpus=gpus)


def _capture(file: Path) -> dict[int, int] | None:
    """An nvidia-smi topo -m or nvlink -s capture's links (None: the file is not one)."""
    try:
        data = read_regular(file, MAX_REPORT_BYTES)
    except (FileRefused, OSError):
        return None
    return nvlink_links(data.decode("utf-8", errors="replace"))


@dataclass(frozen=True)
class LoadResult:
    snapshots: tuple[tuple[str, SystemSnapshot], ...]
    errors: tuple[SnapshotError, ...]


# Labs keep their scans in a folder per room or per machine: folders are read this deep.
MAX_FOLDER_DEPTH = 4


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _folder_files(
    folder: Path,
    depth: int = 1,
    root: Path | None = None,
    seen: set[tuple[int, int]] | None = None,
) -> tuple[list[Path], list[SnapshotError]]:
    """The report files under ``folder`` (its subfolders to MAX_FOLDER_DEPTH levels), and
    what happened to every other entry: a file of another kind, a folder too deep, a link to a
    folder or file read already (a link loop once counted every machine twice, and the lab plan
    bought for the copies, issue 51). Hidden entries (.git, .DS_Store) are the system's, not
    the lab's, and are passed over."""
    root = root or folder
    if seen is None:
        seen = {identity} if (identity := _identity(folder)) else set()
    files: list[Path] = []
    passed: list[SnapshotError] = []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        shown = entry.relative_to(root).as_posix()  # "room-a/gpu.xml": rooms share names
        identity = _identity(entry)
        if identity is not None and identity in seen:
            passed.append(
                SnapshotError(shown, "the same folder or file as one read already: not read again")
            )
            continue
        if identity is not None:
            seen.add(identity)
        if entry.is_dir():
            if depth >= MAX_FOLDER_DEPTH:
                passed.append(
                    SnapshotError(shown, f"a folder more than {MAX_FOLDER_DEPTH} deep: not read")
                )
                continue
            try:
                inner, skipped = _folder_files(entry, depth + 1, root, seen)
            except OSError as exc:
                passed.append(SnapshotError(shown, f"cannot list: {exc.strerror or exc}"))
                continue
            files += inner
            passed += skipped
        elif entry.suffix.lower() in REPORT_SUFFIXES:
            files.append(entry)
        else:
            kind = entry.suffix or "no extension"
            passed.append(SnapshotError(shown, f"not a scan or report ({kind}): not read"))
    return files, passed


# A fleet's bounds, by count (issue 51): 1,000 reports of 256 GPUs each (40 MB in all) once took
# 195 s and 1.7 GB. A lab plans a few hundred machines; the files past a bound are named, with
# why, and never read.
MAX_MACHINES = 500
MAX_FLEET_GPUS = 2048


def load_paths(
    paths: list[Path], max_machines: int = MAX_MACHINES, max_gpus: int = MAX_FLEET_GPUS
) -> LoadResult:
    """Files, and folders of files and of folders (MAX_FOLDER_DEPTH deep), each loaded on its
    own; every file is either a snapshot or an error that says why not. Past ``max_machines``
    machines or ``max_gpus`` GPUs in all, the remaining files are left out, each named."""
    snapshots: list[tuple[str, SystemSnapshot]] = []
    errors: list[SnapshotError] = []
    captures: dict[Path, dict[int, int]] = {}  # by folder: nvidia-smi topo -m, nvlink -s
    gpus = 0
    for path in paths:
        try:
            files, passed = _folder_files(path) if path.is_dir() else ([path], [])
        except OSError as exc:
            errors.append(SnapshotError(path.name, f"cannot list: {exc.strerror or exc}"))
            continue
        if path.is_dir() and not files:
            errors.append(
                SnapshotError(path.name, "the folder has no .json, .xml, .txt or .csv files")
            )
        failed: list[SnapshotError] = []
        for file in files:
            # Named by its place under the folder: two rooms may both hold "gpu.xml".
            shown = file.relative_to(path).as_posix() if path.is_dir() else file.name
            if len(snapshots) >= max_machines or gpus >= max_gpus:
                bound = (
                    f"{max_machines:,} machines"
                    if len(snapshots) >= max_machines
                    else f"{max_gpus:,} GPUs"
                )
                failed.append(SnapshotError(shown, f"left out: a fleet is read to {bound}"))
                continue
            try:
                snapshot = load_file(file)
            except SnapshotError as exc:
                links = _capture(file)
                if links is not None:  # a topo -m or nvlink -s capture beside its report
                    captures[file.parent] = links
                    continue
                failed.append(SnapshotError(shown if path.is_dir() else exc.file, exc.reason))
                continue
            if gpus + len(snapshot.gpus) > max_gpus:
                failed.append(
                    SnapshotError(
                        shown,
                        f"left out: its {len(snapshot.gpus):,} GPUs would take the fleet past"
                        f" {max_gpus:,}",
                    )
                )
                gpus = max_gpus  # the files after it are left out unread
                continue
            gpus += len(snapshot.gpus)
            snapshots.append((str(file), snapshot))
        errors += sorted(passed + failed, key=lambda e: e.file)  # in the folder's order
    # A capture tells of the report in its own folder: the one machine scanned there.
    return LoadResult(
        tuple(
            (name, with_links(snapshot, captures.get(Path(name).parent)))
            for name, snapshot in snapshots
        ),
        tuple(errors),
    )
