"""Says nothing at all: writes its pid to the file named in $SILENT_PID_FILE and sleeps."""

import os
import time
from pathlib import Path

Path(os.environ["SILENT_PID_FILE"]).write_text(str(os.getpid()), encoding="utf-8")
time.sleep(600)
