"""Where the bundled catalog lives, and rebuilding it when it is missing, stale or corrupt."""

from __future__ import annotations

import atexit
import logging
import shutil
import sqlite3
import tempfile
from pathlib import Path

from gpuplanner.catalog.build import BuildReport, build_database, csv_digest
from gpuplanner.catalog.errors import CatalogDataError, CatalogUnavailable
from gpuplanner.core import atomic, paths

log = logging.getLogger(__name__)
DB_NAME = "catalog.sqlite"


def csv_folder() -> Path:
    return paths.resource_path("catalog")


def default_db_path() -> Path:
    return paths.user_cache_dir() / DB_NAME


def prebuilt_db_path() -> Path:
    """Where an installer puts the database it built (read-only install folders included)."""
    return paths.resource_path("catalog", DB_NAME)


def stored_digest(db_path: Path) -> str | None:
    """The CSV digest the database was built from, or None when it is missing or unreadable."""
    if not db_path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            row = conn.execute("select value from meta where key = 'csv_digest'").fetchone()
            ok = conn.execute("pragma quick_check").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        log.warning("catalog database %s unreadable: %s", db_path, exc)
        return None
    if not ok or ok[0] != "ok" or not row:
        return None
    return row[0]


def ensure_catalog(db_path: Path | None = None, folder: Path | None = None) -> Path:
    """The path of an up-to-date catalog database, building it first when needed.

    Raises ``CatalogUnavailable`` when it cannot be built (the message says why).
    """
    db_path = db_path or default_db_path()
    folder = folder or csv_folder()
    try:
        wanted = csv_digest(folder)
    except OSError as exc:
        raise CatalogUnavailable(f"the catalog CSV files cannot be read: {exc}") from exc
    if stored_digest(db_path) == wanted:
        return db_path
    prebuilt = prebuilt_db_path()
    if prebuilt != db_path and stored_digest(prebuilt) == wanted:
        # An installed app copies the database it shipped with instead of building one.
        try:
            db_path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_bytes(db_path, prebuilt.read_bytes())
            log.info("catalog database copied from %s", prebuilt)
            return db_path
        except OSError as exc:
            # A read-only profile: the shipped copy is read where it was installed.
            log.warning("could not copy the shipped catalog (%s); reading it in place", exc)
            return prebuilt
    log.info("building the catalog database at %s", db_path)
    try:
        rebuild(db_path, folder)
    except CatalogUnavailable as exc:
        if not isinstance(exc.__cause__, OSError | sqlite3.OperationalError):
            raise
        # A read-only or full profile (a kiosk, a locked-down lab PC): this run builds its own
        # copy in a private temporary folder, so planning still works; the next run tries again.
        log.warning("%s; building a temporary catalog for this run", exc)
        return _temporary_catalog(folder)
    return db_path


_temporary: Path | None = None


def _temporary_catalog(folder: Path) -> Path:
    global _temporary
    if _temporary is None or not _temporary.exists():
        private = Path(tempfile.mkdtemp(prefix="gpuplanner-catalog-"))  # mode 0700, ours only
        atexit.register(shutil.rmtree, private, True)
        candidate = private / DB_NAME
        rebuild(candidate, folder)
        _temporary = candidate
    return _temporary


def rebuild(db_path: Path | None = None, folder: Path | None = None) -> BuildReport:
    db_path = db_path or default_db_path()
    try:
        return build_database(folder or csv_folder(), db_path)
    except CatalogDataError as exc:
        raise CatalogUnavailable(f"the bundled catalog data is invalid: {exc}") from exc
    except (OSError, sqlite3.OperationalError) as exc:  # SQLite's own "disk is full" too
        raise CatalogUnavailable(f"cannot write the catalog database {db_path}: {exc}") from exc
