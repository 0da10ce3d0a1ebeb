"""The memory bandwidth a card's jobs get out of the box, which its spec sheet does not state.

NVIDIA's data-centre boards with GDDR memory (A10, A40, L4, L40S, T4, ...) ship with ECC on;
GeForce and workstation boards ship with it off (``GpuSpec.ecc_on_as_shipped``; Chaos support,
"ECC State for Nvidia GPUs", read 2026-12-05). GDDR has no spare bits for the code, so the
controller keeps it in the memory itself (1/16 of it: ``GpuSpec.driver_memory_gb``) and every
access costs more transfers: the spec bandwidth is not what such a card reads at. HBM carries
the code beside the data and loses nothing.

The share is measured where nothing else differs: one repository's llama.cpp runs of LLaMA 3
8B (resources/measurements/llm_decode_llamacpp_heldout.csv, tg512, F16 and Q4_K_M) put two
data-centre boards beside the workstation boards of their own chips, ECC at each one's default:
A40 against RTX A6000 (GA102) and L40S against RTX 6000 Ada (AD102). With 0.92 of its spec
bandwidth each data-centre card's ratio to its twin comes out within 0.5% in all four pairs
(at 1.0 they were 7-8% too fast; tests/test_bandwidth_ecc.py). Nothing in the training fit set
it: the A10, the one such card in the training suites, checks it (docs/PREDICTION.md).
"""

from __future__ import annotations

from gpuplanner.catalog.records import GpuSpec

ECC_BANDWIDTH_SHARE = 0.92


def usable_bandwidth_gbs(gpu: GpuSpec) -> float:
    """The bandwidth a job reads at (GB/s), with ECC as the scan read it on an installed card,
    else as the board ships (``GpuSpec.gddr_ecc_on``)."""
    share = ECC_BANDWIDTH_SHARE if gpu.gddr_ecc_on else 1.0
    return float(gpu.memory_bandwidth_gbs) * share
