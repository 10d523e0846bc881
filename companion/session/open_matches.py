"""The matches the app has open, shared by every browser session of one server process.

Each match is loaded from the store once and kept here; an action runs under the match's lock,
is saved before the screen confirms it, and bumps the match's version so other sessions showing
the same match can refresh (and a stale view's action is refused instead of applied twice).

Each match has a lock of its own, held across its load, each action and its save (an fsync),
and its deletion: a read of an open match, or an action on it, never waits for another
match's save (the store, too, writes the file of a match it has read outside its own lock).
One short lock (`_registry`) guards the dict of open matches and the per-match locks; it is
never held across the store or a caller's code. Lock order, where more than one is held: a
follow-up's `_MAKING` (follow_up.py), then one match's lock, then `_registry`, then the store's
own; no code holds two matches' locks at once.

Every change to the data goes through `OpenMatches` (act, undo, redo, create, delete, import_json,
dismiss_notices), which first asks the `Gate` whether the acting session (`by=`, its `Pass`) may
keep score: with `--lan` only sessions that entered the PIN may; a refused change raises `Locked`
before any work and changes nothing. Every change is then told to the listeners, so the screens
of other sessions follow it. Screens use the `SessionMatches` of their own session
(`services.tables`), which passes its `Pass` on every call; it offers reads by name (summaries,
notices, folder, exports) and no way to reach the store itself.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.i18n import say
from companion.session.access import Gate, Pass
from companion.session.followers import FOLLOWERS, current_page
from companion.session.listeners import Listeners
from scoring import RuleViolation
from scoring.core import Match
from scoring.said import said
from storage import Store
from storage.index import Summary
from storage.notices import Notice
from storage.sheets import Sheets
from storage.transfer import (
    Export,
    ImportIncomplete,
    ImportRefused,
    ImportReport,
    export_csv,
    export_json,
    import_json,
)

log = logging.getLogger(__name__)


class StaleView(RuleViolation):
    """An action sent from a screen that had not yet shown the latest change."""

    def __init__(self) -> None:
        super().__init__("stale-view", said(
            "The match changed on another screen; this one is now up to date. Try again."))


@dataclass
class Table:
    """One open match and how many changes it has seen since it was opened."""

    match: Match
    version: int = 0
    by: Pass | None = None  # the session that made the latest change


class _MatchLock:
    """One match's lock and how many threads hold it or wait for it (dropped at none)."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.users = 0


Listener = Callable[[str, int], Any]

EVERY_MATCH = ""
"""The `mid` listeners hear for a change to the list rather than to one match (an import,
dismissed notices): no screen of one match takes it for its own."""


