"""The matches the app has open, shared by every browser session of one server process.

Each match is loaded from the store once and kept here; an action runs under the match's lock,
is saved before the screen confirms it, and bumps the match's version so other sessions showing
the same match can refresh (and a stale view's action is refused instead of applied twice).

Every change to a match goes through `Tables` (act, undo, redo, create, delete), which asks the
`Gate` whether the acting session (`by=`, its `Pass`) may keep score: with `--lan` only sessions
that entered the PIN may; a refused change raises `Locked` and changes nothing. Screens use the
`SessionTables` of their own session (`services.tables`), which passes its `Pass` on every call.
"""

from __future__ import annotations

import contextvars
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.access import Gate, Pass
from scoring import RuleViolation
from scoring.core import Match
from storage import Store

log = logging.getLogger(__name__)


class StaleView(RuleViolation):
    """An action sent from a screen that had not yet shown the latest change."""

    def __init__(self) -> None:
        super().__init__(
            "stale-view",
            "The match changed on another screen; this one is now up to date. Try again.",
        )


@dataclass
class Table:
    """One open match and how many changes it has seen since it was opened."""

    match: Match
    version: int = 0
    by: Pass | None = None  # the session that made the latest change


Listener = Callable[[str, int], Any]


class Tables:
    """Open matches by id, their actions, undo and redo, with saving and change notices."""

    def __init__(self, store: Store, gate: Gate | None = None) -> None:
        self.store = store
        self.gate = gate or Gate(None)
        self._tables: dict[str, Table] = {}
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []

    def get(self, mid: str) -> Table:
        """The open match `mid` (loaded on first use); KeyError when there is none."""
        with self._lock:
            table = self._tables.get(mid)
            if table is None:
                table = self._tables[mid] = Table(self.store.load(mid))
            return table

    def create(self, match: Match, *, by: Pass | None = None, mid: str | None = None) -> str:
        """Store a new match; `mid` is the id wished for (see `Store.create`)."""
        self.gate.check(by)
        with self._lock:
            mid = self.store.create(match, mid=mid)
            self._tables[mid] = Table(match, by=by)
        self._notify(mid, 0)
        return mid

    def act(self, mid: str, action: Callable[[Match], Any], *, seen: int | None = None,
            by: Pass | None = None) -> Any:
        """Run `action(match)`, save, and tell listeners; a refused action changes nothing.

        `seen` is the version the acting screen showed: an older one raises StaleView. `by` is
        the acting session: one that may not keep score raises Locked.
        """
        with self._lock:
            self.check(mid, seen=seen, by=by)
            table = self.get(mid)
            result = action(table.match)
            try:
                self.store.save(mid, table.match)
            except BaseException:
                # The disk refused: drop the in-memory change too, so the screen never shows
                # what is not saved (the next get() reloads the last saved state).
                self._tables.pop(mid, None)
                raise
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

    def delete(self, mid: str, *, by: Pass | None = None) -> None:
        self.gate.check(by)
        with self._lock:
            self.store.delete(mid)
            self._tables.pop(mid, None)
        self._notify(mid, -1)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(mid, version)` after every change; returns the unsubscribe function."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def _notify(self, mid: str, version: int) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            # Each listener runs in a copy of the caller's context: a listener that switches to
            # its own session (Flet's page.run_task sets the current page) must not leave the
            # acting session's code running as that other session. A listener that fails (its
            # session gone) must not fail the change, which is saved already, nor the others.
            try:
                contextvars.copy_context().run(listener, mid, version)
            except Exception:
                log.exception("A screen could not be told of the change to %s", mid)

    def made_by(self, mid: str, version: int, who: Pass | None) -> bool:
        """Did `who` make version `version` of `mid`? (False once a later change is made.)"""
        with self._lock:
            table = self._tables.get(mid)
            return (table is not None and table.version == version and who is not None
                    and table.by is who)

    def session(self, who: Pass | None = None) -> SessionTables:
        """The tables as one session uses them: every change made with that session's pass."""
        return SessionTables(self, who or self.gate.new_pass())


# Store methods that change the data folder: a session that may not keep score cannot call
# them through `SessionTables.store` (reads pass through unchanged).
_WRITES = ("create", "save", "delete", "dismiss", "import", "write", "restore", "merge",
           "remove", "rename", "clear", "close", "replace", "update", "add")


class _StoreView:
    """The store as a session sees it: reads as they are, writes only for a scorekeeper."""

    def __init__(self, store: Store, gate: Gate, who: Pass) -> None:
        self._store, self._gate, self._who = store, gate, who

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if callable(value) and name.lstrip("_").startswith(_WRITES):
            def guarded(*args: Any, **kwargs: Any) -> Any:
                self._gate.check(self._who)
                return value(*args, **kwargs)

            return guarded
        return value


class SessionTables:
    """`Tables` as seen from one session: the same calls, each made with the session's `Pass`."""

    def __init__(self, tables: Tables, who: Pass) -> None:
        self.tables = tables
        self.who = who
        self.store = _StoreView(tables.store, tables.gate, who)

    @property
    def gate(self) -> Gate:
        return self.tables.gate

    @property
    def keeps_score(self) -> bool:
        """May this session change matches (always, without --lan)?"""
        return self.tables.gate.allows(self.who)

    def get(self, mid: str) -> Table:
        return self.tables.get(mid)

    def create(self, match: Match, *, mid: str | None = None) -> str:
        return self.tables.create(match, by=self.who, mid=mid)

    def act(self, mid: str, action: Callable[[Match], Any], *, seen: int | None = None) -> Any:
        return self.tables.act(mid, action, seen=seen, by=self.who)

    def check(self, mid: str, *, seen: int) -> None:
        self.tables.check(mid, seen=seen, by=self.who)

    def undo(self, mid: str, *, seen: int | None = None) -> None:
        self.tables.undo(mid, seen=seen, by=self.who)

    def redo(self, mid: str, *, seen: int | None = None) -> None:
        self.tables.redo(mid, seen=seen, by=self.who)

    def delete(self, mid: str) -> None:
        self.tables.delete(mid, by=self.who)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self.tables.subscribe(listener)

    def made_here(self, mid: str, version: int) -> bool:
        """Did this session make version `version` of `mid`?"""
        return self.tables.made_by(mid, version, self.who)
