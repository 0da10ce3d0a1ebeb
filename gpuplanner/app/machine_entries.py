"""What the user told the wizard about a machine that no scan can see (the supply, the case,
the electricity price), kept per machine between runs, and the recorded report they last
opened. Free of Qt.

A machine is known by what identifies it: its GPUs' UUIDs, else the file it was read from,
else the scanned computer's name. Entries made for one machine are recalled only for that
machine (a 500 W supply typed for a laptop once went into a 2x RTX 3090 report's plan), and a
file opened in an earlier run is offered at the next start, never used as "this computer".
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.app.saved_entries import SAVED_ENTRY_RANGES, saved_entry
from gpuplanner.core import atomic, paths
from gpuplanner.core.boundedio import FileRefused, load_json, read_regular
from gpuplanner.core.errors import InputError
from gpuplanner.core.serial import FieldError, from_dict, to_dict
from gpuplanner.core.vocab import AtxEntry, CaseForm, PsuRating

if TYPE_CHECKING:
    from gpuplanner.app.session import Session
    from gpuplanner.hardware.records import SystemSnapshot

log = logging.getLogger(__name__)

BOOK_NAME = "machines.json"
BOOK_VERSION = 1
MAX_BOOK_BYTES = 1_000_000
MAX_MACHINES = 50  # the oldest are forgotten beyond this many


@dataclass(frozen=True, kw_only=True)
class MachineEntries:
    """The entries of one machine, as the session holds them."""

    psu_watts: int | None = None
    psu_rating: PsuRating | None = None
    psu_atx: AtxEntry = ""
    psu_8pin: int | None = None
    psu_12v2x6: bool = False
    case_form: CaseForm | None = None
    gpu_clearance_mm: int | None = None
    free_slots: int | None = None
    tariff: float | None = None  # a job input: electricity per kWh

    @property
    def empty(self) -> bool:
        return self == MachineEntries()


@dataclass(frozen=True, kw_only=True)
class KeptMachine:
    entries: MachineEntries
    saved: str  # ISO date the entries were last kept


@dataclass(frozen=True, kw_only=True)
class OpenedFile:
    """A recorded report the user opened, and the date it records (the report's own)."""

    path: str
    recorded: str


@dataclass(frozen=True, kw_only=True)
class MachineBook:
    version: int = BOOK_VERSION
    machines: dict[str, KeptMachine] | None = None
    last_file: OpenedFile | None = None


SESSION_FIELDS = tuple(f.name for f in fields(MachineEntries) if f.name != "tariff")


def machine_key(snapshot: SystemSnapshot, path: Path | None) -> str:
    """What identifies the machine: its GPUs' UUIDs, else the file, else the computer's name."""
    uuids = sorted({g.uuid for g in snapshot.gpus if g.uuid})
    if uuids:
        return "gpus:" + ",".join(uuids)
    if path is not None:
        return "file:" + str(path.resolve())
    return f"{snapshot.source}:{snapshot.machine}"


def entries_of(session: Session) -> MachineEntries:
    values = {name: getattr(session, name) for name in SESSION_FIELDS}
    return MachineEntries(**values, tariff=session.job.tariff)


def apply_entries(session: Session, entries: MachineEntries) -> None:
    """The session's entries become ``entries`` (an empty set clears them). A kept number the
    window could not hold (a hand-edited book's psu_watts of -350) is set aside like one that
    was never typed (issue 51), and so is a tariff the job refuses."""
    for name in SESSION_FIELDS:
        value = getattr(entries, name)
        if name in SAVED_ENTRY_RANGES and value is not None:
            value = saved_entry(name, value)
            if value is None:
                log.warning("ignoring a kept machine entry %s=%r", name, getattr(entries, name))
        setattr(session, name, value)
    try:
        session.update(tariff=entries.tariff)
    except InputError:
        log.warning("ignoring a kept tariff of %r", entries.tariff)
        session.update(tariff=None)


class MachineMemory:
    """The book of machines in a JSON file under the user's data folder; a damaged or
    unreadable file is an empty book (the entries are conveniences, never needed to plan)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.user_data_dir() / BOOK_NAME

    def _read(self) -> MachineBook:
        if not self.path.exists():
            return MachineBook()
        try:
            data = load_json(read_regular(self.path, MAX_BOOK_BYTES).decode("utf-8"))
            return from_dict(MachineBook, data)
        except (FileRefused, OSError, ValueError, FieldError) as exc:
            log.warning("the kept machine entries in %s are not used: %s", self.path, exc)
            return MachineBook()

    def _write(self, book: MachineBook) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_text(self.path, json.dumps(to_dict(book), indent=1, sort_keys=True))
        except OSError as exc:
            log.warning("the machine entries cannot be kept in %s: %s", self.path, exc)

    def recall(self, key: str) -> KeptMachine | None:
        return (self._read().machines or {}).get(key)

    def keep(self, key: str, entries: MachineEntries, today: str) -> None:
        """Keep a machine's entries (an empty set forgets the machine)."""
        book = self._read()
        machines = dict(book.machines or {})
        old = machines.pop(key, None)
        if entries.empty:
            if old is None:
                return
        elif old is not None and old.entries == entries:
            return  # unchanged: nothing to write, and the day they were typed stays
        else:
            machines[key] = KeptMachine(entries=entries, saved=today)
        newest = sorted(machines.items(), key=lambda item: item[1].saved)[-MAX_MACHINES:]
        self._write(MachineBook(machines=dict(newest), last_file=book.last_file))

    def last_file(self) -> OpenedFile | None:
        return self._read().last_file

    def opened_file(self, opened: OpenedFile | None) -> None:
        book = self._read()
        if book.last_file != opened:
            self._write(MachineBook(machines=book.machines, last_file=opened))
