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
    assert h100.mig_slices[0].memory_mib == pytest.approx(40 * 1000 / 1.048576)
    assert not rtx.mig_enabled and rtx.mig_slices == ()
    assert h100.pcie is None  # a listing says nothing of the link


@pytest.mark.parametrize(
    "text", [b"GPU zero: no such line\n", b"  MIG 1g.10gb Device 0: (UUID: MIG-x)\n"]
)
def test_text_that_only_looks_like_a_listing_is_refused(text):
    with pytest.raises(ReportError):
        parse_report(text)
