"""The wizard's brain on the Qt side: one session, background jobs, and the current plan.

Pages read and edit ``controller.session`` and listen to the signals; the session plans again
by itself when a field the plan reads changes (app/session.py), and the controller passes the
plan on as ``plan_changed``. All work that can take time (the catalog, the scan, the probe)
runs off the GUI thread, and every failure arrives as a readable message, never a traceback.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from gpuplanner.app.session import Session, to_request
from gpuplanner.core.errors import UserError
from gpuplanner.core.vocab import PriceCondition, ProbeMode
from gpuplanner.ui.background import Background
from gpuplanner.ui.translator import tr

if TYPE_CHECKING:  # the probe's runner loads when a probe is first started
    from gpuplanner.app.machine_entries import KeptMachine, MachineMemory, OpenedFile
    from gpuplanner.app.records import (
        CatalogData,
        IgnoredValue,
        MachineKind,
        Plan,
        PlanRequest,
        PreparedImport,
        Price,
        ProbeEvent,
        ProbeResult,
        SystemSnapshot,
    )


class Probe(Protocol):
    """What the wizard needs of a probe: the real runner (app/probing.py) or a test's."""

    def run(self) -> ProbeResult: ...

    def cancel(self) -> None: ...


Scanner = Callable[[], "SystemSnapshot"]  # this machine read: the scan, or a test's
ProbeFactory = Callable[[Callable[["ProbeEvent"], None]], Probe]  # a probe, told where to report

# The catalog, scan and planning modules load on first use, off the start-up path.

log = logging.getLogger(__name__)


PROBE_EVENT_MS = 50
PROBE_EVENTS_PER_TICK = 20


