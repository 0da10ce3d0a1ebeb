"""What the planning commands share: the machine from --snapshot/--probe, and their errors."""

from __future__ import annotations

from gpuplanner.catalog.errors import AmbiguousGpu, CatalogError
from gpuplanner.commands.output import error
from gpuplanner.hardware.snapshot import SnapshotError, load_file
from gpuplanner.inventory import enrich, machine_facts
from gpuplanner.planning.request import PlanError
from gpuplanner.probe.results import ProbeFileError
from gpuplanner.probe.results import load as load_probe

EXIT_OK, EXIT_FAILURE = 0, 1


def guard(handler):
    def run(args) -> int:
        try:
            return handler(args)
        except AmbiguousGpu as exc:
            error(f"{exc.query!r} matches several cards: {', '.join(exc.candidates)}")
            return EXIT_FAILURE
        except (CatalogError, PlanError, SnapshotError, ProbeFileError) as exc:
            error(str(exc))
            return EXIT_FAILURE

    return run


def snapshot_of(args, catalog_data):
    if getattr(args, "snapshot", None):
        return enrich(load_file(args.snapshot), catalog_data)
    return None


def machine_of(args, catalog_data, snapshot=None):
    probe = load_probe(args.probe) if getattr(args, "probe", None) else None
    snapshot = snapshot if snapshot is not None else snapshot_of(args, catalog_data)
    return machine_facts(snapshot, probe, catalog_data)
