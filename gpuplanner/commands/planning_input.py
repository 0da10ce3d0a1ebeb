"""What the planning commands share: the machine from --snapshot/--probe."""

from __future__ import annotations

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.hardware.snapshot import load_file
from gpuplanner.probe.results import load as load_probe


def snapshot_of(args, catalog_data):
    if getattr(args, "snapshot", None):
        return enrich(load_file(args.snapshot), catalog_data)
    return None


def machine_of(args, catalog_data, snapshot=None):
    probe = load_probe(args.probe) if getattr(args, "probe", None) else None
    snapshot = snapshot if snapshot is not None else snapshot_of(args, catalog_data)
    return machine_facts(snapshot, probe, catalog_data)