class WizardController(QObject):
    catalog_ready = Signal()
    scan_started = Signal()
    scan_finished = Signal(object)  # SystemSnapshot
    probe_event = Signal(object)  # ProbeEvent
    probe_finished = Signal(object)  # ProbeResult
    plan_changed = Signal(object, object)  # PlanRequest, the Plan made for it
    error = Signal(str)

    def __init__(
        self,
        session: Session | None = None,
        scanner: Scanner | None = None,
        probe_factory: ProbeFactory | None = None,
        parent: QObject | None = None,
        shop_prices: tuple[Price, ...] | None = None,
        own_machine: bool = True,
        memory: MachineMemory | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session or Session()
        # False at a kiosk: the computer planned for is the customer's, as they describe it;
        # the PC the kiosk runs on is never scanned, shown or printed.
        self.own_machine = own_machine
        # What the user typed about each machine, kept between runs (the desktop app's; None:
        # nothing is kept, as at a kiosk or in a test's wizard).
        self.memory = memory
        self.machine_key: str | None = None  # the machine planned for (machine_entries.py)
        # The recorded report the machine was read from, when the user chose one in this run;
        # None: this computer, scanned.
        self.machine_file: Path | None = None
        self.recalled: KeptMachine | None = None  # the entries of the last visit, when reused
        # A report opened in an earlier run: offered on the computer page, never used unasked.
        self.earlier_file: OpenedFile | None = None
        if memory is not None and own_machine:
            earlier = memory.last_file()
            if earlier is not None and Path(earlier.path).is_file():
                self.earlier_file = earlier
        # Once loaded (on any thread); the session plans with it once it is handed over on
        # the GUI thread (``_hand_over``), where its plans and their signals belong.
        self.catalog: CatalogData | None = None
        self.plan: Plan | None = None  # the current plan
        # The request the current plan answers, as the session built it: the results, the
        # chart and the report describe the same request the plan was made for.
        self.request: PlanRequest | None = None
        self.refusal: str | None = None  # why the session's last plan was refused, in words
        self._outcomes = 0  # plans made or refused so far
        # A kiosk passes its own shop's list; the desktop app reads every imported list.
        self.shop_prices: tuple = shop_prices or ()
        self._fixed_shop_prices = shop_prices is not None
        self._background = Background(self)
        self._scanner = scanner
        self._probe_factory = probe_factory
        self._probe_runner: Probe | None = None
        self._catalog_lock = threading.Lock()
        self.recovered_from: Path | None = None  # a damaged user database kept aside on opening
        # Stored prices that cannot be their card's (an older version's): left out, told once per
        # load, and "Forget my price" stays on for their cards.
        self.skipped_prices: tuple[Price, ...] = ()
        self._skipped_told = False
        # Stored rows whose values are not of their kind (text or a blob for an amount): left
        # out, told once per load with the rest.
        self.ignored: tuple[IgnoredValue, ...] = ()
        # Probe events arrive on the runner's reader threads. They are queued and emitted here,
        # on the GUI thread, by a timer: signals emitted from foreign threads in a flood once
        # corrupted the interpreter (PySide6 6.12), and a queue drains at the window's pace.
        self._probe_events: queue.SimpleQueue = queue.SimpleQueue()
        self._probe_timer = QTimer(self)
        self._probe_timer.setInterval(PROBE_EVENT_MS)
        self._probe_timer.timeout.connect(self._drain_probe_events)
        self.session.planned.connect(self._planned)
        self.session.refused.connect(self._refused)

    # -- plumbing ----------------------------------------------------------------------------

    def _start(
        self,
        func: Callable[[], Any],
        on_done: Callable[[Any], None],
        on_failed: Callable[[str], None] | None = None,
    ) -> None:
        self._background.start(func, on_done, on_failed or self.error.emit, self.session.language)

    def start(
        self,
        func: Callable[[], Any],
        on_done: Callable[[Any], None],
        on_failed: Callable[[str], None] | None = None,
    ) -> None:
        """A page's work off the GUI thread (the job page reads a model's file)."""
        self._start(func, on_done, on_failed)

    def _words(self, exc: UserError) -> str:
        """What the user is told, in their language (the words load with the first one)."""
        from gpuplanner.report.input_text import error_text

        return error_text(exc, self.session.language)

    def wait(self, msecs: int = 30_000) -> bool:
        return self._background.wait(msecs)

    @property
    def running(self) -> bool:
        """A background job still runs: a retired kiosk wizard is kept until none does."""
        return self._background.running

    # -- catalog -----------------------------------------------------------------------------

    def _load_catalog(self) -> CatalogData:
        from gpuplanner.app.catalog_data import cny_per_usd, load_catalog

        with self._catalog_lock:
            if self.catalog is None:
                loaded = load_catalog(user_data=not self._fixed_shop_prices)
                data = loaded.data
                if not self._fixed_shop_prices:
                    self.shop_prices = loaded.shop_prices
                    self.recovered_from = loaded.recovered_from
                    self.skipped_prices = loaded.skipped_prices
                    self.ignored = loaded.ignored
                    self._skipped_told = False
                self.catalog = data
                self.session.cny_per_usd = cny_per_usd(data)
            return self.catalog

    def prepare_price_pack(self, path: Path) -> tuple[PreparedImport, dict[str, str]]:
        """A price pack read and compared with what is on record, and the cards' names by id;
        nothing is written."""
        from gpuplanner.app import catalog_admin

        prepared = catalog_admin.prepare_pack(path, self.session.today)
        return prepared.pack, prepared.names

    def import_price_pack(self, prepared: PreparedImport) -> None:
        """Store a checked pack, then plan again with it."""
        from gpuplanner.app import catalog_admin

        catalog_admin.commit_pack(prepared)
        self._reload_prices()

    @property
    def can_type_prices(self) -> bool:
        """The desktop keeps prices the user types; a kiosk's prices are its shop's."""
        return not self._fixed_shop_prices

    def type_price(self, gpu_id: str, amount: float, condition: PriceCondition) -> None:
        """The price the user sees for a card: kept as theirs (dated today) until removed,
        then the plan ranked again with it."""
        import datetime as dt  # not before the first paint

        from gpuplanner.app import user_prices

        today = self.session.today or dt.date.today().isoformat()
        try:
            user_prices.remember(gpu_id, amount, self.session.currency, condition, today)
        except UserError as exc:
            self.error.emit(self._words(exc))
            return
        self._reload_prices()

    def forget_price(self, gpu_id: str) -> None:
        from gpuplanner.app import user_prices

        odd = {p.currency for p in self.skipped_prices if p.gpu_id == gpu_id}
        try:
            for currency in {self.session.currency, *odd}:
                user_prices.forget(gpu_id, currency)
        except UserError as exc:
            self.error.emit(self._words(exc))
            return
        self._reload_prices()

    def _reload_prices(self) -> None:
        """Read the catalog again with the prices just stored: the session plans with it."""
        with self._catalog_lock:
            self.catalog = None
        self.want_plan()

    def ensure_exchange_rate(self) -> None:
        """The catalog's newest USD/CNY rate on the session before a currency switch needs it
        (the catalog may still be loading in the background: read only the rate, here)."""
        if self.session.cny_per_usd is not None:
            return
        from gpuplanner.app.catalog_data import bundled_cny_per_usd

        try:
            rate = bundled_cny_per_usd()
        except UserError as exc:
            log.warning("no exchange rate: %s", exc)
            return
        self.session.cny_per_usd = rate

    def load_catalog(self) -> None:
        if self.catalog is not None:
            self.catalog_ready.emit()
            return
        self._start(self._load_catalog, self._catalog_loaded)

    def _catalog_loaded(self, data: CatalogData) -> None:
        self._hand_over()
        self.catalog_ready.emit()
        self._tell_skipped(data)
        if self.recovered_from is not None:
            self.error.emit(
                tr(
                    "WizardController",
                    "Your saved data was damaged. It was kept as {file} and a new, empty one was"
                    " started.",
                    file=str(self.recovered_from),
                )
            )

    def _tell_skipped(self, data: CatalogData) -> None:
        """Say once per load which stored prices the plan leaves out (on the GUI thread)."""
        if self._skipped_told or not (self.ignored or self.skipped_prices):
            return
        self._skipped_told = True
        names = {g.id: g.name for g in data.gpus}
        if self.ignored:
            from gpuplanner.report import pack_text
            from gpuplanner.ui.table_model import tr_finding

            for item in self.ignored:
                self.error.emit(pack_text.ignored_text(item, names, tr_finding))
        if self.skipped_prices:
            from gpuplanner.app.user_prices import amount_text

            self.error.emit(
                tr(
                    "WizardController",
                    "Your stored price of {cards} ({prices}) cannot be a price of that card, so"
                    " the plan leaves it out. Select the card and press Forget my price to remove"
                    " it.",
                    cards=", ".join(names.get(p.gpu_id, p.gpu_id) for p in self.skipped_prices),
                    prices=", ".join(
                        f"{amount_text(p.amount)} {p.currency}" for p in self.skipped_prices
                    ),
                )
            )

    # -- scan --------------------------------------------------------------------------------

    def _scan(self) -> SystemSnapshot:
        from gpuplanner.app.inventory import enrich

        if self._scanner is not None:
            snapshot = self._scanner()
        else:
            from gpuplanner.app.scanning import scan_machine

            snapshot = scan_machine()
        return enrich(snapshot, self._load_catalog())

    def scan(self) -> None:
        if not self.own_machine:
            return
        self.scan_started.emit()
        self._start(self._scan, self._scanned)

    def machine_kind(self, snapshot: SystemSnapshot) -> MachineKind:
        """What kind of computer ``snapshot`` is, with the catalog (loaded once, then kept)."""
        from gpuplanner.app.inventory import kind_of

        return kind_of(snapshot, self._load_catalog())

    def card_choices(self) -> list[tuple[str, str]]:
        """(id, name) of every card a customer may say they have, by name."""
        catalog = self._load_catalog()
        return sorted(((g.id, g.name) for g in catalog.gpus), key=lambda pair: pair[1].lower())

    def tell_card(self, gpu_id: str | None) -> None:
        """The customer's own card (None: none, or not sure); the plan is for their computer."""
        from gpuplanner.app.inventory import told_machine

        catalog = self._load_catalog()
        snapshot = told_machine(gpu_id, catalog) if gpu_id else None
        with self.session.changes():
            self._hand_over()
            self.session.snapshot = snapshot
        self.scan_finished.emit(snapshot)

    def load_snapshot(self, path: Path) -> None:
        """A recorded report or saved scan the user chose: the machine planned for, in this run."""
        from gpuplanner.app.scanning import read_snapshot

        self.scan_started.emit()
        self._start(
            lambda: read_snapshot(path, self._load_catalog()),
            lambda snapshot: self._adopt(snapshot, path),
        )

    def load_last_scan(self, path: Path) -> None:
        """This computer as last scanned (instant; "Scan again" refreshes it). A file that is not
        a scan of this computer (an older version kept the last opened report there) is passed
        over for a new scan."""
        from gpuplanner.app.scanning import read_snapshot

        def last_or_scan() -> SystemSnapshot:
            try:
                snapshot = read_snapshot(path, self._load_catalog())
            except UserError:
                log.warning("the last scan in %s cannot be read: scanning again", path)
                return self._scan()
            return snapshot if snapshot.source == "scan" else self._scan()

        self.scan_started.emit()
        self._start(last_or_scan, self._scanned)

    def _scanned(self, snapshot: SystemSnapshot) -> None:
        self._adopt(snapshot, None)

    def _adopt(self, snapshot: SystemSnapshot, path: Path | None) -> None:
        """The machine planned for from now on. Entries typed for the machine before it are
        kept with that one; this machine's come back from its last visit, or start empty."""
        import datetime as dt

        from gpuplanner.app.machine_entries import (
            MachineEntries,
            OpenedFile,
            apply_entries,
            entries_of,
            machine_key,
        )
        from gpuplanner.app.session import adopt_machine

        key = machine_key(snapshot, path)
        with self.session.changes():  # the machine, its entries and the catalog: one plan
            if key != self.machine_key:
                typed_first = self.machine_key is None and not entries_of(self.session).empty
                self.remember_entries()
                kept = self.memory.recall(key) if self.memory is not None else None
                if not typed_first:  # what was typed before any machine arrived stays
                    apply_entries(self.session, kept.entries if kept else MachineEntries())
                    self.recalled = kept
                self.machine_key = key
            self.machine_file = path
            self.session.local_machine = path is None
            if path is not None and self.memory is not None:
                self.earlier_file = None  # chosen now: nothing earlier to offer
                recorded = snapshot.created[:10] or dt.date.today().isoformat()
                self.memory.opened_file(OpenedFile(path=str(path.resolve()), recorded=recorded))
            adopt_machine(self.session, snapshot)
            self._hand_over()  # loaded by the scan's thread
        self.scan_finished.emit(snapshot)

    def remember_entries(self) -> None:
        """Keep what the user typed about the machine planned for, for their next visit."""
        if self.memory is None or self.machine_key is None:
            return
        import datetime as dt

        from gpuplanner.app.machine_entries import entries_of

        self.memory.keep(
            self.machine_key,
            entries_of(self.session),
            self.session.today or dt.date.today().isoformat(),
        )

    def entries_recalled(self) -> KeptMachine | None:
        """The last visit's entries, while the session still holds them unchanged."""
        from gpuplanner.app.machine_entries import entries_of

        recalled = self.recalled
        if recalled is None or entries_of(self.session) != recalled.entries:
            return None
        return recalled

    # -- probe -------------------------------------------------------------------------------

    def start_probe(self, mode: ProbeMode = "quick", python: str | None = None) -> None:
        from gpuplanner.app import probing

        factory = self._probe_factory or (
            lambda on_event: probing.runner(on_event, mode=mode, python=python)
        )
        runner = factory(self._probe_events.put)
        self._probe_runner = runner
        self._probe_timer.start()
        self._start(runner.run, self._probed)

    def _drain_probe_events(self) -> None:
        for _ in range(PROBE_EVENTS_PER_TICK):
            try:
                event = self._probe_events.get_nowait()
            except queue.Empty:
                return
            self.probe_event.emit(event)

    def cancel_probe(self) -> None:
        if self._probe_runner is not None:
            self._probe_runner.cancel()

    def _probed(self, result: ProbeResult) -> None:
        self._drain_probe_events()
        self._probe_timer.stop()
        while True:  # what a flood left queued is not shown after the result
            try:
                self._probe_events.get_nowait()
            except queue.Empty:
                break
        self._probe_runner = None
        earlier = self.session.probe
        # A cancelled or failed re-run does not throw away an earlier good measurement.
        kept = (
            result.status not in ("ok", "partial")
            and earlier is not None
            and earlier.status in ("ok", "partial")
        )
        if not kept:
            self.session.probe = result
        self.probe_finished.emit(result)

    # -- plan --------------------------------------------------------------------------------

    def job_request(self) -> PlanRequest:
        """The request as the session stands now, without the catalog (the job page's memory
        needs no cards, and the catalog may not be loaded yet)."""
        return to_request(self.session, None)

    def _hand_over(self) -> None:
        """The loaded catalog and the shop's list become what the session plans with (on the
        GUI thread: a new load is a new plan, the same one changes nothing)."""
        if self.catalog is None:
            return
        with self.session.changes():
            self.session.catalog = self.catalog
            self.session.shop_prices = self.shop_prices

    def want_plan(self) -> None:
        """A page that shows the plan is open: the catalog is loaded now if no scan has loaded
        it, so the session can plan; a refusal is said again (the window clears its banner on
        every page change). A current plan is left as it is."""
        try:
            self._load_catalog()
        except UserError as exc:
            self.error.emit(self._words(exc))
            return
        made = self._outcomes
        self._hand_over()
        if made == self._outcomes and self.plan is None and self.refusal is not None:
            self.error.emit(self.refusal)

    def _planned(self, request: PlanRequest, plan: Plan) -> None:
        self.plan, self.request, self.refusal = plan, request, None
        self._outcomes += 1
        self.plan_changed.emit(request, plan)
        if self.catalog is not None:
            self._tell_skipped(self.catalog)

    def _refused(self, exc: UserError) -> None:
        """A plan refused, or a value no machine has (a restored session): said in words; no
        plan stands for a session it was not made for."""
        self.plan = self.request = None
        self.refusal = self._words(exc)
        self._outcomes += 1
        self.error.emit(self.refusal)
