"""NVLink as ``nvidia-smi nvlink -s`` and ``nvidia-smi topo -m`` show it: the evidence of a
bridge that ``nvidia-smi -q`` never gives.

``nvidia-smi nvlink -s`` (``--status``) prints each GPU and one line per link, with its speed
when it is up and ``<inactive>`` when not (a GPU whose links are all down may print "all links
are inActive" and no link lines)::

    GPU 0: NVIDIA GeForce RTX 3090 (UUID: GPU-...)
         Link 0: 14.062 GB/s
         Link 1: <inactive>

``nvidia-smi topo -m`` prints a matrix whose cell between two GPUs is ``NV#`` (a bonded set of
# NVLinks) or a PCIe path (``SYS``, ``NODE``, ``PHB``, ``PXB``, ``PIX``)::

            GPU0    GPU1    CPU Affinity
    GPU0     X      NV4     0-23
    GPU1    NV4      X      0-23

Each GPU's active links are counted from whichever of the two the text holds (the larger
where it holds both); a text with neither says nothing (None), which is not "no NVLink".
"""

from __future__ import annotations

import re

# "GPU 0: NVIDIA ..." (never a -q report's "GPU 00000000:01:00.0", a bus id)
_STATUS_GPU = re.compile(r"^\s*GPU\s+(\d{1,3})\s*:\s*[A-Za-z]")
_STATUS_LINK = re.compile(r"^\s*Link\s+\d+\s*:\s*(.+?)\s*$")
_ALL_DOWN = "all links are inactive"
# The matrix's header: GPU0 and then another GPU, a NIC, or the CPU affinity column (a row
# starts "GPU0  X").
_TOPO_HEADER = re.compile(r"^[ \t]*GPU0[ \t]+(?:GPU\d+|CPU Affinity|NIC\d+|mlx\S*)[^\n]*$", re.M)
_TOPO_ROW = re.compile(r"^\s*GPU(\d+)\s+(.*)$")
_NV_CELL = re.compile(r"^NV(\d+)$")


def status_links(text: str) -> dict[int, int] | None:
    """Active links per GPU index in an ``nvidia-smi nvlink -s`` capture; None without one."""
    found: dict[int, int] = {}
    said = False  # a link line, or "all links are inActive": this is such a capture
    current: int | None = None
    for line in text.splitlines():
        header = _STATUS_GPU.match(line)
        if header:
            current = int(header.group(1))
            found.setdefault(current, 0)
            continue
        if current is None:
            continue
        if _ALL_DOWN in line.lower():
            said = True
            continue
        link = _STATUS_LINK.match(line)
        if link:
            said = True
            state = link.group(1)
            if "inactive" not in state.lower() and re.search(r"\d\s*GB/s", state):
                found[current] += 1
    return found if found and said else None


def topo_links(text: str) -> dict[int, int] | None:
    """NVLinks per GPU index in an ``nvidia-smi topo -m`` matrix; None without one."""
    header = _TOPO_HEADER.search(text)
    if header is None:
        return None
    columns = header.group(0).split()
    gpu_columns = [i for i, name in enumerate(columns) if re.fullmatch(r"GPU\d+", name)]
    found: dict[int, int] = {}
    for line in text[header.end() :].splitlines():
        row = _TOPO_ROW.match(line)
        if row is None:
            if found and not line.strip():
                break  # the matrix ends at the first blank line after its rows
            continue
        cells = row.group(2).split()
        links = 0
        for index in gpu_columns:
            if index < len(cells):
                nv = _NV_CELL.match(cells[index])
                links += int(nv.group(1)) if nv else 0
        found[int(row.group(1))] = links
    return found or None


def capture_only(text: str) -> bool:
    """The text is such a capture and no nvidia-smi report (its "GPU 0: NAME (UUID: ...)"
    lines would otherwise read as an ``nvidia-smi -L`` listing)."""
    if text.lstrip().startswith("<") or "NVSMI LOG" in text[:500]:
        return False
    if re.search(r"^Driver Version\s*:", text, re.M):
        return False
    return nvlink_links(text) is not None


def nvlink_links(text: str) -> dict[int, int] | None:
    """Active NVLinks per GPU index from either capture the text holds; None when neither."""
    status, topo = status_links(text), topo_links(text)
    if status is None and topo is None:
        return None
    merged: dict[int, int] = {}
    for source in (status or {}, topo or {}):
        for gpu, links in source.items():
            merged[gpu] = max(merged.get(gpu, 0), links)
    return merged
