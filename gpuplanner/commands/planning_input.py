"""What the planning commands share: the machine from --snapshot/--probe."""

from __future__ import annotations

import argparse

from gpuplanner.app.inventory import enrich, machine_facts
from gpuplanner.catalog.records import CatalogData
from gpuplanner.hardware.records import SystemSnapshot
from gpuplanner.hardware.snapshot import load_file
from gpuplanner.planning.request import MachineFacts
from gpuplanner.probe.results import load as load_probe


def snapshot_of(args: argparse.Namespace, catalog_data: CatalogData) -> SystemSnapshot | None:
    if getattr(args, "snapshot", None):
        return enrich(load_file(args.snapshot), catalog_data)
    return None


def machine_of(
    args: argparse.Namespace,
    catalog_data: CatalogData,
    snapshot: SystemSnapshot | None = None,
) -> MachineFacts:
    probe = load_probe(args.probe) if getattr(args, "probe", None) else None
    snapshot = snapshot if snapshot is not None else snapshot_of(args, catalog_data)
    return machine_facts(snapshot, probe, catalog_data)
