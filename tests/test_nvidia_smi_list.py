"""``nvidia-smi -L`` listings are machines too (issue 41, 5): the GPUs by name, MIG on where
MIG devices are listed, each slice's memory from its profile."""

from __future__ import annotations

import pytest

from gpuplanner.hardware.nvidia_smi import ReportError, parse_report

LISTING = b"""GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-00000000-0000-0000-0000-000000000000)
  MIG 3g.40gb     Device  0: (UUID: MIG-00000000-0000-0000-0000-000000000000)
  MIG 1g.10gb     Device  1: (UUID: MIG-00000001-0000-0000-0000-000000000001)
GPU 1: NVIDIA GeForce RTX 3090 (UUID: GPU-11111111-0000-0000-0000-000000000000)
"""


def test_a_listing_gives_each_gpu_by_name_with_its_mig_slices():
    report = parse_report(LISTING)
    assert report.kind == "nvidia-smi-list"
    assert [g.name for g in report.gpus] == ["NVIDIA H100 80GB HBM3", "NVIDIA GeForce RTX 3090"]
    h100, rtx = report.gpus
    assert h100.mig_enabled is True and len(h100.mig_slices) == 2
    assert h100.mig_slices[0].memory_mib == 40448  # what nvidia-smi -q records for a 3g.40gb
    assert h100.mig_slices[1].memory_mib == 9984
    assert not rtx.mig_enabled and rtx.mig_slices == ()
    assert h100.pcie is None  # a listing says nothing of the link


@pytest.mark.parametrize(
    "text", [b"GPU zero: no such line\n", b"  MIG 1g.10gb Device 0: (UUID: MIG-x)\n"]
)
def test_text_that_only_looks_like_a_listing_is_refused(text):
    with pytest.raises(ReportError):
        parse_report(text)


@pytest.mark.parametrize(
    ("listing", "share"),
    [
        # A listing names no SMs and no card memory: the profile's "1g" is a seventh of an H100.
        ("nvidia-smi-L_8x-h100-80gb-hbm3_all-mig-1g.10gb.txt", 1 / 7),
        ("nvidia-smi-L_h100-mig_drv590.txt", 3 / 7),  # its largest slice, a 3g.40gb
    ],
)
def test_a_listed_slice_has_its_profiles_share_of_the_compute(data, listing, share):
    """The 1g.10gb server was planned at the whole card's speed: 12 h for a run of 85."""
    from conftest import recording

    from gpuplanner.app.inventory import enrich, machine_facts
    from gpuplanner.hardware.snapshot import load_file

    facts = machine_facts(enrich(load_file(recording(f"nvidia-smi-L/{listing}")), data), None, data)
    assert facts.mig_slice_share == pytest.approx(share, abs=0.001)


def test_an_a30_is_cut_in_quarters():
    from gpuplanner.hardware.records import GpuDevice, MigSlice
    from gpuplanner.planning.machine.facts import mig_slice

    a30 = GpuDevice(
        index=0,
        vendor="NVIDIA",
        name="NVIDIA A30",
        mig_enabled=True,
        mig_slices=(MigSlice(memory_mib=11_444, compute_slices=2),),
    )
    assert mig_slice(a30)[1] == pytest.approx(0.5)
    # The profile's share is the lesser of what is known: a 2g slice of an H100 is 2/7.
    h100 = GpuDevice(
        index=0,
        vendor="NVIDIA",
        name="NVIDIA H100 80GB HBM3",
        mig_enabled=True,
        mig_slices=(MigSlice(memory_mib=19_000, compute_slices=2),),
    )
    assert mig_slice(h100)[1] == pytest.approx(2 / 7, abs=0.001)


def test_a_listing_and_a_full_report_of_one_layout_give_one_slice(data):
    """The same H100 cut 3g.40gb + 2g.20gb + 2 x 1g.10gb, listed (-L) and reported (-q): the
    listing read "40gb" as decimal GB (37.3 GiB against the 39.5 the report records), and a
    15 B LoRA (35.5 GB) that fits the slice was told to turn MIG off."""
    from conftest import recording

    from gpuplanner.app.inventory import enrich, machine_facts
    from gpuplanner.hardware.snapshot import load_file

    def slice_gb(path: str) -> float | None:
        return machine_facts(enrich(load_file(recording(path)), data), None, data).mig_slice_gb

    listed = slice_gb("nvidia-smi-L/nvidia-smi-L_h100-mig_drv590.txt")
    reported = slice_gb("nvidia-smi-q/nvidia-smi-q_h100-80gb-hbm3_mig-enabled_drv590.txt")
    assert listed == reported == 39.5