class OpenMatches:
    """Open matches by id, their actions, undo and redo, with saving and change notices."""

    def __init__(self, store: Store, gate: Gate | None = None) -> None:
        self.store = store
        self.gate = gate or Gate(None)
        self.sheets = Sheets(store.folder)  # the remembered score sheets (storage/sheets.py)
        self._tables: dict[str, Table] = {}
        self._registry = threading.Lock()  # _tables, _locks, a Table's version and by
        self._locks: dict[str, _MatchLock] = {}
        self._listeners = Listeners()
        self._importing = threading.Lock()

    @contextmanager
    def _holding(self, mid: str) -> Iterator[None]:
        """Hold match `mid`'s lock (re-entrant). A lock exists only while a thread holds or
        waits for it, so ids a request made up leave nothing behind; two threads on one id
        always share one lock, as the second counts itself in before the first lets it go."""
        with self._registry:
            entry = self._locks.get(mid)
            if entry is None:
                entry = self._locks[mid] = _MatchLock()
            entry.users += 1
        try:
            with entry.lock:
                yield
        finally:
            with self._registry:
                entry.users -= 1
                if entry.users == 0:
                    del self._locks[mid]

    def _open(self, mid: str) -> Table | None:
        with self._registry:
            return self._tables.get(mid)

    def get(self, mid: str) -> Table:
        """The open match `mid` (loaded on first use); KeyError when there is none."""
        table = self._open(mid)
        if table is not None:
            return table
        with self._holding(mid):
            table = self._open(mid)  # loaded while this thread waited
            if table is None:
                table = Table(self.store.load(mid))
                with self._registry:
                    self._tables[mid] = table
            return table

    def read_open(self, mid: str, read: Callable[[Match], Any]) -> Any:
        """`read(match)` for the match `mid` if a screen has opened it, else None: never loads
        a file (for the server's standings address, which a request must not make read one).
        It waits for an action on `mid` under way (so it never sees half of one), never for
        another match's."""
        if self._open(mid) is None:
            return None
        with self._holding(mid):
            table = self._open(mid)
            return read(table.match) if table is not None else None

    def create(self, match: Match, *, by: Pass | None = None, mid: str | None = None) -> str:
        """Store a new match; `mid` is the id wished for (see `Store.create`)."""
        self.gate.check(by)
        # The id is chosen here when none is wished for, so that its lock is held before the
        # store lists it: a session that finds it in the list waits for it to be open here.
        wished = secrets.token_hex(6) if mid is None else mid
        with self._holding(wished):
            mid = self.store.create(match, mid=wished)
            with self._registry:
                # Only where the store chose another id (the wished one taken) might another
                # session have opened it first: that one is kept, the same fresh match.
                self._tables.setdefault(mid, Table(match, by=by))
        self._notify(mid, 0)
        return mid

    def act(self, mid: str, action: Callable[[Match], Any], *, seen: int | None = None,
            by: Pass | None = None) -> Any:
        """Run `action(match)`, save, and tell listeners; a refused action changes nothing.

        `seen` is the version the acting screen showed: an older one raises StaleView. `by` is
        the acting session: one that may not keep score raises Locked. Only `mid`'s lock is
        held, across the action and its save.
        """
        with self._holding(mid):
            self.check(mid, seen=seen, by=by)
            table = self.get(mid)
            result = action(table.match)
            try:
                self.store.save(mid, table.match)
            except BaseException:
                # The disk refused: drop the in-memory change too, so the screen never shows
                # what is not saved (the next get() reloads the last saved state).
                with self._registry:
                    if self._tables.get(mid) is table:
                        del self._tables[mid]
                raise
            with self._registry:
                table.version += 1
                table.by = by
                version = table.version
        self._notify(mid, version)
        return result

    def check(self, mid: str, *, seen: int | None, by: Pass | None = None) -> None:
        """Raise what `act` would before acting (Locked, StaleView), changing nothing: for a
        screen about to answer a tap itself, e.g. with a refusal worked out from the match.
        `seen` None skips the version check, as `act` does."""
        self.gate.check(by)
        if seen is not None and seen != self.get(mid).version:
            raise StaleView()

    def undo(self, mid: str, *, seen: int | None = None, by: Pass | None = None) -> None:
        self.act(mid, lambda m: m.undo(), seen=seen, by=by)

    def redo(self, mid: str, *, seen: int | None = None, by: Pass | None = None) -> None:
        self.act(mid, lambda m: m.redo(), seen=seen, by=by)

    def delete(self, mid: str, *, seen: int | None = None, by: Pass | None = None) -> None:
        """Remove a match for good; `seen`, the version a screen showed, refuses (StaleView) a
        delete the screen decided on before another session's change (a next game discarded
        by Undo while another phone takes its first action)."""
        self.gate.check(by)
        with self._holding(mid):
            if seen is not None:
                self.check(mid, seen=seen, by=by)
            self.store.delete(mid)
            with self._registry:
                self._tables.pop(mid, None)
        self._notify(mid, -1)

    def import_json(self, data: bytes | str, *, by: Pass | None = None) -> ImportReport:
        """Import a JSON export (`storage.transfer.import_json`) for a session that keeps score.

        The gate is asked before the file is decoded, parsed or replayed: a refused session
        costs the server nothing. Listeners hear of it once, even when the disk stopped it half
        way (the matches stored by then are in the list).
        """
        self.gate.check(by)
        # One import at a time: two at once would each store what the other is storing, and a
        # second waiting would hold a worker thread for as long as the first takes.
        if not self._importing.acquire(blocking=False):
            raise ImportRefused(said("Another import is running; try again once it is done."))
        try:
            report = import_json(self.store, data)
        except ImportIncomplete:
            self._notify(EVERY_MATCH, 0)  # some are stored: the lists show them
            raise
        finally:
            self._importing.release()
        if report.imported:
            self._notify(EVERY_MATCH, 0)
        return report

    def dismiss_notices(self, notices: Iterable[Notice] | None = None, *,
                        by: Pass | None = None) -> None:
        """Forget the store's notices (those given, or all) for a session that keeps score."""
        self.gate.check(by)
        self.store.dismiss_notices(notices)
        self._notify(EVERY_MATCH, 0)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(mid, version)` after every change; returns the unsubscribe function."""
        return self._listeners.subscribe(listener)

    def _notify(self, mid: str, version: int) -> None:
        FOLLOWERS.acted(current_page())  # the changing page is answered before any follower
        self._listeners.tell(mid, version,
                             failed=f"A screen could not be told of the change to {mid}")

    def made_by(self, mid: str, version: int, who: Pass | None) -> bool:
        """Did `who` make version `version` of `mid`? (False once a later change is made.)"""
        with self._registry:  # version and by are set together under it
            table = self._tables.get(mid)
            return (table is not None and table.version == version and who is not None
                    and table.by is who)

    def session(self, who: Pass | None = None) -> SessionMatches:
        """The tables as one session uses them: every change made with that session's pass."""
        return SessionMatches(self, who or self.gate.new_pass())


class SessionMatches:
    """`OpenMatches` as one session sees it: the same calls, each made with its `Pass`."""

    def __init__(self, tables: OpenMatches, who: Pass) -> None:
        self._tables = tables
        self.who = who

    @property
    def gate(self) -> Gate:
        return self._tables.gate

    @property
    def keeps_score(self) -> bool:
        """May this session change matches (always, without --lan)?"""
        return self._tables.gate.allows(self.who)

    def get(self, mid: str) -> Table:
        return self._tables.get(mid)

    def create(self, match: Match, *, mid: str | None = None) -> str:
        return self._tables.create(match, by=self.who, mid=mid)

    def act(self, mid: str, action: Callable[[Match], Any], *, seen: int | None = None) -> Any:
        return self._tables.act(mid, action, seen=seen, by=self.who)

    def check(self, mid: str, *, seen: int) -> None:
        self._tables.check(mid, seen=seen, by=self.who)

    def undo(self, mid: str, *, seen: int | None = None) -> None:
        self._tables.undo(mid, seen=seen, by=self.who)

    def redo(self, mid: str, *, seen: int | None = None) -> None:
        self._tables.redo(mid, seen=seen, by=self.who)

    def delete(self, mid: str, *, seen: int | None = None) -> None:
        self._tables.delete(mid, seen=seen, by=self.who)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self._tables.subscribe(listener)

    def import_json(self, data: bytes | str) -> ImportReport:
        return self._tables.import_json(data, by=self.who)

    def dismiss_notices(self, notices: Iterable[Notice] | None = None) -> None:
        self._tables.dismiss_notices(notices, by=self.who)

    def check_keeps_score(self) -> None:
        """Raise `Locked` unless this session may change matches: for a screen about to do
        work (read a picked file) that only a change would use."""
        self._tables.gate.check(self.who)

    # -- reads, open to every session --------------------------------------------------------

    def summaries(self, status: str | None = None) -> list[Summary]:
        return self._tables.store.summaries(status=status)

    def summary(self, mid: str) -> Summary:
        return self._tables.store.summary(mid)

    @property
    def notices(self) -> list[Notice]:
        return self._tables.store.notices

    @property
    def folder(self) -> Path:
        return self._tables.store.folder

    def export_json(self, ids: Sequence[str] | None = None) -> Export:
        return export_json(self._tables.store, ids)

    # -- remembered score sheets (storage/sheets.py) -----------------------------------------

    def remembered_sheets(self) -> list[dict[str, Any]]:
        return self._tables.sheets.all()

    def remember_sheet(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        self._tables.gate.check(self.who)
        return self._tables.sheets.keep(settings)

    def change_sheet(self, name: str, settings: Mapping[str, Any]) -> dict[str, Any]:
        self._tables.gate.check(self.who)
        return self._tables.sheets.change(name, settings)

    def forget_sheet(self, name: str) -> None:
        self._tables.gate.check(self.who)
        self._tables.sheets.forget(name)

    def export_csv(self, ids: Sequence[str] | None = None) -> Export:
        """The CSV export in this session's language (its headers, titles, units, reasons)."""
        return export_csv(self._tables.store, ids, say)

    def made_here(self, mid: str, version: int) -> bool:
        """Did this session make version `version` of `mid`?"""
        return self._tables.made_by(mid, version, self.who)
