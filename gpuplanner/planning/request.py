"""What planning is asked: the user's job, budget and choices, and what is known of the machine."""

from __future__ import annotations

from dataclasses import dataclass, field

from gpuplanner.core.errors import UserError
from gpuplanner.core.scenarios import Scenario
from gpuplanner.planning import physical, power


class PlanError(UserError, ValueError):
    """A request that cannot be planned, with the reason in words."""


@dataclass(frozen=True)
class MachineFacts:
    """What the scan and the probe say about the user's computer (all optional)."""

    current_gpu_id: str | None = None  # the installed card, when the catalog knows it
    installed_count: int = 0  # cards of that kind installed
    has_gpu: bool = False  # any GPU at all, known to the catalog or not
    kind: str = "unknown"  # app/machine_kind.py: laptop, desktop, server, cloud-vm, ...
    laptop: bool = False
    virtual_machine: bool = False  # a cloud or virtual machine: rent another, do not buy
    slot_powered: bool = False  # the installed GPUs run from the slot alone (no power cables seen)
    workstation: bool = False  # a platform with x16 for every card (HEDT, server)
    nvlink_active: bool = False  # the installed cards are joined by NVLink (bridge or board)
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
    # The installed cards' enforced power limit and their maker's default, when both are known.
    power_cap_w: float | None = None
    power_default_w: float | None = None
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


@dataclass(frozen=True)
class PlanRequest:
    scenario: Scenario
    currency: str = "CNY"
    budget: float | None = None  # None: the scenario's typical upper budget
    workload: str | None = None  # resnet50, ssd, bert-base, bert-large, transformer, llm
    precision: str = "mixed"
    batch: int | None = None
    llm_model: str | None = None
    llm_mode: str | None = None
    llm_params_b: float | None = None
    bits: int = 16  # weights of LLM inference: 16, 8 or 4
    engine: str | None = None  # LLM inference engine (planning/engines.py); None: the default
    seq: int | None = None
    max_gpus: int | None = None
    used_ok: bool = False
    shop_only: bool = False
    psu: power.PsuSpec | None = None
    keep_psu: bool = False  # the user will not change the supply: a supply need blocks
    case: physical.CaseSpec | None = None
    socket: str = "CN-10A"
    tariff: float | None = None
    language: str = "en"
    tf_route: str = "official"  # official, ngc, keras-other
    accept_rocm: bool = False  # AMD through ROCm on Linux is acceptable
    today: str | None = None  # ISO date the price ages are counted from; None: not judged
    region: str | None = None  # the buyer's market (CN, US); None: the currency's
    show_unavailable: bool = False  # also cards not sold in the region (China-only, banned)
    alternatives: bool = True  # look for ways forward when nothing fits
    machine: MachineFacts = field(default_factory=MachineFacts)
