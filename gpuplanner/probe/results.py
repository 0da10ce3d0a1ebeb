"""What a probe run found, as plain data that saves and loads as JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args

from gpuplanner.core import atomic
from gpuplanner.core.boundedio import FileRefused, json_work, load_json, read_regular
from gpuplanner.core.errors import UserError
from gpuplanner.core.serial import from_dict, to_dict
from gpuplanner.core.terminal import excerpt
from gpuplanner.core.vocab import ProbeMode
from gpuplanner.probe.env_fields import readable_environment

RESULT_KIND = "gpuplanner-probe"
RESULT_VERSION = 1
# Final states of a run, from the user's point of view.
ProbeStatus = Literal[
    "ok",
    "partial",
    "failed",
    "cancelled",
    "timeout",
    "crashed",
    "tensorflow-missing",
    "bad-python",
    "protocol-error",
    "unreadable",
]
STATUSES: tuple[ProbeStatus, ...] = get_args(ProbeStatus)
StepStatus = Literal["ok", "skipped", "failed"]


@dataclass(frozen=True, kw_only=True)
class Metric:
    name: str
    value: float | None
    unit: str
    spread_pct: float | None = None
    runs: int | None = None
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class StepResult:
    step: str
    status: StepStatus
    metrics: tuple[Metric, ...] = ()
    reason: str | None = None


@dataclass(frozen=True, kw_only=True)
class GpuLoadSummary:
    """NVML samples taken while the worker ran, for one GPU."""

    bus_id: str | None
    samples: int
    max_power_w: float | None
    max_temperature_c: float | None
    max_sm_clock_mhz: float | None
    throttle_reasons: tuple[str, ...]
    pcie_gen_max: int | None  # the link under load: the highest generation seen
    pcie_width_max: int | None


@dataclass(frozen=True, kw_only=True)
class Diagnosis:
    id: str
    severity: str
    message: str  # in English, for logs and JSON
    evidence: str = ""
    template: str = ""  # the English template of "Diagnosis" the window translates
    params: tuple[str, ...] = ()  # what fills the template's {0}, {1}


@dataclass(frozen=True, kw_only=True)
class ProbeResult:
    version: int
    status: ProbeStatus
    mode: ProbeMode  # a saved file's is checked against the vocabulary when it loads
    python: str
    started: str
    seconds: float
    steps: tuple[StepResult, ...] = ()
    errors: tuple[str, ...] = ()
    load: tuple[GpuLoadSummary, ...] = ()
    diagnosis: tuple[Diagnosis, ...] = ()
    message: str = ""
    stderr_tail: str = ""

    def metric(self, step: str, name: str) -> Metric | None:
        for result in self.steps:
            if result.step == step:
                for metric in result.metrics:
                    if metric.name == name:
                        return metric
        return None

    def environment(self) -> dict:
        metric = self.metric("env", "environment")
        return readable_environment(metric.params) if metric else {}  # a saved file's too


def to_json(result: ProbeResult) -> str:
    return json.dumps({"kind": RESULT_KIND, **to_dict(result)}, ensure_ascii=False, indent=2)


def save(result: ProbeResult, path: Path) -> None:
    atomic.write_text(path, to_json(result) + "\n")


class ProbeFileError(UserError, ValueError):
    pass


# What a probe result may build, by count: a full run is a few hundred objects and lists.
RESULT_CONTAINERS = 20_000
RESULT_VALUES = 200_000


def from_json(text: str, file: str = "probe.json") -> ProbeResult:
    too_much = json_work(text, RESULT_CONTAINERS, RESULT_VALUES)
    if too_much:
        raise ProbeFileError(f"{file}: not a gpuplanner probe result: {too_much}")
    try:
        data = load_json(text)
    except json.JSONDecodeError as exc:
        raise ProbeFileError(f"{file}: not valid JSON (line {exc.lineno}): {exc.msg}") from None
    except (RecursionError, ValueError) as exc:  # arrays thousands deep, 5,000-digit numbers
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise ProbeFileError(f"{file}: not a usable JSON file: {reason}") from None
    if not isinstance(data, dict) or data.get("kind") != RESULT_KIND:
        raise ProbeFileError(f"{file}: not a gpuplanner probe result")
    if not isinstance(data.get("version"), int) or data["version"] > RESULT_VERSION:
        raise ProbeFileError(f"{file}: unknown probe result version {excerpt(data.get('version'))}")
    data.pop("kind")
    try:
        return from_dict(ProbeResult, data)
    except (ValueError, TypeError) as exc:
        raise ProbeFileError(f"{file}: invalid probe result: {exc}") from None


MAX_PROBE_FILE_BYTES = 8 * 1024 * 1024


def load(path: Path) -> ProbeResult:
    try:
        text = read_regular(path, MAX_PROBE_FILE_BYTES).decode("utf-8-sig")
    except FileRefused as exc:
        raise ProbeFileError(f"{path.name}: {exc.reason}") from None
    except UnicodeDecodeError:
        raise ProbeFileError(f"{path.name}: not UTF-8 text") from None
    return from_json(text, path.name)
