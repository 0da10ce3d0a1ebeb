"""This machine read, or one read from files, and kept in a file: the scan and the snapshot
files for the wizard, ``gpuplanner scan`` and the planning commands, each completed with the
catalog's cards (app/inventory.py) so every front end sees the same matched machine."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.app.inventory import enrich
from gpuplanner.catalog.records import CatalogData
from gpuplanner.core.boundedio import FileRefused, read_regular
from gpuplanner.core.errors import InputError, UserError
from gpuplanner.core.vocab import AtxVersion, CaseForm, PsuRating
from gpuplanner.hardware import psu
from gpuplanner.hardware.records import CaseInfo, PowerSupply, SystemSnapshot
from gpuplanner.hardware.snapshot import KIND as SNAPSHOT_KIND
from gpuplanner.hardware.snapshot import LoadResult, load_file, load_paths, save

__all__ = [
    "SNAPSHOT_KIND",
    "LoadResult",
    "catalog_for_matching",
    "entered",
    "read_snapshot",
    "read_snapshots",
    "save_snapshot",
    "scan_machine",
    "supply_checked",
    "with_entered",
    "with_rating",
]


def catalog_for_matching() -> CatalogData:
    """The bundled catalog the cards are matched against (a user's prices change no match)."""
    return load_catalog(user_data=False).data


def scan_machine(
    power_supply: PowerSupply | None = None,
    case: CaseInfo | None = None,
    catalog: CatalogData | None = None,
) -> SystemSnapshot:
    """This machine, with what the user said of its supply and case; matched to ``catalog``
    when one is given (a scan without it is the hardware's facts alone)."""
    from gpuplanner.hardware.scan import ScanOptions, scan_system  # NVML, /sys: on demand

    snapshot = scan_system(
        ScanOptions(power_supply=power_supply or PowerSupply(), case=case or CaseInfo())
    )
    return enrich(snapshot, catalog) if catalog is not None else snapshot


def entered(
    *,
    psu_watts: int | None = None,
    psu_rating: PsuRating | None = None,
    psu_atx: AtxVersion | None = None,
    psu_8pin: int | None = None,
    psu_12v2x6: bool = False,
    case_form: CaseForm | None = None,
    gpu_clearance_mm: int | None = None,
    free_slots: int | None = None,
) -> tuple[PowerSupply, CaseInfo]:
    """What the user said of the supply and the case, as a scan records it."""
    power = PowerSupply(
        rated_w=psu_watts,
        rating=psu_rating,
        atx_version=psu_atx,
        pcie_8pin_cables=psu_8pin,
        has_12v2x6=True if psu_12v2x6 else None,
        status="entered" if psu_watts else "not-entered",
    )
    case = CaseInfo(form_factor=case_form, gpu_clearance_mm=gpu_clearance_mm, free_slots=free_slots)
    return power, case


# A saved ``liquidctl status`` is a few hundred bytes; anything far larger is not one.
PSU_FILE_LIMIT = 64 * 1024


def supply_from_file(power: PowerSupply, path: Path) -> PowerSupply:
    """``power`` (what the user typed) with a saved ``liquidctl status`` of its supply: the
    reading, and the rated watts its model name carries where none were typed (an RM1000i is a
    1,000 W unit). A kiosk reads no supply live; the file says what it drew and what it is."""
    try:
        data = read_regular(path, PSU_FILE_LIMIT)
    except FileRefused as exc:
        raise UserError(f"{path}: {exc.reason}") from None
    reading = psu.parse_liquidctl_status(data.decode("utf-8", errors="replace"))
    if reading is None:
        raise UserError(
            f"{path}: not a liquidctl status of a supply it reads (Corsair HXi/RMi, NZXT E)"
        )
    rated = power.rated_w or psu.rated_watts(reading.device)
    return replace(power, rated_w=rated, readings=(reading,), status="entered" if rated else "ok")


def supply_checked(power: PowerSupply) -> PowerSupply:
    """What the user said of the supply, once a saved reading has added what it knows: a
    rating with no watts sets nothing, and is said so rather than dropped."""
    if power.rating and not power.rated_w:
        raise InputError("psu-rating-without-watts", rating=power.rating)
    return power


def with_rating(snapshot: SystemSnapshot | None, rating: PsuRating) -> SystemSnapshot:
    """``snapshot`` with its recorded supply's 80 PLUS rating as the user now gives it: a
    rating typed without watts describes the supply the scan already has."""
    supply = snapshot.power_supply if snapshot is not None else None
    if snapshot is None or supply is None or not supply.rated_w:
        raise InputError("psu-rating-without-watts", rating=rating)
    return replace(snapshot, power_supply=replace(supply, rating=rating))


def with_entered(
    snapshot: SystemSnapshot,
    power: PowerSupply,
    case: CaseInfo,
    catalog: CatalogData | None = None,
) -> SystemSnapshot:
    """A recorded machine with what the user typed about it (a report cannot know its
    supply or case), matched to ``catalog`` when one is given."""
    supply = snapshot.power_supply
    if power.rated_w or power.readings:
        supply = replace(power, readings=power.readings or supply.readings)
    given = {k: v for k, v in case.__dict__.items() if v is not None}
    snapshot = replace(snapshot, power_supply=supply, case=replace(snapshot.case, **given))
    return enrich(snapshot, catalog) if catalog is not None else snapshot


def read_snapshot(path: Path, catalog: CatalogData | None = None) -> SystemSnapshot:
    """A saved snapshot or a vendor tool's report (nvidia-smi, lspci), matched to ``catalog``."""
    snapshot = load_file(path)
    return enrich(snapshot, catalog) if catalog is not None else snapshot


def read_snapshots(paths: list[Path]) -> LoadResult:
    """Files, and folders of files, each read on its own: what was read and what was not."""
    return load_paths(paths)


def save_snapshot(snapshot: SystemSnapshot, path: Path) -> None:
    save(snapshot, path)
