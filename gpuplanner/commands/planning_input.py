"""What the planning commands share: the machine from --snapshot/--probe."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gpuplanner.app.inventory import machine_facts
from gpuplanner.app.probing import read_result
from gpuplanner.app.scanning import read_snapshot

if TYPE_CHECKING:
    from gpuplanner.app.records import CatalogData, MachineFacts, SystemSnapshot


def snapshot_of(args: argparse.Namespace, catalog_data: CatalogData) -> SystemSnapshot | None:
    if getattr(args, "snapshot", None):
        return read_snapshot(args.snapshot, catalog_data)
    return None


def machine_of(
    args: argparse.Namespace,
    catalog_data: CatalogData,
    snapshot: SystemSnapshot | None = None,
) -> MachineFacts:
    probe = read_result(args.probe) if getattr(args, "probe", None) else None
    snapshot = snapshot if snapshot is not None else snapshot_of(args, catalog_data)
    return machine_facts(snapshot, probe, catalog_data)
