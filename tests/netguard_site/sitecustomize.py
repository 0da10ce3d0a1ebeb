"""Loaded by every Python the tests start (PYTHONPATH): blocks the network there too."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
try:
    import netguard
finally:
    sys.path.pop(0)

netguard.install()
