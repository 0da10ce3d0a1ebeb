"""A fresh user home with the bundled catalog already built, as the app leaves it after its
first start: built once a session, copied in a millisecond, where building it costs about a
second per test (a thousand tests open a home of their own).

The app checks a cached catalog against the CSV files' digest before using it
(``catalog/bundled.py:ensure_catalog``), so a copy built from other files is rebuilt there as
it would be on a user's machine: the seed cannot hide a change to the catalog. A home whose
cache folder a test has made already (to break it, to fill it) is left as it is.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

_built: Path | None = None


def seed_home(home: Path) -> None:
    global _built
    cache = home / "cache"  # paths.user_cache_dir() under GPUPLANNER_HOME
    if cache.exists():
        return
    from gpuplanner.catalog.bundled import DB_NAME, ensure_catalog

    if _built is None:
        folder = Path(tempfile.mkdtemp(prefix="gpuplanner-tests-catalog-"))
        atexit.register(shutil.rmtree, folder, True)
        _built = ensure_catalog(folder / DB_NAME)
    try:
        cache.mkdir(parents=True)
        shutil.copyfile(_built, cache / DB_NAME)
    except OSError:
        pass  # a home the test made unwritable: the app builds its own, or says why not
