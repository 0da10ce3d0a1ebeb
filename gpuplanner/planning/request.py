"""What planning is asked: the user's job, budget and choices, and what is known of the machine."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.core.markets import HOME
from gpuplanner.core.scenarios import Scenario
from gpuplanner.core.vocab import Currency
from gpuplanner.planning import physical, power
from gpuplanner.planning.errors import PlanError

__all__ = ["JobInputs", "MachineFacts", "PlanError", "PlanRequest"]


@dataclass(frozen=True, kw_only=True)
class MachineFacts:
    """What the scan and the probe say about the user's computer (all optional)."""

    current_gpu_id: str | None = None  # the installed card, when the catalog knows it
    # An installed NVIDIA card the catalog does not know (a cloud's GRID K520): its name, its
    # compute capability (reported, or from its PCI device id or name) and memory, so that it
    # is still the machine's card, judged against the route's floor.
    unknown_gpu_name: str | None = None
    unknown_gpu_cc: str | None = None
    unknown_gpu_memory_gb: float | None = None
    installed_count: int = 0  # cards of that kind installed
    has_gpu: bool = False  # any GPU at all, known to the catalog or not
    kind: str = "unknown"  # planning/machine_kind.py: laptop, desktop, server, cloud-vm, ...
    laptop: bool = False
    virtual_machine: bool = False  # a cloud or virtual machine: rent another, do not buy
    slot_powered: bool = False  # the installed GPUs run from the slot alone (no power cables seen)
    workstation: bool = False  # a platform with x16 for every card (HEDT, server)
    nvlink_active: bool = False  # the installed cards are joined by NVLink (bridge or board)
    # A report or a capture (nvidia-smi topo -m, nvidia-smi nvlink -s) showed the cards' NVLink
    # state, active or not; nvidia-smi -q does not.
    nvlink_known: bool = False
    # How ``nvlink_active`` was decided for planning (planning/links.py): "seen" in a report or
    # capture, "told" by the user, "assumed" (neither). None: not worked out yet.
    nvlink_basis: str | None = None
    # The PCIe link each installed card of the planned kind can run at (lanes, generation): what
    # the scan saw, risers and chipset slots included.
    installed_links: tuple[tuple[int, int], ...] = ()
    server_airflow: bool = False  # a chassis that already cools passive or SXM cards
    driver_version: str | None = None
    os_system: str | None = None  # Linux, Windows, Darwin
    # A report of another machine whose driver is Windows's WDDM: native Windows or WSL2 (which
    # reports WDDM too), the report cannot say which.
    windows_or_wsl: bool = False
    slot_gen: int | None = None
    slot_width: int | None = None
    cpu_peak_w: float | None = None
    cpu_base_w: float | None = None
    ram_gb: float | None = None
    existing_gpu_w: float = 0.0  # cards that stay in the machine whatever is bought
    pipeline_images_s: float | None = None  # the probe's CPU input pipeline
    machine_factor: float | None = None  # from the probe's matmul efficiency
    matmul_tflops: float | None = None  # the probe's matrix multiply, at the job's precision
    bandwidth_gbs: float | None = None  # the probe's device memory bandwidth
    copy_gbs: float | None = None  # the probe's host-to-GPU copy rate
    # The installed cards' enforced power limit, their maker's default and the board's highest
    # settable limit, when known.
    power_cap_w: float | None = None
    power_default_w: float | None = None
    power_max_w: float | None = None
    # MIG on the installed card: a TensorFlow process sees one slice, this big, with about
    # this share of the card's compute (None: MIG off, or no slice listed).
    mig_slice_gb: float | None = None
    # The installed card's memory as the driver reports it, when it is not the catalog card's
    # (a laptop's 4 GB GTX 1050 where the desktop board has 2 GB; a reworked 22 GB board).
    installed_memory_gb: float | None = None
    thunderbolt: bool | None = None  # a Thunderbolt or USB4 port: an eGPU enclosure can attach
    mig_slice_share: float | None = None
    max_temp_c: float | None = None
    throttled: bool = False


@dataclass(frozen=True, kw_only=True)
class PlanRequest(JobInputs):
    """The user's job and choices (``JobInputs``, checked there), with the scenario, how money
    is shown, the machine's supply, case and wall socket, and what is known of the machine."""

    scenario: Scenario
    currency: Currency = "CNY"
    psu: power.PsuSpec | None = None
    case: physical.CaseSpec | None = None
    socket: str = HOME.socket
    today: str | None = None  # ISO date the price ages are counted from; None: not judged
    alternatives: bool = True  # look for ways forward when nothing fits

    @classmethod
    def for_job(cls, job: JobInputs, scenario: Scenario, **rest: Any) -> PlanRequest:
        """The request for ``job``: its inputs as they are, the rest (currency, machine) given."""
        inputs = {f.name: getattr(job, f.name) for f in fields(JobInputs)}
        return cls(scenario=scenario, **inputs, **rest)

    machine: MachineFacts = field(default_factory=MachineFacts)
